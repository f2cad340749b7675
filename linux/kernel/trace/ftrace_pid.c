// SPDX-License-Identifier: GPL-2.0
/*
 * set_ftrace_pid and set_ftrace_notrace_pid: the function tracer of an
 * instance traces only the tasks of the first (when it is set) and never
 * those of the second.  With the function-fork option, a task forked by
 * a listed task joins its parent's lists.
 *
 * The files are trace_pid_lists.c's; the lists are bitmaps published
 * with RCU and tested in the tracing path.  Forks are followed by an ftrace_ops of
 * the instance on wake_up_new_task(), whose argument is the new task,
 * and on release_task(), whose argument is a task reaped: its pid leaves
 * the lists, as upstream drops it when the task is freed.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/bitmap.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace.h"
#include "ftrace_internal.h"

/* Serialises changes of every instance's lists and fork ops. */
static DEFINE_MUTEX(pid_mutex);

/**
 * trace_pid_allowed - whether the function tracer of @tr traces current
 * @tr: the instance
 *
 * Safe in the tracing path.
 */
bool trace_pid_allowed(struct trace_array *tr)
{
	unsigned long *only = rcu_dereference_raw(tr->pids[0]);
	unsigned long *never = rcu_dereference_raw(tr->pids[1]);
	pid_t pid = current->pid;

	if (only && !test_bit(pid, only))
		return false;
	return !(never && test_bit(pid, never));
}

/**
 * ftrace_pids_enabled - whether set_ftrace_pid filters an ops
 * @ops: the ops
 */
bool ftrace_pids_enabled(struct ftrace_ops *ops)
{
	struct trace_array *tr = ops->private;

	return (ops->flags & FTRACE_OPS_FL_PID) && tr && trace_pids_set(tr);
}

/* The call sites of wake_up_new_task() and release_task(). */
static unsigned long fork_site, exit_site;

static void fork_func(unsigned long ip, unsigned long parent_ip,
		      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct task_struct *task;
	unsigned long *bits;
	int i;

	if (!fregs)
		return;
	task = (struct task_struct *)ftrace_regs_get_argument(fregs, 0);
	for (i = 0; i < 2; i++) {
		bits = rcu_dereference_raw(tr->pids[i]);
		if (!bits)
			continue;
		if (ip == exit_site)
			clear_bit(task->pid, bits);
		else if (test_bit(current->pid, bits))
			set_bit(task->pid, bits);
	}
}

/* The top level's fork ops; an instance's is allocated when first needed. */
static struct ftrace_ops global_fork_ops = {
	.func		= fork_func,
	.private	= &global_trace,
	.flags		= FTRACE_OPS_FL_RECURSION,
};

static struct ftrace_ops *fork_ops_of(struct trace_array *tr)
{
	struct ftrace_ops *ops;

	if (tr == &global_trace)
		return &global_fork_ops;
	if (tr->fork_ops)
		return tr->fork_ops;
	ops = kzalloc(sizeof(*ops), GFP_KERNEL);
	if (!ops)
		return NULL;
	ops->func = fork_func;
	ops->flags = FTRACE_OPS_FL_RECURSION;
	ops->private = tr;
	tr->fork_ops = ops;
	return ops;
}

static unsigned long site_of(const char *name)
{
	return ftrace_location(kallsyms_lookup_name(name));
}

/* Follow forks exactly while the option is on and a list exists. */
static void fork_update_locked(struct trace_array *tr)
{
	bool want = trace_opt(tr, TRACE_OPT_FUNCTION_FORK) &&
		    trace_pids_set(tr);
	struct ftrace_ops *ops;
	unsigned long sites[2];

	if (!want) {
		/* Nothing to stop unless an ops exists: allocate none. */
		ops = tr == &global_trace ? &global_fork_ops : tr->fork_ops;
		if (ops && (ops->flags & FTRACE_OPS_FL_ENABLED))
			unregister_ftrace_function(ops);
		return;
	}
	ops = fork_ops_of(tr);
	if (!ops || (ops->flags & FTRACE_OPS_FL_ENABLED))
		return;
	if (!fork_site) {
		fork_site = site_of("wake_up_new_task");
		exit_site = site_of("release_task");
	}
	sites[0] = fork_site;
	sites[1] = exit_site;
	if (!fork_site || !exit_site ||
	    ftrace_set_filter_ips(ops, sites, ARRAY_SIZE(sites), 0, 1) ||
	    register_ftrace_function(ops))
		pr_warn_once("function-fork: cannot follow forks\n");
}

/**
 * trace_pid_fork_update - start or stop following forks
 * @tr: the instance, whose function-fork option or lists changed
 */
void trace_pid_fork_update(struct trace_array *tr)
{
	mutex_lock(&pid_mutex);
	fork_update_locked(tr);
	mutex_unlock(&pid_mutex);
}

static unsigned long __rcu **function_pid_lists(struct trace_array *tr)
{
	return tr->pids;
}

static const struct trace_pid_set function_pids = {
	.lock		= &pid_mutex,
	.lists		= function_pid_lists,
	.changed	= fork_update_locked,
};

static const struct trace_pid_file function_pid_files[2] = {
	{ "set_ftrace_pid", &function_pids, 0 },
	{ "set_ftrace_notrace_pid", &function_pids, 1 },
};

/**
 * trace_pids_free - drop an instance's lists and fork ops
 * @tr: the instance, going away
 */
void trace_pids_free(struct trace_array *tr)
{
	mutex_lock(&pid_mutex);
	tr->trace_flags &= ~BIT(TRACE_OPT_FUNCTION_FORK);
	trace_pid_set_list(&function_pids, tr, 0, NULL);
	trace_pid_set_list(&function_pids, tr, 1, NULL);
	if (tr->fork_ops) {
		ftrace_free_filter(tr->fork_ops);
		kfree(tr->fork_ops);
		tr->fork_ops = NULL;
	}
	mutex_unlock(&pid_mutex);
}

/**
 * trace_pid_files_init - create set_ftrace_pid and set_ftrace_notrace_pid
 * @tr: the instance
 * @dir: its directory (NULL for the tracefs root)
 */
void trace_pid_files_init(struct trace_array *tr, struct dentry *dir)
{
	trace_pid_files_create(function_pid_files, tr, dir);
}
