// SPDX-License-Identifier: GPL-2.0
/*
 * A module whose init oopses on purpose, after leaving a line in the
 * trace: the dump-on-oops scenario loads it with ftrace_dump_on_oops set
 * and looks for that line in the kernel log.
 */
#include <linux/bug.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>

static int __init trace_oops_test_init(void)
{
	trace_printk("trace_oops_test: the line before the oops\n");
	BUG();
	return 0;
}
module_init(trace_oops_test_init);

MODULE_DESCRIPTION("Oopses at load, for ftrace_dump_on_oops");
MODULE_LICENSE("GPL");
