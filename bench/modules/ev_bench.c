// SPDX-License-Identifier: GPL-2.0
/*
 * ev_bench: guest time per hit of a trace event with three fields,
 * ev_bench:ev_bench, in whatever state tracefs has put it (disabled,
 * enabled, enabled with a filter that rejects it).  Writing a count to
 * /sys/module/ev_bench/parameters/run fires the tracepoint that many
 * times and prints "ev_bench: N ns/hit".  Writing a count to .../pairs
 * fires ev_bench then ev_bench_end, with the same a (one of 64), that
 * many times and prints "ev_bench: N ns/pair" (a histogram's onmatch()
 * per pair).  Under qemu -icount shift=0 a guest nanosecond is one
 * instruction.  Public headers only, so it builds for any kernel.
 */
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "bench_count.h"

#define CREATE_TRACE_POINTS
#include "ev_bench_trace.h"

/* Fire ev_bench @n times, with @t0 as its third field. */
static void hits(unsigned int n, u64 t0)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		trace_ev_bench(i, i, t0);
}

/* Fire ev_bench then ev_bench_end @n times, with the same a (one of 64). */
static void pairs(unsigned int n, u64 t0)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		trace_ev_bench(i & 63, i, t0);
		trace_ev_bench_end(i & 63, t0);
	}
}

/* Warm up, time @fire over the count in @val, print the cost per @unit. */
static int ev_bench_run(const char *val, const char *unit,
			void (*fire)(unsigned int n, u64 t0))
{
	unsigned int n;
	u64 t0, t1;
	int ret;

	ret = bench_count(val, 10000000, &n);
	if (ret)
		return ret;
	fire(n / 8, 0);
	t0 = ktime_get_ns();
	fire(n, t0);
	t1 = ktime_get_ns();
	pr_info("ev_bench: %llu ns/%s (%u %ss)\n", div_u64(t1 - t0, n), unit,
		n, unit);
	return 0;
}

static int run_set(const char *val, const struct kernel_param *kp)
{
	return ev_bench_run(val, "hit", hits);
}

static const struct kernel_param_ops run_ops = {
	.set = run_set,
};
module_param_cb(run, &run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "fire the event this many times and print the cost");

static int pairs_set(const char *val, const struct kernel_param *kp)
{
	return ev_bench_run(val, "pair", pairs);
}

static const struct kernel_param_ops pairs_ops = {
	.set = pairs_set,
};
module_param_cb(pairs, &pairs_ops, NULL, 0200);
MODULE_PARM_DESC(pairs, "fire ev_bench and ev_bench_end this many times");

MODULE_DESCRIPTION("Cost of a trace event hit");
MODULE_LICENSE("GPL");
