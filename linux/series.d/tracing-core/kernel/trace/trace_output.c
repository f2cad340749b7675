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

#include "trace.h"
#include "trace_entries.h"

/**
 * trace_print_header - the comment block at the top of trace
 * @m: the seq_file
 * @tr: the instance
 */
void trace_print_header(struct seq_file *m, struct trace_array *tr)
{
	unsigned long entries = 0, written = 0;
	int cpu;

	for_each_possible_cpu(cpu) {
		entries += ring_buffer_entries_cpu(tr->buffer, cpu);
		written += ring_buffer_entries_cpu(tr->buffer, cpu) +
			   ring_buffer_overrun_cpu(tr->buffer, cpu);
	}
	mutex_lock(&tracer_mutex);
	seq_printf(m, "# tracer: %s\n#\n", tr->current_trace->name);
	mutex_unlock(&tracer_mutex);
	seq_printf(m, "# entries-in-buffer/entries-written: %lu/%lu   #P:%u\n#\n",
		   entries, written, num_online_cpus());
	seq_puts(m,
		 "#                                _-----=> irqs-off/BH-disabled\n"
		 "#                               / _----=> need-resched\n"
		 "#                              | / _---=> hardirq/softirq\n"
		 "#                              || / _--=> preempt-depth\n"
		 "#                              ||| / _-=> migrate-disable\n"
		 "#                              |||| /     delay\n"
		 "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
		 "#              | |         |   |||||     |         |\n");
}

/* The five context columns, from an entry's flags and preempt_count. */
static void format_context(char out[6], struct trace_entry *ent)
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

/*
 * A code address as the sym-offset and sym-addr options want it: the
 * bare function name by default (no "[module]"), "name+off/size [module]"
 * with sym-offset.
 */
static void format_ip(struct trace_seq *s, struct trace_array *tr,
		      unsigned long ip)
{
	char name[KSYM_NAME_LEN];

	if (!ip) {
		trace_seq_putc(s, '0');
		return;
	}
	if (trace_opt(tr, TRACE_OPT_SYM_OFFSET))
		trace_seq_printf(s, "%pS", (void *)ip);
	else if (!lookup_symbol_name(ip, name))
		trace_seq_puts(s, name);
	else
		trace_seq_printf(s, "0x%lx", ip);
	if (trace_opt(tr, TRACE_OPT_SYM_ADDR))
		trace_seq_printf(s, " <%016lx>", ip);
}

static void format_message(struct trace_seq *s, struct trace_array *tr,
			   struct trace_entry *ent, unsigned int len)
{
	switch (ent->type) {
	case TRACE_ENTRY_FN: {
		struct ftrace_entry *e = (void *)ent;

		format_ip(s, tr, e->ip);
		if (trace_opt(tr, TRACE_OPT_PRINT_PARENT) && e->parent_ip) {
			trace_seq_puts(s, " <-");
			format_ip(s, tr, e->parent_ip);
		}
		trace_seq_putc(s, '\n');
		break;
	}
	case TRACE_ENTRY_STACK: {
		struct stack_entry *e = (void *)ent;
		int i, n = min_t(int, e->size, (len - sizeof(*e)) / sizeof(long));

		trace_seq_puts(s, "<stack trace>\n");
		for (i = 0; i < n; i++) {
			trace_seq_puts(s, " => ");
			format_ip(s, tr, e->caller[i]);
			trace_seq_putc(s, '\n');
		}
		break;
	}
	case TRACE_ENTRY_PRINT: {
		struct print_entry *e = (void *)ent;

		format_ip(s, tr, e->ip);
		trace_seq_printf(s, ": %s", e->buf);
		break;
	}
	case TRACE_ENTRY_BPRINT: {
		struct bprint_entry *e = (void *)ent;

		format_ip(s, tr, e->ip);
		trace_seq_puts(s, ": ");
		trace_seq_bprintf(s, e->fmt, e->buf);
		break;
	}
	case TRACE_ENTRY_BPUTS: {
		struct bputs_entry *e = (void *)ent;

		format_ip(s, tr, e->ip);
		trace_seq_printf(s, ": %s", e->str);
		break;
	}
	case TRACE_ENTRY_RAW_DATA: {
		struct raw_data_entry *e = (void *)ent;
		unsigned int i;

		trace_seq_printf(s, "# %x buf:", e->id);
		for (i = 0; i + sizeof(*e) < len; i++)
			trace_seq_printf(s, " %02x", (unsigned char)e->buf[i]);
		trace_seq_putc(s, '\n');
		break;
	}
	default:
		trace_seq_printf(s, "Unknown type %d\n", ent->type);
	}
}

/**
 * trace_format_entry - one line of trace or trace_pipe
 * @s: where to print
 * @tr: the instance (its clock decides the timestamp format)
 * @ent: the entry
 * @len: its length
 * @cpu: the CPU it was recorded on
 * @ts: its timestamp
 */
void trace_format_entry(struct trace_seq *s, struct trace_array *tr,
			struct trace_entry *ent, unsigned int len, int cpu,
			u64 ts)
{
	char comm[TASK_COMM_LEN];
	char ctx[6];

	trace_find_cmdline(ent->pid, comm);
	format_context(ctx, ent);
	trace_seq_printf(s, "%16s-%-7d [%03d] %s ", comm, ent->pid, cpu, ctx);
	if (trace_clocks[tr->clock_id].in_ns) {
		unsigned long usec = do_div(ts, NSEC_PER_SEC) / NSEC_PER_USEC;

		trace_seq_printf(s, "%5llu.%06lu: ", ts, usec);
	} else {
		trace_seq_printf(s, "%12llu: ", ts);
	}
	format_message(s, tr, ent, len);
}
