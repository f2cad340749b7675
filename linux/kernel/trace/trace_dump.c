// SPDX-License-Identifier: GPL-2.0
/*
 * What tracing does when the kernel goes wrong: ftrace_dump() on an oops
 * (ftrace_dump_on_oops), tracing_off() on a warning
 * (traceoff_on_warning), and the related sysctls.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/sysctl.h>

#include "trace.h"

/* "0" (off), "1"/"" (all CPUs), "2"/"orig_cpu" (the oopsing CPU only). */
char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";
int __disable_trace_on_warning;
int tracepoint_printk;

static int __init set_ftrace_dump_on_oops(char *str)
{
	/* "ftrace_dump_on_oops" alone means "1". */
	if (!*str)
		strscpy(ftrace_dump_on_oops, "1", sizeof(ftrace_dump_on_oops));
	else if (*str == '=')
		strscpy(ftrace_dump_on_oops, str + 1,
			sizeof(ftrace_dump_on_oops));
	else
		return 0;
	return 1;
}
__setup("ftrace_dump_on_oops", set_ftrace_dump_on_oops);

static int __init set_traceoff_on_warning(char *str)
{
	if (!*str || !strcmp(str, "=1") || !strcmp(str, "=on"))
		__disable_trace_on_warning = 1;
	else if (!strcmp(str, "=0") || !strcmp(str, "=off"))
		__disable_trace_on_warning = 0;
	else
		return 0;
	return 1;
}
__setup("traceoff_on_warning", set_traceoff_on_warning);

static int __init set_tracepoint_printk(char *str)
{
	tracepoint_printk = 1;
	return 1;
}
__setup("tp_printk", set_tracepoint_printk);

/**
 * ftrace_dump_on_oops_enabled - should an oops dump the trace?
 *
 * Return: non-zero if ftrace_dump_on_oops is set to anything but "0".
 */
int ftrace_dump_on_oops_enabled(void)
{
	return strcmp(ftrace_dump_on_oops, "0") != 0;
}

/**
 * disable_trace_on_warning - called by WARN(); stops tracing if asked to
 *
 * With traceoff_on_warning set, the trace leading up to the first warning
 * is kept intact for reading.
 */
void disable_trace_on_warning(void)
{
	if (__disable_trace_on_warning && tracing_is_on()) {
		tracing_off();
		pr_warn("tracing stopped by a warning (traceoff_on_warning)\n");
	}
}

/**
 * tracepoint_printk_sysctl - handler of kernel.tracepoint_printk
 * @table: the sysctl entry
 * @write: non-zero for a write
 * @buffer: the user data
 * @lenp: its length
 * @ppos: the file position
 *
 * Return: 0 or a negative errno, as proc_dointvec().
 */
int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	return proc_dointvec(table, write, buffer, lenp, ppos);
}

/**
 * ftrace_dump - print the trace to the console
 * @oops_dump_mode: which CPUs' buffers to print
 *
 * Called on an oops or a panic and from sysrq-z.  Tracing is switched off
 * first so the dump shows what led up to the call.  The data path (ring
 * buffer) is not built yet, so the buffer is always empty.
 */
void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
	if (oops_dump_mode == DUMP_NONE)
		return;
	tracing_off();
	pr_emerg("Dumping ftrace buffer:\n");
	pr_emerg("   (ftrace buffer empty)\n");
}
EXPORT_SYMBOL_GPL(ftrace_dump);
