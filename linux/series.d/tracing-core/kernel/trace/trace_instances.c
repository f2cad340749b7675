// SPDX-License-Identifier: GPL-2.0
/*
 * The trace arrays behind the tracefs files.  Only the top level exists
 * so far; it lives for ever, so its files need no reference while open.
 */
#include <linux/err.h>
#include <linux/fs.h>

#include "trace.h"

/* Whether @p is the i_private of one of @tr's files. */
static bool tr_owns(const struct trace_array *tr, const void *p)
{
	const struct trace_cpu_file *cpu_files = tr->files_cpu;
	const struct option_file *opt_files = tr->option_files;

	if (p == tr->files_all)
		return true;
	if (cpu_files && p >= (void *)cpu_files &&
	    p < (void *)(cpu_files + nr_cpu_ids))
		return true;
	return opt_files && p >= (void *)opt_files &&
	       p < (void *)(opt_files + TRACE_OPT_MAX);
}

/**
 * trace_array_get_inode - hold the instance a file being opened belongs to
 * @inode: the file's inode; its i_private is a trace_cpu_file or an
 *	option_file of the instance
 *
 * Return: the instance, or ERR_PTR(-ENODEV) if the file is none of its.
 */
struct trace_array *trace_array_get_inode(const struct inode *inode)
{
	if (tr_owns(&global_trace, inode->i_private))
		return &global_trace;
	return ERR_PTR(-ENODEV);
}

/**
 * trace_array_put - release a reference from trace_array_get_inode()
 * @tr: the instance
 */
void trace_array_put(struct trace_array *tr)
{
}

/**
 * trace_instance_uses_tracer - is a tracer current on any instance?
 * @t: the tracer
 *
 * Called with tracer_mutex held.
 *
 * Return: true if the top level uses @t.
 */
bool trace_instance_uses_tracer(struct tracer *t)
{
	return global_trace.current_trace == t;
}

/**
 * trace_instance_find_nowait - an instance by name, for an oops dump
 * @name: its name
 *
 * Return: NULL: there are no named instances yet.
 */
struct trace_array *trace_instance_find_nowait(const char *name)
{
	return NULL;
}

/**
 * trace_instances_init - create the instances directory (none yet)
 */
void __init trace_instances_init(void)
{
}
