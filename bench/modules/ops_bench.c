// SPDX-License-Identifier: GPL-2.0
/*
 * ops_bench: the guest time to register 200 ftrace_ops, each with a
 * filter on a function of its own (as 200 BPF fentry programs would),
 * and then to unregister them all.  Under qemu -icount shift=0 a guest
 * nanosecond is one instruction.  Uses only include/linux/ftrace.h, so
 * it builds for any kernel.
 */
#include <linux/ftrace.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>

#define NR_OPS	200

static unsigned long hits;

static void ops_bench_func(unsigned long ip, unsigned long parent_ip,
			   struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	hits++;
}

/* 200 traceable functions, one per ops. */
#define T(n) static noinline void ops_bench_target_##n(void) \
	{ barrier(); }
#define T10(n) T(n##0) T(n##1) T(n##2) T(n##3) T(n##4) \
	T(n##5) T(n##6) T(n##7) T(n##8) T(n##9)
#define T100(n) T10(n##0) T10(n##1) T10(n##2) T10(n##3) T10(n##4) \
	T10(n##5) T10(n##6) T10(n##7) T10(n##8) T10(n##9)
T100(1)
T100(2)

#define P(n) ops_bench_target_##n,
#define P10(n) P(n##0) P(n##1) P(n##2) P(n##3) P(n##4) \
	P(n##5) P(n##6) P(n##7) P(n##8) P(n##9)
#define P100(n) P10(n##0) P10(n##1) P10(n##2) P10(n##3) P10(n##4) \
	P10(n##5) P10(n##6) P10(n##7) P10(n##8) P10(n##9)
static void (*const targets[NR_OPS])(void) = { P100(1) P100(2) };

static int __init ops_bench_init(void)
{
	struct ftrace_ops *ops;
	u64 t0, t1, t2;
	int i, n = 0, ret = 0;

	ops = kcalloc(NR_OPS, sizeof(*ops), GFP_KERNEL);
	if (!ops)
		return -ENOMEM;
	for (i = 0; i < NR_OPS; i++) {
		ops[i].func = ops_bench_func;
		ret = ftrace_set_filter_ip(&ops[i], (unsigned long)targets[i],
					   0, 0);
		if (ret)
			goto out;
	}
	t0 = ktime_get_ns();
	for (n = 0; n < NR_OPS; n++) {
		ret = register_ftrace_function(&ops[n]);
		if (ret)
			goto out;
	}
	t1 = ktime_get_ns();
	for (i = 0; i < NR_OPS; i++)
		targets[i]();
	for (i = 0; i < NR_OPS; i++)
		unregister_ftrace_function(&ops[i]);
	n = 0;
	t2 = ktime_get_ns();
	pr_info("ops_bench: register_200 %llu ns unregister_200 %llu ns hits %lu\n",
		t1 - t0, t2 - t1, hits);
out:
	while (n--)
		unregister_ftrace_function(&ops[n]);
	for (i = 0; i < NR_OPS; i++)
		ftrace_free_filter(&ops[i]);
	kfree(ops);
	/* Done: do not stay loaded. */
	return ret ?: -EAGAIN;
}
module_init(ops_bench_init);

MODULE_DESCRIPTION("Time to register and unregister 200 filtered ftrace_ops");
MODULE_LICENSE("GPL");
