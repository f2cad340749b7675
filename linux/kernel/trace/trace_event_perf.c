// SPDX-License-Identifier: GPL-2.0
/*
 * Trace events as perf events (PERF_TYPE_TRACEPOINT, attr.config = the
 * event's id): what kernel/events/core.c and include/trace/perf.h call.
 *
 * The first perf user of an event registers the class's perf probe on
 * its tracepoint and gives the event per-CPU lists of perf events; each
 * perf event joins its CPU's list while scheduled in (add/del).  The
 * probe builds the record in a per-CPU buffer of this file, one per
 * recursion context (task, softirq, irq, NMI), and hands it to
 * perf_trace_run_bpf_submit().  Everything but the probe and the
 * buffer runs under event_mutex.
 */
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/tracepoint.h>

#include "trace.h"
#include "trace_event_internal.h"

#define NR_PERF_CONTEXTS	4

struct perf_trace_buf {
	unsigned long	data[PERF_MAX_TRACE_SIZE / sizeof(unsigned long)];
};

/* The record buffers, by recursion context; allocated while perf uses any. */
static struct perf_trace_buf __percpu *perf_bufs[NR_PERF_CONTEXTS];
static unsigned int perf_users;
static DEFINE_PER_CPU(struct pt_regs, perf_regs[NR_PERF_CONTEXTS]);

static int event_perm(struct trace_event_call *call, struct perf_event *p)
{
	int ret;

	if (call->perf_perm) {
		ret = call->perf_perm(call, p);
		if (ret)
			return ret;
	}
	/* A child inherits its parent's right. */
	if (p->parent)
		return 0;
	/* Counting one's own syscalls needs no privilege. */
	if (p->attach_state == PERF_ATTACH_TASK &&
	    (call->flags & TRACE_EVENT_FL_CAP_ANY))
		return 0;
	if (!(p->attr.sample_type & PERF_SAMPLE_RAW))
		return 0;
	return perf_allow_tracepoint();
}

static void free_bufs(void)
{
	int i;

	for (i = 0; i < NR_PERF_CONTEXTS; i++) {
		free_percpu(perf_bufs[i]);
		perf_bufs[i] = NULL;
	}
}

static int first_user(struct trace_event_call *call)
{
	struct hlist_head __percpu *lists;
	int cpu, i, ret;

	lists = alloc_percpu(struct hlist_head);
	if (!lists)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		INIT_HLIST_HEAD(per_cpu_ptr(lists, cpu));
	if (!perf_users) {
		for (i = 0; i < NR_PERF_CONTEXTS; i++) {
			perf_bufs[i] = alloc_percpu(struct perf_trace_buf);
			if (!perf_bufs[i]) {
				free_bufs();
				free_percpu(lists);
				return -ENOMEM;
			}
		}
	}
	call->perf_events = lists;
	ret = call->class->reg(call, TRACE_REG_PERF_REGISTER, NULL);
	if (ret) {
		call->perf_events = NULL;
		free_percpu(lists);
		if (!perf_users)
			free_bufs();
		return ret;
	}
	perf_users++;
	return 0;
}

static void last_user_gone(struct trace_event_call *call)
{
	call->class->reg(call, TRACE_REG_PERF_UNREGISTER, NULL);
	/* No probe may still walk the lists or use the buffers. */
	tracepoint_synchronize_unregister();
	free_percpu(call->perf_events);
	call->perf_events = NULL;
	if (!--perf_users)
		free_bufs();
}

static int perf_event_attach(struct trace_event_call *call,
			     struct perf_event *p)
{
	int ret;

	ret = event_perm(call, p);
	if (ret)
		return ret;
	if (!call->perf_refcount) {
		ret = first_user(call);
		if (ret)
			return ret;
	}
	call->perf_refcount++;
	p->tp_event = call;
	ret = call->class->reg(call, TRACE_REG_PERF_OPEN, p);
	if (ret) {
		p->tp_event = NULL;
		if (!--call->perf_refcount)
			last_user_gone(call);
	}
	return ret;
}

/**
 * perf_trace_init - open a tracepoint perf event
 * @p_event: the perf event; attr.config is the trace event's id
 *
 * Return: 0, -ENOENT for no such event, -EPERM/-EACCES, -ENOMEM.
 */
int perf_trace_init(struct perf_event *p_event)
{
	struct trace_event_call *call;
	u64 id = p_event->attr.config;
	int ret = -ENOENT;

	mutex_lock(&event_mutex);
	list_for_each_entry(call, &ftrace_events, list) {
		if (call->event.type != id || !call->class->reg)
			continue;
		if (!trace_event_get_live(call))
			break;
		ret = perf_event_attach(call, p_event);
		if (ret)
			trace_event_put_ref(call);
		break;
	}
	mutex_unlock(&event_mutex);
	return ret;
}

/**
 * perf_trace_destroy - close a tracepoint perf event
 * @p_event: the perf event
 */
void perf_trace_destroy(struct perf_event *p_event)
{
	struct trace_event_call *call = p_event->tp_event;

	mutex_lock(&event_mutex);
	call->class->reg(call, TRACE_REG_PERF_CLOSE, p_event);
	if (!--call->perf_refcount)
		last_user_gone(call);
	trace_event_put_ref(call);
	p_event->tp_event = NULL;
	mutex_unlock(&event_mutex);
}

/**
 * perf_trace_add - a tracepoint perf event is scheduled in on this CPU
 * @p_event: the perf event
 * @flags: PERF_EF_*
 *
 * Return: 0.
 */
int perf_trace_add(struct perf_event *p_event, int flags)
{
	struct trace_event_call *call = p_event->tp_event;

	if (!(flags & PERF_EF_START))
		p_event->hw.state = PERF_HES_STOPPED;
	/* 0 from the class means: put it on this CPU's list. */
	if (!call->class->reg(call, TRACE_REG_PERF_ADD, p_event))
		hlist_add_head_rcu(&p_event->hlist_entry,
				   this_cpu_ptr(call->perf_events));
	return 0;
}

/**
 * perf_trace_del - a tracepoint perf event is scheduled out
 * @p_event: the perf event
 * @flags: PERF_EF_*
 */
void perf_trace_del(struct perf_event *p_event, int flags)
{
	struct trace_event_call *call = p_event->tp_event;

	if (!call->class->reg(call, TRACE_REG_PERF_DEL, p_event))
		hlist_del_rcu(&p_event->hlist_entry);
}

/**
 * perf_trace_buf_alloc - the buffer a perf probe builds its record in
 * @size: the record's size
 * @regs: if not NULL, set to a pt_regs the probe may fill
 * @rctxp: set to the recursion context, to hand to the submit
 *
 * Return: the buffer, or NULL (too big, or recursion).
 */
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp)
{
	struct perf_trace_buf __percpu *bufs;
	char *raw;
	int rctx;

	BUILD_BUG_ON(PERF_MAX_TRACE_SIZE % sizeof(unsigned long));
	if (WARN_ONCE(size > PERF_MAX_TRACE_SIZE || size < (int)sizeof(u64),
		      "perf buffer not large enough, wanted %d", size))
		return NULL;
	rctx = perf_swevent_get_recursion_context();
	if (rctx < 0)
		return NULL;
	bufs = READ_ONCE(perf_bufs[rctx]);
	if (!bufs) {
		perf_swevent_put_recursion_context(rctx);
		return NULL;
	}
	*rctxp = rctx;
	if (regs)
		*regs = this_cpu_ptr(&perf_regs[rctx]);
	raw = (char *)this_cpu_ptr(bufs);
	/* The alignment padding reaches user space: no stale bytes in it. */
	memset(&raw[size - sizeof(u64)], 0, sizeof(u64));
	return raw;
}
EXPORT_SYMBOL_GPL(perf_trace_buf_alloc);

/**
 * perf_trace_buf_update - fill the common fields of a perf record
 * @record: the record
 * @type: the event's id
 */
void perf_trace_buf_update(void *record, u16 type)
{
	tracing_generic_entry_update(record, type, tracing_gen_ctx());
}
EXPORT_SYMBOL_GPL(perf_trace_buf_update);

/**
 * ftrace_profile_set_filter - PERF_EVENT_IOC_SET_FILTER on a tracepoint
 * @event: the perf event
 * @event_id: its trace event's id
 * @filter_str: the expression
 *
 * Return: 0, -EINVAL for a bad expression, -EEXIST if it has one.
 */
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str)
{
	struct event_filter *filter = NULL;
	struct filter_error err = {};
	int ret;

	mutex_lock(&event_mutex);
	if (!event->tp_event || event->tp_event->event.type != event_id)
		ret = -EINVAL;
	else if (event->filter)
		ret = -EEXIST;
	else
		ret = event_filter_create(event->tp_event, filter_str, &filter,
					  &err);
	if (ret)
		event_filter_free(filter);
	else
		event->filter = filter;
	mutex_unlock(&event_mutex);
	return ret;
}

/**
 * ftrace_profile_free_filter - a perf event's filter goes with it
 * @event: the perf event
 */
void ftrace_profile_free_filter(struct perf_event *event)
{
	struct event_filter *filter = event->filter;

	event->filter = NULL;
	event_filter_free_rcu(filter);
}
