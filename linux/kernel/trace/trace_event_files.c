// SPDX-License-Identifier: GPL-2.0
/*
 * Naming events in text: set_event and available_events, the in-kernel
 * calls that switch events by name, the trace_event= boot parameter, and
 * the filters written to an event's or a system's filter file.
 *
 * An event name is "system:event", "system:" or "system:*" for a whole
 * system, ":event" or "*:event" for that event in every system, and a
 * bare word for every event whose system or own name it is.  A leading
 * '!' in set_event switches the events off.
 */
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>
#include <asm/setup.h>

#include "trace.h"
#include "trace_event_internal.h"

/* Longest event name accepted in set_event and trace_event=. */
#define EVENT_NAME_MAX	255

static bool name_matches(const char *want, const char *have)
{
	return !want || !strcmp(want, have);
}

/*
 * Switch the events of @tr that match: @system and @event as in
 * "system:event" (NULL for any), or @either naming the system or the
 * event.  Called with event_mutex held.
 */
static int set_clr_events(struct trace_array *tr, const char *system,
			  const char *event, const char *either, bool set)
{
	struct trace_event_file *file;
	int ret = -EINVAL, err;

	list_for_each_entry(file, &tr->events, list) {
		struct trace_event_call *call = file->event_call;
		const char *name = trace_event_name(call);
		const char *sys = trace_event_system(call);

		if (!name || !call->class->reg ||
		    (call->flags & TRACE_EVENT_FL_IGNORE_ENABLE))
			continue;
		if (either && strcmp(either, name) && strcmp(either, sys))
			continue;
		if (!name_matches(system, sys) || !name_matches(event, name))
			continue;
		err = trace_event_enable(file, set, false);
		if (ret == -EINVAL || (ret == 0 && err))
			ret = err;
	}
	return ret;
}

/* "" and "*" stand for any. */
static const char *any_to_null(const char *s)
{
	return (!*s || !strcmp(s, "*")) ? NULL : s;
}

/**
 * ftrace_set_clr_event - switch events named as in set_event
 * @tr: the instance
 * @buf: the name, cut at its colon
 * @set: on or off
 *
 * Return: 0, -EINVAL if nothing matches, or the first error.
 */
int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set)
{
	char *event = buf, *system;
	int ret;

	mutex_lock(&event_mutex);
	if (strchr(buf, ':')) {
		system = strsep(&event, ":");
		ret = set_clr_events(tr, any_to_null(system),
				     any_to_null(event), NULL, set);
	} else {
		ret = set_clr_events(tr, NULL, NULL, any_to_null(buf), set);
	}
	mutex_unlock(&event_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(ftrace_set_clr_event);

/**
 * trace_array_set_clr_event - switch an event or a system of an instance
 * @tr: the instance
 * @system: the system, NULL for any
 * @event: the event, NULL for every event of @system
 * @enable: on or off
 *
 * Return: 0, -ENOENT if @tr is NULL, -EINVAL if nothing matches.
 */
int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable)
{
	int ret;

	if (!tr)
		return -ENOENT;
	mutex_lock(&event_mutex);
	ret = set_clr_events(tr, system, event, NULL, enable);
	mutex_unlock(&event_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_set_clr_event);

/**
 * trace_set_clr_event - switch an event or a system in the top level
 * @system: the system, NULL for any
 * @event: the event, NULL for every event of @system
 * @set: on or off
 *
 * Return: 0 or -EINVAL if nothing matches.
 */
int trace_set_clr_event(const char *system, const char *event, int set)
{
	return trace_array_set_clr_event(&global_trace, system, event, set);
}
EXPORT_SYMBOL_GPL(trace_set_clr_event);

/**
 * trace_set_event_name - switch the events one name of set_event names
 * @tr: the instance
 * @name: the name, '!' in front to switch off (cut at its colon)
 *
 * Return: 0, -EINVAL if nothing matches, or the first error.
 */
int trace_set_event_name(struct trace_array *tr, char *name)
{
	bool set = true;

	if (*name == '!') {
		set = false;
		name++;
	}
	if (!*name)
		return -EINVAL;
	return ftrace_set_clr_event(tr, name, set);
}

/* --- set_event ------------------------------------------------------------- */

static void *set_event_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_array *tr = m->private;
	struct list_head *l = v;

	(*pos)++;
	list_for_each_continue(l, &tr->events) {
		struct trace_event_file *file;

		file = list_entry(l, struct trace_event_file, list);
		if (file->flags & EVENT_FILE_FL_ENABLED)
			return l;
	}
	return NULL;
}

static void *set_event_start(struct seq_file *m, loff_t *pos)
{
	struct trace_array *tr = m->private;
	void *v = &tr->events;
	loff_t i;

	mutex_lock(&event_mutex);
	for (i = 0; v && i <= *pos; i++) {
		loff_t dummy = 0;

		v = set_event_next(m, v, &dummy);
	}
	return v;
}

static void event_list_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int event_name_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file;

	file = list_entry(v, struct trace_event_file, list);
	seq_printf(m, "%s:%s\n", trace_event_system(file->event_call),
		   trace_event_name(file->event_call));
	return 0;
}

static const struct seq_operations set_event_seq_ops = {
	.start	= set_event_start,
	.next	= set_event_next,
	.stop	= event_list_stop,
	.show	= event_name_show,
};

static int set_event_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr;
	int ret;

	tr = trace_array_get_inode(inode);
	if (IS_ERR(tr))
		return PTR_ERR(tr);
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&event_mutex);
		trace_events_disable_all(tr);
		mutex_unlock(&event_mutex);
	}
	ret = seq_open(filp, &set_event_seq_ops);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = tr;
	return 0;
}

static int set_event_release(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = ((struct seq_file *)filp->private_data)->private;

	trace_array_put(tr);
	return seq_release(inode, filp);
}

/*
 * One name per call, as upstream: the caller's write() loop comes back
 * for the rest.  A name that the write ends in the middle of is taken
 * as it stands.
 */
static ssize_t set_event_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = ((struct seq_file *)filp->private_data)->private;
	char name[EVENT_NAME_MAX + 1];
	size_t done, len = 0;
	bool nul = false;
	int ret;
	char c;

	for (done = 0; done < cnt; done++) {
		if (get_user(c, ubuf + done))
			return -EFAULT;
		/* A NUL ends the input: the rest is taken as read. */
		if (!c) {
			nul = true;
			break;
		}
		if (isspace(c)) {
			if (len)
				break;
			if (!(done % PAGE_SIZE))
				cond_resched();
			continue;
		}
		if (len >= EVENT_NAME_MAX)
			return -EINVAL;
		name[len++] = c;
	}
	if (len) {
		name[len] = '\0';
		ret = trace_set_event_name(tr, name);
		if (ret)
			return ret;
		if (done < cnt)
			done++;
	}
	if (nul)
		done = cnt;
	*ppos += done;
	return done;
}

static const struct file_operations set_event_fops = {
	.open		= set_event_open,
	.read		= seq_read,
	.write		= set_event_write,
	.llseek		= seq_lseek,
	.release	= set_event_release,
};

/* --- available_events ------------------------------------------------------ */

static void *avail_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct list_head *l = v;

	(*pos)++;
	list_for_each_continue(l, &ftrace_events) {
		struct trace_event_call *call;

		call = list_entry(l, struct trace_event_call, list);
		if (call->class->reg &&
		    !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE))
			return l;
	}
	return NULL;
}

static void *avail_start(struct seq_file *m, loff_t *pos)
{
	void *v = &ftrace_events;
	loff_t i;

	mutex_lock(&event_mutex);
	for (i = 0; v && i <= *pos; i++) {
		loff_t dummy = 0;

		v = avail_next(m, v, &dummy);
	}
	return v;
}

static int avail_show(struct seq_file *m, void *v)
{
	struct trace_event_call *call;

	call = list_entry(v, struct trace_event_call, list);
	seq_printf(m, "%s:%s\n", trace_event_system(call),
		   trace_event_name(call));
	return 0;
}

static const struct seq_operations avail_seq_ops = {
	.start	= avail_start,
	.next	= avail_next,
	.stop	= event_list_stop,
	.show	= avail_show,
};

static int avail_open(struct inode *inode, struct file *filp)
{
	return seq_open(filp, &avail_seq_ops);
}

static const struct file_operations avail_fops = {
	.open		= avail_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/**
 * trace_event_set_files_init - create an instance's set_event files
 * @tr: the instance
 * @dir: its directory (NULL for the tracefs root)
 */
void trace_event_set_files_init(struct trace_array *tr, struct dentry *dir)
{
	tracefs_create_file("set_event", TRACE_MODE_WRITE, dir, tr->files_all,
			    &set_event_fops);
	trace_event_pid_files_init(tr, dir);
	if (!dir)
		tracefs_create_file("available_events", TRACE_MODE_READ, NULL,
				    NULL, &avail_fops);
}

/* --- trace_event= ---------------------------------------------------------- */

static char boot_events[COMMAND_LINE_SIZE] __initdata;

static int __init set_boot_events(char *str)
{
	strscpy(boot_events, str, sizeof(boot_events));
	return 1;
}
__setup("trace_event=", set_boot_events);

static char boot_triggers[COMMAND_LINE_SIZE] __initdata;

static int __init set_boot_triggers(char *str)
{
	strscpy(boot_triggers, str, sizeof(boot_triggers));
	return 1;
}
__setup("trace_trigger=", set_boot_triggers);

/*
 * trace_trigger=EVENT.TRIGGER[ if FILTER],...: the event is named
 * without its system; the first event of that name takes the trigger.
 */
static void __init boot_triggers_apply(void)
{
	char *list = boot_triggers, *item, *name;
	struct trace_event_file *file;
	int ret;

	while ((item = strsep(&list, ","))) {
		name = strsep(&item, ".");
		if (!*name || !item) {
			if (*name)
				pr_warn("tracing: trace_trigger=%s: no trigger\n",
					name);
			continue;
		}
		ret = -EINVAL;
		mutex_lock(&event_mutex);
		list_for_each_entry(file, &global_trace.events, list) {
			if (!strcmp(trace_event_name(file->event_call), name)) {
				ret = trace_event_trigger_write(file,
								strim(item));
				break;
			}
		}
		mutex_unlock(&event_mutex);
		if (ret)
			pr_warn("tracing: trace_trigger=%s.%s: error %d\n",
				name, item, ret);
	}
}

/**
 * trace_event_boot_enable - switch on the events of trace_event=
 *
 * The list is comma separated, in set_event's syntax.
 */
void __init trace_event_boot_enable(void)
{
	char *list = boot_events, *name;

	while ((name = strsep(&list, ","))) {
		name = strim(name);
		if (*name && trace_set_event_name(&global_trace, name))
			pr_warn("tracing: failed to enable event %s\n", name);
	}
	boot_triggers_apply();
}

/* --- Filters --------------------------------------------------------------- */

static void replace_filter(struct trace_event_file *file,
			   struct event_filter *filter, bool usable)
{
	struct event_filter *old;

	/* Readers see FILTERED clear before the filter they would use goes. */
	if (!usable)
		clear_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
	old = rcu_replace_pointer(file->filter, filter,
				  lockdep_is_held(&event_mutex));
	if (usable)
		set_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
	event_filter_free_rcu(old);
}

/**
 * trace_event_set_filter - what a write to an event's filter file does
 * @file: the event's file
 * @expr: the expression, "0" to clear
 *
 * A bad expression is logged in error_log and kept, with the error, as
 * the file's text; the event is then unfiltered.  Called with
 * event_mutex held.
 *
 * Return: 0, -EINVAL for a bad expression, -ENOMEM.
 */
int trace_event_set_filter(struct trace_event_file *file, const char *expr)
{
	struct filter_error err = {};
	struct event_filter *filter = NULL;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (!strcmp(expr, "0")) {
		replace_filter(file, NULL, false);
		return 0;
	}
	ret = event_filter_create(file->event_call, expr, &filter, &err);
	if (ret == -EINVAL && err.msg)
		tracing_log_err(file->tr, "event filter parse error", expr,
				err.msg, err.pos);
	if (filter)
		replace_filter(file, filter, !ret);
	return ret;
}

/**
 * trace_event_set_system_filter - a write to a system's filter file
 * @dir: the system's directory
 * @expr: the expression, "0" to clear every event's filter
 *
 * The filter goes to each event of the system that has the fields it
 * names; the others are left unfiltered.  Called with event_mutex held.
 *
 * Return: 0, or -EINVAL if no event of the system takes it.
 */
int trace_event_set_system_filter(struct trace_subsystem_dir *dir,
				  const char *expr)
{
	struct trace_event_file *file;
	struct filter_error err, first = {};
	struct event_filter *filter;
	bool clear = !strcmp(expr, "0"), any = false;
	char *text = NULL;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (!clear) {
		text = kstrdup(expr, GFP_KERNEL);
		if (!text)
			return -ENOMEM;
	}
	list_for_each_entry(file, &dir->tr->events, list) {
		if (file->system != dir ||
		    (file->event_call->flags & TRACE_EVENT_FL_IGNORE_ENABLE))
			continue;
		if (clear) {
			replace_filter(file, NULL, false);
			continue;
		}
		filter = NULL;
		memset(&err, 0, sizeof(err));
		ret = event_filter_create(file->event_call, expr, &filter,
					  &err);
		if (ret == -ENOMEM) {
			event_filter_free(filter);
			kfree(text);
			return ret;
		}
		if (ret) {
			/* The event shows why, and is unfiltered. */
			replace_filter(file, filter, false);
			if (!first.msg)
				first = err;
			continue;
		}
		replace_filter(file, filter, true);
		any = true;
	}
	if (!clear && !any) {
		tracing_log_err(dir->tr, "event filter parse error", expr,
				first.msg && strcmp(first.msg, "Field not found") ?
				first.msg :
				"Couldn't find or set field in one of a subsystem's events",
				first.pos);
		kfree(text);
		return -EINVAL;
	}
	kfree(dir->filter);
	dir->filter = text;
	return 0;
}
