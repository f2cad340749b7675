// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer's output: trace and trace_pipe as a call
 * graph, one line per entry or exit, with columns the funcgraph-*
 * options choose:
 *
 *   [abstime |] [CPU)] [comm-pid |] [mark duration |] indent  text
 *
 * An entry whose exit comes next on its CPU is a leaf, "func();" with
 * its duration on one line; other entries open "func() {" and their
 * exit closes "}".  Other entries show as comments, "slash-star text
 * star-slash", at the depth of the graph around them.  A reader keeps,
 * per CPU, the last task (a change prints a separator line) and the
 * function entered at each depth (an exit whose entry was not seen
 * names its function).
 *
 * A latency tracer's graph (display-graph) has fixed columns instead,
 * upstream's for those tracers: the time since the case began (REL
 * TIME), CPU, task, the latency format's flags and the duration.
 */
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace_seq.h>
#include <asm/sections.h>

#include "trace.h"
#include "trace_entries.h"
#include "ring_buffer_ext.h"
#include "trace_event_internal.h"

/* Spaces per level of depth. */
#define GRAPH_INDENT		2
/* The depths whose entered function a reader remembers. */
#define GRAPH_DEPTHS		FTRACE_RETFUNC_DEPTH
/* Width of the comm-pid column. */
#define GRAPH_PROC_WIDTH	14
/* The latency tracers' REL TIME column: no option, their graph has it. */
#define GRAPH_COL_REL_TIME	TRACE_OPT_MAX
/* The funcgraph-* options their graph follows: on as these say. */
#define GRAPH_LAT_COLUMNS	(BIT(TRACE_OPT_GRAPH_CPU) | \
				 BIT(TRACE_OPT_GRAPH_PROC) | \
				 BIT(TRACE_OPT_GRAPH_DURATION))

/**
 * struct graph_cpu - what a reader knows of one CPU's graph
 * @last_pid:	the task of the CPU's last entry shown, -1 before any
 * @depth:	the depth of the graph after that entry
 * @entered:	the function entered at each depth, 0 once it returned
 */
struct graph_cpu {
	int		last_pid;
	int		depth;
	unsigned long	entered[GRAPH_DEPTHS];
};

/**
 * struct graph_reader - a reader's state (iter->private)
 * @cpus:	per CPU, by number
 * @ent:	the entry being shown, copied: finding its exit may move
 *		the reader past it
 * @ret:	its exit when it is a leaf
 * @base:	a latency tracer's graph: when its case began (REL TIME)
 */
struct graph_reader {
	struct graph_cpu	*cpus;
	struct fgraph_ent_entry	ent;
	struct fgraph_ret_entry	ret;
	u64			base;
};

/* Whether column @o is shown: a funcgraph-* option, or REL TIME. */
static bool column_on(struct trace_array *tr, bool lat, int o)
{
	if (o == GRAPH_COL_REL_TIME)
		return lat;
	if (lat && o >= TRACE_OPT_GRAPH_OVERRUN &&
	    o <= TRACE_OPT_GRAPH_RETVAL_HEX)
		return GRAPH_LAT_COLUMNS & BIT(o);
	return trace_opt(tr, o);
}

static bool opt(struct trace_iterator *iter, int o)
{
	return column_on(iter->tr, iter->iter_flags & TRACE_FILE_GRAPH_LAT, o);
}

static int cpu_width(void)
{
	int w = 1, n = nr_cpu_ids - 1;

	while (n >= 10) {
		n /= 10;
		w++;
	}
	return w;
}

/* --- Columns ------------------------------------------------------------- */

static void print_cpu(struct trace_seq *s, int cpu)
{
	trace_seq_printf(s, " %*d) ", cpu_width(), cpu);
}

/* "comm-pid", the comm cut to 7 characters, centred in its column. */
static void print_proc(struct trace_seq *s, int pid)
{
	char comm[TASK_COMM_LEN], id[24];
	int len, pad;

	trace_find_cmdline(pid, comm);
	comm[7] = '\0';
	len = snprintf(id, sizeof(id), "%s-%d", comm, pid);
	pad = max(GRAPH_PROC_WIDTH - len, 0);
	trace_seq_printf(s, "%*s%s%*s", pad / 2, "", id, pad - pad / 2, "");
}

/*
 * A duration in microseconds, at most 8 characters of number ("123.456",
 * "12345.67", "1234567"), then " us " padded to 12 in all.
 */
static void print_duration_value(struct trace_seq *s, u64 ns)
{
	unsigned long rem = do_div(ns, NSEC_PER_USEC);
	int len, decimals, i;
	char num[32];

	len = snprintf(num, sizeof(num), "%llu", ns);
	if (len < 7) {
		/* The fraction's leading digits, cut (not rounded). */
		decimals = min(3, 7 - len);
		for (i = decimals; i < 3; i++)
			rem /= 10;
		len += snprintf(num + len, sizeof(num) - len, ".%0*lu",
				decimals, rem);
	}
	trace_seq_printf(s, "%s us %*s", num, max(8 - len, 0), "");
}

enum duration_fill {
	FILL_NONE,	/* a duration */
	FILL_ALL,	/* no duration: the whole column blank */
	FILL_HEAD,	/* the part before an interrupt arrow */
	FILL_TAIL,	/* the part after it */
};

static void print_duration(struct trace_iterator *iter, u64 ns,
			   enum duration_fill fill)
{
	struct trace_seq *s = &iter->seq;

	if (!opt(iter, TRACE_OPT_GRAPH_DURATION) ||
	    !opt(iter, TRACE_OPT_CONTEXT_INFO))
		return;
	switch (fill) {
	case FILL_ALL:
		trace_seq_printf(s, "%14s|  ", "");
		return;
	case FILL_HEAD:
		trace_seq_puts(s, "  ");
		return;
	case FILL_TAIL:
		trace_seq_puts(s, " |");
		return;
	case FILL_NONE:
		break;
	}
	trace_seq_putc(s, opt(iter, TRACE_OPT_GRAPH_OVERHEAD) ?
			  trace_duration_mark(ns) : ' ');
	trace_seq_putc(s, ' ');
	print_duration_value(s, ns);
	trace_seq_puts(s, "|  ");
}

static void print_indent(struct trace_seq *s, int depth)
{
	if (depth > 0)
		trace_seq_printf(s, "%*s", depth * GRAPH_INDENT, "");
}

/*
 * The separator when a CPU's task changes between two graph lines:
 * dashes, " CPU) prev => next", dashes, a blank line.
 */
static void check_task_switch(struct trace_iterator *iter,
			      struct graph_cpu *gc)
{
	struct trace_seq *s = &iter->seq;
	int pid = iter->ent->pid, prev;

	if (!gc || gc->last_pid == pid)
		return;
	prev = gc->last_pid;
	gc->last_pid = pid;
	if (prev < 0)
		return;
	trace_seq_printf(s, " %.42s\n", "------------------------------------------------");
	print_cpu(s, iter->cpu);
	print_proc(s, prev);
	trace_seq_puts(s, " => ");
	print_proc(s, pid);
	trace_seq_printf(s, "\n %.42s\n\n", "------------------------------------------------");
}

/* Microseconds since a latency tracer's case began, as its format has. */
static void print_rel_time(struct trace_iterator *iter)
{
	struct graph_reader *gr = iter->private;
	u64 rel = iter->ts > gr->base ? iter->ts - gr->base : 0;

	if (trace_clocks[iter->tr->clock_id].in_ns)
		rel = div_u64(rel, NSEC_PER_USEC);
	trace_seq_printf(&iter->seq, "%9llu us |  ", rel);
}

/* The columns before the duration: time, CPU, task. */
static void print_prologue(struct trace_iterator *iter, struct graph_cpu *gc,
			   bool graph_line)
{
	struct trace_seq *s = &iter->seq;
	u64 t = iter->ts;
	unsigned long usec;

	if (!opt(iter, TRACE_OPT_CONTEXT_INFO))
		return;
	if (graph_line)
		check_task_switch(iter, gc);
	if (opt(iter, TRACE_OPT_GRAPH_ABSTIME)) {
		usec = do_div(t, NSEC_PER_SEC) / NSEC_PER_USEC;
		trace_seq_printf(s, "%5llu.%06lu |  ", t, usec);
	}
	if (opt(iter, GRAPH_COL_REL_TIME))
		print_rel_time(iter);
	if (opt(iter, TRACE_OPT_GRAPH_CPU))
		print_cpu(s, iter->cpu);
	if (opt(iter, TRACE_OPT_GRAPH_PROC)) {
		print_proc(s, iter->ent->pid);
		trace_seq_puts(s, " | ");
	}
	if (opt(iter, TRACE_OPT_LATENCY_FMT)) {
		char ctx[6];

		trace_format_context(ctx, iter->ent);
		trace_seq_printf(s, " %s | ", ctx);
	}
}

/* The arrows around a function of the interrupt entry text. */
static void print_irq_arrow(struct trace_iterator *iter, unsigned long func,
			    bool entry)
{
	struct trace_seq *s = &iter->seq;

	if (func < (unsigned long)__irqentry_text_start ||
	    func >= (unsigned long)__irqentry_text_end)
		return;
	print_prologue(iter, NULL, false);
	print_duration(iter, 0, FILL_HEAD);
	trace_seq_puts(s, entry ? "==========>" : "<==========");
	print_duration(iter, 0, FILL_TAIL);
	trace_seq_putc(s, '\n');
}

#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
/*
 * " = value" in a comment after the call: hex, or negative decimal for
 * an error code unless funcgraph-retval-hex.
 */
static void print_retval(struct trace_iterator *iter, unsigned long func,
			 unsigned long retval, bool leaf)
{
	struct trace_seq *s = &iter->seq;
	bool err = IS_ERR_VALUE(retval) && !opt(iter, TRACE_OPT_GRAPH_RETVAL_HEX);
	char val[24];

	if (err)
		snprintf(val, sizeof(val), "%ld", (long)retval);
	else
		snprintf(val, sizeof(val), "0x%lx", retval);
	if (leaf)
		trace_seq_printf(s, "%ps(); /* = %s */\n", (void *)func, val);
	else
		trace_seq_printf(s, "} /* %ps = %s */\n", (void *)func, val);
}
#endif

/* --- Entries and exits ----------------------------------------------------- */

/*
 * The exit right after @ent on its CPU, if it is @ent's: copied into
 * @gr->ret, and the reader moved past @ent so that its next step skips
 * the exit.
 */
static bool find_leaf_exit(struct trace_iterator *iter,
			   struct graph_reader *gr)
{
	struct fgraph_ent_entry *ent = &gr->ent;
	struct fgraph_ret_entry *ret = &gr->ret;
	struct ring_buffer_iter *it = NULL;
	struct ring_buffer_event *ev;
	unsigned int len;

	if (iter->buffer_iter)
		it = iter->buffer_iter[iter->cpu];
	if (it) {
		len = ring_buffer_iter_peek_next(it, ret, sizeof(*ret), NULL);
	} else {
		/* Consuming: the entry goes first, then the next is seen. */
		ring_buffer_consume(iter->tr->buffer, iter->cpu, NULL, NULL);
		iter->iter_flags |= TRACE_FILE_CONSUMED;
		ev = ring_buffer_peek(iter->tr->buffer, iter->cpu, NULL, NULL);
		len = ev ? ring_buffer_event_length(ev) : 0;
		if (len)
			memcpy(ret, ring_buffer_event_data(ev),
			       min_t(unsigned int, len, sizeof(*ret)));
	}
	if (len < sizeof(*ret) || ret->ent.type != TRACE_ENTRY_GRAPH_RET ||
	    ret->ent.pid != ent->ent.pid ||
	    ret->ret.func != ent->graph_ent.func ||
	    ret->ret.depth != ent->graph_ent.depth)
		return false;
	if (it)
		ring_buffer_iter_advance(it);
	else
		ring_buffer_consume(iter->tr->buffer, iter->cpu, NULL, NULL);
	return true;
}

static enum print_line_t print_entry(struct trace_iterator *iter,
				     struct graph_reader *gr,
				     struct graph_cpu *gc,
				     struct fgraph_ent_entry *ent)
{
	struct trace_seq *s = &iter->seq;
	unsigned long func = ent->graph_ent.func;
	int depth = ent->graph_ent.depth;
	bool leaf = gr && find_leaf_exit(iter, gr);

	print_irq_arrow(iter, func, true);
	print_prologue(iter, gc, true);
	if (leaf) {
		print_duration(iter, gr->ret.ret.rettime - gr->ret.ret.calltime,
			       FILL_NONE);
		print_indent(s, depth);
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
		if (opt(iter, TRACE_OPT_GRAPH_RETVAL)) {
			print_retval(iter, func, gr->ret.ret.retval, true);
			goto done;
		}
#endif
		trace_seq_printf(s, "%ps();\n", (void *)func);
	} else {
		print_duration(iter, 0, FILL_ALL);
		print_indent(s, depth);
		trace_seq_printf(s, "%ps() {\n", (void *)func);
	}
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
done:
#endif
	if (gc) {
		gc->depth = leaf ? depth - 1 : depth;
		if (depth >= 0 && depth < GRAPH_DEPTHS)
			gc->entered[depth] = leaf ? 0 : func;
	}
	return trace_handle_return(s);
}

static enum print_line_t print_exit(struct trace_iterator *iter,
				    struct graph_cpu *gc,
				    struct fgraph_ret_entry *ret)
{
	struct trace_seq *s = &iter->seq;
	struct ftrace_graph_ret *r = &ret->ret;
	bool matched = false;

	if (gc) {
		gc->depth = r->depth - 1;
		if (r->depth >= 0 && r->depth < GRAPH_DEPTHS) {
			matched = gc->entered[r->depth] == r->func;
			gc->entered[r->depth] = 0;
		}
	}
	print_prologue(iter, gc, true);
	print_duration(iter, r->rettime - r->calltime, FILL_NONE);
	print_indent(s, r->depth);
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	if (opt(iter, TRACE_OPT_GRAPH_RETVAL)) {
		print_retval(iter, r->func, r->retval, false);
		goto overrun;
	}
#endif
	/* An exit whose entry this reader did not see names its function. */
	if (matched && !opt(iter, TRACE_OPT_GRAPH_TAIL))
		trace_seq_puts(s, "}\n");
	else
		trace_seq_printf(s, "} /* %ps */\n", (void *)r->func);
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
overrun:
#endif
	if (opt(iter, TRACE_OPT_GRAPH_OVERRUN))
		trace_seq_printf(s, " (Overruns: %u)\n", r->overrun);
	print_irq_arrow(iter, r->func, false);
	return trace_handle_return(s);
}

/* Another entry: its text as a comment, at the depth of the graph. */
static enum print_line_t print_comment(struct trace_iterator *iter,
				       struct graph_cpu *gc)
{
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;
	int depth = gc ? gc->depth : 0;
	enum print_line_t ret;

	rcu_read_lock();
	event = ftrace_find_event(iter->ent->type);
	if (!event) {
		rcu_read_unlock();
		return TRACE_TYPE_UNHANDLED;
	}
	print_prologue(iter, gc, false);
	print_duration(iter, 0, FILL_ALL);
	if (depth > 0)
		print_indent(s, depth + 1);
	trace_seq_puts(s, "/* ");
	ret = event->funcs->trace(iter, TRACE_PRINT_MSG_ONLY, event);
	rcu_read_unlock();
	if (ret == TRACE_TYPE_UNHANDLED || trace_seq_has_overflowed(s))
		return trace_handle_return(s);
	/* The text's own newline goes after the comment's end. */
	if (s->seq.len && s->buffer[s->seq.len - 1] == '\n')
		s->seq.len--;
	trace_seq_puts(s, " */\n");
	return trace_handle_return(s);
}

static enum print_line_t graph_line(struct trace_iterator *iter,
				    struct graph_reader *gr)
{
	struct graph_cpu *gc = NULL;
	struct fgraph_ent_entry ent_copy, *ent = &ent_copy;

	if (gr && iter->cpu >= 0 && iter->cpu < nr_cpu_ids)
		gc = &gr->cpus[iter->cpu];
	switch (iter->ent->type) {
	case TRACE_ENTRY_GRAPH_ENT:
		if (iter->ent_size < (int)sizeof(*ent))
			return TRACE_TYPE_UNHANDLED;
		if (!gr) {
			memcpy(ent, iter->ent, sizeof(*ent));
			return print_entry(iter, gr, gc, ent);
		}
		ent = &gr->ent;
		memcpy(ent, iter->ent, sizeof(*ent));
		/*
		 * Looking for the exit, a consuming reader may give the
		 * entry's page back to the writers: use the copy from here on.
		 */
		iter->ent = &ent->ent;
		return print_entry(iter, gr, gc, ent);
	case TRACE_ENTRY_GRAPH_RET:
		if (iter->ent_size < (int)sizeof(struct fgraph_ret_entry))
			return TRACE_TYPE_UNHANDLED;
		return print_exit(iter, gc, (void *)iter->ent);
	case TRACE_ENTRY_STACK:
	case TRACE_ENTRY_USER_STACK:
	case TRACE_ENTRY_FN:
		/* Shown the usual way, not as comments. */
		return TRACE_TYPE_UNHANDLED;
	}
	return print_comment(iter, gc);
}

/**
 * trace_graph_print_line - function_graph's line for an entry
 * @iter: the reader, with the entry
 *
 * Return: TRACE_TYPE_UNHANDLED for entries shown the generic way.
 */
enum print_line_t trace_graph_print_line(struct trace_iterator *iter)
{
	/* As upstream's: the graph whatever raw, hex and bin say. */
	return graph_line(iter, iter->private);
}

/**
 * trace_graph_print_lat_line - a latency tracer's graph line for an entry
 * @iter: the reader, opened with trace_graph_lat_open()
 * @base: when the case shown began, for the REL TIME column
 *
 * Return: TRACE_TYPE_UNHANDLED for entries shown the generic way.
 */
enum print_line_t trace_graph_print_lat_line(struct trace_iterator *iter,
					     u64 base)
{
	struct graph_reader *gr = iter->private;

	if (!gr || !(iter->iter_flags & TRACE_FILE_GRAPH_LAT))
		return TRACE_TYPE_UNHANDLED;
	gr->base = base;
	return graph_line(iter, gr);
}

/**
 * trace_graph_print_event - a graph entry's line without reader state
 * @iter: the iterator (a dump, or a reader of another tracer)
 *
 * Return: the print status.
 */
enum print_line_t trace_graph_print_event(struct trace_iterator *iter)
{
	return graph_line(iter, NULL);
}

/* --- Header ---------------------------------------------------------------- */

/* The columns of the header: option, title, marks under it. */
static const struct {
	int		opt;
	const char	*title;
	const char	*marks;
} graph_columns[] = {
	{ TRACE_OPT_GRAPH_ABSTIME,	"     TIME       ",	"      |         " },
	{ GRAPH_COL_REL_TIME,		"   REL TIME     ",	"      |         " },
	{ TRACE_OPT_GRAPH_CPU,		" CPU",			" |  " },
	{ TRACE_OPT_GRAPH_PROC,		"  TASK/PID       ",	"   |    |        " },
	{ TRACE_OPT_GRAPH_DURATION,	"  DURATION   ",	"   |   |      " },
};

/* The latency format's flag columns in a graph. */
static const char *const graph_lat_columns[] = {
	"irqs-off", "need-resched", "hardirq/softirq", "preempt-depth",
	/* No name: the line is blank up to upstream's width. */
	"                 ",
};

/*
 * The header of @tr's graph, a latency tracer's if @lat_tracer: the
 * latency format's legend (its arrows end over the flag columns), then
 * the columns' titles and marks.
 */
static void print_header(struct seq_file *m, struct trace_array *tr,
			 bool lat_tracer)
{
	bool lat = trace_opt(tr, TRACE_OPT_LATENCY_FMT);
	int line, i, indent = 2;

	if (!trace_opt(tr, TRACE_OPT_CONTEXT_INFO))
		return;
	for (i = 0; i < ARRAY_SIZE(graph_columns); i++) {
		if (graph_columns[i].opt == TRACE_OPT_GRAPH_DURATION)
			break;
		if (column_on(tr, lat_tracer, graph_columns[i].opt))
			indent += strlen(graph_columns[i].title);
	}
	if (lat)
		trace_print_latency_legend(m, graph_lat_columns,
					   ARRAY_SIZE(graph_lat_columns), indent,
					   ARRAY_SIZE(graph_lat_columns));
	for (line = 0; line < 2; line++) {
		seq_putc(m, '#');
		for (i = 0; i < ARRAY_SIZE(graph_columns); i++) {
			/* The flag columns go before the duration. */
			if (lat && graph_columns[i].opt == TRACE_OPT_GRAPH_DURATION)
				seq_puts(m, "||||   ");
			if (column_on(tr, lat_tracer, graph_columns[i].opt))
				seq_puts(m, line ? graph_columns[i].marks :
					 graph_columns[i].title);
		}
		seq_printf(m, "%15s%s\n", "",
			   line ? "|   |   |   |" : "FUNCTION CALLS");
	}
}

/**
 * trace_graph_print_header - function_graph's column header
 * @m: the seq_file
 * @tr: the instance
 */
void trace_graph_print_header(struct seq_file *m, struct trace_array *tr)
{
	print_header(m, tr, false);
}

/**
 * trace_graph_print_lat_header - a latency tracer's graph column header
 * @m: the seq_file
 * @tr: the instance
 */
void trace_graph_print_lat_header(struct seq_file *m, struct trace_array *tr)
{
	print_header(m, tr, true);
}

/* --- Readers ----------------------------------------------------------------- */

/**
 * trace_graph_open - a reader's graph state
 * @iter: the reader
 *
 * Return: 0 or -ENOMEM.
 */
int trace_graph_open(struct trace_iterator *iter)
{
	struct graph_reader *gr;
	int cpu;

	gr = kzalloc(sizeof(*gr), GFP_KERNEL);
	if (!gr)
		return -ENOMEM;
	gr->cpus = kvcalloc(nr_cpu_ids, sizeof(*gr->cpus), GFP_KERNEL);
	if (!gr->cpus) {
		kfree(gr);
		return -ENOMEM;
	}
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		gr->cpus[cpu].last_pid = -1;
	iter->private = gr;
	return 0;
}

/**
 * trace_graph_lat_open - a latency tracer's reader's graph state
 * @iter: the reader
 *
 * Its graph lines (trace_graph_print_lat_line()) have the latency
 * tracers' columns.  trace_graph_close() frees it.
 *
 * Return: 0 or -ENOMEM.
 */
int trace_graph_lat_open(struct trace_iterator *iter)
{
	int ret = trace_graph_open(iter);

	if (!ret)
		iter->iter_flags |= TRACE_FILE_GRAPH_LAT;
	return ret;
}

/**
 * trace_graph_close - free a reader's graph state
 * @iter: the reader
 */
void trace_graph_close(struct trace_iterator *iter)
{
	struct graph_reader *gr = iter->private;

	iter->iter_flags &= ~TRACE_FILE_GRAPH_LAT;
	if (!gr)
		return;
	kvfree(gr->cpus);
	kfree(gr);
	iter->private = NULL;
}
