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
#include <linux/nmi.h>
#include <linux/ring_buffer.h>
#include <linux/trace_seq.h>
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

/* One dump at a time; the line is formatted here, not on the stack. */
static atomic_t dump_running = ATOMIC_INIT(0);
static struct trace_seq dump_seq;

/* The CPU whose next event is the oldest, or -1 when all are empty. */
static int oldest_cpu(struct trace_buffer *buffer, int only)
{
	int cpu, best = -1;
	u64 ts, best_ts = U64_MAX;

	for_each_possible_cpu(cpu) {
		if (only >= 0 && cpu != only)
			continue;
		if (ring_buffer_peek(buffer, cpu, &ts, NULL) && ts < best_ts) {
			best = cpu;
			best_ts = ts;
		}
	}
	return best;
}

/**
 * ftrace_dump - print the trace to the console
 * @oops_dump_mode: DUMP_ALL for every CPU, DUMP_ORIG for this one
 *
 * Called on an oops or a panic, from sysrq-z and by the dump and cpudump
 * commands of set_ftrace_filter.  Tracing is switched off first so the
 * dump shows what led up to the call; the printed events are consumed.
 */
void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
	struct trace_buffer *buffer = global_trace.buffer;
	struct ring_buffer_event *ev;
	unsigned long lost, n = 0;
	int cpu, only = -1;
	u64 ts;

	if (oops_dump_mode == DUMP_NONE || !buffer)
		return;
	if (atomic_inc_return(&dump_running) != 1)
		goto out;
	tracing_off();
	if (oops_dump_mode == DUMP_ORIG)
		only = raw_smp_processor_id();
	pr_emerg("Dumping ftrace buffer:\n");
	pr_emerg("---------------------------------\n");
	while ((cpu = oldest_cpu(buffer, only)) >= 0) {
		ev = ring_buffer_consume(buffer, cpu, &ts, &lost);
		if (!ev)
			continue;
		trace_seq_init(&dump_seq);
		trace_format_entry(&dump_seq, &global_trace,
				   ring_buffer_event_data(ev),
				   ring_buffer_event_length(ev), cpu, ts);
		trace_seq_putc(&dump_seq, '\0');
		dump_seq.buffer[sizeof(dump_seq.buffer) - 1] = '\0';
		pr_emerg("%s", dump_seq.buffer);
		n++;
		touch_nmi_watchdog();
	}
	if (!n)
		pr_emerg("   (ftrace buffer empty)\n");
	else
		pr_emerg("---------------------------------\n");
out:
	atomic_dec(&dump_running);
}
EXPORT_SYMBOL_GPL(ftrace_dump);
