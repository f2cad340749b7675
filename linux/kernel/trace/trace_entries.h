/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entries the tracing core writes itself (as opposed to trace events,
 * which describe their own layout).  Their formats are published in
 * events/ftrace/<name>/format so that trace-cmd can decode them.
 */
#ifndef _KERNEL_TRACE_TRACE_ENTRIES_H
#define _KERNEL_TRACE_TRACE_ENTRIES_H

#include <linux/trace_events.h>

/* Entry type ids: the common_type field and the "ID:" of each format. */
enum trace_entry_type {
	TRACE_ENTRY_NONE,
	TRACE_ENTRY_FN = 1,
	TRACE_ENTRY_STACK = 4,
	TRACE_ENTRY_PRINT = 5,
	TRACE_ENTRY_BPRINT = 6,
	TRACE_ENTRY_BPUTS = 17,
	TRACE_ENTRY_RAW_DATA = 21,
};

/* A call of a traced function. */
struct ftrace_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
};

/* A kernel stack trace: @size return addresses, innermost first. */
struct stack_entry {
	struct trace_entry	ent;
	int			size;
	unsigned long		caller[];
};

/* Most frames a stack entry holds. */
#define TRACE_STACK_MAX		64

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

#endif /* _KERNEL_TRACE_TRACE_ENTRIES_H */
