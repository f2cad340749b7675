/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entries the tracing core writes itself (as opposed to trace events,
 * which describe their own layout).  Their formats are published in
 * events/ftrace/<name>/format so that trace-cmd can decode them.
 */
#ifndef _KERNEL_TRACE_TRACE_ENTRIES_H
#define _KERNEL_TRACE_TRACE_ENTRIES_H

#include <linux/ftrace.h>
#include <linux/trace_events.h>

/* Entry type ids: the common_type field and the "ID:" of each format. */
enum trace_entry_type {
	TRACE_ENTRY_NONE,
	TRACE_ENTRY_FN = 1,
	TRACE_ENTRY_STACK = 4,
	TRACE_ENTRY_PRINT = 5,
	TRACE_ENTRY_BPRINT = 6,
	TRACE_ENTRY_GRAPH_RET = 10,
	TRACE_ENTRY_GRAPH_ENT = 11,
	TRACE_ENTRY_USER_STACK = 12,
	TRACE_ENTRY_BPUTS = 14,
	TRACE_ENTRY_RAW_DATA = 18,
	TRACE_ENTRY_FUNC_REPEATS = 19,
};

/* A call of a traced function. */
struct ftrace_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
};

/* A function_graph entry: a traced function was called. */
struct fgraph_ent_entry {
	struct trace_entry	ent;
	struct ftrace_graph_ent	graph_ent;
};

/* A function_graph exit: it returned, with its times. */
struct fgraph_ret_entry {
	struct trace_entry	ent;
	struct ftrace_graph_ret	ret;
};

/* A kernel stack trace: @size return addresses, innermost first. */
struct stack_entry {
	struct trace_entry	ent;
	int			size;
	unsigned long		caller[];
};

/* Most frames a stack entry holds. */
#define TRACE_STACK_MAX		64

/* The userstacktrace option: a user-space stack, zero-terminated. */
struct userstack_entry {
	struct trace_entry	ent;
	unsigned int		tgid;
	unsigned long		caller[8];
};

/* trace_marker and trace_printk() with a string. */
struct print_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	char			buf[];
};

/* trace_printk() with a constant format: the arguments, packed. */
struct bprint_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	const char		*fmt;
	u32			buf[];
};

/* trace_puts() of a constant string. */
struct bputs_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	const char		*str;
};

/* trace_marker_raw: an id and binary data. */
struct raw_data_entry {
	struct trace_entry	ent;
	unsigned int		id;
	char			buf[];
};

/*
 * The func-no-repeats option: @count more calls of @ip from @parent_ip
 * followed the last entry of the function; the last of them came
 * top_delta_ts << 32 | bottom_delta_ts nanoseconds before this entry.
 */
struct func_repeats_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
	u16			count;
	u16			top_delta_ts;
	u32			bottom_delta_ts;
};

#endif /* _KERNEL_TRACE_TRACE_ENTRIES_H */
