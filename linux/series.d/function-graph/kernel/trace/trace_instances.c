// SPDX-License-Identifier: GPL-2.0
/*
 * Instances: "mkdir instances/NAME" makes a trace array with its own
 * buffer, tracer and files; "rmdir" removes it unless one of its files
 * is open.  Every file of an instance holds a reference while open.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/list.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/tracefs.h>

#include "trace.h"
#include "ftrace_internal.h"
#include "trace_event_internal.h"

/* Instances other than the top level, under instances_lock. */
static LIST_HEAD(instance_list);
static DEFINE_SPINLOCK(instances_lock);
/* Serialises mkdir and rmdir. */
static DEFINE_MUTEX(instances_mutex);
static struct dentry *instances_dir;

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
 * An open may reach the inode of a file that rmdir is removing, whose
 * i_private is then freed memory: the instance is found by comparing
 * addresses with those of the live instances' files, under the lock that
 * rmdir takes, before anything is read through i_private.
 *
 * Return: the instance, now held, or ERR_PTR(-ENODEV) if it is gone or
 * being removed.
 */
struct trace_array *trace_array_get_inode(const struct inode *inode)
{
	const void *p = inode->i_private;
	struct trace_array *tr, *found = NULL;

	/* The top level lives for ever. */
	if (tr_owns(&global_trace, p))
		return &global_trace;
	spin_lock(&instances_lock);
	list_for_each_entry(tr, &instance_list, list) {
		if (!tr->dead && tr_owns(tr, p)) {
			tr->ref++;
			found = tr;
			break;
		}
	}
	spin_unlock(&instances_lock);
	return found ?: ERR_PTR(-ENODEV);
}

/**
 * trace_array_get - hold an instance known by its address
 * @tr: the instance, possibly removed meanwhile
 *
 * The address is compared, never followed, until it is found alive.
 *
 * Return: 0, or -ENODEV if @tr is gone or going.
 */
int trace_array_get(struct trace_array *tr)
{
	struct trace_array *t;
	int ret = -ENODEV;

	if (tr == &global_trace)
		return 0;
	spin_lock(&instances_lock);
	list_for_each_entry(t, &instance_list, list) {
		if (t == tr && !t->dead) {
			t->ref++;
			ret = 0;
			break;
		}
	}
	spin_unlock(&instances_lock);
	return ret;
}

/**
 * trace_array_put - release a reference from trace_array_get_inode()
 * @tr: the instance
 */
void trace_array_put(struct trace_array *tr)
{
	if (tr == &global_trace)
		return;
	spin_lock(&instances_lock);
	WARN_ON_ONCE(!tr->ref);
	tr->ref--;
	spin_unlock(&instances_lock);
}

/**
 * trace_instance_uses_tracer - is a tracer current on any instance?
 * @t: the tracer
 *
 * Called with tracer_mutex held.
 *
 * Return: true if the top level or an instance uses @t.
 */
bool trace_instance_uses_tracer(struct tracer *t)
{
	struct trace_array *tr;
	bool used = global_trace.current_trace == t;

	spin_lock(&instances_lock);
	list_for_each_entry(tr, &instance_list, list)
		used |= tr->current_trace == t;
	spin_unlock(&instances_lock);
	return used;
}

static struct trace_array *find_instance(const char *name)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &instance_list, list) {
		if (!strcmp(tr->name, name))
			return tr;
	}
	return NULL;
}

/**
 * trace_instance_find_nowait - an instance by name, for an oops dump
 * @name: its name
 *
 * Does not wait for the instances lock (the oopsing CPU or a stopped
 * one may hold it) and takes no reference: for ftrace_dump_on_oops.
 *
 * Return: the instance, or NULL if not found or the lock is busy.
 */
struct trace_array *trace_instance_find_nowait(const char *name)
{
	struct trace_array *tr;

	if (!spin_trylock(&instances_lock))
		return NULL;
	tr = find_instance(name);
	if (tr && tr->dead)
		tr = NULL;
	spin_unlock(&instances_lock);
	return tr;
}

static void instance_free(struct trace_array *tr)
{
	trace_events_instance_free(tr);
#ifdef CONFIG_FUNCTION_TRACER
	ftrace_probes_release(tr);
	trace_pids_free(tr);
#endif
	trace_graph_instance_free(tr);
	trace_functions_instance_free(tr);
	trace_error_log_free(tr);
	kfree(tr->option_files);
	ring_buffer_free(tr->buffer);
	free_cpumask_var(tr->cpumask);
	free_cpumask_var(tr->pipe_mask);
	kfree(tr->files_all);
	kfree(tr->files_cpu);
	kfree(tr->name);
	kfree(tr);
}

static int instance_mkdir(const char *name)
{
	struct trace_array *tr;
	int ret;

	mutex_lock(&instances_mutex);
	spin_lock(&instances_lock);
	tr = find_instance(name);
	spin_unlock(&instances_lock);
	ret = -EEXIST;
	if (tr)
		goto out;

	ret = -ENOMEM;
	tr = kzalloc(sizeof(*tr), GFP_KERNEL);
	if (!tr)
		goto out;
	tr->name = kstrdup(name, GFP_KERNEL);
	tr->record_on = true;
	tr->overwrite = true;
	tr->current_trace = &nop_tracer;
	if (!tr->name || tracing_alloc_buffer(tr)) {
		kfree(tr->name);
		kfree(tr);
		goto out;
	}
	tr->dir = tracefs_create_dir(name, instances_dir);
	if (!tr->dir) {
		instance_free(tr);
		goto out;
	}
	trace_instance_files_init(tr);
	spin_lock(&instances_lock);
	list_add_tail(&tr->list, &instance_list);
	spin_unlock(&instances_lock);
	ret = 0;
out:
	mutex_unlock(&instances_mutex);
	return ret;
}

static int instance_rmdir(const char *name)
{
	struct trace_array *tr;
	int ret = 0;

	mutex_lock(&instances_mutex);
	spin_lock(&instances_lock);
	tr = find_instance(name);
	if (!tr)
		ret = -ENODEV;
	else if (tr->ref)
		ret = -EBUSY;
	else
		tr->dead = true;
	if (!ret)
		list_del(&tr->list);
	spin_unlock(&instances_lock);
	if (ret)
		goto out;

	mutex_lock(&tracer_mutex);
	if (tr->current_trace->reset)
		tr->current_trace->reset(tr);
	tr->current_trace = &nop_tracer;
	mutex_unlock(&tracer_mutex);
#ifdef CONFIG_FUNCTION_TRACER
	/* Its event commands hold events of the instance. */
	ftrace_probes_release(tr);
#endif
	trace_printk_dest_release(tr);
	trace_events_instance_free(tr);
	tracefs_remove(tr->dir);
	instance_free(tr);
out:
	mutex_unlock(&instances_mutex);
	return ret;
}

/**
 * trace_instances_init - create the instances directory
 */
void __init trace_instances_init(void)
{
	instances_dir = tracefs_create_instance_dir("instances", NULL,
						    instance_mkdir,
						    instance_rmdir);
	if (!instances_dir)
		pr_warn("could not create tracefs directory 'instances'\n");
}
