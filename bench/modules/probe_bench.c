// SPDX-License-Identifier: GPL-2.0
/*
 * probe_bench: guest time per call of probe_bench_target(a, b), a small
 * traceable function of two arguments, with whatever probes tracefs has
 * put on it (none, a kprobe event on its ftrace site or in its body, a
 * kretprobe, an fprobe entry and exit).  Writing a count to
 * /sys/module/probe_bench/parameters/run calls it that many times and
 * prints "probe_bench: N ns/call".  Under qemu -icount shift=0 a guest
 * nanosecond is one instruction.  Public headers only, so it builds for
 * any kernel.
 */
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "bench_count.h"

static unsigned long probe_bench_sink;

static noinline unsigned long probe_bench_target(unsigned long a, unsigned long b)
{
	WRITE_ONCE(probe_bench_sink, a);
	return a * 3 + b;
}

static int run_set(const char *val, const struct kernel_param *kp)
{
	unsigned long sum = 0;
	unsigned int i, n;
	u64 t0, t1;
	int ret;

	ret = bench_count(val, 10000000, &n);
	if (ret)
		return ret;
	/* Warm up. */
	for (i = 0; i < n / 8; i++)
		sum += probe_bench_target(i, sum);
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++)
		sum += probe_bench_target(i, sum);
	t1 = ktime_get_ns();
	pr_info("probe_bench: %llu ns/call (%u calls, %lu)\n",
		div_u64(t1 - t0, n), n, sum & 1);
	return 0;
}

static const struct kernel_param_ops run_ops = {
	.set = run_set,
};
module_param_cb(run, &run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "call the target this many times and print the cost");

MODULE_DESCRIPTION("Cost of a probe hit");
MODULE_LICENSE("GPL");
