// SPDX-License-Identifier: GPL-2.0
/*
 * ev_bench: guest time per hit of a trace event with three fields,
 * ev_bench:ev_bench, in whatever state tracefs has put it (disabled,
 * enabled, enabled with a filter that rejects it).  Writing a count to
 * /sys/module/ev_bench/parameters/run fires the tracepoint that many
 * times and prints "ev_bench: N ns/hit".  Writing a count to .../pairs
 * fires ev_bench then ev_bench_end, with the same a (one of 64), that
 * many times and prints "ev_bench: N ns/pair" (a histogram's onmatch()
 * per pair).  Under qemu -icount shift=0 a
 * guest nanosecond is one instruction.  Public headers only, so it
 * builds for any kernel.
 */
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#define CREATE_TRACE_POINTS
#include "ev_bench_trace.h"

static int run_set(const char *val, const struct kernel_param *kp)
{
	unsigned int i, n;
	u64 t0 = 0, t1;
	int ret;

	ret = kstrtouint(val, 0, &n);
	if (ret)
		return ret;
	if (!n || n > 10000000)
		return -EINVAL;
	/* Warm up. */
	for (i = 0; i < n / 8; i++)
		trace_ev_bench(i, i, t0);
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++)
		trace_ev_bench(i, i, t0);
	t1 = ktime_get_ns();
	pr_info("ev_bench: %llu ns/hit (%u hits)\n", div_u64(t1 - t0, n), n);
	return 0;
}

static const struct kernel_param_ops run_ops = {
	.set = run_set,
};
module_param_cb(run, &run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "fire the event this many times and print the cost");

static int pairs_set(const char *val, const struct kernel_param *kp)
{
	unsigned int i, n;
	u64 t0 = 0, t1;
	int ret;

	ret = kstrtouint(val, 0, &n);
	if (ret)
		return ret;
	if (!n || n > 10000000)
		return -EINVAL;
	for (i = 0; i < n / 8; i++) {
		trace_ev_bench(i & 63, i, t0);
		trace_ev_bench_end(i & 63, t0);
	}
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		trace_ev_bench(i & 63, i, t0);
		trace_ev_bench_end(i & 63, t0);
	}
	t1 = ktime_get_ns();
	pr_info("ev_bench: %llu ns/pair (%u pairs)\n", div_u64(t1 - t0, n), n);
	return 0;
}

static const struct kernel_param_ops pairs_ops = {
	.set = pairs_set,
};
module_param_cb(pairs, &pairs_ops, NULL, 0200);
MODULE_PARM_DESC(pairs, "fire ev_bench and ev_bench_end this many times");

MODULE_DESCRIPTION("Cost of a trace event hit");
MODULE_LICENSE("GPL");
