// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of function tracing: glob patterns, ip hashes, and
 * ftrace_ops registered on a real kernel function.
 */
#include <kunit/test.h>
#include <linux/ftrace.h>
#include <linux/gcd.h>
#include <linux/kernel.h>
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

/* gcd(): traceable, and nothing else calls it in the test's task. */
static void call_target(int n)
{
	int i;

	for (i = 0; i < n; i++)
		WARN_ON(gcd(35, 14 + i * 35) != 7);
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

static struct kunit_case ftrace_cases[] = {
	KUNIT_CASE(glob_test),
	KUNIT_CASE(hash_add_remove_test),
	KUNIT_CASE(hash_set_ops_test),
	KUNIT_CASE(ops_test),
	{}
};

static struct kunit_suite ftrace_suite = {
	.name = "ftrace",
	.test_cases = ftrace_cases,
};

kunit_test_suites(&ftrace_suite);

MODULE_DESCRIPTION("KUnit tests of function tracing");
MODULE_LICENSE("GPL");
