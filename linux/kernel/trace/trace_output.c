// SPDX-License-Identifier: GPL-2.0
/*
 * The default text format of trace and trace_pipe:
 *
 *   TASK-PID [CPU] FLAGS TIMESTAMP: message
 *
 * with the header that explains the columns (Documentation/trace/
 * ftrace.rst, "Output format").
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/trace_seq.h>
#include <linux/utsname.h>

#include "trace.h"
#include "trace_event_internal.h"

/* The preemption model the latency header names. */
static const char *preempt_model(void)
{
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		return "preempt_rt";
	if (IS_ENABLED(CONFIG_PREEMPT))
		return "preempt";
	if (IS_ENABLED(CONFIG_PREEMPT_LAZY))
		return "preempt_lazy";
	if (IS_ENABLED(CONFIG_PREEMPT_VOLUNTARY))
		return "desktop";
	if (IS_ENABLED(CONFIG_PREEMPT_NONE))
		return "server";
	return "unknown";
}

/* The latency format's flag columns, and the name of each. */
static const char *const latency_columns[] = {
	"CPU#", "irqs-off/BH-disabled", "need-resched", "hardirq/softirq",
	"preempt-depth", "migrate-disable", "delay",
};

/**
 * trace_print_latency_legend - the legend above latency columns
 * @m: the seq_file
 * @names: the columns' names, left to right; the last has no arrow
 * @n: how many
 * @indent: spaces before the first column's arrow
 * @dashes: the length of the first column's arrow
 *
 * Column i starts with i - 1 bars, then its own slash, arrow and name.
 */
void trace_print_latency_legend(struct seq_file *m, const char *const *names,
				int n, int indent, int dashes)
{
	int i, bars;

	for (i = 0; i < n; i++) {
		bars = max(i - 1, 0);
		seq_printf(m, "#%*s%.*s%s%s", indent - min(i, 2), "", bars,
			   "||||||||", bars ? " " : "", i ? "/ " : "");
		if (i < n - 1)
			seq_printf(m, "_%.*s=> ", dashes - i, "--------");
		else
			seq_puts(m, "    ");
		seq_printf(m, "%-16s\n", names[i]);
	}
}

static void print_latency_legend(struct seq_file *m)
{
	trace_print_latency_legend(m, latency_columns,
				   ARRAY_SIZE(latency_columns), 20,
				   ARRAY_SIZE(latency_columns) - 1);
	seq_puts(m, "#  cmd     pid     |||||| time  |   caller     \n");
	seq_puts(m, "#     \\   /        ||||||  \\    |    /       \n");
}

/*
 * The worst case the header describes: the one in the max buffer, for a
 * reader of it; the buffer writers write holds none.
 */
static void latency_case(struct trace_iterator *iter, struct trace_max_data *d)
{
	memset(d, 0, sizeof(*d));
#ifdef CONFIG_TRACER_MAX_TRACE
	if (iter->iter_flags & TRACE_FILE_MAX) {
		struct trace_array *tr = iter->tr;
		unsigned long flags;

		/* Copied whole: a new worst case may be saved meanwhile. */
		local_irq_save(flags);
		arch_spin_lock(&tr->max_lock);
		*d = tr->max;
		arch_spin_unlock(&tr->max_lock);
		local_irq_restore(flags);
	}
#endif
}

/*
 * The latency format's header: the worst case's latency, CPU and task,
 * and where its section started and ended.  Other tracers have none: 0
 * and an empty task.
 */
static void print_latency_header(struct seq_file *m,
				 struct trace_iterator *iter,
				 const char *tracer, unsigned long entries,
				 unsigned long written, bool legend)
{
	struct trace_array *tr = iter->tr;
	struct trace_max_data d;

	latency_case(iter, &d);
	seq_printf(m, "# %s latency trace v1.1.5 on %s\n", tracer,
		   init_utsname()->release);
	seq_puts(m, "# -----------------------------------------------------------"
		 "---------\n");
	seq_printf(m, "# latency: %lu us, #%lu/%lu, CPU#%d | (M:%s VP:0, KP:0, SP:0 HP:0 #P:%u)\n",
		   d.latency / NSEC_PER_USEC, entries, written, d.cpu,
		   preempt_model(), num_online_cpus());
	seq_printf(m, "#    -----------------\n"
		   "#    | task: %.16s-%d (uid:%u nice:%ld policy:%lu rt_prio:%lu)\n"
		   "#    -----------------\n",
		   d.comm, d.pid, d.uid, d.nice, d.policy, d.rt_priority);
	if (d.start) {
		seq_printf(m, "#  => started at: %ps\n", (void *)d.start);
		seq_printf(m, "#  => ended at:   %ps\n", (void *)d.end);
	}
	seq_puts(m, "#\n");
	if (legend && !trace_opt(tr, TRACE_OPT_VERBOSE))
		print_latency_legend(m);
}

/*
 * Whether the reader's tracer prints the columns' header: a latency
 * tracer only for its graph (display-graph).
 */
static bool tracer_prints_header(struct trace_iterator *iter)
{
	struct tracer *t = iter->trace;

	if (!t || !t->print_header)
		return false;
	return !t->print_max || trace_opt(iter->tr, TRACE_OPT_DISPLAY_GRAPH);
}

/**
 * trace_print_header - the comment block at the top of trace
 * @m: the seq_file
 * @iter: the reader: its instance and the tracer it opened with
 * @buffer: the buffer it reads (the max buffer for a snapshot)
 * @empty: the reader has no entry to show
 *
 * A tracer with its own columns prints them after the tracer's name.
 * Its columns follow the options: none without context-info or with
 * verbose, a TGID column with record-tgid, the flag columns with
 * irq-info.  With latency-format, the latency header instead (and the
 * tracer's columns), and only above entries.
 */
void trace_print_header(struct seq_file *m, struct trace_iterator *iter,
			struct trace_buffer *buffer, bool empty)
{
	struct trace_array *tr = iter->tr;
	bool own = tracer_prints_header(iter);
	unsigned long entries = 0, written = 0;
	bool tgid = trace_opt(tr, TRACE_OPT_RECORD_TGID);
	const char *pad = tgid ? "          " : "";
	char tracer[TRACER_NAME_MAX + 1];
	int cpu;

	mutex_lock(&tracer_mutex);
	strscpy(tracer, tr->current_trace->name, sizeof(tracer));
	mutex_unlock(&tracer_mutex);
	seq_printf(m, "# tracer: %s\n#\n", tracer);
	/* An empty snapshot shows how to use it instead. */
	if (iter->snapshot && empty) {
		trace_snapshot_help(m, tr, iter->cpu_file);
		return;
	}
	if (!trace_opt(tr, TRACE_OPT_CONTEXT_INFO))
		return;
	for_each_possible_cpu(cpu) {
		entries += ring_buffer_entries_cpu(buffer, cpu);
		written += ring_buffer_entries_cpu(buffer, cpu) +
			   ring_buffer_overrun_cpu(buffer, cpu);
	}
	if (trace_opt(tr, TRACE_OPT_LATENCY_FMT)) {
		/* Nothing above no entries, as upstream. */
		if (!empty) {
			print_latency_header(m, iter, tracer, entries, written,
					     !own);
			if (own)
				iter->trace->print_header(m, tr);
		}
		return;
	}
	if (own) {
		iter->trace->print_header(m, tr);
		return;
	}
	if (trace_opt(tr, TRACE_OPT_VERBOSE))
		return;
	seq_printf(m, "# entries-in-buffer/entries-written: %lu/%lu   #P:%u\n#\n",
		   entries, written, num_online_cpus());
	if (!trace_opt(tr, TRACE_OPT_IRQ_INFO)) {
		seq_printf(m, "#           TASK-PID    %s CPU#     TIMESTAMP  FUNCTION\n",
			   tgid ? "   TGID   " : "");
		seq_printf(m, "#              | |      %s   |         |         |\n",
			   tgid ? "     |    " : "");
		return;
	}
	seq_printf(m,
		   "#                            %s    _-----=> irqs-off/BH-disabled\n"
		   "#                            %s   / _----=> need-resched\n"
		   "#                            %s  | / _---=> hardirq/softirq\n"
		   "#                            %s  || / _--=> preempt-depth\n"
		   "#                            %s  ||| / _-=> migrate-disable\n"
		   "#                            %s  |||| /     delay\n"
		   "#           TASK-PID    %s CPU#  |||||  TIMESTAMP  FUNCTION\n"
		   "#              | |      %s   |   |||||     |         |\n",
		   pad, pad, pad, pad, pad, pad,
		   tgid ? "   TGID   " : "", tgid ? "     |    " : "");
}

/**
 * trace_format_context - the five context columns of an entry
 * @out: the columns, NUL terminated
 * @ent: the entry: its flags and preempt_count
 */
void trace_format_context(char out[6], struct trace_entry *ent)
{
	unsigned int f = ent->flags;
	bool irqs = f & TRACE_FLAG_IRQS_OFF, bh = f & TRACE_FLAG_BH_OFF;
	bool nr = f & TRACE_FLAG_NEED_RESCHED;
	bool pr = f & TRACE_FLAG_PREEMPT_RESCHED;
	bool nmi = f & TRACE_FLAG_NMI, hard = f & TRACE_FLAG_HARDIRQ;
	bool soft = f & TRACE_FLAG_SOFTIRQ;
	unsigned int depth = ent->preempt_count & 0xf;
	unsigned int migrate = ent->preempt_count >> 4;

	if (f & TRACE_FLAG_IRQS_NOSUPPORT)
		out[0] = 'X';
	else
		out[0] = irqs ? (bh ? 'D' : 'd') : (bh ? 'b' : '.');
	out[1] = nr ? (pr ? 'N' : 'n') : (pr ? 'p' : '.');
	if (nmi)
		out[2] = hard ? 'Z' : 'z';
	else if (hard)
		out[2] = soft ? 'H' : 'h';
	else
		out[2] = soft ? 's' : '.';
	out[3] = depth ? hex_asc[depth] : '.';
	out[4] = migrate ? hex_asc[migrate] : '.';
	out[5] = '\0';
}

/**
 * trace_print_ip - a code address as the sym-offset and sym-addr options
 * want it
 * @s: where to print
 * @tr: the instance whose options apply
 * @ip: the address
 *
 * The bare function name by default (no "[module]"), "name+off/size
 * [module]" with sym-offset, the address after it with sym-addr.
 */
void trace_print_ip(struct trace_seq *s, struct trace_array *tr,
		    unsigned long ip)
{
	char name[KSYM_NAME_LEN];
	unsigned long size, off;
	char *mod;

	if (!ip) {
		trace_seq_putc(s, '0');
		return;
	}
	/* kallsyms_lookup() also names what ftrace and BPF keep names of. */
	if (trace_opt(tr, TRACE_OPT_SYM_OFFSET))
		trace_seq_printf(s, "%pS", (void *)ip);
	else if (kallsyms_lookup(ip, &size, &off, &mod, name))
		trace_seq_puts(s, name);
	else
		trace_seq_printf(s, "0x%lx", ip);
	if (trace_opt(tr, TRACE_OPT_SYM_ADDR))
		trace_seq_printf(s, " <%016lx>", ip);
}

/* The raw option: "pid cpu ts " then the event's raw printer. */
static void format_raw(struct trace_iterator *iter, struct trace_event *event,
		       bool context)
{
	if (context)
		trace_seq_printf(&iter->seq, "%d %d %llu ", iter->ent->pid,
				 iter->cpu, iter->ts);
	if (event)
		event->funcs->raw(iter, 0, event);
	else
		trace_seq_printf(&iter->seq, "%d ?\n", iter->ent->type);
}

/* The hex option: pid, cpu and ts as hex words, then the event's. */
static void format_hex(struct trace_iterator *iter, struct trace_event *event,
		       bool context)
{
	struct trace_seq *s = &iter->seq;

	if (context) {
		trace_seq_putmem_hex(s, &iter->ent->pid, sizeof(iter->ent->pid));
		trace_seq_putmem_hex(s, &iter->cpu, sizeof(iter->cpu));
		trace_seq_putmem_hex(s, &iter->ts, sizeof(iter->ts));
	}
	if (event)
		event->funcs->hex(iter, 0, event);
	trace_seq_putc(s, '\n');
}

/* The bin option: pid, cpu and ts as bytes, then the event's. */
static void format_bin(struct trace_iterator *iter, struct trace_event *event,
		       bool context)
{
	struct trace_seq *s = &iter->seq;

	if (context) {
		trace_seq_putmem(s, &iter->ent->pid, sizeof(iter->ent->pid));
		trace_seq_putmem(s, &iter->cpu, sizeof(iter->cpu));
		trace_seq_putmem(s, &iter->ts, sizeof(iter->ts));
	}
	if (event)
		event->funcs->binary(iter, 0, event);
}

/**
 * trace_duration_mark - the mark of a latency or a duration
 * @delta: the time, in ns
 *
 * Return: '$' over 1 s, '@' over 100 ms, '*' over 10 ms, '#' over 1 ms,
 * '!' over 100 us, '+' over 10 us, else ' '.
 */
char trace_duration_mark(u64 delta)
{
	if (delta > NSEC_PER_SEC)
		return '$';
	if (delta > 100 * NSEC_PER_MSEC)
		return '@';
	if (delta > 10 * NSEC_PER_MSEC)
		return '*';
	if (delta > NSEC_PER_MSEC)
		return '#';
	if (delta > 100 * NSEC_PER_USEC)
		return '!';
	if (delta > 10 * NSEC_PER_USEC)
		return '+';
	return ' ';
}

/**
 * trace_latency_time_base - where the latency format's times count from
 * @iter: the reader
 *
 * Return: the buffer clock when the case in the max buffer began, for a
 * reader of it, else when the buffer was last emptied.
 */
u64 trace_latency_time_base(struct trace_iterator *iter)
{
#ifdef CONFIG_TRACER_MAX_TRACE
	/* The max buffer's: a snapshot's, or a worst case's start. */
	if (iter->iter_flags & TRACE_FILE_MAX)
		return READ_ONCE(iter->tr->max.ts);
#endif
	return READ_ONCE(iter->tr->time_start);
}

/*
 * The latency format's columns: "comm-pid CPU flags time(us)mark: ", or
 * with verbose "comm pid CPU irqs-off preempt-count index [abs µs]
 * time(ms) (+delay(ms)): ".  Times count from the buffer's last emptying.
 */
static void format_latency_prefix(struct trace_iterator *iter, u64 next_ts)
{
	struct trace_entry *ent = iter->ent;
	struct trace_seq *s = &iter->seq;
	u64 start = trace_latency_time_base(iter);
	u64 rel = iter->ts > start ? iter->ts - start : 0;
	u64 delta = next_ts > iter->ts ? next_ts - iter->ts : 0;
	bool ns = trace_clocks[iter->tr->clock_id].in_ns;
	char comm[TASK_COMM_LEN];
	unsigned long rel_us, delta_us;
	char ctx[6];

	trace_find_cmdline(ent->pid, comm);
	if (!ns) {
		/* Clocks that do not count time: their counts as they are. */
		rel_us = rel;
		delta_us = delta;
	} else {
		rel_us = div_u64(rel, NSEC_PER_USEC);
		delta_us = div_u64(delta, NSEC_PER_USEC);
	}
	if (trace_opt(iter->tr, TRACE_OPT_VERBOSE)) {
		trace_seq_printf(s, "%16s %7d %3d %d %08x %08lx [%08llx] %lu.%03lums (+%lu.%03lums): ",
				 comm, ent->pid, iter->cpu,
				 !!(ent->flags & TRACE_FLAG_IRQS_OFF),
				 ent->preempt_count, (unsigned long)iter->idx,
				 ns ? div_u64(iter->ts, NSEC_PER_USEC) : iter->ts,
				 rel_us / USEC_PER_MSEC, rel_us % USEC_PER_MSEC,
				 delta_us / USEC_PER_MSEC,
				 delta_us % USEC_PER_MSEC);
		return;
	}
	trace_format_context(ctx, ent);
	trace_seq_printf(s, "%8.8s-%-7d %3d%s %5luus%c: ", comm, ent->pid,
			 iter->cpu, ctx, rel_us,
			 trace_duration_mark(ns ? delta : delta * NSEC_PER_USEC));
}

/* The columns before the message: task, tgid, CPU, flags, time. */
static void format_prefix(struct trace_iterator *iter)
{
	struct trace_array *tr = iter->tr;
	struct trace_entry *ent = iter->ent;
	struct trace_seq *s = &iter->seq;
	char comm[TASK_COMM_LEN];
	u64 ts = iter->ts;
	char ctx[6];
	int tgid;

	trace_find_cmdline(ent->pid, comm);
	trace_seq_printf(s, "%16s-%-7d ", comm, ent->pid);
	if (trace_opt(tr, TRACE_OPT_RECORD_TGID)) {
		tgid = trace_find_tgid(ent->pid);
		if (tgid)
			trace_seq_printf(s, "(%7d) ", tgid);
		else
			trace_seq_puts(s, "(-------) ");
	}
	trace_seq_printf(s, "[%03d] ", iter->cpu);
	if (trace_opt(tr, TRACE_OPT_IRQ_INFO)) {
		trace_format_context(ctx, ent);
		trace_seq_printf(s, "%s ", ctx);
	} else {
		/* Upstream's column without the flags is one wider. */
		trace_seq_putc(s, ' ');
	}
	if (trace_clocks[tr->clock_id].in_ns) {
		unsigned long usec = do_div(ts, NSEC_PER_SEC) / NSEC_PER_USEC;

		trace_seq_printf(s, "%5llu.%06lu: ", ts, usec);
	} else {
		trace_seq_printf(s, "%12llu: ", ts);
	}
}

/**
 * trace_format_entry - one line of trace or trace_pipe
 * @iter: the iterator: its tr, and the entry in ent, ent_size, cpu, ts
 *	(and idx, its index in the trace, for the latency format)
 * @next_ts: the time of the entry after it, 0 if unknown (the latency
 *	format's delay)
 *
 * The line the reader's tracer prints, if it prints this entry; else
 * the line the options ask for, into @iter->seq: bin, hex or raw if one
 * is set, else the context columns (context-info; latency-format's
 * instead if set) and the message the entry type's event prints, or
 * with fields each of its fields.  With printk-msg-only a
 * trace_printk() line is its message alone.
 */
void trace_format_entry(struct trace_iterator *iter, u64 next_ts)
{
	struct trace_array *tr = iter->tr;
	unsigned long flags = READ_ONCE(tr->trace_flags);
	bool context = flags & BIT(TRACE_OPT_CONTEXT_INFO);
	struct trace_event *event;
	int pflags = 0;

	if (iter->trace && iter->trace->print_line &&
	    iter->trace->print_line(iter) != TRACE_TYPE_UNHANDLED)
		return;
	rcu_read_lock();
	event = ftrace_find_event(iter->ent->type);
	if (flags & BIT(TRACE_OPT_BIN)) {
		format_bin(iter, event, context);
	} else if (flags & BIT(TRACE_OPT_HEX)) {
		format_hex(iter, event, context);
	} else if (flags & BIT(TRACE_OPT_RAW)) {
		format_raw(iter, event, context);
	} else {
		if ((flags & BIT(TRACE_OPT_PRINTK_MSG_ONLY)) &&
		    trace_entry_is_printk(iter->ent->type))
			pflags = TRACE_PRINT_MSG_ONLY;
		else if (context && (flags & BIT(TRACE_OPT_LATENCY_FMT)))
			format_latency_prefix(iter, next_ts);
		else if (context)
			format_prefix(iter);
		if (flags & BIT(TRACE_OPT_FIELDS))
			trace_event_print_fields(iter, event);
		else if (event)
			event->funcs->trace(iter, pflags, event);
		else
			trace_seq_printf(&iter->seq, "Unknown type %d\n",
					 iter->ent->type);
	}
	rcu_read_unlock();
}
