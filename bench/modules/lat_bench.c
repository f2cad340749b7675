// SPDX-License-Identifier: GPL-2.0
/*
 * lat_bench: guest time per local_irq_disable() + local_irq_enable()
 * pair and per preempt_disable() + preempt_enable() pair: what the
 * irqsoff and preemptoff tracers' hooks cost, with or without a tracer
 * current.  Writing a count to /sys/module/lat_bench/parameters/irq_pair
 * (or preempt_pair) runs that many pairs and prints
 * "lat_bench: irq_pair N ns/op" (or preempt_pair).  Under qemu -icount
 * shift=0 a guest nanosecond is one instruction.  Public headers only, so
 * it builds for any kernel.
 */
#include <linux/irqflags.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>

#include "bench_count.h"

#define LAT_BENCH_MAX	10000000

static noinline void lat_bench_irq(unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		local_irq_disable();
		local_irq_enable();
	}
}

static noinline void lat_bench_preempt(unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		preempt_disable();
		preempt_enable();
	}
}

static int lat_bench_run(const char *val, const char *name,
			 void (*pairs)(unsigned int))
{
	unsigned int n;
	u64 t0, t1;
	int ret;

	ret = bench_count(val, LAT_BENCH_MAX, &n);
	if (ret)
		return ret;
	/* Warm up (and let a tracer record its first maximum). */
	pairs(n / 8);
	t0 = ktime_get_ns();
	pairs(n);
	t1 = ktime_get_ns();
	pr_info("lat_bench: %s %llu ns/op (%u pairs)\n", name,
		div_u64(t1 - t0, n), n);
	return 0;
}

static int irq_pair_set(const char *val, const struct kernel_param *kp)
{
	return lat_bench_run(val, "irq_pair", lat_bench_irq);
}

static int preempt_pair_set(const char *val, const struct kernel_param *kp)
{
	return lat_bench_run(val, "preempt_pair", lat_bench_preempt);
}

static const struct kernel_param_ops irq_pair_ops = {
	.set = irq_pair_set,
};
module_param_cb(irq_pair, &irq_pair_ops, NULL, 0200);
MODULE_PARM_DESC(irq_pair, "run this many local_irq_disable()/enable() pairs and print the cost");

static const struct kernel_param_ops preempt_pair_ops = {
	.set = preempt_pair_set,
};
module_param_cb(preempt_pair, &preempt_pair_ops, NULL, 0200);
MODULE_PARM_DESC(preempt_pair, "run this many preempt_disable()/enable() pairs and print the cost");

MODULE_DESCRIPTION("Cost of an irqs-off and of a preempt-off pair");
MODULE_LICENSE("GPL");
