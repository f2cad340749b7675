/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces of the trace event layer: the fields of an event as
 * the format file, filters and triggers see them, the filter engine, and
 * the event registry shared by every entry type (ftrace's own entries
 * and TRACE_EVENT()s alike).
 */
#ifndef _KERNEL_TRACE_TRACE_EVENT_INTERNAL_H
#define _KERNEL_TRACE_TRACE_EVENT_INTERNAL_H

#include <linux/list.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/trace_events.h>
#include <linux/types.h>

#include "trace.h"

/**
 * struct ftrace_event_field - one field of an event's record
 * @link:	in the class's field list (trace_get_fields()), in
 *		definition order
 * @name:	the field's name
 * @type:	its C type as the format file prints it ("char[16]",
 *		"__data_loc char[]", "pid_t", ...)
 * @filter_type: FILTER_* (include/linux/trace_events.h), FILTER_OTHER
 *		resolved from @type by trace_event_field_kind()
 * @offset:	byte offset in the record, trace_entry included
 * @size:	size in bytes (4 for __data_loc and __rel_loc)
 * @is_signed:	a signed integer type
 * @len:	element count of a static array, 0 otherwise
 *
 * The common fields (common_type, ...) are not in the list: see
 * trace_common_fields.
 */
struct ftrace_event_field {
	struct list_head	link;
	const char		*name;
	const char		*type;
	int			filter_type;
	int			offset;
	int			size;
	int			is_signed;
	int			len;
};

/* The four fields every record starts with, common_type first. */
extern const struct ftrace_event_field trace_common_fields[4];

int trace_event_field_kind(const char *type, int filter_type);
struct ftrace_event_field *trace_find_event_field(struct trace_event_call *call,
						 const char *name);

/* --- The filter engine (trace_event_filter.c) --------------------------- */

/**
 * struct filter_error - why and where an expression was refused
 * @msg:	the message of error_log ("Field not found", ...)
 * @pos:	the byte offset in the expression the caret points at
 */
struct filter_error {
	const char	*msg;
	unsigned int	pos;
};

struct event_filter;

int event_filter_create(struct trace_event_call *call, const char *expr,
			struct event_filter **filterp,
			struct filter_error *err);
void event_filter_free(struct event_filter *filter);
void event_filter_free_rcu(struct event_filter *filter);
const char *event_filter_string(const struct event_filter *filter);
bool event_filter_usable(const struct event_filter *filter);

/* --- The event registry (trace_event_registry.c) ------------------------- */

/* Entry types below this are the core's own (trace_entries.h). */
#define TRACE_EVENT_TYPE_DYNAMIC_FIRST	32

struct trace_event *ftrace_find_event(int type);
void trace_event_unlink(struct trace_event *event);
void trace_event_type_release(struct trace_event *event);

/* The flags a printer gets: a trace_printk() line's message alone. */
#define TRACE_PRINT_MSG_ONLY	1

/* Whether entries of @type come from trace_printk() and friends. */
bool trace_entry_is_printk(int type);

/* --- Event calls and their instances (trace_event_calls.c) --------------- */

/* vmlinux's events and eval maps (include/asm-generic/vmlinux.lds.h). */
extern struct trace_event_call *__start_ftrace_events[];
extern struct trace_event_call *__stop_ftrace_events[];
extern struct trace_eval_map *__start_ftrace_eval_maps[];
extern struct trace_eval_map *__stop_ftrace_eval_maps[];

/* Serialises the event list, every instance's event files and their state. */
extern struct mutex event_mutex;
/* Every registered trace_event_call, under event_mutex. */
extern struct list_head ftrace_events;

/**
 * struct trace_subsystem_dir - a system's directory in one instance
 * @list:	in the instance's @systems list
 * @name:	the system's name (a copy: module strings go away)
 * @tr:		the instance
 * @ei:		its eventfs directory
 * @nr_events:	event files of the instance in this system
 * @ref:	the list's reference and the eventfs directory's
 * @filter:	the text last written to the system's filter file, or NULL
 * @freed:	removed from the instance; its files return -ENODEV
 */
struct trace_subsystem_dir {
	struct list_head	list;
	const char		*name;
	struct trace_array	*tr;
	struct eventfs_inode	*ei;
	int			nr_events;
	refcount_t		ref;
	char			*filter;
	bool			freed;
};

const char *trace_event_system(struct trace_event_call *call);
int trace_event_enable(struct trace_event_file *file, bool enable, bool soft);
void trace_event_file_put(struct trace_event_file *file);
void trace_event_system_put(struct trace_subsystem_dir *dir);
int trace_events_instance_init(struct trace_array *tr);
void trace_events_instance_free(struct trace_array *tr);
void trace_events_disable_all(struct trace_array *tr);
void trace_events_init(void);
#ifdef CONFIG_TRACE_EVAL_MAP_FILE
void trace_eval_map_file_init(void);
#else
static inline void trace_eval_map_file_init(void) { }
#endif
bool trace_events_ready(void);
int trace_event_fields_build(struct trace_event_call *call);
void trace_event_fields_free(struct trace_event_call *call);

/* Recording (trace_event_record.c) */
void *trace_event_reserve_ctx(struct trace_event_buffer *fbuffer,
			      struct trace_event_file *trace_file,
			      unsigned long len, unsigned int trace_ctx);

/* Syscall events (trace_syscalls.c) */
#ifdef CONFIG_FTRACE_SYSCALLS
/* Every syscall's metadata (include/asm-generic/vmlinux.lds.h). */
extern struct syscall_metadata *__start_syscalls_metadata[];
extern struct syscall_metadata *__stop_syscalls_metadata[];

void trace_syscalls_init(void);
void trace_syscalls_instance_free(struct trace_array *tr);
#else
static inline void trace_syscalls_init(void) { }
static inline void trace_syscalls_instance_free(struct trace_array *tr) { }
#endif

/* set_event_pid and set_event_notrace_pid (trace_event_pid.c) */
static inline bool trace_event_pids_set(struct trace_array *tr)
{
	return rcu_access_pointer(tr->event_pids[0]) ||
	       rcu_access_pointer(tr->event_pids[1]);
}

int trace_event_pids_init(struct trace_array *tr);
void trace_event_pids_free(struct trace_array *tr);
void trace_event_pid_files_init(struct trace_array *tr, struct dentry *dir);

/**
 * trace_event_get_live - hold an event's module, if it is fully loaded
 * @call: the event
 *
 * For triggers, commands and perf events that keep pointing at @call: a
 * module still coming may yet fail its init and go without waiting.
 *
 * Return: true if the reference is taken.
 */
static inline bool trace_event_get_live(struct trace_event_call *call)
{
	struct module *mod = (call->flags & TRACE_EVENT_FL_DYNAMIC) ?
			     NULL : call->module;

	if (mod && READ_ONCE(mod->state) != MODULE_STATE_LIVE)
		return false;
	return trace_event_try_get_ref(call);
}

/* trace_event_fs.c */
int trace_event_fs_instance_init(struct trace_array *tr);
int trace_event_fs_add(struct trace_array *tr, struct trace_event_file *file);
void trace_event_fs_remove(struct trace_event_file *file);
void trace_event_fs_instance_free(struct trace_array *tr);
struct trace_event_file *trace_event_file_get(struct trace_event_file *file);
int trace_event_format_show(struct trace_seq *s, struct trace_event_call *call);

/* trace_event_files.c */
void trace_event_set_files_init(struct trace_array *tr, struct dentry *dir);
void trace_event_boot_enable(void);
int trace_set_event_name(struct trace_array *tr, char *name);
int trace_event_set_filter(struct trace_event_file *file, const char *expr);
int trace_event_set_system_filter(struct trace_subsystem_dir *dir,
				  const char *expr);

/* trace_event_trigger.c */
int trace_event_trigger_write(struct trace_event_file *file, char *cmd);
int trace_event_register_call(struct trace_event_call *call);
struct trace_event_call *trace_event_call_of(struct trace_event *event);
void trace_event_print_fields(struct trace_iterator *iter,
			      struct trace_event *event);
struct seq_buf;
void trace_event_triggers_show(struct seq_buf *s,
			       struct trace_event_file *file);
void trace_event_triggers_free(struct trace_event_file *file);
struct trace_event_file *trace_event_soft_get(struct trace_array *tr,
					      const char *system,
					      const char *event);
struct trace_event_file *trace_event_file_lookup(struct trace_array *tr,
						 const char *system,
						 const char *event);
void trace_event_soft_put(struct trace_event_file *file);

/* The ftrace:* events describing the core's own entries. */
extern struct trace_event_call *const trace_entry_calls[];
extern const unsigned int nr_trace_entry_calls;
void trace_print_ip(struct trace_seq *s, struct trace_array *tr,
		    unsigned long ip);

#endif /* _KERNEL_TRACE_TRACE_EVENT_INTERNAL_H */
