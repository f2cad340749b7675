// SPDX-License-Identifier: GPL-2.0
/*
 * The list of trace events and their per-instance state.
 *
 * Every TRACE_EVENT() in vmlinux leaves a struct trace_event_call in the
 * _ftrace_events section; modules carry theirs in mod->trace_events.
 * Registering an event gives it an entry type and its field list, and
 * gives every instance a struct trace_event_file for it: that file holds
 * the event's state in the instance (enabled, soft mode, filter,
 * triggers) and is what the tracepoint probe gets as its data.
 *
 * Enabling an event in an instance registers the class's probe on the
 * tracepoint with the instance's file; the generated probe then writes
 * into that instance's buffer (trace_event_record.c).
 *
 * Everything here runs under event_mutex.  A file is freed when its last
 * reference goes: one is the instance's list, one its eventfs directory,
 * one each open file of it (trace_event_fs.c).
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/ctype.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <linux/tracepoint.h>
#include <trace/events/sched.h>
#include <linux/trace_events.h>

#include "trace.h"
#include "trace_event_internal.h"

DEFINE_MUTEX(event_mutex);
LIST_HEAD(ftrace_events);

/* The instances whose events exist: the top level and each mkdir'd one. */
static LIST_HEAD(event_instances);
static bool events_ready;

/**
 * trace_event_system - the system an event belongs to
 * @call: the event
 *
 * Return: the system's name.
 */
const char *trace_event_system(struct trace_event_call *call)
{
	return call->class->system;
}

/**
 * trace_event_raw_init - the raw_init of every TRACE_EVENT() class
 * @call: the event
 *
 * Return: 0, or -ENODEV if no entry type is free.
 */
int trace_event_raw_init(struct trace_event_call *call)
{
	if (!trace_event_register_call(call))
		return -ENODEV;
	return 0;
}
EXPORT_SYMBOL_GPL(trace_event_raw_init);

/**
 * trace_event_reg - the reg of every TRACE_EVENT() class
 * @call: the event
 * @type: what to do
 * @data: the instance's trace_event_file (REGISTER, UNREGISTER)
 *
 * Return: 0 or the tracepoint's errno.
 */
int trace_event_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data)
{
	struct trace_event_file *file = data;

	switch (type) {
	case TRACE_REG_REGISTER:
		return tracepoint_probe_register(call->tp, call->class->probe,
						 file);
	case TRACE_REG_UNREGISTER:
		tracepoint_probe_unregister(call->tp, call->class->probe, file);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		return tracepoint_probe_register(call->tp,
						 call->class->perf_probe, call);
	case TRACE_REG_PERF_UNREGISTER:
		tracepoint_probe_unregister(call->tp, call->class->perf_probe,
					    call);
		return 0;
	case TRACE_REG_PERF_OPEN:
	case TRACE_REG_PERF_CLOSE:
	case TRACE_REG_PERF_ADD:
	case TRACE_REG_PERF_DEL:
		return 0;
#endif
	}
	return 0;
}
EXPORT_SYMBOL_GPL(trace_event_reg);

/* --- Eval maps: enum and sizeof names in print fmt become numbers ------ */

static bool ident_char(char c)
{
	return isalnum(c) || c == '_';
}

/*
 * Replace, in @fmt, each whole-word use of one of @maps' names (outside
 * quotes, not a struct member) by its value in decimal, in place.  A
 * value longer than its name is left as the name.
 */
static void apply_eval_maps(char *fmt, struct trace_eval_map **maps,
			    unsigned int n, const char *system)
{
	char *p = fmt, num[24];
	bool quoted = false;
	unsigned int i;

	while (*p) {
		if (quoted) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == '"')
				quoted = false;
			p++;
			continue;
		}
		if (*p == '"') {
			quoted = true;
			p++;
			continue;
		}
		if (!ident_char(*p) || (p > fmt && ident_char(p[-1]))) {
			p++;
			continue;
		}
		if (isdigit(*p) || (p > fmt && p[-1] == '.') ||
		    (p > fmt + 1 && p[-1] == '>' && p[-2] == '-')) {
			while (ident_char(*p))
				p++;
			continue;
		}
		for (i = 0; i < n; i++) {
			const char *name = maps[i]->eval_string;
			size_t len = strlen(name);
			int nlen;

			if (maps[i]->system != system || strncmp(p, name, len) ||
			    ident_char(p[len]))
				continue;
			nlen = snprintf(num, sizeof(num), "%lu",
					maps[i]->eval_value);
			if (nlen > len)
				break;
			memcpy(p, num, nlen);
			memmove(p + nlen, p + len, strlen(p + len) + 1);
			break;
		}
		while (ident_char(*p))
			p++;
	}
}

#ifdef CONFIG_TRACE_EVAL_MAP_FILE
/**
 * struct eval_entry - a line of eval_map, kept after the map's memory
 * @list:	in eval_entries, under event_mutex
 * @mod:	the module the map came with, NULL for vmlinux
 * @value:	the value
 * @name:	"NAME\0SYSTEM"
 */
struct eval_entry {
	struct list_head	list;
	struct module		*mod;
	unsigned long		value;
	char			name[];
};

static LIST_HEAD(eval_entries);

/* Keep @maps for eval_map: theirs is init memory, gone after loading. */
static void eval_maps_keep(struct trace_eval_map **maps, unsigned int n,
			   struct module *mod)
{
	struct eval_entry *e;
	size_t a, b;
	unsigned int i;

	for (i = 0; i < n; i++) {
		a = strlen(maps[i]->eval_string) + 1;
		b = strlen(maps[i]->system) + 1;
		e = kmalloc(struct_size(e, name, a + b), GFP_KERNEL);
		if (!e)
			return;
		e->mod = mod;
		e->value = maps[i]->eval_value;
		memcpy(e->name, maps[i]->eval_string, a);
		memcpy(e->name + a, maps[i]->system, b);
		list_add_tail(&e->list, &eval_entries);
	}
}

static void eval_maps_drop(struct module *mod)
{
	struct eval_entry *e, *n;

	list_for_each_entry_safe(e, n, &eval_entries, list) {
		if (e->mod == mod) {
			list_del(&e->list);
			kfree(e);
		}
	}
}

static void *eval_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&event_mutex);
	return seq_list_start(&eval_entries, *pos);
}

static void *eval_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &eval_entries, pos);
}

static void eval_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int eval_show(struct seq_file *m, void *v)
{
	struct eval_entry *e = list_entry(v, struct eval_entry, list);

	seq_printf(m, "%s %ld (%s)\n", e->name, (long)e->value,
		   e->name + strlen(e->name) + 1);
	return 0;
}

static const struct seq_operations eval_seq_ops = {
	.start	= eval_start,
	.next	= eval_next,
	.stop	= eval_stop,
	.show	= eval_show,
};

static int eval_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &eval_seq_ops);
}

static const struct file_operations eval_map_fops = {
	.open		= eval_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/**
 * trace_eval_map_file_init - create eval_map in the tracefs root
 */
void trace_eval_map_file_init(void)
{
	tracefs_create_file("eval_map", TRACE_MODE_READ, NULL, NULL,
			    &eval_map_fops);
}
#else
static void eval_maps_keep(struct trace_eval_map **maps, unsigned int n,
			   struct module *mod)
{
}

static void eval_maps_drop(struct module *mod)
{
}
#endif

static void eval_maps_apply(struct trace_eval_map **maps, unsigned int n,
			    struct module *mod)
{
	struct trace_event_call *call;

	if (!n)
		return;
	eval_maps_keep(maps, n, mod);
	list_for_each_entry(call, &ftrace_events, list) {
		if (call->module != mod || !call->print_fmt ||
		    (call->flags & TRACE_EVENT_FL_DYNAMIC))
			continue;
		apply_eval_maps(call->print_fmt, maps, n,
				call->class->system);
	}
}

/* --- Per-instance files ---------------------------------------------------- */

static struct trace_subsystem_dir *system_get(struct trace_array *tr,
					      const char *name)
{
	struct trace_subsystem_dir *dir;

	list_for_each_entry(dir, &tr->event_systems, list) {
		if (!strcmp(dir->name, name)) {
			dir->nr_events++;
			return dir;
		}
	}
	dir = kzalloc(sizeof(*dir), GFP_KERNEL);
	if (!dir)
		return NULL;
	dir->name = kstrdup(name, GFP_KERNEL);
	if (!dir->name) {
		kfree(dir);
		return NULL;
	}
	dir->tr = tr;
	dir->nr_events = 1;
	refcount_set(&dir->ref, 1);
	list_add_tail(&dir->list, &tr->event_systems);
	return dir;
}

/**
 * trace_event_system_put - drop a reference to a system directory
 * @dir: the directory
 */
void trace_event_system_put(struct trace_subsystem_dir *dir)
{
	if (!refcount_dec_and_test(&dir->ref))
		return;
	kfree(dir->filter);
	kfree(dir->name);
	kfree(dir);
}

static void system_release(struct trace_subsystem_dir *dir)
{
	if (--dir->nr_events)
		return;
	list_del(&dir->list);
	dir->freed = true;
	if (dir->ei)
		eventfs_remove_dir(dir->ei);
	dir->ei = NULL;
	trace_event_system_put(dir);
}

/**
 * trace_event_file_put - drop a reference to an event file
 * @file: the file
 */
void trace_event_file_put(struct trace_event_file *file)
{
	if (!refcount_dec_and_test(&file->ref))
		return;
	WARN_ON_ONCE(!(file->flags & EVENT_FILE_FL_FREED));
	trace_event_system_put(file->system);
	kfree(file);
}

static struct trace_event_file *file_create(struct trace_array *tr,
					    struct trace_event_call *call)
{
	struct trace_event_file *file;

	file = kzalloc(sizeof(*file), GFP_KERNEL);
	if (!file)
		return NULL;
	file->system = system_get(tr, trace_event_system(call));
	if (!file->system) {
		kfree(file);
		return NULL;
	}
	refcount_inc(&file->system->ref);
	file->event_call = call;
	file->tr = tr;
	INIT_LIST_HEAD(&file->triggers);
	refcount_set(&file->ref, 1);
	if (trace_event_pids_set(tr))
		file->flags |= EVENT_FILE_FL_PID_FILTER;
	list_add_tail(&file->list, &tr->events);
	if (tr->event_dir)
		trace_event_fs_add(tr, file);
	return file;
}

/* Take @file out of its instance; its probe must be off already. */
static void file_remove(struct trace_event_file *file)
{
	struct event_filter *filter;

	list_del(&file->list);
	set_bit(EVENT_FILE_FL_FREED_BIT, &file->flags);
	trace_event_triggers_free(file);
	filter = rcu_replace_pointer(file->filter, NULL,
				     lockdep_is_held(&event_mutex));
	event_filter_free_rcu(filter);
	trace_event_fs_remove(file);
	system_release(file->system);
	trace_event_file_put(file);
}

/* --- Enabling -------------------------------------------------------------- */

/*
 * While any event is on, every context switch saves both tasks' names
 * (and thread groups, for record-tgid): an event names tasks other
 * than the one that wrote it, sched_switch's next task first of all.
 */
static unsigned int events_on;

static void save_switch_tasks(void *data, bool preempt,
			      struct task_struct *prev,
			      struct task_struct *next,
			      unsigned int prev_state)
{
	trace_save_cmdline(prev);
	trace_save_cmdline(next);
	trace_save_tgid(prev);
	trace_save_tgid(next);
}

static void event_probe_count(struct trace_event_call *call, bool on)
{
	lockdep_assert_held(&event_mutex);
	/* Its own probe would count itself. */
	if (call->class->system && !strcmp(call->class->system, "ftrace"))
		return;
	if (on && !events_on++)
		register_trace_sched_switch(save_switch_tasks, NULL);
	else if (!on && !--events_on)
		unregister_trace_sched_switch(save_switch_tasks, NULL);
}

static void set_flag(struct trace_event_file *file, int bit, bool on)
{
	if (on)
		set_bit(bit, &file->flags);
	else
		clear_bit(bit, &file->flags);
}

/**
 * trace_event_enable - switch an event on or off in an instance
 * @file: the event's file in the instance
 * @enable: on or off
 * @soft: a soft-mode user (a trigger or function probe) arrives (on) or
 *	  leaves (off), rather than the enable file or set_event
 *
 * While soft users exist the probe stays registered, and an "off" from
 * the enable file only sets SOFT_DISABLED: the event reads "0*".
 * Called with event_mutex held.
 *
 * Return: 0, or the errno of registering the probe.
 */
int trace_event_enable(struct trace_event_file *file, bool enable, bool soft)
{
	struct trace_event_call *call = file->event_call;
	unsigned long flags = file->flags;
	bool off;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (flags & EVENT_FILE_FL_FREED)
		return -ENODEV;
	if (!enable) {
		if (soft) {
			if (atomic_dec_return(&file->sm_ref) > 0)
				return 0;
			off = flags & EVENT_FILE_FL_SOFT_DISABLED;
			clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
			clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
		} else {
			off = !(flags & EVENT_FILE_FL_SOFT_MODE);
			set_flag(file, EVENT_FILE_FL_SOFT_DISABLED_BIT, !off);
		}
		if (off && (flags & EVENT_FILE_FL_ENABLED)) {
			clear_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
			call->class->reg(call, TRACE_REG_UNREGISTER, file);
			event_probe_count(call, false);
		}
		return 0;
	}

	if (soft) {
		if (atomic_inc_return(&file->sm_ref) > 1)
			return 0;
		set_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
		if (!(flags & EVENT_FILE_FL_ENABLED))
			set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	} else {
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	}
	if (flags & EVENT_FILE_FL_ENABLED)
		return 0;
	tracing_update_buffers(file->tr);
	ret = call->class->reg(call, TRACE_REG_REGISTER, file);
	if (ret) {
		pr_info("event trace: Could not enable event %s\n",
			trace_event_name(call));
		if (soft) {
			atomic_dec(&file->sm_ref);
			clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
		}
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
		return ret;
	}
	set_bit(EVENT_FILE_FL_WAS_ENABLED_BIT, &file->flags);
	set_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
	event_probe_count(call, true);
	return 0;
}

/* Switch every event of @tr off, soft users and triggers included. */
static void instance_events_off(struct trace_array *tr)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events, list) {
		trace_event_triggers_free(file);
		if (file->flags & EVENT_FILE_FL_ENABLED) {
			clear_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
			file->event_call->class->reg(file->event_call,
						     TRACE_REG_UNREGISTER,
						     file);
			event_probe_count(file->event_call, false);
		}
		atomic_set(&file->sm_ref, 0);
		file->flags &= ~(EVENT_FILE_FL_SOFT_MODE |
				 EVENT_FILE_FL_SOFT_DISABLED);
	}
}

/* --- Adding and removing events ------------------------------------------- */

static bool event_listed(struct trace_event_call *call)
{
	struct trace_event_call *c;

	list_for_each_entry(c, &ftrace_events, list) {
		if (c == call)
			return true;
	}
	return false;
}

static int event_add(struct trace_event_call *call, struct module *mod)
{
	struct trace_array *tr;
	int ret;

	if (!trace_event_name(call) || !call->class)
		return -EINVAL;
	if (event_listed(call))
		return -EEXIST;
	if (!(call->flags & TRACE_EVENT_FL_DYNAMIC))
		call->module = mod;
	ret = trace_event_fields_build(call);
	if (ret)
		return ret;
	if (call->class->raw_init) {
		ret = call->class->raw_init(call);
		/* -ENOENT: a syscall without a number, left out quietly. */
		if (ret) {
			if (ret != -ENOENT)
				pr_warn("Could not initialize trace events/%s\n",
					trace_event_name(call));
			return ret;
		}
	}
	list_add_tail(&call->list, &ftrace_events);
	list_for_each_entry(tr, &event_instances, event_instance)
		file_create(tr, call);
	return 0;
}

/* Whether another listed event shares @call's class. */
static bool class_shared(struct trace_event_call *call)
{
	struct trace_event_call *c;

	list_for_each_entry(c, &ftrace_events, list) {
		if (c != call && c->class == call->class)
			return true;
	}
	return false;
}

/*
 * Remove the events @match picks, everywhere, with one wait for probes
 * and one for readers: a module may have hundreds.  Returns whether
 * some instance had one of them on.
 */
static bool events_remove(bool (*match)(struct trace_event_call *call,
					void *arg), void *arg)
{
	struct trace_event_file *file, *fn;
	struct trace_event_call *call, *n;
	struct trace_array *tr;
	bool was_on = false;
	LIST_HEAD(gone);

	list_for_each_entry(tr, &event_instances, event_instance) {
		list_for_each_entry(file, &tr->events, list) {
			call = file->event_call;
			if (!match(call, arg))
				continue;
			was_on |= file->flags & EVENT_FILE_FL_WAS_ENABLED;
			trace_event_triggers_free(file);
			if (file->flags & EVENT_FILE_FL_ENABLED) {
				clear_bit(EVENT_FILE_FL_ENABLED_BIT,
					  &file->flags);
				call->class->reg(call, TRACE_REG_UNREGISTER,
						 file);
				event_probe_count(call, false);
			}
		}
	}
	/* No probe runs with a file of these events any more... */
	tracepoint_synchronize_unregister();
	list_for_each_entry(tr, &event_instances, event_instance) {
		list_for_each_entry_safe(file, fn, &tr->events, list) {
			if (match(file->event_call, arg))
				file_remove(file);
		}
	}
	list_for_each_entry_safe(call, n, &ftrace_events, list) {
		if (!match(call, arg))
			continue;
		trace_event_unlink(&call->event);
		list_move(&call->list, &gone);
	}
	/* ...and no reader prints with their printers. */
	synchronize_rcu();
	list_for_each_entry_safe(call, n, &gone, list) {
		trace_event_type_release(&call->event);
		list_del(&call->list);
		if (!class_shared(call))
			trace_event_fields_free(call);
	}
	return was_on;
}

static bool is_call(struct trace_event_call *call, void *arg)
{
	return call == arg;
}

static void reset_all_buffers(void)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &event_instances, event_instance) {
		if (tr->buffer)
			trace_buffer_empty_all(tr);
	}
}

/**
 * trace_add_event_call - register an event at run time
 * @call: the event
 *
 * Return: 0 or an errno.
 */
int trace_add_event_call(struct trace_event_call *call)
{
	int ret;

	mutex_lock(&event_mutex);
	ret = event_add(call, NULL);
	mutex_unlock(&event_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_add_event_call);

/* Whether any instance uses @call (enabled, soft users, triggers, open). */
static bool event_busy(struct trace_event_call *call)
{
	struct trace_event_file *file;
	struct trace_array *tr;

#ifdef CONFIG_PERF_EVENTS
	if (call->perf_refcount)
		return true;
#endif
	list_for_each_entry(tr, &event_instances, event_instance) {
		list_for_each_entry(file, &tr->events, list) {
			if (file->event_call != call)
				continue;
			if (file->flags & EVENT_FILE_FL_ENABLED ||
			    atomic_read(&file->sm_ref) ||
			    !list_empty(&file->triggers))
				return true;
		}
	}
	return false;
}

/**
 * trace_remove_event_call - unregister an event added at run time
 * @call: the event
 *
 * Return: 0, -EBUSY if some instance or perf uses it, -ENOENT if it is
 * not registered.
 */
int trace_remove_event_call(struct trace_event_call *call)
{
	int ret = 0;

	mutex_lock(&event_mutex);
	if (!event_listed(call))
		ret = -ENOENT;
	else if (event_busy(call))
		ret = -EBUSY;
	else if (events_remove(is_call, call))
		reset_all_buffers();
	mutex_unlock(&event_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_remove_event_call);

#ifdef CONFIG_MODULES
static void module_events_add(struct module *mod)
{
	unsigned int i;

	if (!mod->num_trace_events)
		return;
	if (trace_module_has_bad_taint(mod)) {
		pr_err("%s: module has bad taint, not creating trace events\n",
		       mod->name);
		return;
	}
	for (i = 0; i < mod->num_trace_events; i++)
		event_add(mod->trace_events[i], mod);
	eval_maps_apply(mod->trace_evals, mod->num_trace_evals, mod);
}

static bool of_module(struct trace_event_call *call, void *mod)
{
	return call->module == mod && !(call->flags & TRACE_EVENT_FL_DYNAMIC);
}

static void module_events_remove(struct module *mod)
{
	eval_maps_drop(mod);
	/* Their entries would print with a printer that is gone. */
	if (events_remove(of_module, mod))
		reset_all_buffers();
}

static int event_module_notify(struct notifier_block *nb, unsigned long val,
			       void *data)
{
	struct module *mod = data;

	mutex_lock(&event_mutex);
	if (val == MODULE_STATE_COMING)
		module_events_add(mod);
	else if (val == MODULE_STATE_GOING)
		module_events_remove(mod);
	mutex_unlock(&event_mutex);
	return NOTIFY_OK;
}

static struct notifier_block event_module_nb = {
	.notifier_call	= event_module_notify,
	.priority	= 1,
};
#endif

/**
 * trace_events_instance_init - give a new instance its event files
 * @tr: the instance, its tracefs directory made
 *
 * Return: 0 or -ENOMEM.
 */
int trace_events_instance_init(struct trace_array *tr)
{
	struct trace_event_call *call;
	int ret = 0;

	mutex_lock(&event_mutex);
	INIT_LIST_HEAD(&tr->events);
	INIT_LIST_HEAD(&tr->event_systems);
	list_add_tail(&tr->event_instance, &event_instances);
	if (trace_event_pids_init(tr))
		ret = -ENOMEM;
	list_for_each_entry(call, &ftrace_events, list) {
		if (!file_create(tr, call)) {
			ret = -ENOMEM;
			break;
		}
	}
	mutex_unlock(&event_mutex);
	return ret;
}

/**
 * trace_events_instance_free - remove an instance's events
 * @tr: the instance being removed (no file of it open)
 */
void trace_events_instance_free(struct trace_array *tr)
{
	struct trace_event_file *file, *n;

	mutex_lock(&event_mutex);
	if (!tr->event_instance.next || list_empty(&tr->event_instance)) {
		mutex_unlock(&event_mutex);
		return;
	}
	instance_events_off(tr);
	tracepoint_synchronize_unregister();
	list_for_each_entry_safe(file, n, &tr->events, list)
		file_remove(file);
	trace_event_pids_free(tr);
	trace_syscalls_instance_free(tr);
	list_del_init(&tr->event_instance);
	trace_event_fs_instance_free(tr);
	mutex_unlock(&event_mutex);
}

/**
 * trace_events_disable_all - switch every event of an instance off
 * @tr: the instance
 *
 * Soft users keep their events registered (they read "0*").
 */
void trace_events_disable_all(struct trace_array *tr)
{
	struct trace_event_file *file;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events, list)
		trace_event_enable(file, false, false);
}

/**
 * trace_events_init - register vmlinux's events, start of boot
 *
 * Called from trace_init(), before the initcalls, so that trace_event=
 * records from early on.
 */
void __init trace_events_init(void)
{
	struct trace_event_call **iter;
	unsigned int i;

	mutex_lock(&event_mutex);
	INIT_LIST_HEAD(&global_trace.events);
	INIT_LIST_HEAD(&global_trace.event_systems);
	list_add_tail(&global_trace.event_instance, &event_instances);
	if (trace_event_pids_init(&global_trace))
		pr_warn("no memory for set_event_pid\n");
	trace_syscalls_init();
	for (i = 0; i < nr_trace_entry_calls; i++)
		event_add(trace_entry_calls[i], NULL);
	for (iter = __start_ftrace_events; iter < __stop_ftrace_events; iter++)
		event_add(*iter, NULL);
	eval_maps_apply(__start_ftrace_eval_maps,
			__stop_ftrace_eval_maps - __start_ftrace_eval_maps,
			NULL);
	events_ready = true;
	mutex_unlock(&event_mutex);
#ifdef CONFIG_MODULES
	register_module_notifier(&event_module_nb);
#endif
	trace_event_boot_enable();
}

/**
 * trace_events_ready - whether trace_events_init() has run
 *
 * Return: true once vmlinux's events are registered.
 */
bool trace_events_ready(void)
{
	return READ_ONCE(events_ready);
}
