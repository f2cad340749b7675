// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the function graph core: several graph users on the
 * same functions, each with its own frames, depths and reserved data,
 * and the return addresses they borrow given back.
 *
 * lcm() calls gcd(); both are traceable library functions that nothing
 * else calls in the test's task.
 */
#include <kunit/test.h>
#include <linux/ftrace.h>
#include <linux/gcd.h>
#include <linux/kernel.h>
#include <linux/lcm.h>
#include <linux/module.h>
#include <linux/sched.h>

#include "fgraph_internal.h"

#define MAX_CALLS	8

/**
 * struct graph_probe - a graph user that records what it sees
 * @gops:	the user
 * @task:	the only task it records
 * @max_depth:	entries at this depth or deeper are refused (0: none)
 * @entries:	entries seen: function and depth, in order
 * @returns:	returns seen, in order
 * @n_ent:	number of entries
 * @n_ret:	number of returns
 * @data_ok:	every return found the data its entry reserved
 * @parent_ok:	every nested return found its caller's data
 * @caller:	the function of the frame below, seen from gcd()'s return
 */
struct graph_probe {
	struct fgraph_ops	gops;
	struct task_struct	*task;
	int			max_depth;
	struct {
		unsigned long	func;
		int		depth;
	} entries[MAX_CALLS], returns[MAX_CALLS];
	int			n_ent;
	int			n_ret;
	bool			data_ok;
	bool			parent_ok;
	unsigned long		caller;
};

static int probe_entry(struct ftrace_graph_ent *trace, struct fgraph_ops *gops)
{
	struct graph_probe *p = container_of(gops, struct graph_probe, gops);
	unsigned long *data;

	if (current != p->task || p->n_ent >= MAX_CALLS)
		return 0;
	if (p->max_depth && trace->depth >= p->max_depth)
		return 0;
	p->entries[p->n_ent].func = trace->func;
	p->entries[p->n_ent].depth = trace->depth;
	p->n_ent++;
	data = fgraph_reserve_data(gops->idx, sizeof(*data));
	if (data)
		*data = trace->func ^ gops->idx;
	else
		p->data_ok = false;
	return 1;
}

static void probe_return(struct ftrace_graph_ret *trace,
			 struct fgraph_ops *gops)
{
	struct graph_probe *p = container_of(gops, struct graph_probe, gops);
	struct ftrace_ret_stack *below;
	unsigned long *data, *parent;
	int size;

	if (current != p->task || p->n_ret >= MAX_CALLS)
		return;
	p->returns[p->n_ret].func = trace->func;
	p->returns[p->n_ret].depth = trace->depth;
	p->n_ret++;
	data = fgraph_retrieve_data(gops->idx, &size);
	if (!data || size != sizeof(*data) ||
	    *data != (trace->func ^ gops->idx))
		p->data_ok = false;
	if (trace->depth > 0) {
		parent = fgraph_retrieve_parent_data(gops->idx, &size, 1);
		if (!parent || (*parent ^ gops->idx) == trace->func)
			p->parent_ok = false;
		below = ftrace_graph_get_ret_stack(current, 1);
		if (below)
			p->caller = below->func;
	}
}

static void probe_init(struct graph_probe *p, unsigned long *ips, int n,
		       int max_depth)
{
	p->gops.entryfunc = probe_entry;
	p->gops.retfunc = probe_return;
	p->task = current;
	p->max_depth = max_depth;
	p->data_ok = true;
	p->parent_ok = true;
	WARN_ON(ftrace_set_filter_ips(&p->gops.ops, ips, n, 0, 1));
}

/* Calls lcm() (and so gcd()); the values come back right. */
static noinline void run_lcm(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, lcm(4, 6), 12UL);
	KUNIT_EXPECT_EQ(test, gcd(35, 14), 7UL);
}

static void two_users_test(struct kunit *test)
{
	unsigned long ips[2] = {
		ftrace_location((unsigned long)lcm),
		ftrace_location((unsigned long)gcd),
	};
	struct graph_probe *a, *b;
	int i;

	if (!ips[0] || !ips[1])
		kunit_skip(test, "lcm() or gcd() is not traceable");
	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	probe_init(a, ips, 2, 0);
	/* b stops below the first level: gcd() inside lcm() is refused. */
	probe_init(b, ips, 2, 1);

	KUNIT_ASSERT_EQ(test, register_ftrace_graph(&a->gops), 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_graph(&b->gops), 0);
	KUNIT_EXPECT_NE(test, a->gops.idx, b->gops.idx);
	run_lcm(test);
	unregister_ftrace_graph(&b->gops);
	unregister_ftrace_graph(&a->gops);
	ftrace_free_filter(&a->gops.ops);
	ftrace_free_filter(&b->gops.ops);

	/* a: lcm { gcd }, then gcd alone. */
	KUNIT_ASSERT_EQ(test, a->n_ent, 3);
	KUNIT_ASSERT_EQ(test, a->n_ret, 3);
	KUNIT_EXPECT_EQ(test, a->entries[0].func, ips[0]);
	KUNIT_EXPECT_EQ(test, a->entries[0].depth, 0);
	KUNIT_EXPECT_EQ(test, a->entries[1].func, ips[1]);
	KUNIT_EXPECT_EQ(test, a->entries[1].depth, 1);
	KUNIT_EXPECT_EQ(test, a->returns[0].func, ips[1]);
	KUNIT_EXPECT_EQ(test, a->returns[0].depth, 1);
	KUNIT_EXPECT_EQ(test, a->returns[1].func, ips[0]);
	KUNIT_EXPECT_EQ(test, a->returns[1].depth, 0);
	KUNIT_EXPECT_EQ(test, a->entries[2].depth, 0);
	KUNIT_EXPECT_TRUE(test, a->data_ok);
	KUNIT_EXPECT_TRUE(test, a->parent_ok);
	/* Below gcd()'s frame: lcm()'s, of a or of b. */
	KUNIT_EXPECT_EQ(test, a->caller, ips[0]);

	/* b: the depth limit left gcd() inside lcm() out. */
	KUNIT_ASSERT_EQ(test, b->n_ent, 2);
	KUNIT_ASSERT_EQ(test, b->n_ret, 2);
	for (i = 0; i < 2; i++) {
		KUNIT_EXPECT_EQ(test, b->entries[i].depth, 0);
		KUNIT_EXPECT_EQ(test, b->returns[i].depth, 0);
	}
	KUNIT_EXPECT_EQ(test, b->returns[0].func, ips[0]);
	KUNIT_EXPECT_EQ(test, b->returns[1].func, ips[1]);
	KUNIT_EXPECT_TRUE(test, b->data_ok);
	/* Nothing of either is left on the task's shadow stack. */
	KUNIT_EXPECT_NULL(test, ftrace_graph_get_ret_stack(current, 0));
}

/* A user registered twice, and a user after unregistering: refused. */
static void register_twice_test(struct kunit *test)
{
	unsigned long ip = ftrace_location((unsigned long)gcd);
	struct graph_probe *a;

	if (!ip)
		kunit_skip(test, "gcd() is not traceable");
	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	probe_init(a, &ip, 1, 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_graph(&a->gops), 0);
	KUNIT_EXPECT_EQ(test, register_ftrace_graph(&a->gops), -EBUSY);
	unregister_ftrace_graph(&a->gops);
	/* Its callbacks run no more. */
	run_lcm(test);
	KUNIT_EXPECT_EQ(test, a->n_ent, 0);
	ftrace_free_filter(&a->gops.ops);
}

static struct kunit_case fgraph_cases[] = {
	KUNIT_CASE(two_users_test),
	KUNIT_CASE(register_twice_test),
	{}
};

static struct kunit_suite fgraph_suite = {
	.name = "fgraph",
	.test_cases = fgraph_cases,
};

kunit_test_suites(&fgraph_suite);

MODULE_DESCRIPTION("KUnit tests of the function graph core");
MODULE_LICENSE("GPL");
