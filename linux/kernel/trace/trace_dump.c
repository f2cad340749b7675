// SPDX-License-Identifier: GPL-2.0
/*
 * What tracing does when the kernel goes wrong: ftrace_dump() on an oops
 * (ftrace_dump_on_oops), tracing_off() on a warning
 * (traceoff_on_warning), and the related sysctls.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/err.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kdebug.h>
#include <linux/kernel.h>
#include <linux/nmi.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/ring_buffer.h>
#include <linux/trace_seq.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/sysctl.h>

#include "trace.h"
#include "ring_buffer_ext.h"

/* "0" (off), "1"/"" (all CPUs), "2"/"orig_cpu" (the oopsing CPU only). */
char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";
int __disable_trace_on_warning;
int tracepoint_printk;

static int __init set_ftrace_dump_on_oops(char *str)
{
	/* "ftrace_dump_on_oops" alone means "1". */
	if (!*str || !strcmp(str, "="))
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
static struct trace_iterator dump_iter;

/*
 * The CPU whose next event is the oldest, or -1 when all are empty.  A
 * CPU whose reader lock is held (by a reader this CPU interrupted, or by
 * a CPU the oops stopped) is left out rather than waited for.
 */
static int oldest_cpu(struct trace_buffer *buffer, int only)
{
	struct ring_buffer_event *ev;
	int cpu, best = -1;
	u64 ts, best_ts = U64_MAX;

	for_each_possible_cpu(cpu) {
		if (only >= 0 && cpu != only)
			continue;
		ev = ring_buffer_read_nowait(buffer, cpu, &ts, NULL, false);
		if (!IS_ERR_OR_NULL(ev) && ts < best_ts) {
			best = cpu;
			best_ts = ts;
		}
	}
	return best;
}

/* Print and consume @tr's events, of CPU @only or of all if negative. */
static void dump_array(struct trace_array *tr, int only)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *ev;
	unsigned long lost, n = 0;
	int cpu;
	u64 ts;

	if (!buffer)
		return;
	tracer_tracing_off(tr);
	if (tr->name)
		pr_emerg("Dumping ftrace instance %s buffer:\n", tr->name);
	else
		pr_emerg("Dumping ftrace buffer:\n");
	pr_emerg("---------------------------------\n");
	while ((cpu = oldest_cpu(buffer, only)) >= 0) {
		ev = ring_buffer_read_nowait(buffer, cpu, &ts, &lost, true);
		if (IS_ERR_OR_NULL(ev))
			continue;
		trace_seq_init(&dump_iter.seq);
		dump_iter.tr = tr;
		dump_iter.iter_flags = TRACE_FILE_ATOMIC;
		dump_iter.ent = ring_buffer_event_data(ev);
		dump_iter.ent_size = ring_buffer_event_length(ev);
		dump_iter.cpu = cpu;
		dump_iter.ts = ts;
		trace_format_entry(&dump_iter, 0);
		trace_seq_putc(&dump_iter.seq, '\0');
		dump_iter.seq.buffer[sizeof(dump_iter.seq.buffer) - 1] = '\0';
		pr_emerg("%s", dump_iter.seq.buffer);
		n++;
		touch_nmi_watchdog();
	}
	if (!n)
		pr_emerg("   (ftrace buffer empty)\n");
	else
		pr_emerg("---------------------------------\n");
}

static int dump_cpu_of(enum ftrace_dump_mode mode)
{
	return mode == DUMP_ORIG ? raw_smp_processor_id() : -1;
}

/**
 * ftrace_dump - print the trace to the console
 * @oops_dump_mode: DUMP_ALL for every CPU, DUMP_ORIG for this one
 *
 * Called on an oops or a panic, from sysrq-z and by the dump and cpudump
 * commands of set_ftrace_filter.  Tracing is switched off first so the
 * dump shows what led up to the call; the printed events are consumed.
 * Safe in NMI and on a CPU that holds a reader or cmdline lock: what
 * cannot be taken is left out.
 */
void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
	if (oops_dump_mode == DUMP_NONE)
		return;
	if (atomic_inc_return(&dump_running) == 1)
		dump_array(&global_trace, dump_cpu_of(oops_dump_mode));
	atomic_dec(&dump_running);
}
EXPORT_SYMBOL_GPL(ftrace_dump);

/* "1", "2" or "orig_cpu" as a mode; DUMP_NONE for anything else. */
static enum ftrace_dump_mode dump_mode_of(const char *s)
{
	if (!strcmp(s, "1"))
		return DUMP_ALL;
	if (!strcmp(s, "2") || !strcmp(s, "orig_cpu"))
		return DUMP_ORIG;
	return DUMP_NONE;
}

/*
 * Dump what ftrace_dump_on_oops names: "MODE" for the top level first,
 * then "NAME" or "NAME=MODE" per instance, separated by commas (see
 * Documentation/admin-guide/sysctl/kernel.rst).
 */
static void dump_on_oops(void)
{
	static char spec[MAX_TRACER_SIZE];
	enum ftrace_dump_mode mode;
	struct trace_array *tr;
	char *s = spec, *tok, *eq;
	bool first = true;

	if (atomic_inc_return(&dump_running) != 1)
		goto out;
	strscpy(spec, ftrace_dump_on_oops, sizeof(spec));
	while ((tok = strsep(&s, ","))) {
		/* "0" first: not the top level, but instances may follow. */
		if (first && !strcmp(tok, "0")) {
			first = false;
			continue;
		}
		mode = dump_mode_of(tok);
		if (first && mode != DUMP_NONE) {
			dump_array(&global_trace, dump_cpu_of(mode));
			first = false;
			continue;
		}
		first = false;
		eq = strchr(tok, '=');
		mode = DUMP_ALL;
		if (eq) {
			*eq = '\0';
			mode = dump_mode_of(eq + 1);
			if (mode == DUMP_NONE)
				continue;
		}
		tr = trace_instance_find_nowait(tok);
		if (tr)
			dump_array(tr, dump_cpu_of(mode));
	}
out:
	atomic_dec(&dump_running);
}

static int dump_on_die(struct notifier_block *nb, unsigned long ev, void *data)
{
	if (ev == DIE_OOPS && ftrace_dump_on_oops_enabled())
		dump_on_oops();
	return NOTIFY_DONE;
}

static int dump_on_panic(struct notifier_block *nb, unsigned long ev,
			 void *data)
{
	if (ftrace_dump_on_oops_enabled())
		dump_on_oops();
	return NOTIFY_DONE;
}

static struct notifier_block dump_die_nb = {
	.notifier_call	= dump_on_die,
	.priority	= 200,
};

static struct notifier_block dump_panic_nb = {
	.notifier_call	= dump_on_panic,
	.priority	= 150,
};

static int __init trace_dump_init(void)
{
	register_die_notifier(&dump_die_nb);
	atomic_notifier_chain_register(&panic_notifier_list, &dump_panic_nb);
	return 0;
}
early_initcall(trace_dump_init);
