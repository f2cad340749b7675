// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of function tracing: glob patterns, ip hashes, and
 * ftrace_ops registered on a real kernel function.
 */
#include <kunit/test.h>
#include <linux/ftrace.h>
#include <linux/gcd.h>
#include <linux/kernel.h>
#include <linux/lcm.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "ftrace_internal.h"

static void glob_test(struct kunit *test)
{
	static const struct {
		const char	*pattern;
		int		type;
		const char	*yes;
		const char	*no;
	} cases[] = {
		{ "schedule",	GLOB_EXACT,	"schedule",	"schedule_tail" },
		{ "sched*",	GLOB_PREFIX,	"schedule_tail", "do_sched" },
		{ "*_tail",	GLOB_SUFFIX,	"schedule_tail", "tail_call" },
		{ "*dul*",	GLOB_INFIX,	"schedule",	"sched" },
		{ "*",		GLOB_INFIX,	"anything",	NULL },
		{ "sch*ule",	GLOB_FULL,	"schedule",	"schedules" },
		{ "sch?dule",	GLOB_FULL,	"schedule",	"schdule" },
		{ "[Ss]y[Ss]_*", GLOB_FULL,	"SyS_read",	"sys2_read" },
		{ "*pin*lock",	GLOB_FULL,	"spin_unlock",	"spin_unlock_irq" },
	};
	struct ftrace_glob *g;
	int i;

	g = kunit_kzalloc(test, sizeof(*g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, g);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		ftrace_glob_parse(g, cases[i].pattern);
		KUNIT_EXPECT_EQ_MSG(test, g->type, cases[i].type, "%s",
				    cases[i].pattern);
		KUNIT_EXPECT_TRUE_MSG(test, ftrace_glob_match(g, cases[i].yes),
				      "%s ~ %s", cases[i].pattern, cases[i].yes);
		if (cases[i].no)
			KUNIT_EXPECT_FALSE_MSG(test,
					       ftrace_glob_match(g, cases[i].no),
					       "%s !~ %s", cases[i].pattern,
					       cases[i].no);
	}
}

/* Addresses spaced so that many share home slots. */
#define IP(i)	(0xffffffff81000000UL + (i) * 4096)

static void hash_add_remove_test(struct kunit *test)
{
	struct ftrace_hash *hash = EMPTY_HASH;
	unsigned long ip;
	unsigned int i, seen = 0;

	for (i = 0; i < 1000; i++)
		KUNIT_ASSERT_EQ(test, ftrace_hash_add(&hash, IP(i)), 0);
	/* Adding again changes nothing. */
	KUNIT_ASSERT_EQ(test, ftrace_hash_add(&hash, IP(7)), 0);
	KUNIT_EXPECT_EQ(test, hash->count, 1000U);
	for (i = 0; i < 1000; i += 2)
		KUNIT_EXPECT_TRUE(test, ftrace_hash_remove(hash, IP(i)));
	KUNIT_EXPECT_FALSE(test, ftrace_hash_remove(hash, IP(0)));
	KUNIT_EXPECT_EQ(test, hash->count, 500U);
	/* Every odd address is still found after the shifts. */
	for (i = 0; i < 1000; i++)
		KUNIT_EXPECT_EQ(test, ftrace_hash_contains(hash, IP(i)),
				(bool)(i & 1));
	ftrace_hash_for_each(hash, i, ip)
		seen++;
	KUNIT_EXPECT_EQ(test, seen, 500U);
	KUNIT_EXPECT_FALSE(test, ftrace_hash_contains(EMPTY_HASH, IP(1)));
	KUNIT_EXPECT_FALSE(test, ftrace_hash_contains(NULL, IP(1)));
	ftrace_hash_free(hash);
}

static void hash_set_ops_test(struct kunit *test)
{
	struct ftrace_hash *a = EMPTY_HASH, *b = EMPTY_HASH, *c, *copy;
	unsigned int i;

	for (i = 0; i < 100; i++)
		KUNIT_ASSERT_EQ(test, ftrace_hash_add(&a, IP(i)), 0);
	for (i = 50; i < 300; i++)
		KUNIT_ASSERT_EQ(test, ftrace_hash_add(&b, IP(i)), 0);
	c = ftrace_hash_intersect(a, b);
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_EXPECT_EQ(test, c->count, 50U);
	for (i = 0; i < 300; i++)
		KUNIT_EXPECT_EQ(test, ftrace_hash_contains(c, IP(i)),
				i >= 50 && i < 100);
	KUNIT_EXPECT_PTR_EQ(test, ftrace_hash_intersect(a, EMPTY_HASH),
			    EMPTY_HASH);
	copy = ftrace_hash_copy(a);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	KUNIT_EXPECT_TRUE(test, ftrace_hash_equal(a, copy));
	KUNIT_EXPECT_FALSE(test, ftrace_hash_equal(a, b));
	ftrace_hash_remove(copy, IP(3));
	KUNIT_EXPECT_FALSE(test, ftrace_hash_equal(a, copy));
	KUNIT_EXPECT_PTR_EQ(test, ftrace_hash_copy(EMPTY_HASH), EMPTY_HASH);
	ftrace_hash_free(a);
	ftrace_hash_free(b);
	ftrace_hash_free(c);
	ftrace_hash_free(copy);
}

/* Callbacks count the calls the test task makes. */
struct counting_ops {
	struct ftrace_ops	ops;
	struct task_struct	*task;
	atomic_t		hits;
};

static void count_hit(unsigned long ip, unsigned long parent_ip,
		      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct counting_ops *c = container_of(op, struct counting_ops, ops);

	if (current == c->task)
		atomic_inc(&c->hits);
}

/*
 * gcd() is __attribute_const__: the compiler may drop or merge calls of it
 * with the same arguments (clang does), so the tests call it through a
 * pointer the compiler cannot see through, and every call happens.
 */
static unsigned long call_gcd(unsigned long a, unsigned long b)
{
	unsigned long (*fn)(unsigned long a, unsigned long b) = gcd;

	OPTIMIZER_HIDE_VAR(fn);
	return fn(a, b);
}

/* gcd(): traceable, and nothing else calls it in the test's task. */
static void call_target(int n)
{
	int i;

	for (i = 0; i < n; i++)
		WARN_ON(call_gcd(35, 14 + i * 35) != 7);
}

static void ops_test(struct kunit *test)
{
	unsigned long ip = ftrace_location((unsigned long)gcd);
	struct counting_ops *a, *b;

	if (!ip)
		kunit_skip(test, "gcd() is not traceable");
	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, a && b);
	a->ops.func = count_hit;
	a->ops.flags = FTRACE_OPS_FL_RECURSION;
	a->task = current;
	b->ops.func = count_hit;
	b->task = current;

	/* One ops: called directly, for its function only. */
	KUNIT_ASSERT_EQ(test, ftrace_set_filter_ip(&a->ops, ip, 0, 1), 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&a->ops), 0);
	KUNIT_EXPECT_EQ(test, register_ftrace_function(&a->ops), -EBUSY);
	call_target(5);
	KUNIT_EXPECT_EQ(test, atomic_read(&a->hits), 5);

	/* Two ops on the same function: both called, through the list. */
	KUNIT_ASSERT_EQ(test, ftrace_set_filter(&b->ops, (unsigned char *)"gcd", 3, 1), 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&b->ops), 0);
	call_target(3);
	KUNIT_EXPECT_EQ(test, atomic_read(&a->hits), 8);
	KUNIT_EXPECT_EQ(test, atomic_read(&b->hits), 3);

	/* notrace wins over the filter. */
	KUNIT_ASSERT_EQ(test, ftrace_set_notrace(&b->ops, (unsigned char *)"gcd", 3, 1), 0);
	call_target(2);
	KUNIT_EXPECT_EQ(test, atomic_read(&a->hits), 10);
	KUNIT_EXPECT_EQ(test, atomic_read(&b->hits), 3);

	/* Unregistered ops are never called again. */
	KUNIT_EXPECT_EQ(test, unregister_ftrace_function(&b->ops), 0);
	KUNIT_EXPECT_EQ(test, unregister_ftrace_function(&a->ops), 0);
	KUNIT_EXPECT_EQ(test, unregister_ftrace_function(&a->ops), -ENODEV);
	call_target(4);
	KUNIT_EXPECT_EQ(test, atomic_read(&a->hits), 10);
	KUNIT_EXPECT_EQ(test, atomic_read(&b->hits), 3);
	ftrace_free_filter(&a->ops);
	ftrace_free_filter(&b->ops);

	/* A pattern that matches nothing is refused. */
	KUNIT_EXPECT_EQ(test, ftrace_set_filter(&a->ops, (unsigned char *)"no_such_fn_xyz", 14, 1),
			-EINVAL);
	ftrace_free_filter(&a->ops);
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* A direct ops whose ops_func records what the core asked of it. */
struct sharing_direct {
	struct ftrace_ops	ops;
	int			last_cmd;
	int			calls;
	int			answer;
};

static int sharing_ops_func(struct ftrace_ops *op, enum ftrace_ops_cmd cmd)
{
	struct sharing_direct *d = container_of(op, struct sharing_direct, ops);

	d->last_cmd = cmd;
	d->calls++;
	return d->answer;
}

/* An IPMODIFY ops that sends the test task's next gcd() to lcm(). */
struct redirecting_ops {
	struct ftrace_ops	ops;
	struct task_struct	*task;
	bool			armed;
};

static void redirect_hit(unsigned long ip, unsigned long parent_ip,
			 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct redirecting_ops *r = container_of(op, struct redirecting_ops, ops);

	/* lcm() calls gcd() itself: only the first call goes there. */
	if (current == r->task && r->armed) {
		r->armed = false;
		ftrace_regs_set_instruction_pointer(fregs, (unsigned long)lcm);
	}
}

static unsigned long redirected_gcd(struct redirecting_ops *r)
{
	r->armed = true;
	return call_gcd(4, 6);
}

struct share_test_ops {
	struct sharing_direct	d, plain;
	struct redirecting_ops	r, r2;
};

/*
 * Whatever a failed assertion left registered goes before KUnit frees
 * the memory (errors of what is not registered are expected).
 */
static void share_test_cleanup(void *data)
{
	struct share_test_ops *t = data;
	unsigned long tramp = (unsigned long)ftrace_stub_direct_tramp;

	unregister_ftrace_function(&t->r.ops);
	unregister_ftrace_function(&t->r2.ops);
	unregister_ftrace_direct(&t->d.ops, tramp, false);
	unregister_ftrace_direct(&t->plain.ops, tramp, false);
	ftrace_free_filter(&t->d.ops);
	ftrace_free_filter(&t->plain.ops);
	ftrace_free_filter(&t->r.ops);
	ftrace_free_filter(&t->r2.ops);
}

/*
 * A direct ops and an IPMODIFY ops share gcd() when the direct ops'
 * ops_func agrees: ENABLE_SHARE_IPMODIFY_PEER when the IPMODIFY ops
 * comes second, _SELF when the direct ops does, DISABLE_SHARE_IPMODIFY_PEER
 * when the IPMODIFY ops leaves; the redirection then goes through the
 * direct trampoline.  Without an ops_func, or when it refuses, they
 * cannot share.
 */
static void ipmodify_share_test(struct kunit *test)
{
	unsigned long ip = ftrace_location((unsigned long)gcd);
	unsigned long tramp = (unsigned long)ftrace_stub_direct_tramp;
	struct sharing_direct *d, *plain;
	struct redirecting_ops *r, *r2;
	struct share_test_ops *t;

	if (!ip)
		kunit_skip(test, "gcd() is not traceable");
	if (!IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS))
		kunit_skip(test, "no ftrace_regs_caller: IPMODIFY here needs SAVE_REGS");
	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, share_test_cleanup, t), 0);
	d = &t->d;
	plain = &t->plain;
	r = &t->r;
	r2 = &t->r2;
	d->ops.ops_func = sharing_ops_func;
	d->last_cmd = -1;
	r->ops.func = redirect_hit;
	r->ops.flags = FTRACE_OPS_FL_IPMODIFY | FTRACE_OPS_FL_SAVE_REGS;
	r->task = current;
	r2->ops.func = redirect_hit;
	r2->ops.flags = FTRACE_OPS_FL_IPMODIFY | FTRACE_OPS_FL_SAVE_REGS;
	r2->task = current;
	KUNIT_ASSERT_EQ(test, ftrace_set_filter_ip(&d->ops, ip, 0, 1), 0);
	KUNIT_ASSERT_EQ(test, ftrace_set_filter_ip(&plain->ops, ip, 0, 1), 0);
	KUNIT_ASSERT_EQ(test, ftrace_set_filter_ip(&r->ops, ip, 0, 1), 0);
	KUNIT_ASSERT_EQ(test, ftrace_set_filter_ip(&r2->ops, ip, 0, 1), 0);

	/* The direct ops first: the IPMODIFY one asks it (PEER). */
	KUNIT_ASSERT_EQ(test, register_ftrace_direct(&d->ops, tramp), 0);
	KUNIT_EXPECT_EQ(test, d->calls, 0);
	KUNIT_EXPECT_EQ(test, call_gcd(4, 6), 2UL);
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&r->ops), 0);
	KUNIT_EXPECT_EQ(test, d->calls, 1);
	KUNIT_EXPECT_EQ(test, d->last_cmd, FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER);
	KUNIT_EXPECT_EQ(test, redirected_gcd(r), 12UL);
	KUNIT_EXPECT_FALSE(test, r->armed);

	/*
	 * Still one IPMODIFY and one direct ops per function; a refused
	 * registration leaves the share that works alone.
	 */
	KUNIT_EXPECT_EQ(test, register_ftrace_function(&r2->ops), -EBUSY);
	KUNIT_EXPECT_EQ(test, register_ftrace_direct(&plain->ops, tramp), -EBUSY);
	KUNIT_EXPECT_EQ(test, d->calls, 1);
	KUNIT_EXPECT_EQ(test, redirected_gcd(r), 12UL);

	/* The IPMODIFY ops leaves: DISABLE_SHARE_IPMODIFY_PEER. */
	KUNIT_EXPECT_EQ(test, unregister_ftrace_function(&r->ops), 0);
	KUNIT_EXPECT_EQ(test, d->last_cmd, FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER);
	KUNIT_EXPECT_EQ(test, redirected_gcd(r), 2UL);

	/* A refusal fails the registration and is undone. */
	d->answer = -EPERM;
	KUNIT_EXPECT_EQ(test, register_ftrace_function(&r->ops), -EPERM);
	KUNIT_EXPECT_EQ(test, redirected_gcd(r), 2UL);
	d->answer = 0;
	KUNIT_EXPECT_EQ(test, unregister_ftrace_direct(&d->ops, tramp, false), 0);

	/* The IPMODIFY ops first: the direct one is asked itself (SELF). */
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&r->ops), 0);
	KUNIT_EXPECT_EQ(test, register_ftrace_direct(&plain->ops, tramp), -EBUSY);
	d->calls = 0;
	d->answer = -EAGAIN;
	KUNIT_EXPECT_EQ(test, register_ftrace_direct(&d->ops, tramp), -EAGAIN);
	KUNIT_EXPECT_EQ(test, d->last_cmd, FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF);
	d->answer = 0;
	KUNIT_ASSERT_EQ(test, register_ftrace_direct(&d->ops, tramp), 0);
	KUNIT_EXPECT_EQ(test, d->calls, 2);
	KUNIT_EXPECT_EQ(test, redirected_gcd(r), 12UL);
	KUNIT_EXPECT_EQ(test, unregister_ftrace_function(&r->ops), 0);
	KUNIT_EXPECT_EQ(test, d->last_cmd, FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER);
	KUNIT_EXPECT_EQ(test, unregister_ftrace_direct(&d->ops, tramp, true), 0);

	/* A direct ops without ops_func never shares. */
	KUNIT_ASSERT_EQ(test, register_ftrace_direct(&plain->ops, tramp), 0);
	KUNIT_EXPECT_EQ(test, register_ftrace_function(&r->ops), -EBUSY);
	KUNIT_EXPECT_EQ(test, unregister_ftrace_direct(&plain->ops, tramp, true), 0);
	KUNIT_EXPECT_EQ(test, redirected_gcd(r), 2UL);
}
#endif

static struct kunit_case ftrace_cases[] = {
	KUNIT_CASE(glob_test),
	KUNIT_CASE(hash_add_remove_test),
	KUNIT_CASE(hash_set_ops_test),
	KUNIT_CASE(ops_test),
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	KUNIT_CASE(ipmodify_share_test),
#endif
	{}
};

static struct kunit_suite ftrace_suite = {
	.name = "ftrace",
	.test_cases = ftrace_cases,
};

kunit_test_suites(&ftrace_suite);

MODULE_DESCRIPTION("KUnit tests of function tracing");
MODULE_LICENSE("GPL");
