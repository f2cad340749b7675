// SPDX-License-Identifier: GPL-2.0
/*
 * The core's own entries (trace_entries.h) as events of the "ftrace"
 * system: each has a fixed entry type, a field table that its
 * events/ftrace/<name>/format publishes for trace-cmd, and a printer
 * that trace and trace_pipe use, through the same registry as every
 * TRACE_EVENT().  They cannot be enabled: the tracers write them.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/pid_namespace.h>
#include <linux/sched/mm.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>

#include "trace.h"
#include "trace_entries.h"
#include "trace_event_internal.h"

/* --- Printers -------------------------------------------------------------- */

static enum print_line_t print_function(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct ftrace_entry *e = (void *)iter->ent;
	struct trace_seq *s = &iter->seq;

	trace_print_ip(s, iter->tr, e->ip);
	if (trace_opt(iter->tr, TRACE_OPT_PRINT_PARENT) && e->parent_ip) {
		trace_seq_puts(s, " <-");
		trace_print_ip(s, iter->tr, e->parent_ip);
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t raw_function(struct trace_iterator *iter, int flags,
				       struct trace_event *event)
{
	struct ftrace_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "%lx %lx\n", e->ip, e->parent_ip);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t hex_function(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct ftrace_entry *e = (void *)iter->ent;

	trace_seq_putmem_hex(&iter->seq, &e->ip, sizeof(e->ip));
	trace_seq_putmem_hex(&iter->seq, &e->parent_ip, sizeof(e->parent_ip));
	return trace_handle_return(&iter->seq);
}

static enum print_line_t bin_function(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct ftrace_entry *e = (void *)iter->ent;

	trace_seq_putmem(&iter->seq, &e->ip, sizeof(e->ip));
	trace_seq_putmem(&iter->seq, &e->parent_ip, sizeof(e->parent_ip));
	return trace_handle_return(&iter->seq);
}

/* The raw option on a trace_printk() line: "# ip message". */
static enum print_line_t raw_print(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	struct print_entry *e = (void *)iter->ent;
	int len = iter->ent_size - (int)sizeof(*e);

	trace_seq_printf(&iter->seq, "# %lx %.*s", e->ip, max(len, 0), e->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t raw_bprint(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	struct bprint_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "# %lx ", e->ip);
	trace_seq_bprintf(&iter->seq, e->fmt, e->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t raw_bputs(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	struct bputs_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "# %lx %s", e->ip, e->str);
	return trace_handle_return(&iter->seq);
}

/* trace_printk() lines start with their caller, unless msg-only. */
static void print_caller(struct trace_iterator *iter, int flags,
			 unsigned long ip)
{
	if (flags & TRACE_PRINT_MSG_ONLY)
		return;
	trace_print_ip(&iter->seq, iter->tr, ip);
	trace_seq_puts(&iter->seq, ": ");
}

static enum print_line_t print_stack(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct stack_entry *e = (void *)iter->ent;
	struct trace_seq *s = &iter->seq;
	int i, n;

	n = (iter->ent_size - (int)sizeof(*e)) / (int)sizeof(long);
	n = clamp(e->size, 0, max(n, 0));
	trace_seq_puts(s, "<stack trace>\n");
	for (i = 0; i < n; i++) {
		trace_seq_puts(s, " => ");
		trace_print_ip(s, iter->tr, e->caller[i]);
		trace_seq_putc(s, '\n');
	}
	return trace_handle_return(s);
}

/*
 * sym-userobj: the object file an address of task group @tgid lies in,
 * "path[+0xoffset]", looked up when the trace is read (the task may be
 * gone by then: then nothing is printed).
 */
static bool print_user_object(struct trace_seq *s, unsigned int tgid,
			      unsigned long addr)
{
	struct vm_area_struct *vma;
	struct task_struct *task;
	struct mm_struct *mm;
	bool done = false;

	rcu_read_lock();
	task = pid_task(find_pid_ns(tgid, &init_pid_ns), PIDTYPE_TGID);
	mm = task ? get_task_mm(task) : NULL;
	rcu_read_unlock();
	if (!mm)
		return false;
	if (mmap_read_trylock(mm)) {
		vma = vma_lookup(mm, addr);
		if (vma && vma->vm_file) {
			trace_seq_path(s, &vma->vm_file->f_path);
			trace_seq_printf(s, "[+0x%lx]", addr - vma->vm_start);
			done = true;
		}
		mmap_read_unlock(mm);
	}
	mmput(mm);
	return done;
}

static enum print_line_t print_user_stack(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct userstack_entry *e = (void *)iter->ent;
	struct trace_seq *s = &iter->seq;
	bool obj = trace_opt(iter->tr, TRACE_OPT_SYM_USEROBJ) &&
		   !(iter->iter_flags & TRACE_FILE_ATOMIC);
	int i;

	if (iter->ent_size < (int)sizeof(*e))
		return TRACE_TYPE_UNHANDLED;
	trace_seq_puts(s, "<user stack trace>\n");
	for (i = 0; i < ARRAY_SIZE(e->caller) && e->caller[i]; i++) {
		trace_seq_puts(s, " => ");
		/* The address when there is no object, or with sym-addr. */
		if (!obj || !print_user_object(s, e->tgid, e->caller[i]) ||
		    trace_opt(iter->tr, TRACE_OPT_SYM_ADDR))
			trace_seq_printf(s, " <%016lx>", e->caller[i]);
		trace_seq_putc(s, '\n');
	}
	return trace_handle_return(s);
}

static enum print_line_t print_func_repeats(struct trace_iterator *iter,
					    int flags,
					    struct trace_event *event)
{
	struct func_repeats_entry *e = (void *)iter->ent;
	struct trace_seq *s = &iter->seq;
	u64 delta, ts;
	unsigned long usec;

	if (iter->ent_size < (int)sizeof(*e))
		return TRACE_TYPE_UNHANDLED;
	trace_print_ip(s, iter->tr, e->ip);
	if (trace_opt(iter->tr, TRACE_OPT_PRINT_PARENT)) {
		trace_seq_puts(s, " <-");
		trace_print_ip(s, iter->tr, e->parent_ip);
	}
	delta = (u64)e->top_delta_ts << 32 | e->bottom_delta_ts;
	ts = iter->ts - delta;
	usec = do_div(ts, NSEC_PER_SEC) / NSEC_PER_USEC;
	trace_seq_printf(s, " (repeats: %u, last_ts: %5llu.%06lu)\n",
			 e->count, ts, usec);
	return trace_handle_return(s);
}

static enum print_line_t raw_func_repeats(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct func_repeats_entry *e = (void *)iter->ent;

	if (iter->ent_size < (int)sizeof(*e))
		return TRACE_TYPE_UNHANDLED;
	trace_seq_printf(&iter->seq, "%lu %lu %u %llu\n", e->ip, e->parent_ip,
			 e->count,
			 (u64)e->top_delta_ts << 32 | e->bottom_delta_ts);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_print(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct print_entry *e = (void *)iter->ent;
	int len = iter->ent_size - (int)sizeof(*e);

	print_caller(iter, flags, e->ip);
	trace_seq_printf(&iter->seq, "%.*s", max(len, 0), e->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_bprint(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct bprint_entry *e = (void *)iter->ent;

	print_caller(iter, flags, e->ip);
	trace_seq_bprintf(&iter->seq, e->fmt, e->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_bputs(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct bputs_entry *e = (void *)iter->ent;

	print_caller(iter, flags, e->ip);
	trace_seq_puts(&iter->seq, e->str);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_raw_data(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct raw_data_entry *e = (void *)iter->ent;
	int i, len = iter->ent_size - (int)sizeof(*e);

	trace_seq_printf(&iter->seq, "# %x buf:", e->id);
	for (i = 0; i < len; i++)
		trace_seq_printf(&iter->seq, " %02x", (unsigned char)e->buf[i]);
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

/* --- Field tables and events ---------------------------------------------- */

#define ENTRY_FIELD(etype, member, ctype, sgn)				\
	{ .type = ctype, .name = #member,				\
	  .size = sizeof_field(etype, member),				\
	  .align = __alignof__(((etype *)0)->member),			\
	  .is_signed = sgn, .filter_type = FILTER_OTHER }
#define ENTRY_ARRAY(member, ctype, elem, n, sgn)			\
	{ .type = ctype, .name = #member, .size = sizeof(elem) * (n),	\
	  .align = __alignof__(elem), .is_signed = sgn,			\
	  .filter_type = FILTER_OTHER, .len = (n) }

static struct trace_event_fields function_fields[] = {
	ENTRY_FIELD(struct ftrace_entry, ip, "unsigned long", 0),
	ENTRY_FIELD(struct ftrace_entry, parent_ip, "unsigned long", 0),
	{}
};

static struct trace_event_fields kernel_stack_fields[] = {
	ENTRY_FIELD(struct stack_entry, size, "int", 1),
	/* Published as 8 frames, as upstream does; entries hold @size. */
	ENTRY_ARRAY(caller, "unsigned long[8]", unsigned long, 8, 0),
	{}
};

static struct trace_event_fields user_stack_fields[] = {
	ENTRY_FIELD(struct userstack_entry, tgid, "unsigned int", 0),
	ENTRY_ARRAY(caller, "unsigned long[8]", unsigned long, 8, 0),
	{}
};

static struct trace_event_fields func_repeats_fields[] = {
	ENTRY_FIELD(struct func_repeats_entry, ip, "unsigned long", 0),
	ENTRY_FIELD(struct func_repeats_entry, parent_ip, "unsigned long", 0),
	ENTRY_FIELD(struct func_repeats_entry, count, "u16", 0),
	ENTRY_FIELD(struct func_repeats_entry, top_delta_ts, "u16", 0),
	ENTRY_FIELD(struct func_repeats_entry, bottom_delta_ts, "u32", 0),
	{}
};

static struct trace_event_fields print_fields[] = {
	ENTRY_FIELD(struct print_entry, ip, "unsigned long", 0),
	ENTRY_ARRAY(buf, "char[]", char, 0, 0),
	{}
};

static struct trace_event_fields bprint_fields[] = {
	ENTRY_FIELD(struct bprint_entry, ip, "unsigned long", 0),
	ENTRY_FIELD(struct bprint_entry, fmt, "const char *", 0),
	ENTRY_ARRAY(buf, "u32[]", u32, 0, 0),
	{}
};

static struct trace_event_fields bputs_fields[] = {
	ENTRY_FIELD(struct bputs_entry, ip, "unsigned long", 0),
	ENTRY_FIELD(struct bputs_entry, str, "const char *", 0),
	{}
};

static struct trace_event_fields raw_data_fields[] = {
	ENTRY_FIELD(struct raw_data_entry, id, "unsigned int", 0),
	ENTRY_ARRAY(buf, "char[]", char, 0, 0),
	{}
};

/* A field of a packed member struct: its C type and its name. */
#define GRAPH_FIELD(ctype, cname, fname, sgn)				\
	{ .type = cname, .name = fname, .size = sizeof(ctype),		\
	  .align = __alignof__(ctype), .is_signed = sgn,		\
	  .filter_type = FILTER_OTHER }

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
static struct trace_event_fields funcgraph_entry_fields[] = {
	GRAPH_FIELD(unsigned long, "unsigned long", "func", 0),
	GRAPH_FIELD(int, "int", "depth", 1),
	{}
};

static struct trace_event_fields funcgraph_exit_fields[] = {
	GRAPH_FIELD(unsigned long, "unsigned long", "func", 0),
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	GRAPH_FIELD(unsigned long, "unsigned long", "retval", 0),
#endif
	GRAPH_FIELD(int, "int", "depth", 1),
	GRAPH_FIELD(unsigned int, "unsigned int", "overrun", 0),
	GRAPH_FIELD(unsigned long long, "unsigned long long", "calltime", 0),
	GRAPH_FIELD(unsigned long long, "unsigned long long", "rettime", 0),
	{}
};

/* Outside function_graph's readers (a dump): its line, without state. */
static enum print_line_t print_graph(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	return trace_graph_print_event(iter);
}

static enum print_line_t raw_graph_entry(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct fgraph_ent_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "%lx %d\n", e->graph_ent.func,
			 e->graph_ent.depth);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t raw_graph_exit(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct fgraph_ret_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "%lx %d %llu %llu\n", e->ret.func,
			 e->ret.depth, e->ret.calltime, e->ret.rettime);
	return trace_handle_return(&iter->seq);
}
#endif

#define ENTRY_EVENT(ename, etype, printer, fmt)				\
	ENTRY_EVENT_FUNCS(ename, etype, fmt, .trace = printer)

#define ENTRY_EVENT_FUNCS(ename, etype, fmt, ...)			\
	static struct trace_event_functions ename##_funcs = {		\
		__VA_ARGS__						\
	};								\
	static struct trace_event_class ename##_class = {		\
		.system = "ftrace",					\
		.fields_array = ename##_fields,				\
		.fields = LIST_HEAD_INIT(ename##_class.fields),		\
		.raw_init = trace_event_raw_init,			\
	};								\
	static char ename##_fmt[] = fmt;				\
	static struct trace_event_call ename##_call = {			\
		.class = &ename##_class,				\
		.name = #ename,						\
		.event = { .type = etype, .funcs = &ename##_funcs },	\
		.print_fmt = ename##_fmt,				\
		.flags = TRACE_EVENT_FL_IGNORE_ENABLE,			\
	}

ENTRY_EVENT_FUNCS(function, TRACE_ENTRY_FN,
		  "\" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip",
		  .trace = print_function, .raw = raw_function,
		  .hex = hex_function, .binary = bin_function);
/* Upstream's format, 8 frames; the printer prints each entry's @size. */
static_assert(TRACE_STACK_MAX >= 8);
ENTRY_EVENT(kernel_stack, TRACE_ENTRY_STACK, print_stack,
	    "\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\", (void *)REC->caller[0], (void *)REC->caller[1], (void *)REC->caller[2], (void *)REC->caller[3], (void *)REC->caller[4], (void *)REC->caller[5], (void *)REC->caller[6], (void *)REC->caller[7]");
ENTRY_EVENT(user_stack, TRACE_ENTRY_USER_STACK, print_user_stack,
	    "\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\", (void *)REC->caller[0], (void *)REC->caller[1], (void *)REC->caller[2], (void *)REC->caller[3], (void *)REC->caller[4], (void *)REC->caller[5], (void *)REC->caller[6], (void *)REC->caller[7]");
ENTRY_EVENT_FUNCS(func_repeats, TRACE_ENTRY_FUNC_REPEATS,
		  "\" %ps <-%ps\\t(repeats:%u  delta: -%llu)\", (void *)REC->ip, (void *)REC->parent_ip, REC->count, (((u64)(REC)->top_delta_ts << 32) | (REC)->bottom_delta_ts)",
		  .trace = print_func_repeats, .raw = raw_func_repeats);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
ENTRY_EVENT_FUNCS(funcgraph_entry, TRACE_ENTRY_GRAPH_ENT,
		  "\"--> %ps (%d)\", (void *)REC->func, REC->depth",
		  .trace = print_graph, .raw = raw_graph_entry);
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
ENTRY_EVENT_FUNCS(funcgraph_exit, TRACE_ENTRY_GRAPH_RET,
		  "\"<-- %ps (%d) (start: %llx  end: %llx) over: %d retval: %lx\", (void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth, REC->retval",
		  .trace = print_graph, .raw = raw_graph_exit);
#else
ENTRY_EVENT_FUNCS(funcgraph_exit, TRACE_ENTRY_GRAPH_RET,
		  "\"<-- %ps (%d) (start: %llx  end: %llx) over: %d\", (void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth",
		  .trace = print_graph, .raw = raw_graph_exit);
#endif
#endif
ENTRY_EVENT_FUNCS(print, TRACE_ENTRY_PRINT,
		  "\"%ps: %s\", (void *)REC->ip, REC->buf",
		  .trace = print_print, .raw = raw_print);
ENTRY_EVENT_FUNCS(bprint, TRACE_ENTRY_BPRINT,
		  "\"%ps: %s\", (void *)REC->ip, REC->fmt",
		  .trace = print_bprint, .raw = raw_bprint);
ENTRY_EVENT_FUNCS(bputs, TRACE_ENTRY_BPUTS,
		  "\"%ps: %s\", (void *)REC->ip, REC->str",
		  .trace = print_bputs, .raw = raw_bputs);
ENTRY_EVENT(raw_data, TRACE_ENTRY_RAW_DATA, print_raw_data,
	    "\"id:%04x %08x\", REC->id, (int)REC->buf[0]");

struct trace_event_call *const trace_entry_calls[] = {
	&function_call, &kernel_stack_call, &user_stack_call, &print_call,
	&bprint_call, &bputs_call, &raw_data_call, &func_repeats_call,
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	&funcgraph_entry_call, &funcgraph_exit_call,
#endif
};
const unsigned int nr_trace_entry_calls = ARRAY_SIZE(trace_entry_calls);

/**
 * trace_entry_is_marker - whether an event is the one trace_marker writes
 * @call: the event
 *
 * Return: true for ftrace/print, whose triggers marker writes run.
 */
bool trace_entry_is_marker(const struct trace_event_call *call)
{
	return call == &print_call;
}

/**
 * trace_entry_is_printk - whether an entry type is trace_printk()'s
 * @type: the entry's type
 *
 * Return: true for print, bprint and bputs entries.
 */
bool trace_entry_is_printk(int type)
{
	return type == TRACE_ENTRY_PRINT || type == TRACE_ENTRY_BPRINT ||
	       type == TRACE_ENTRY_BPUTS;
}
