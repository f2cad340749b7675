/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces of the tracing core, shared by the files of
 * kernel/trace only.  Other subsystems use include/linux/ftrace.h,
 * include/linux/kernel.h and include/linux/trace_events.h.
 */
#ifndef _KERNEL_TRACE_TRACE_H
#define _KERNEL_TRACE_TRACE_H

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>

struct dentry;
struct seq_file;
struct trace_array;

/* Longest tracer name accepted by register_tracer() and current_tracer. */
#define TRACER_NAME_MAX		32

/**
 * struct tracer - a tracer plugin, registered with register_tracer()
 * @name:	the name listed in available_tracers and written to
 *		current_tracer; letters, digits and '_' only
 * @init:	called with the tracer mutex held when the tracer becomes the
 *		current one of @tr; a negative errno keeps the previous tracer
 *		(which the core has already reset to nop)
 * @reset:	called with the tracer mutex held when the tracer stops being
 *		the current one of @tr
 * @list:	link in the registry, owned by the core
 *
 * A tracer that is current on some trace array cannot be unregistered.
 */
struct tracer {
	const char		*name;
	int			(*init)(struct trace_array *tr);
	void			(*reset)(struct trace_array *tr);
	struct list_head	list;
};

/**
 * struct trace_array - one tracing instance: a tracer and its switches
 * @current_trace:	the tracer in use; never NULL once tracing is up
 * @record_on:		the tracing_on switch of this instance
 * @dir:		the instance's tracefs directory (NULL for the
 *			top level, which is the tracefs root)
 */
struct trace_array {
	struct tracer		*current_trace;
	bool			record_on;
	struct dentry		*dir;
};

/* The top-level instance, backing the files in the tracefs root. */
extern struct trace_array global_trace;

/* Serialises tracer registration and every change of a current tracer. */
extern struct mutex tracer_mutex;

/* The nop tracer: the default of every instance. */
extern struct tracer nop_tracer;

int register_tracer(struct tracer *t);
int unregister_tracer(struct tracer *t);
int tracing_set_tracer(struct trace_array *tr, const char *name);
void tracing_show_tracers(struct seq_file *m, struct trace_array *tr);
bool tracer_name_valid(const char *name);
void tracer_registry_init(void);

bool tracer_tracing_is_on(struct trace_array *tr);
void tracer_tracing_on(struct trace_array *tr);
void tracer_tracing_off(struct trace_array *tr);
bool tracing_is_recording(struct trace_array *tr);
void tracing_reset_buffers(struct trace_array *tr);

int tracing_bool_from_str(const char *s, bool *val);
int tracing_parse_bool(const char __user *ubuf, size_t count, bool *val);

extern const char tracing_readme_text[];

#endif /* _KERNEL_TRACE_TRACE_H */
