// SPDX-License-Identifier: GPL-2.0
/*
 * Recording a trace event: what the probe a TRACE_EVENT() generates
 * calls (include/trace/trace_events.h, stage 6).  The probe gets the
 * event's file in one instance, reserves a record, fills its fields and
 * commits it:
 *
 *   trace_trigger_soft_disabled()  unconditional triggers, soft-disable
 *   trace_event_buffer_reserve()   pid filter, then room for the record
 *   trace_event_buffer_commit()    conditional triggers, filter, commit
 *
 * A record that a filter or a conditional trigger must see before it is
 * kept (or a soft-disabled event's, which is never kept) is built in a
 * per-CPU scratch slot instead of the ring buffer and copied in only if
 * it passes: a rejected event leaves nothing behind in the buffer and
 * is not counted as written.  One slot per nesting level (task, softirq,
 * irq, NMI): a deeper nesting writes straight into the buffer and is
 * discarded there if rejected.
 */
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/ring_buffer.h>
#include <linux/trace_events.h>

#include "trace.h"
#include "trace_event_internal.h"

#define SCRATCH_LEVELS		4
#define SCRATCH_DATA		1024

/* A fake ring_buffer_event: the header word, the length, the record. */
struct scratch_slot {
	u32	word[2 + SCRATCH_DATA / sizeof(u32)];
} __aligned(8);

struct event_scratch {
	int			nest;
	struct scratch_slot	slot[SCRATCH_LEVELS];
};

static DEFINE_PER_CPU(struct event_scratch, event_scratch);

static bool needs_scratch(unsigned long eflags)
{
	return eflags & (EVENT_FILE_FL_FILTERED | EVENT_FILE_FL_SOFT_DISABLED |
			 EVENT_FILE_FL_TRIGGER_COND);
}

/*
 * A slot of this CPU's scratch, or NULL if all are in use.  Called with
 * preemption disabled (tracepoint probes are); the slot is released by
 * scratch_put() in the commit, on the same CPU.
 */
static struct ring_buffer_event *scratch_get(unsigned long len)
{
	struct event_scratch *sc = this_cpu_ptr(&event_scratch);
	struct ring_buffer_event *ev;
	int level;

	if (len > SCRATCH_DATA)
		return NULL;
	level = this_cpu_inc_return(event_scratch.nest) - 1;
	/* The increment above is what an interrupting writer sees. */
	barrier();
	if (level >= SCRATCH_LEVELS) {
		this_cpu_dec(event_scratch.nest);
		return NULL;
	}
	ev = (struct ring_buffer_event *)sc->slot[level].word;
	ev->type_len = 0;
	ev->time_delta = 0;
	ev->array[0] = len;
	return ev;
}

static void scratch_put(void)
{
	barrier();
	this_cpu_dec(event_scratch.nest);
}

/**
 * trace_event_buffer_lock_reserve - room for an event's record
 * @current_buffer: set to the buffer written, NULL for a scratch slot
 * @trace_file: the event's file
 * @type: the event's entry type
 * @len: the record's size
 * @trace_ctx: the context word
 *
 * Return: the reserved event with its common fields filled in, or NULL.
 */
static __always_inline struct ring_buffer_event *
lock_reserve(struct trace_buffer **current_buffer,
	     struct trace_event_file *trace_file, int type, unsigned long len,
	     unsigned int trace_ctx)
{
	struct trace_array *tr = trace_file->tr;
	struct ring_buffer_event *ev;

	if (needs_scratch(trace_file->flags)) {
		ev = scratch_get(len);
		if (ev) {
			tracing_generic_entry_update(trace_event_payload(ev),
						     type, trace_ctx);
			*current_buffer = NULL;
			return ev;
		}
	}
	*current_buffer = tr->buffer;
	return trace_reserve(tr, type, len, trace_ctx);
}

struct ring_buffer_event *
trace_event_buffer_lock_reserve(struct trace_buffer **current_buffer,
				struct trace_event_file *trace_file,
				int type, unsigned long len,
				unsigned int trace_ctx)
{
	return lock_reserve(current_buffer, trace_file, type, len, trace_ctx);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_lock_reserve);

static __always_inline void *
reserve_ctx(struct trace_event_buffer *fbuffer,
	    struct trace_event_file *trace_file, unsigned long len,
	    unsigned int trace_ctx)
{
	struct trace_event_call *call = trace_file->event_call;

	if ((trace_file->flags & EVENT_FILE_FL_PID_FILTER) &&
	    trace_event_ignore_this_pid(trace_file))
		return NULL;
	fbuffer->trace_ctx = trace_ctx;
	fbuffer->trace_file = trace_file;
	fbuffer->regs = NULL;
	fbuffer->event = lock_reserve(&fbuffer->buffer, trace_file,
				      call->event.type, len, trace_ctx);
	if (!fbuffer->event)
		return NULL;
	fbuffer->entry = trace_event_payload(fbuffer->event);
	return fbuffer->entry;
}

/**
 * trace_event_reserve_ctx - begin recording an event with a given context
 * @fbuffer: the recording's state, filled in here
 * @trace_file: the event's file in the instance
 * @len: the record's size, trace_entry included
 * @trace_ctx: the flags and preempt count the record carries
 *
 * Return: the record to fill, or NULL if nothing is to be recorded.
 */
void *trace_event_reserve_ctx(struct trace_event_buffer *fbuffer,
			      struct trace_event_file *trace_file,
			      unsigned long len, unsigned int trace_ctx)
{
	return reserve_ctx(fbuffer, trace_file, len, trace_ctx);
}

/**
 * trace_event_buffer_reserve - begin recording an event
 * @fbuffer: the recording's state, filled in here
 * @trace_file: the event's file in the instance
 * @len: the record's size, trace_entry included
 *
 * The probe runs with preemption disabled by the tracepoint, which the
 * record's preempt count leaves out.
 *
 * Return: the record to fill, or NULL if nothing is to be recorded.
 */
void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len)
{
	/* Every TRACE_EVENT() probe comes here: no call in between. */
	return reserve_ctx(fbuffer, trace_file, len, tracing_gen_ctx_dec());
}
EXPORT_SYMBOL_GPL(trace_event_buffer_reserve);

/* Whether @file's filter, if any, rejects @rec. */
static bool filtered_out(struct trace_event_file *file, void *rec)
{
	struct event_filter *filter;

	if (!(file->flags & EVENT_FILE_FL_FILTERED))
		return false;
	filter = rcu_dereference_sched(file->filter);
	return filter && !filter_match_preds(filter, rec);
}

/* tp_printk: the record's text on the console too. */
static DEFINE_RAW_SPINLOCK(tp_printk_lock);
static struct trace_iterator tp_printk_iter;

static void event_printk(struct trace_event_buffer *fb)
{
	struct trace_iterator *iter = &tp_printk_iter;
	struct trace_event *event;
	unsigned long flags;

	/* An NMI that hits a printing CPU goes without. */
	if (!raw_spin_trylock_irqsave(&tp_printk_lock, flags))
		return;
	event = &fb->trace_file->event_call->event;
	trace_seq_init(&iter->seq);
	iter->ent = fb->entry;
	iter->tr = fb->trace_file->tr;
	event->funcs->trace(iter, 0, event);
	trace_seq_putc(&iter->seq, '\0');
	if (!trace_seq_has_overflowed(&iter->seq))
		pr_info("%s", iter->seq.buffer);
	raw_spin_unlock_irqrestore(&tp_printk_lock, flags);
}

/**
 * trace_event_buffer_commit - finish recording an event
 * @fbuffer: the state trace_event_buffer_reserve() filled in
 *
 * Runs the conditional triggers on the record, then keeps it unless the
 * event is soft-disabled or its filter rejects it.
 */
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer)
{
	struct trace_event_file *file = fbuffer->trace_file;
	struct trace_array *tr = file->tr;
	enum event_trigger_type tt = ETT_NONE;
	struct ring_buffer_event *ev;
	bool drop;

	if (READ_ONCE(file->flags) & EVENT_FILE_FL_TRIGGER_COND)
		tt = event_triggers_call(file, fbuffer->buffer, fbuffer->entry,
					 fbuffer->event);
	/* Again: a trigger may have switched the event itself. */
	drop = (READ_ONCE(file->flags) & EVENT_FILE_FL_SOFT_DISABLED) ||
	       filtered_out(file, fbuffer->entry);
	if (!drop && unlikely(READ_ONCE(tracepoint_printk)))
		event_printk(fbuffer);

	if (drop) {
		/* Rejected: nothing written, nothing counted. */
		if (!fbuffer->buffer)
			scratch_put();
		else
			ring_buffer_discard_commit(fbuffer->buffer,
						   fbuffer->event);
		goto out;
	}
	if (!fbuffer->buffer) {
		/* Built in scratch: copy it in. */
		unsigned long len = fbuffer->event->array[0];

		ev = NULL;
		if (tr->buffer && tracing_is_recording(tr))
			ev = ring_buffer_lock_reserve(tr->buffer, len);
		if (ev) {
			memcpy(ring_buffer_event_data(ev), fbuffer->entry, len);
			trace_commit(tr, ev);
		}
		scratch_put();
	} else {
		trace_commit(tr, fbuffer->event);
	}
	/* The stacktrace option: the stack of every event kept. */
	if (unlikely(trace_opt(tr, TRACE_OPT_STACKTRACE)))
		trace_record_stack(tr, fbuffer->trace_ctx, 2);
	/* userstacktrace: and the user-space stack of its task. */
	if (unlikely(trace_opt(tr, TRACE_OPT_USERSTACKTRACE)))
		trace_record_user_stack(tr, fbuffer->trace_ctx);
out:
	if (tt)
		event_triggers_post_call(file, tt);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_commit);

/**
 * __trace_trigger_soft_disabled - the slow part of the probe's first test
 * @file: the event's file
 *
 * Runs the triggers that need no record; called only when the file is
 * in trigger mode, soft-disabled or pid-filtered and has no conditional
 * trigger.
 *
 * Return: true if nothing is to be recorded.
 */
bool __trace_trigger_soft_disabled(struct trace_event_file *file)
{
	unsigned long fl = READ_ONCE(file->flags);
	bool skip;

	/* Triggers without a filter fire whether or not the event records. */
	if (fl & EVENT_FILE_FL_TRIGGER_MODE)
		event_triggers_call(file, NULL, NULL, NULL);
	skip = fl & EVENT_FILE_FL_SOFT_DISABLED;
	if (!skip && (fl & EVENT_FILE_FL_PID_FILTER))
		skip = trace_event_ignore_this_pid(file);
	return skip;
}
EXPORT_SYMBOL_GPL(__trace_trigger_soft_disabled);

/**
 * tracing_record_cmdline - save a task's name for saved_cmdlines
 * @task: the task
 */
void tracing_record_cmdline(struct task_struct *task)
{
	trace_save_cmdline(task);
}

/**
 * tracing_record_taskinfo - save what the record-cmd option wants
 * @task: the task
 * @flags: TRACE_RECORD_CMDLINE (TRACE_RECORD_TGID: saved_tgids is not
 *	   built yet)
 */
void tracing_record_taskinfo(struct task_struct *task, int flags)
{
	if (flags & TRACE_RECORD_CMDLINE)
		trace_save_cmdline(task);
}

/**
 * tracing_record_taskinfo_sched_switch - the same for both sides of a
 * context switch
 * @prev: the task leaving
 * @next: the task arriving
 * @flags: TRACE_RECORD_CMDLINE and/or TRACE_RECORD_TGID
 */
void tracing_record_taskinfo_sched_switch(struct task_struct *prev,
					  struct task_struct *next, int flags)
{
	tracing_record_taskinfo(prev, flags);
	tracing_record_taskinfo(next, flags);
}
