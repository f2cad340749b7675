// SPDX-License-Identifier: GPL-2.0
/*
 * Event triggers (Documentation/trace/events.rst, "Event triggers"): a
 * command written to an event's trigger file runs each time the event
 * fires, in the instance of that file:
 *
 *   traceon[:N] [if FILTER]     traceoff[:N] [if FILTER]
 *   stacktrace[:N] [if FILTER]
 *   enable_event:SYS:EVENT[:N] [if FILTER]
 *   disable_event:SYS:EVENT[:N] [if FILTER]
 *
 * '!' before a command removes it.  An event with triggers is in trigger
 * mode: its probe stays registered (soft mode) even while the event is
 * off, so that its triggers still run; enable_event and disable_event
 * put their target in soft mode too and flip its soft-disable bit.
 *
 * A trigger without a filter runs before the record is reserved; one
 * with a filter runs on the finished record.  traceon, traceoff and
 * stacktrace then wait until the record is committed, so that the
 * record is in the buffer before tracing stops or its stack follows.
 * Triggers are an RCU list, read by probes with preemption disabled.
 */
#include <linux/ctype.h>
#include <linux/rculist.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>

#include "trace.h"
#include "trace_event_internal.h"

enum trigger_kind {
	TRIGGER_TRACEON,
	TRIGGER_TRACEOFF,
	TRIGGER_STACKTRACE,
	TRIGGER_ENABLE_EVENT,
	TRIGGER_DISABLE_EVENT,
	NR_TRIGGER_KINDS
};

/**
 * struct event_trigger - one trigger of an event file
 * @list:	in the file's triggers (RCU)
 * @kind:	what it does
 * @count:	firings left, -1 for unlimited
 * @filter:	fire only on records it matches, or NULL
 * @filter_str:	the filter's text, as written
 * @target:	enable_event/disable_event: the event switched
 * @rcu:	for freeing after readers
 */
struct event_trigger {
	struct list_head	list;
	enum trigger_kind	kind;
	long			count;
	struct event_filter	*filter;
	char			*filter_str;
	struct trace_event_file	*target;
	struct rcu_head		rcu;
};

static const char *const trigger_names[NR_TRIGGER_KINDS] = {
	[TRIGGER_TRACEON]	= "traceon",
	[TRIGGER_TRACEOFF]	= "traceoff",
	[TRIGGER_STACKTRACE]	= "stacktrace",
	[TRIGGER_ENABLE_EVENT]	= "enable_event",
	[TRIGGER_DISABLE_EVENT]	= "disable_event",
};

/* traceon and traceoff share one place per event; the others each one. */
static int trigger_slot(enum trigger_kind kind)
{
	return kind == TRIGGER_TRACEOFF ? TRIGGER_TRACEON : kind;
}

static bool is_event_switch(enum trigger_kind kind)
{
	return kind == TRIGGER_ENABLE_EVENT || kind == TRIGGER_DISABLE_EVENT;
}

/* Take one firing from @t's count: false if none is left. */
static bool take_count(struct event_trigger *t)
{
	long c;

	do {
		c = READ_ONCE(t->count);
		if (c == -1)
			return true;
		if (c <= 0)
			return false;
	} while (cmpxchg(&t->count, c, c - 1) != c);
	return true;
}

static bool has_count(struct event_trigger *t)
{
	return READ_ONCE(t->count) != 0;
}

/* Run @t in the instance of @file. */
static void trigger_fire(struct trace_event_file *file, struct event_trigger *t)
{
	struct trace_array *tr = file->tr;
	bool on;

	switch (t->kind) {
	case TRIGGER_TRACEON:
	case TRIGGER_TRACEOFF:
		on = t->kind == TRIGGER_TRACEON;
		/* Only a change of state uses up a count. */
		if (READ_ONCE(tr->record_on) == on || !take_count(t))
			return;
		if (on)
			tracer_tracing_on(tr);
		else
			tracer_tracing_off(tr);
		break;
	case TRIGGER_STACKTRACE:
		if (take_count(t))
			trace_record_stack(tr, tracing_gen_ctx(), 3);
		break;
	case TRIGGER_ENABLE_EVENT:
	case TRIGGER_DISABLE_EVENT:
		on = t->kind == TRIGGER_ENABLE_EVENT;
		if (!(t->target->flags & EVENT_FILE_FL_SOFT_DISABLED) == on ||
		    !take_count(t))
			return;
		if (on)
			clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT,
				  &t->target->flags);
		else
			set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT,
				&t->target->flags);
		break;
	default:
		break;
	}
}

static enum event_trigger_type kind_type(enum trigger_kind kind)
{
	switch (kind) {
	case TRIGGER_TRACEON:
	case TRIGGER_TRACEOFF:
		return ETT_TRACE_ONOFF;
	case TRIGGER_STACKTRACE:
		return ETT_STACKTRACE;
	default:
		return ETT_EVENT_ENABLE;
	}
}

/**
 * event_triggers_call - run an event's triggers
 * @file: the event's file
 * @buffer: the buffer the record is in (unused)
 * @rec: the record, or NULL before one is reserved
 * @event: its ring buffer event (unused)
 *
 * Without a record only the triggers without a filter run.  With one,
 * the triggers whose filter matches run, except those that must wait
 * for the commit.
 *
 * Return: the ETT_* kinds event_triggers_post_call() must run.
 */
enum event_trigger_type event_triggers_call(struct trace_event_file *file,
					    struct trace_buffer *buffer,
					    void *rec,
					    struct ring_buffer_event *event)
{
	enum event_trigger_type tt = ETT_NONE;
	struct event_trigger *t;

	list_for_each_entry_rcu(t, &file->triggers, list) {
		if (!rec) {
			if (!t->filter)
				trigger_fire(file, t);
			continue;
		}
		if (t->filter && !filter_match_preds(t->filter, rec))
			continue;
		if (is_event_switch(t->kind))
			trigger_fire(file, t);
		else if (has_count(t))
			tt |= kind_type(t->kind);
	}
	return tt;
}
EXPORT_SYMBOL_GPL(event_triggers_call);

/**
 * event_triggers_post_call - run the triggers that waited for the commit
 * @file: the event's file
 * @tt: the kinds event_triggers_call() returned
 */
void event_triggers_post_call(struct trace_event_file *file,
			      enum event_trigger_type tt)
{
	struct event_trigger *t;

	list_for_each_entry_rcu(t, &file->triggers, list) {
		if (!is_event_switch(t->kind) && (tt & kind_type(t->kind)))
			trigger_fire(file, t);
	}
}
EXPORT_SYMBOL_GPL(event_triggers_post_call);

/* --- Adding and removing -------------------------------------------------- */

static void trigger_free_rcu(struct rcu_head *rcu)
{
	struct event_trigger *t = container_of(rcu, struct event_trigger, rcu);

	event_filter_free(t->filter);
	kfree(t->filter_str);
	kfree(t);
}

/* Recompute @file's trigger flags from its list. */
static void update_trigger_flags(struct trace_event_file *file)
{
	struct event_trigger *t;
	bool any = false, cond = false;

	list_for_each_entry(t, &file->triggers, list) {
		any = true;
		cond |= !!t->filter;
	}
	if (cond)
		set_bit(EVENT_FILE_FL_TRIGGER_COND_BIT, &file->flags);
	else
		clear_bit(EVENT_FILE_FL_TRIGGER_COND_BIT, &file->flags);
	if (any)
		set_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
	else
		clear_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
}

static void trigger_remove(struct trace_event_file *file,
			   struct event_trigger *t)
{
	list_del_rcu(&t->list);
	update_trigger_flags(file);
	atomic_dec(&file->tm_ref);
	trace_event_enable(file, false, true);
	if (t->target) {
		trace_event_enable(t->target, false, true);
		trace_event_put_ref(t->target->event_call);
		trace_event_file_put(t->target);
	}
	call_rcu(&t->rcu, trigger_free_rcu);
}

/**
 * trace_event_triggers_free - remove every trigger of an event file
 * @file: the file
 *
 * Called with event_mutex held.
 */
void trace_event_triggers_free(struct trace_event_file *file)
{
	struct event_trigger *t, *n;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry_safe(t, n, &file->triggers, list)
		trigger_remove(file, t);
}

/* The file of SYS:EVENT in @tr, or NULL. */
static struct trace_event_file *find_file(struct trace_array *tr,
					  const char *system, const char *event)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events, list) {
		struct trace_event_call *call = file->event_call;

		if (!strcmp(trace_event_system(call), system) &&
		    !strcmp(trace_event_name(call), event))
			return file;
	}
	return NULL;
}

/* Whether @file's event can be switched (not one of the core's own). */
static bool event_switchable(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;

	return call->class->reg &&
	       !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE);
}

static struct event_trigger *find_same(struct trace_event_file *file,
				       enum trigger_kind kind,
				       struct trace_event_file *target)
{
	struct event_trigger *t;

	list_for_each_entry(t, &file->triggers, list) {
		if (is_event_switch(kind)) {
			if (is_event_switch(t->kind) && t->target == target)
				return t;
		} else if (trigger_slot(t->kind) == trigger_slot(kind)) {
			return t;
		}
	}
	return NULL;
}

/* A count: digits only, as upstream's numbers; else -EINVAL. */
static int parse_count(const char *s, long *count)
{
	unsigned long v;

	if (!s) {
		*count = -1;
		return 0;
	}
	if (!isdigit(*s) || kstrtoul(s, 0, &v) || v > LONG_MAX)
		return -EINVAL;
	*count = v;
	return 0;
}

static int trigger_add(struct trace_event_file *file, enum trigger_kind kind,
		       struct trace_event_file *target, long count,
		       const char *filter_str)
{
	struct filter_error err = {};
	struct event_trigger *t;
	int ret;

	if (find_same(file, kind, target))
		return -EEXIST;
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->kind = kind;
	t->count = count;
	if (filter_str) {
		ret = event_filter_create(file->event_call, filter_str,
					  &t->filter, &err);
		if (ret) {
			if (ret == -EINVAL && err.msg)
				tracing_log_err(file->tr,
						"event filter parse error",
						filter_str, err.msg, err.pos);
			event_filter_free(t->filter);
			kfree(t);
			return ret;
		}
		t->filter_str = kstrdup(filter_str, GFP_KERNEL);
		if (!t->filter_str) {
			event_filter_free(t->filter);
			kfree(t);
			return -ENOMEM;
		}
	}
	if (target) {
		if (!trace_event_get_live(target->event_call)) {
			ret = -EBUSY;
			goto free;
		}
		ret = trace_event_enable(target, true, true);
		if (ret) {
			trace_event_put_ref(target->event_call);
			goto free;
		}
		refcount_inc(&target->ref);
		t->target = target;
	}
	ret = trace_event_enable(file, true, true);
	if (ret) {
		if (target) {
			trace_event_enable(target, false, true);
			trace_event_put_ref(target->event_call);
			trace_event_file_put(target);
		}
		goto free;
	}
	atomic_inc(&file->tm_ref);
	list_add_tail_rcu(&t->list, &file->triggers);
	update_trigger_flags(file);
	return 0;
free:
	event_filter_free(t->filter);
	kfree(t->filter_str);
	kfree(t);
	return ret;
}

/**
 * trace_event_trigger_write - a command written to an event's trigger file
 * @file: the event's file
 * @cmd: the command, stripped
 *
 * Called with event_mutex held.
 *
 * Return: 0; -EINVAL for an unknown or malformed command, an unknown
 * target or a bad filter; -EEXIST for a second trigger of a kind.
 * Removing a trigger that does not exist succeeds.
 */
int trace_event_trigger_write(struct trace_event_file *file, char *cmd)
{
	struct trace_event_file *target = NULL;
	char *head, *filter = NULL, *name, *sys = NULL, *ev = NULL, *param;
	bool remove = false;
	enum trigger_kind kind;
	long count;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (!*cmd)
		return 0;
	if (*cmd == '!') {
		remove = true;
		cmd = skip_spaces(cmd + 1);
	}
	head = strsep(&cmd, " \t");
	if (cmd) {
		cmd = skip_spaces(cmd);
		if (*cmd) {
			if (strncmp(cmd, "if", 2) || !isspace(cmd[2]))
				return -EINVAL;
			filter = skip_spaces(cmd + 2);
			if (!*filter)
				return -EINVAL;
		}
	}
	name = strsep(&head, ":");
	for (kind = 0; kind < NR_TRIGGER_KINDS; kind++) {
		if (!strcmp(name, trigger_names[kind]))
			break;
	}
	if (kind == NR_TRIGGER_KINDS)
		return -EINVAL;
	if (is_event_switch(kind)) {
		sys = strsep(&head, ":");
		ev = strsep(&head, ":");
		if (!sys || !ev || !*sys || !*ev)
			return -EINVAL;
		target = find_file(file->tr, sys, ev);
		if (!target || !event_switchable(target))
			return -EINVAL;
	}
	param = head;
	if (remove) {
		struct event_trigger *t = find_same(file, kind, target);

		if (t && t->kind == kind)
			trigger_remove(file, t);
		return 0;
	}
	ret = parse_count(param, &count);
	if (ret)
		return ret;
	return trigger_add(file, kind, target, count, filter);
}

/**
 * trace_event_triggers_show - the text of an event's trigger file
 * @s: where to print (it may overflow: the caller tries a bigger one)
 * @file: the event's file
 *
 * One line per trigger, or the list of commands when there is none.
 * Called with event_mutex held.
 */
void trace_event_triggers_show(struct seq_buf *s,
			       struct trace_event_file *file)
{
	struct event_trigger *t;
	enum trigger_kind kind;

	if (list_empty(&file->triggers)) {
		seq_buf_puts(s, "# Available triggers:\n#");
		for (kind = 0; kind < NR_TRIGGER_KINDS; kind++)
			seq_buf_printf(s, " %s", trigger_names[kind]);
		seq_buf_putc(s, '\n');
		return;
	}
	list_for_each_entry(t, &file->triggers, list) {
		long count = READ_ONCE(t->count);

		seq_buf_puts(s, trigger_names[t->kind]);
		if (t->target)
			seq_buf_printf(s, ":%s:%s",
					 trace_event_system(t->target->event_call),
					 trace_event_name(t->target->event_call));
		if (count == -1)
			seq_buf_puts(s, ":unlimited");
		else
			seq_buf_printf(s, ":count=%ld", count);
		if (t->filter_str)
			seq_buf_printf(s, " if %s", t->filter_str);
		seq_buf_putc(s, '\n');
	}
}

/**
 * trace_event_soft_get - hold an event in soft mode for a function probe
 * @tr: the instance
 * @system: the event's system
 * @event: its name
 *
 * The event's probe stays registered (soft-disabled unless the event is
 * on) until trace_event_soft_put(); its module cannot go meanwhile.
 *
 * Return: the event's file, or ERR_PTR(-EINVAL) if there is no such
 * event, -EBUSY if its module is going.
 */
struct trace_event_file *trace_event_soft_get(struct trace_array *tr,
					      const char *system,
					      const char *event)
{
	struct trace_event_file *file;
	int ret = 0;

	mutex_lock(&event_mutex);
	file = find_file(tr, system, event);
	if (!file || !event_switchable(file)) {
		ret = -EINVAL;
	} else if (!trace_event_get_live(file->event_call)) {
		ret = -EBUSY;
	} else {
		ret = trace_event_enable(file, true, true);
		if (ret)
			trace_event_put_ref(file->event_call);
		else
			refcount_inc(&file->ref);
	}
	mutex_unlock(&event_mutex);
	return ret ? ERR_PTR(ret) : file;
}

/**
 * trace_event_file_lookup - an event's file, for comparing only
 * @tr: the instance
 * @system: the event's system
 * @event: its name
 *
 * No reference is taken: the result may be compared with pointers held
 * elsewhere, never followed.
 *
 * Return: the file, or ERR_PTR(-EINVAL).
 */
struct trace_event_file *trace_event_file_lookup(struct trace_array *tr,
						 const char *system,
						 const char *event)
{
	struct trace_event_file *file;

	mutex_lock(&event_mutex);
	file = find_file(tr, system, event);
	mutex_unlock(&event_mutex);
	return file ?: ERR_PTR(-EINVAL);
}

/**
 * trace_event_soft_put - let go of an event held by trace_event_soft_get()
 * @file: the event's file
 */
void trace_event_soft_put(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;

	mutex_lock(&event_mutex);
	trace_event_enable(file, false, true);
	trace_event_put_ref(call);
	mutex_unlock(&event_mutex);
	trace_event_file_put(file);
}
