// SPDX-License-Identifier: GPL-2.0
/*
 * The tracer registry: tracer plugins register here, and an instance's
 * current tracer is chosen here, from current_tracer or from ftrace= on
 * the kernel command line.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/ctype.h>
#include <linux/init.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "trace.h"

DEFINE_MUTEX(tracer_mutex);

/* Newest first, as available_tracers lists them. */
static LIST_HEAD(tracer_list);

/*
 * ftrace=NAME: started as soon as a tracer of that name registers, so a
 * tracer that registers early covers the boot from that moment on.
 */
static char boot_tracer[TRACER_NAME_MAX];

static int __init set_boot_tracer(char *str)
{
	strscpy(boot_tracer, str, sizeof(boot_tracer));
	/* Tracing from boot on: the buffers are allocated at full size. */
	global_trace.buffer_expanded = true;
	return 1;
}
__setup("ftrace=", set_boot_tracer);

/**
 * tracer_name_valid - check a tracer name
 * @name: the name, NUL terminated
 *
 * Return: true if @name is 1 to TRACER_NAME_MAX - 1 characters long and
 * made of letters, digits and underscores only.
 */
bool tracer_name_valid(const char *name)
{
	size_t len;

	if (!name)
		return false;
	len = strnlen(name, TRACER_NAME_MAX);
	if (!len || len == TRACER_NAME_MAX)
		return false;
	while (*name) {
		if (!isalnum(*name) && *name != '_')
			return false;
		name++;
	}
	return true;
}

static struct tracer *find_tracer(const char *name)
{
	struct tracer *t;

	lockdep_assert_held(&tracer_mutex);
	list_for_each_entry(t, &tracer_list, list) {
		if (!strcmp(t->name, name))
			return t;
	}
	return NULL;
}

/* Make @t the current tracer of @tr; falls back to nop if @t fails. */
static int switch_tracer(struct trace_array *tr, struct tracer *t)
{
	struct tracer *old = tr->current_trace;
	int ret;

	lockdep_assert_held(&tracer_mutex);
	if (old == t)
		return 0;
	if (old && old->reset)
		old->reset(tr);
	tr->current_trace = &nop_tracer;
	/* As upstream: the new tracer starts with an empty buffer. */
	if (tr->buffer) {
		mutex_lock(&tr->buffer_mutex);
		ring_buffer_reset(tr->buffer);
		mutex_unlock(&tr->buffer_mutex);
	}
	if (t->init) {
		ret = t->init(tr);
		if (ret)
			return ret;
	}
	tr->current_trace = t;
	return 0;
}

/**
 * register_tracer - make a tracer plugin available
 * @t: the tracer; it must stay valid until unregister_tracer()
 *
 * The tracer is listed in available_tracers from now on.  If the kernel
 * was booted with ftrace=<its name>, it becomes the current tracer of the
 * top-level instance at once.
 *
 * Return: 0, -EINVAL for a missing or malformed name, or -EBUSY if a
 * tracer of that name is registered already.
 */
int register_tracer(struct tracer *t)
{
	int ret;

	if (!t || !tracer_name_valid(t->name))
		return -EINVAL;

	mutex_lock(&tracer_mutex);
	if (find_tracer(t->name)) {
		mutex_unlock(&tracer_mutex);
		pr_warn("tracer '%s' is already registered\n", t->name);
		return -EBUSY;
	}
	list_add(&t->list, &tracer_list);

	if (boot_tracer[0] && !strcmp(boot_tracer, t->name)) {
		boot_tracer[0] = '\0';
		ret = switch_tracer(&global_trace, t);
		if (ret)
			pr_warn("boot tracer '%s' failed to start: %d\n",
				t->name, ret);
		else
			pr_info("boot tracer '%s' started\n", t->name);
	}
	mutex_unlock(&tracer_mutex);
	return 0;
}

/**
 * unregister_tracer - withdraw a tracer plugin
 * @t: a tracer passed to register_tracer() before
 *
 * Return: 0, -EBUSY while @t is the current tracer of an instance, or
 * -ENOENT if @t is not registered.
 */
int unregister_tracer(struct tracer *t)
{
	int ret = 0;

	mutex_lock(&tracer_mutex);
	if (!t || find_tracer(t->name) != t)
		ret = -ENOENT;
	else if (trace_instance_uses_tracer(t))
		ret = -EBUSY;
	else
		list_del_init(&t->list);
	mutex_unlock(&tracer_mutex);
	return ret;
}

/**
 * tracing_set_tracer - make a registered tracer current on an instance
 * @tr: the instance
 * @name: the tracer's name, without trailing whitespace
 *
 * The old tracer is reset first and the instance's buffer emptied; if
 * the new one fails to start, the instance is left with nop.
 *
 * Return: 0, -EINVAL for a name no tracer has, or the tracer's error.
 */
int tracing_set_tracer(struct trace_array *tr, const char *name)
{
	struct tracer *t;
	int ret;

	/* As upstream, choosing any tracer gives the buffers their size. */
	ret = tracing_update_buffers(tr);
	if (ret)
		return ret;
	mutex_lock(&tracer_mutex);
	t = find_tracer(name);
	ret = t ? switch_tracer(tr, t) : -EINVAL;
	mutex_unlock(&tracer_mutex);
	return ret;
}

/**
 * tracing_show_tracers - print available_tracers
 * @m: the seq_file to print to
 * @tr: the instance whose view is printed
 *
 * Prints the registered tracers' names on one line, newest first.
 */
void tracing_show_tracers(struct seq_file *m, struct trace_array *tr)
{
	struct tracer *t;
	const char *sep = "";

	mutex_lock(&tracer_mutex);
	list_for_each_entry(t, &tracer_list, list) {
		seq_printf(m, "%s%s", sep, t->name);
		sep = " ";
	}
	mutex_unlock(&tracer_mutex);
	seq_putc(m, '\n');
}

/**
 * tracer_registry_init - register nop and make it current
 *
 * Called once from early_trace_init(), before any other tracer can
 * register.
 */
void __init tracer_registry_init(void)
{
	WARN_ON(register_tracer(&nop_tracer));
	mutex_lock(&tracer_mutex);
	if (!global_trace.current_trace)
		global_trace.current_trace = &nop_tracer;
	mutex_unlock(&tracer_mutex);
}

/* Every built-in tracer has registered by now. */
static int __init check_boot_tracer(void)
{
	if (boot_tracer[0]) {
		pr_warn("ftrace=%s: no such tracer, booting with nop\n",
			boot_tracer);
		boot_tracer[0] = '\0';
	}
	return 0;
}
late_initcall_sync(check_boot_tracer);
