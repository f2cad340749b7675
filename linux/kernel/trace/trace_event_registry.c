// SPDX-License-Identifier: GPL-2.0
/*
 * The event type registry: every entry in a trace buffer starts with a
 * type (common_type), and the struct trace_event registered for that type
 * says how to print it.  The core's own entries (function, print, stack,
 * ...) have fixed types below TRACE_EVENT_TYPE_DYNAMIC_FIRST; trace events
 * get one of the others when they register, and give it back when their
 * module goes.
 *
 * Readers look types up under RCU, from any context (ftrace_dump() runs
 * in an oops); unregistering waits for them, so a module's printing code
 * is never entered after the module is gone.
 */
#include <linux/bitmap.h>
#include <linux/hash.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/trace_events.h>

#include "trace.h"
#include "trace_event_internal.h"

#define EVENT_HASH_BITS	7

static struct hlist_head event_hash[1 << EVENT_HASH_BITS];
static DECLARE_BITMAP(event_types_used, TRACE_EVENT_TYPE_MAX + 1);
/* Types whose event is the one in a struct trace_event_call. */
static DECLARE_BITMAP(event_types_of_calls, TRACE_EVENT_TYPE_MAX + 1);
static DEFINE_MUTEX(event_type_mutex);

static struct hlist_head *type_bucket(int type)
{
	return &event_hash[hash_32(type, EVENT_HASH_BITS)];
}

/**
 * ftrace_find_event - the registered event of an entry type
 * @type: the entry's common_type
 *
 * Call under rcu_read_lock() (or with preemption disabled) and use the
 * result only inside it.
 *
 * Return: the event, or NULL if no event has @type.
 */
struct trace_event *ftrace_find_event(int type)
{
	struct trace_event *event;

	hlist_for_each_entry_rcu(event, type_bucket(type), node) {
		if (event->type == type)
			return event;
	}
	return NULL;
}

/* What an event without a printer of some kind prints. */
static enum print_line_t print_type_only(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	trace_seq_printf(&iter->seq, "type: %d\n", iter->ent->type);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions nop_event_funcs = {
	.trace	= print_type_only,
	.raw	= print_type_only,
	.hex	= print_type_only,
	.binary	= print_type_only,
};

/**
 * register_trace_event - give an event an entry type and its printers
 * @event: the event; @event->type 0 asks for a free dynamic type, a
 *	   non-zero one claims that fixed type of the core's entries
 *
 * Printers left NULL in @event->funcs print the bare type.
 *
 * Return: the type, or 0 if it is taken or none is free.
 */
int register_trace_event(struct trace_event *event)
{
	int type = event->type;

	mutex_lock(&event_type_mutex);
	if (type) {
		if (type >= TRACE_EVENT_TYPE_DYNAMIC_FIRST ||
		    test_bit(type, event_types_used)) {
			type = 0;
			goto out;
		}
	} else {
		type = find_next_zero_bit(event_types_used,
					  TRACE_EVENT_TYPE_MAX + 1,
					  TRACE_EVENT_TYPE_DYNAMIC_FIRST);
		if (type > TRACE_EVENT_TYPE_MAX) {
			type = 0;
			goto out;
		}
	}
	if (!event->funcs)
		event->funcs = &nop_event_funcs;
	else {
		/* Fill the holes of a writable table; keep a const one. */
		if (!event->funcs->trace)
			event->funcs->trace = print_type_only;
		if (!event->funcs->raw)
			event->funcs->raw = print_type_only;
		if (!event->funcs->hex)
			event->funcs->hex = print_type_only;
		if (!event->funcs->binary)
			event->funcs->binary = print_type_only;
	}
	set_bit(type, event_types_used);
	event->type = type;
	hlist_add_head_rcu(&event->node, type_bucket(type));
out:
	mutex_unlock(&event_type_mutex);
	return type;
}
EXPORT_SYMBOL_GPL(register_trace_event);

/**
 * trace_event_register_call - register the event of a trace_event_call
 * @call: the event, whose @call->event is registered
 *
 * As register_trace_event(), and trace_event_call_of() finds @call from
 * its type's event.
 *
 * Return: the type, or 0 if none is free.
 */
int trace_event_register_call(struct trace_event_call *call)
{
	int type = register_trace_event(&call->event);

	if (type)
		set_bit(type, event_types_of_calls);
	return type;
}

/**
 * trace_event_call_of - the trace_event_call an event belongs to
 * @event: an event from ftrace_find_event(), or NULL
 *
 * Return: the call, or NULL if @event is not the event of one.
 */
struct trace_event_call *trace_event_call_of(struct trace_event *event)
{
	if (!event || !test_bit(event->type, event_types_of_calls))
		return NULL;
	return container_of(event, struct trace_event_call, event);
}

/**
 * unregister_trace_event - give an event's type back
 * @event: a registered event
 *
 * Waits until no reader can still be printing with @event.  Entries of
 * the type left in buffers print as unknown from now on.
 *
 * Return: 0.
 */
int unregister_trace_event(struct trace_event *event)
{
	mutex_lock(&event_type_mutex);
	if (event->type && test_bit(event->type, event_types_used)) {
		hlist_del_rcu(&event->node);
		synchronize_rcu();
		clear_bit(event->type, event_types_of_calls);
		clear_bit(event->type, event_types_used);
	}
	mutex_unlock(&event_type_mutex);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_trace_event);

/**
 * trace_event_unlink - make an event's type unfindable, keeping it taken
 * @event: a registered event
 *
 * For removing many events with one grace period: unlink each, wait
 * with synchronize_rcu(), then trace_event_type_release() each.
 */
void trace_event_unlink(struct trace_event *event)
{
	mutex_lock(&event_type_mutex);
	if (event->type && test_bit(event->type, event_types_used))
		hlist_del_init_rcu(&event->node);
	mutex_unlock(&event_type_mutex);
}

/**
 * trace_event_type_release - give back the type of an unlinked event
 * @event: an event trace_event_unlink() took out, readers gone since
 */
void trace_event_type_release(struct trace_event *event)
{
	mutex_lock(&event_type_mutex);
	if (event->type) {
		clear_bit(event->type, event_types_of_calls);
		clear_bit(event->type, event_types_used);
	}
	mutex_unlock(&event_type_mutex);
}

/**
 * trace_handle_return - the print_line_t a printer returns
 * @s: the trace_seq it printed into
 *
 * Return: TRACE_TYPE_PARTIAL_LINE if @s overflowed, else HANDLED.
 */
enum print_line_t trace_handle_return(struct trace_seq *s)
{
	return trace_seq_has_overflowed(s) ? TRACE_TYPE_PARTIAL_LINE :
					     TRACE_TYPE_HANDLED;
}
EXPORT_SYMBOL_GPL(trace_handle_return);
