// SPDX-License-Identifier: GPL-2.0
/*
 * A module with functions to trace: its init calls ftrace_mod_test_work()
 * "calls" times (a parameter), and so does every write of a number to
 * /sys/module/ftrace_mod_test/parameters/run.  The test cases load it
 * under the function tracer, look for the calls in the trace, and
 * unload it.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

static unsigned int calls = 3;
module_param(calls, uint, 0444);
MODULE_PARM_DESC(calls, "calls of ftrace_mod_test_work() at load");

static unsigned long total;

static noinline void ftrace_mod_test_work(unsigned int i)
{
	WRITE_ONCE(total, total + i);
}

static int run_set(const char *val, const struct kernel_param *kp)
{
	unsigned int n, i;
	int ret = kstrtouint(val, 0, &n);

	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		ftrace_mod_test_work(i);
	return 0;
}

static const struct kernel_param_ops run_ops = {
	.set = run_set,
};
module_param_cb(run, &run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "write N: call ftrace_mod_test_work() N times");

static int __init ftrace_mod_test_init(void)
{
	unsigned int i;

	for (i = 0; i < calls; i++)
		ftrace_mod_test_work(i);
	return 0;
}

static void __exit ftrace_mod_test_exit(void)
{
}

module_init(ftrace_mod_test_init);
module_exit(ftrace_mod_test_exit);
MODULE_DESCRIPTION("Functions for the function tracer to trace");
MODULE_LICENSE("GPL");
