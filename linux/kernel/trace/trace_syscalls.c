// SPDX-License-Identifier: GPL-2.0
/*
 * Syscall events (CONFIG_FTRACE_SYSCALLS): syscalls:sys_enter_NAME and
 * syscalls:sys_exit_NAME for every syscall SYSCALL_DEFINE() describes.
 *
 * include/linux/syscalls.h leaves, per syscall, a struct syscall_metadata
 * (name, argument names and types) and two trace_event_calls of the
 * classes defined here.  At boot each metadata gets its syscall number
 * by matching the address of sys_call_table[nr] with its name.
 *
 * The events share the raw_syscalls tracepoints (sys_enter, sys_exit):
 * an instance with a syscall event on has one probe on each, which looks
 * the syscall up in the instance's table of enabled files.  perf has
 * its own probes and a bitmap of the syscalls it watches.
 *
 * Records: the syscall number and the arguments (one unsigned long
 * each) for an entry; the number and the return value for an exit.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <linux/trace_events.h>
#include <trace/events/syscalls.h>
#include <trace/syscall.h>
#include <asm/syscall.h>

#include "trace.h"
#include "trace_event_internal.h"

/*
 * The record of both kinds: the syscall's number, then its arguments
 * (an entry, as many as it has) or its return value (an exit).
 */
struct syscall_rec {
	struct trace_entry	ent;
	int			nr;
	union {
		unsigned long	args[6];
		long		ret;
	};
};

/* The size of an entry record with @n arguments. */
#define ENTER_REC_SIZE(n)	(offsetof(struct syscall_rec, args) + \
				 (n) * sizeof(unsigned long))
#define EXIT_REC_SIZE		(offsetof(struct syscall_rec, ret) + sizeof(long))

/* The metadata of each syscall number; NULL for those without. */
static struct syscall_metadata **syscalls_by_nr;

/**
 * struct syscall_files - the syscall events enabled in one instance
 * @enter:	by syscall number, the file of its enabled entry event
 * @exit:	the same for exits
 * @enter_on:	entry events enabled (the sys_enter probe is on while > 0)
 * @exit_on:	exit events enabled
 */
struct syscall_files {
	struct trace_event_file __rcu	*enter[NR_syscalls];
	struct trace_event_file __rcu	*exit[NR_syscalls];
	int				enter_on;
	int				exit_on;
};

unsigned long __init __weak arch_syscall_addr(int nr)
{
	return (unsigned long)sys_call_table[nr];
}

#ifndef ARCH_HAS_SYSCALL_MATCH_SYM_NAME
static inline bool arch_syscall_match_sym_name(const char *sym,
					       const char *name)
{
	/* "sys_foo" matches "sys_foo" and "__se_sys_foo"-less spellings. */
	return !strcmp(sym + 3, name + 3);
}
#endif

/* The syscall being entered or left, or -1 for one not traced. */
static int traced_nr(struct pt_regs *regs, long id)
{
#ifdef ARCH_TRACE_IGNORE_COMPAT_SYSCALLS
	if (arch_trace_is_compat_syscall(regs))
		return -1;
#endif
	if (id < 0 || id >= NR_syscalls || !syscalls_by_nr ||
	    !syscalls_by_nr[id])
		return -1;
	return id;
}

/* --- Recording ------------------------------------------------------------ */

static void enter_probe(void *data, struct pt_regs *regs, long id)
{
	struct trace_array *tr = data;
	struct syscall_rec *rec;
	struct trace_event_buffer fb;
	struct trace_event_file *file;
	struct syscall_files *sf;
	unsigned long args[6];
	int nr = traced_nr(regs, id), n;

	if (nr < 0)
		return;
	sf = rcu_dereference_sched(tr->syscall_files);
	file = sf ? rcu_dereference_sched(sf->enter[nr]) : NULL;
	if (!file || trace_trigger_soft_disabled(file))
		return;
	n = syscalls_by_nr[nr]->nb_args;
	/* As upstream, the count includes the tracepoint's own disable. */
	rec = trace_event_reserve_ctx(&fb, file, ENTER_REC_SIZE(n),
				      tracing_gen_ctx());
	if (!rec)
		return;
	rec->nr = nr;
	syscall_get_arguments(current, regs, args);
	memcpy(rec->args, args, n * sizeof(args[0]));
	trace_event_buffer_commit(&fb);
}

static void exit_probe(void *data, struct pt_regs *regs, long ret)
{
	struct trace_array *tr = data;
	struct syscall_rec *rec;
	struct trace_event_buffer fb;
	struct trace_event_file *file;
	struct syscall_files *sf;
	int nr = traced_nr(regs, syscall_get_nr(current, regs));

	if (nr < 0)
		return;
	sf = rcu_dereference_sched(tr->syscall_files);
	file = sf ? rcu_dereference_sched(sf->exit[nr]) : NULL;
	if (!file || trace_trigger_soft_disabled(file))
		return;
	rec = trace_event_reserve_ctx(&fb, file, EXIT_REC_SIZE,
				      tracing_gen_ctx());
	if (!rec)
		return;
	rec->nr = nr;
	rec->ret = syscall_get_return_value(current, regs);
	trace_event_buffer_commit(&fb);
}

/* The metadata of a syscall event. */
static struct syscall_metadata *meta_of(struct trace_event_call *call)
{
	return call->data;
}

/* Switch @call's syscall in @file's instance; event_mutex held. */
static int syscall_file_switch(struct trace_event_file *file, bool enter,
			       bool on)
{
	struct trace_array *tr = file->tr;
	int nr = meta_of(file->event_call)->syscall_nr;
	struct syscall_files *sf;
	int *count, ret = 0;

	lockdep_assert_held(&event_mutex);
	sf = rcu_dereference_protected(tr->syscall_files,
				       lockdep_is_held(&event_mutex));
	if (!sf) {
		if (!on)
			return 0;
		sf = kzalloc(sizeof(*sf), GFP_KERNEL);
		if (!sf)
			return -ENOMEM;
		rcu_assign_pointer(tr->syscall_files, sf);
	}
	count = enter ? &sf->enter_on : &sf->exit_on;
	if (on) {
		if (!*count)
			ret = enter ? register_trace_sys_enter(enter_probe, tr) :
				      register_trace_sys_exit(exit_probe, tr);
		if (ret)
			return ret;
		(*count)++;
		if (enter)
			rcu_assign_pointer(sf->enter[nr], file);
		else
			rcu_assign_pointer(sf->exit[nr], file);
		return 0;
	}
	if (enter)
		RCU_INIT_POINTER(sf->enter[nr], NULL);
	else
		RCU_INIT_POINTER(sf->exit[nr], NULL);
	if (!--(*count)) {
		if (enter)
			unregister_trace_sys_enter(enter_probe, tr);
		else
			unregister_trace_sys_exit(exit_probe, tr);
	}
	return 0;
}

/**
 * trace_syscalls_instance_free - drop an instance's syscall table
 * @tr: the instance, its events off and their probes gone
 */
void trace_syscalls_instance_free(struct trace_array *tr)
{
	kfree(rcu_dereference_protected(tr->syscall_files, 1));
	RCU_INIT_POINTER(tr->syscall_files, NULL);
}

/* --- perf ------------------------------------------------------------------ */

#ifdef CONFIG_PERF_EVENTS
static DECLARE_BITMAP(perf_enter_nrs, NR_syscalls);
static DECLARE_BITMAP(perf_exit_nrs, NR_syscalls);
static int perf_enter_on, perf_exit_on;

static void perf_enter_probe(void *data, struct pt_regs *regs, long id)
{
	struct syscall_rec *rec;
	struct syscall_metadata *meta;
	struct hlist_head *head;
	unsigned long args[6];
	int nr = traced_nr(regs, id), rctx, size;

	if (nr < 0 || !test_bit(nr, perf_enter_nrs))
		return;
	meta = syscalls_by_nr[nr];
	head = this_cpu_ptr(meta->enter_event->perf_events);
	if (hlist_empty(head))
		return;
	/* The raw sample's size is a u32 in front of the record. */
	size = ALIGN(ENTER_REC_SIZE(meta->nb_args) + sizeof(u32),
		     sizeof(u64)) - sizeof(u32);
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	rec->nr = nr;
	syscall_get_arguments(current, regs, args);
	memcpy(rec->args, args, meta->nb_args * sizeof(args[0]));
	perf_trace_buf_submit(rec, size, rctx,
			      meta->enter_event->event.type, 1, regs, head,
			      NULL);
}

static void perf_exit_probe(void *data, struct pt_regs *regs, long ret)
{
	struct syscall_rec *rec;
	struct syscall_metadata *meta;
	struct hlist_head *head;
	int nr = traced_nr(regs, syscall_get_nr(current, regs)), rctx, size;

	if (nr < 0 || !test_bit(nr, perf_exit_nrs))
		return;
	meta = syscalls_by_nr[nr];
	head = this_cpu_ptr(meta->exit_event->perf_events);
	if (hlist_empty(head))
		return;
	size = ALIGN(EXIT_REC_SIZE + sizeof(u32), sizeof(u64)) - sizeof(u32);
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	rec->nr = nr;
	rec->ret = syscall_get_return_value(current, regs);
	perf_trace_buf_submit(rec, size, rctx,
			      meta->exit_event->event.type, 1, regs, head,
			      NULL);
}

static int perf_switch(struct trace_event_call *call, bool enter, bool on)
{
	unsigned long *nrs = enter ? perf_enter_nrs : perf_exit_nrs;
	int *count = enter ? &perf_enter_on : &perf_exit_on;
	int nr = meta_of(call)->syscall_nr, ret = 0;

	lockdep_assert_held(&event_mutex);
	if (on) {
		if (!*count)
			ret = enter ?
			      register_trace_sys_enter(perf_enter_probe, NULL) :
			      register_trace_sys_exit(perf_exit_probe, NULL);
		if (ret)
			return ret;
		(*count)++;
		set_bit(nr, nrs);
		return 0;
	}
	clear_bit(nr, nrs);
	if (!--(*count)) {
		if (enter)
			unregister_trace_sys_enter(perf_enter_probe, NULL);
		else
			unregister_trace_sys_exit(perf_exit_probe, NULL);
	}
	return 0;
}
#endif

static int syscall_reg(struct trace_event_call *call, enum trace_reg type,
		       void *data, bool enter)
{
	switch (type) {
	case TRACE_REG_REGISTER:
		return syscall_file_switch(data, enter, true);
	case TRACE_REG_UNREGISTER:
		return syscall_file_switch(data, enter, false);
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		return perf_switch(call, enter, true);
	case TRACE_REG_PERF_UNREGISTER:
		return perf_switch(call, enter, false);
	default:
		return 0;
#endif
	}
	return 0;
}

static int enter_reg(struct trace_event_call *call, enum trace_reg type,
		     void *data)
{
	return syscall_reg(call, type, data, true);
}

static int exit_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data)
{
	return syscall_reg(call, type, data, false);
}

/* --- Fields, formats, output ----------------------------------------------- */

/* An entry event's fields: the number, then one unsigned long per arg. */
static int enter_define_fields(struct trace_event_call *call)
{
	struct syscall_metadata *meta = meta_of(call);
	int i, ret;

	ret = trace_define_field(call, "int", "__syscall_nr",
				 offsetof(struct syscall_rec, nr),
				 sizeof(int), 1, FILTER_OTHER);
	for (i = 0; !ret && i < meta->nb_args; i++)
		ret = trace_define_field(call, meta->types[i], meta->args[i],
					 offsetof(struct syscall_rec, args[i]),
					 sizeof(unsigned long), 0,
					 FILTER_OTHER);
	return ret;
}

static struct list_head *enter_fields(struct trace_event_call *call)
{
	return &meta_of(call)->enter_fields;
}

/* "name: 0x%08lx, ...", ((unsigned long)(REC->name)), ... */
static char *enter_print_fmt(struct syscall_metadata *meta)
{
	size_t len = 3;
	char *fmt, *p;
	int i;

	for (i = 0; i < meta->nb_args; i++)
		len += 2 * strlen(meta->args[i]) + 48;
	fmt = kmalloc(len, GFP_KERNEL);
	if (!fmt)
		return NULL;
	p = fmt;
	p += sprintf(p, "\"");
	for (i = 0; i < meta->nb_args; i++)
		p += sprintf(p, "%s%s: 0x%%0%zulx", i ? ", " : "",
			     meta->args[i], sizeof(unsigned long));
	p += sprintf(p, "\"");
	for (i = 0; i < meta->nb_args; i++)
		p += sprintf(p, ", ((unsigned long)(REC->%s))",
			     meta->args[i]);
	return fmt;
}

static int enter_raw_init(struct trace_event_call *call)
{
	struct syscall_metadata *meta = meta_of(call);

	/* A syscall the table has no number for is not traced. */
	if (meta->syscall_nr < 0)
		return -ENOENT;
	call->print_fmt = enter_print_fmt(meta);
	if (!call->print_fmt)
		return -ENOMEM;
	if (!trace_event_register_call(call)) {
		kfree(call->print_fmt);
		call->print_fmt = NULL;
		return -ENODEV;
	}
	return 0;
}

static int exit_raw_init(struct trace_event_call *call)
{
#define EXIT_FMT "\"0x%lx\", REC->ret"
	/* print_fmt is writable, for eval maps. */
	static char exit_fmt[sizeof(EXIT_FMT)] = EXIT_FMT;

	if (meta_of(call)->syscall_nr < 0)
		return -ENOENT;
	call->print_fmt = exit_fmt;
	return trace_event_register_call(call) ? 0 : -ENODEV;
}

static struct syscall_metadata *entry_meta(struct trace_iterator *iter,
					   int nr)
{
	if (nr < 0 || nr >= NR_syscalls || !syscalls_by_nr)
		return NULL;
	return syscalls_by_nr[nr];
}

static enum print_line_t print_enter(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct syscall_rec *rec = (void *)iter->ent;
	struct trace_seq *s = &iter->seq;
	struct syscall_metadata *meta = entry_meta(iter, rec->nr);
	int i, n;

	if (!meta || meta->enter_event->event.type != iter->ent->type) {
		trace_seq_printf(s, "unknown syscall entry %d\n", rec->nr);
		return trace_handle_return(s);
	}
	n = (iter->ent_size - (int)ENTER_REC_SIZE(0)) / (int)sizeof(long);
	n = clamp(n, 0, meta->nb_args);
	trace_seq_printf(s, "%s(", meta->name);
	for (i = 0; i < n; i++) {
		trace_seq_puts(s, i ? ", " : "");
		/* The verbose option names each argument's type too. */
		if (trace_opt(iter->tr, TRACE_OPT_VERBOSE))
			trace_seq_printf(s, "%s ", meta->types[i]);
		trace_seq_printf(s, "%s: %lx", meta->args[i], rec->args[i]);
	}
	trace_seq_puts(s, ")\n");
	return trace_handle_return(s);
}

static enum print_line_t print_exit(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	struct syscall_rec *rec = (void *)iter->ent;
	struct trace_seq *s = &iter->seq;
	struct syscall_metadata *meta = entry_meta(iter, rec->nr);

	if (!meta || meta->exit_event->event.type != iter->ent->type) {
		trace_seq_printf(s, "unknown syscall exit %d\n", rec->nr);
		return trace_handle_return(s);
	}
	trace_seq_printf(s, "%s -> 0x%lx\n", meta->name, rec->ret);
	return trace_handle_return(s);
}

struct trace_event_functions enter_syscall_print_funcs = {
	.trace	= print_enter,
};

struct trace_event_functions exit_syscall_print_funcs = {
	.trace	= print_exit,
};

static struct trace_event_fields enter_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = enter_define_fields },
	{}
};

static struct trace_event_fields exit_fields_array[] = {
	{ .type = "int", .name = "__syscall_nr", .size = sizeof(int),
	  .align = __alignof__(int), .is_signed = 1,
	  .filter_type = FILTER_OTHER },
	{ .type = "long", .name = "ret", .size = sizeof(long),
	  .align = __alignof__(long), .is_signed = 1,
	  .filter_type = FILTER_OTHER },
	{}
};

struct trace_event_class event_class_syscall_enter = {
	.system		= "syscalls",
	.reg		= enter_reg,
	.fields_array	= enter_fields_array,
	.get_fields	= enter_fields,
	.raw_init	= enter_raw_init,
};

struct trace_event_class event_class_syscall_exit = {
	.system		= "syscalls",
	.reg		= exit_reg,
	.fields_array	= exit_fields_array,
	.fields		= LIST_HEAD_INIT(event_class_syscall_exit.fields),
	.raw_init	= exit_raw_init,
};

/**
 * trace_syscalls_init - number the syscall metadata, at boot
 *
 * Before the syscall events register: an event whose syscall gets no
 * number is left out.
 */
void __init trace_syscalls_init(void)
{
	struct syscall_metadata **m;
	char name[KSYM_NAME_LEN];
	int nr;

	syscalls_by_nr = kcalloc(NR_syscalls, sizeof(*syscalls_by_nr),
				 GFP_KERNEL);
	if (!syscalls_by_nr)
		return;
	for (nr = 0; nr < NR_syscalls; nr++) {
		if (lookup_symbol_name(arch_syscall_addr(nr), name))
			continue;
		for (m = __start_syscalls_metadata;
		     m < __stop_syscalls_metadata; m++) {
			/* The stub of numbers without a syscall is none. */
			if (!strcmp((*m)->name, "sys_ni_syscall") ||
			    !arch_syscall_match_sym_name(name, (*m)->name))
				continue;
			/* The first number wins: aliases share one table. */
			if ((*m)->syscall_nr < 0) {
				(*m)->syscall_nr = nr;
				syscalls_by_nr[nr] = *m;
			}
			break;
		}
	}
}
