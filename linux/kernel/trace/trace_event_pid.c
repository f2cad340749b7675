// SPDX-License-Identifier: GPL-2.0
/*
 * set_event_pid and set_event_notrace_pid: the events of an instance
 * record only for the tasks of the first list (when it is set) and never
 * for those of the second.  With the event-fork option, a child joins
 * its parent's lists and a task leaves them when it is freed.
 *
 * Testing the lists at each event would cost a bitmap lookup per event;
 * instead, while a list is set, the instance follows the scheduler: a
 * per-CPU flag says whether the task running there is filtered out, and
 * probes on sched_switch and sched_wakeup keep it current.  A switch is
 * recorded if either task is traced, a wake-up if the waker or the
 * wakee is: their probes open the flag before the event's own probe
 * runs (high priority) and settle it for the running task after (low
 * priority).
 */
#include <linux/bitmap.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/smp.h>
#include <linux/trace_events.h>
#include <trace/events/sched.h>

#include "trace.h"
#include "trace_event_internal.h"

/* Whether @tr's lists filter @task out. */
static bool task_ignored(struct trace_array *tr, struct task_struct *task)
{
	unsigned long *only = rcu_dereference_sched(tr->event_pids[0]);
	unsigned long *never = rcu_dereference_sched(tr->event_pids[1]);

	if (only && !test_bit(task->pid, only))
		return true;
	return never && test_bit(task->pid, never);
}

static void set_ignore(struct trace_array *tr, bool ignore)
{
	this_cpu_write(*tr->event_ignore, ignore);
}

/**
 * trace_event_ignore_this_pid - whether the current task is filtered out
 * @trace_file: an event's file
 *
 * Return: true if the instance's pid lists leave the task running on
 * this CPU out.
 */
bool trace_event_ignore_this_pid(struct trace_event_file *trace_file)
{
	struct trace_array *tr = trace_file->tr;

	return tr->event_ignore && this_cpu_read(*tr->event_ignore);
}
EXPORT_SYMBOL_GPL(trace_event_ignore_this_pid);

static void switch_pre(void *data, bool preempt, struct task_struct *prev,
		       struct task_struct *next, unsigned int prev_state)
{
	struct trace_array *tr = data;

	set_ignore(tr, task_ignored(tr, prev) && task_ignored(tr, next));
}

static void switch_post(void *data, bool preempt, struct task_struct *prev,
			struct task_struct *next, unsigned int prev_state)
{
	struct trace_array *tr = data;

	set_ignore(tr, task_ignored(tr, next));
}

static void wakeup_pre(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	if (this_cpu_read(*tr->event_ignore))
		set_ignore(tr, task_ignored(tr, task));
}

static void wakeup_post(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	set_ignore(tr, task_ignored(tr, current));
}

static void fork_probe(void *data, struct task_struct *parent,
		       struct task_struct *child)
{
	struct trace_array *tr = data;
	unsigned long *bits;
	int i;

	if (!trace_opt(tr, TRACE_OPT_EVENT_FORK))
		return;
	for (i = 0; i < 2; i++) {
		bits = rcu_dereference_sched(tr->event_pids[i]);
		if (bits && test_bit(parent->pid, bits))
			set_bit(child->pid, bits);
	}
}

static void free_probe(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;
	unsigned long *bits;
	int i;

	if (!trace_opt(tr, TRACE_OPT_EVENT_FORK))
		return;
	for (i = 0; i < 2; i++) {
		bits = rcu_dereference_sched(tr->event_pids[i]);
		if (bits)
			clear_bit(task->pid, bits);
	}
}

/* The priorities that put the flag's probes around the events' own. */
#define PROBE_FIRST	INT_MAX
#define PROBE_LAST	INT_MIN

static int probes_register(struct trace_array *tr)
{
	int ret;

	ret = register_trace_prio_sched_switch(switch_pre, tr, PROBE_FIRST);
	if (ret)
		return ret;
	ret = register_trace_prio_sched_switch(switch_post, tr, PROBE_LAST);
	if (ret)
		goto out_switch;
	ret = register_trace_prio_sched_wakeup(wakeup_pre, tr, PROBE_FIRST);
	if (ret)
		goto out_switch_post;
	ret = register_trace_prio_sched_wakeup(wakeup_post, tr, PROBE_LAST);
	if (ret)
		goto out_wakeup;
	ret = register_trace_sched_process_fork(fork_probe, tr);
	if (ret)
		goto out_wakeup_post;
	ret = register_trace_sched_process_free(free_probe, tr);
	if (!ret)
		return 0;
	unregister_trace_sched_process_fork(fork_probe, tr);
out_wakeup_post:
	unregister_trace_sched_wakeup(wakeup_post, tr);
out_wakeup:
	unregister_trace_sched_wakeup(wakeup_pre, tr);
out_switch_post:
	unregister_trace_sched_switch(switch_post, tr);
out_switch:
	unregister_trace_sched_switch(switch_pre, tr);
	return ret;
}

static void probes_unregister(struct trace_array *tr)
{
	unregister_trace_sched_process_free(free_probe, tr);
	unregister_trace_sched_process_fork(fork_probe, tr);
	unregister_trace_sched_wakeup(wakeup_post, tr);
	unregister_trace_sched_wakeup(wakeup_pre, tr);
	unregister_trace_sched_switch(switch_post, tr);
	unregister_trace_sched_switch(switch_pre, tr);
}

/* Settle this CPU's flag for the task running on it now. */
static void refresh_cpu(void *data)
{
	struct trace_array *tr = data;

	preempt_disable_notrace();
	set_ignore(tr, task_ignored(tr, current));
	preempt_enable_notrace();
}

static unsigned long __rcu **event_pid_lists(struct trace_array *tr)
{
	return tr->event_pids;
}

/* A list of @tr changed: follow the scheduler exactly while one is set. */
static void event_pids_changed(struct trace_array *tr)
{
	struct trace_event_file *file;
	bool want = trace_event_pids_set(tr);
	bool had = tr->event_pid_probes;

	if (!tr->event_ignore)
		return;
	if (want && !had) {
		if (probes_register(tr)) {
			pr_warn_once("tracing: cannot follow the scheduler for set_event_pid\n");
			want = false;
		} else {
			tr->event_pid_probes = true;
		}
	}
	on_each_cpu(refresh_cpu, tr, 1);
	list_for_each_entry(file, &tr->events, list) {
		if (want)
			set_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
		else
			clear_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
	}
	if (!want && had) {
		probes_unregister(tr);
		tr->event_pid_probes = false;
		tracepoint_synchronize_unregister();
	}
}

static const struct trace_pid_set event_pids = {
	.lock		= &event_mutex,
	.lists		= event_pid_lists,
	.changed	= event_pids_changed,
};

static const struct trace_pid_file event_pid_files[2] = {
	{ "set_event_pid", &event_pids, 0 },
	{ "set_event_notrace_pid", &event_pids, 1 },
};

/**
 * trace_event_pid_files_init - create set_event_pid and
 * set_event_notrace_pid
 * @tr: the instance
 * @dir: its directory (NULL for the tracefs root)
 */
void trace_event_pid_files_init(struct trace_array *tr, struct dentry *dir)
{
	trace_pid_files_create(event_pid_files, tr, dir);
}

/**
 * trace_event_pids_init - give an instance its per-CPU pid flag
 * @tr: the instance
 *
 * Return: 0 or -ENOMEM.
 */
int trace_event_pids_init(struct trace_array *tr)
{
	tr->event_ignore = alloc_percpu(bool);
	return tr->event_ignore ? 0 : -ENOMEM;
}

/**
 * trace_event_pids_free - drop an instance's event pid lists
 * @tr: the instance, going away; called with event_mutex held
 */
void trace_event_pids_free(struct trace_array *tr)
{
	lockdep_assert_held(&event_mutex);
	trace_pid_set_list(&event_pids, tr, 0, NULL);
	trace_pid_set_list(&event_pids, tr, 1, NULL);
	free_percpu(tr->event_ignore);
	tr->event_ignore = NULL;
}
