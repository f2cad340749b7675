// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing core's state and the switches the rest of the kernel flips:
 * tracing_on()/tracing_off(), tracing_stop()/tracing_start(), and the
 * start-up hooks called from start_kernel().
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/ftrace.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_event_internal.h"

struct trace_array global_trace = {
	.record_on	= true,
	.overwrite	= true,
};

/*
 * tracing_stop() calls not yet balanced by tracing_start(); recording is
 * paused in every instance while it is non-zero.
 */
atomic_t tracing_stop_depth = ATOMIC_INIT(0);

/**
 * tracer_tracing_is_on - read an instance's tracing_on switch
 * @tr: the instance
 *
 * Return: true if the switch is on.
 */
bool tracer_tracing_is_on(struct trace_array *tr)
{
	return READ_ONCE(tr->record_on);
}

/**
 * tracer_tracing_on - turn an instance's tracing_on switch on
 * @tr: the instance
 */
void tracer_tracing_on(struct trace_array *tr)
{
	WRITE_ONCE(tr->record_on, true);
}

/**
 * tracer_tracing_off - turn an instance's tracing_on switch off
 * @tr: the instance
 *
 * Writers stop recording; readers can still read what was recorded.
 */
void tracer_tracing_off(struct trace_array *tr)
{
	WRITE_ONCE(tr->record_on, false);
}

/**
 * tracing_bool_from_str - parse a 0/1 switch
 * @s: the text, NUL terminated
 * @val: set to the value on success
 *
 * Accepts "0" or "1", optionally followed by a newline.
 *
 * Return: 0 or -EINVAL.
 */
int tracing_bool_from_str(const char *s, bool *val)
{
	unsigned int v;

	if (kstrtouint(s, 10, &v) || v > 1)
		return -EINVAL;
	*val = v;
	return 0;
}

/**
 * tracing_user_word - copy a short user string, without its white space
 * @ubuf: the user's buffer
 * @count: its length
 * @buf: where to copy it
 * @size: room in @buf, the NUL included
 *
 * For files that take one word: a tracer, a clock, an option.
 *
 * Return: the word (inside @buf), ERR_PTR(-EINVAL) if the string does not
 * fit, or ERR_PTR(-EFAULT).
 */
char *tracing_user_word(const char __user *ubuf, size_t count, char *buf,
			size_t size)
{
	if (count >= size)
		return ERR_PTR(-EINVAL);
	if (copy_from_user(buf, ubuf, count))
		return ERR_PTR(-EFAULT);
	buf[count] = '\0';
	return strim(buf);
}

/**
 * tracing_parse_bool - parse a 0/1 switch written by user space
 * @ubuf: the user buffer
 * @count: its length
 * @val: set to the value on success
 *
 * Parsed as upstream parses its switches: a decimal number that must be
 * 0 or 1, optionally followed by a newline.
 *
 * Return: 0, -EINVAL for another number or text, -ERANGE for a number
 * that overflows, or -EFAULT.
 */
int tracing_parse_bool(const char __user *ubuf, size_t count, bool *val)
{
	unsigned long v;
	int ret;

	ret = tracing_parse_ulong(ubuf, count, 1, &v);
	if (!ret)
		*val = v;
	return ret;
}

/**
 * tracing_parse_ulong - parse a bounded number written by user space
 * @ubuf: the user buffer
 * @count: its length
 * @max: the largest value accepted
 * @val: set to the value on success
 *
 * A decimal number, optionally followed by a newline, as upstream's
 * files parse theirs.
 *
 * Return: 0, -EINVAL for text or a number above @max, -ERANGE for a
 * number that overflows, or -EFAULT.
 */
int tracing_parse_ulong(const char __user *ubuf, size_t count,
			unsigned long max, unsigned long *val)
{
	int ret;

	ret = kstrtoul_from_user(ubuf, count, 10, val);
	if (ret)
		return ret;
	return *val > max ? -EINVAL : 0;
}

/**
 * tracing_on - turn on the top-level instance's tracing_on switch
 */
void tracing_on(void)
{
	tracer_tracing_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_on);

/**
 * tracing_off - turn off the top-level instance's tracing_on switch
 *
 * Meant for code that has just seen the problem it wants to keep in the
 * trace: everything recorded up to this point stays readable.
 */
void tracing_off(void)
{
	tracer_tracing_off(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_off);

/**
 * tracing_is_on - read the top-level instance's tracing_on switch
 *
 * Return: 1 if it is on, 0 if off.
 */
int tracing_is_on(void)
{
	return tracer_tracing_is_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_is_on);

/**
 * tracing_stop - pause recording in every instance
 *
 * Nests: recording resumes when every tracing_stop() has been matched by
 * a tracing_start().  The tracing_on switches are left alone.
 */
void tracing_stop(void)
{
	atomic_inc(&tracing_stop_depth);
}

/**
 * tracing_start - undo one tracing_stop()
 */
void tracing_start(void)
{
	if (WARN_ON_ONCE(atomic_dec_if_positive(&tracing_stop_depth) < 0))
		return;
}

/**
 * tracing_snapshot - take a snapshot of the top-level buffer
 *
 * Snapshots are not built yet; the call is reported once and ignored.
 */
void tracing_snapshot(void)
{
	pr_warn_once("snapshot requested, but snapshots are not built\n");
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

/**
 * tracing_snapshot_alloc - allocate the snapshot buffer and take a snapshot
 *
 * Snapshots are not built yet; see tracing_snapshot().
 */
void tracing_snapshot_alloc(void)
{
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

/**
 * early_trace_init - first start-up hook, called from start_kernel()
 *
 * Runs before any initcall, so that tracers registering from initcalls
 * (and ftrace= choosing one of them) find the registry ready.
 */
void __init early_trace_init(void)
{
	trace_cmdlines_init();
	if (tracing_alloc_buffer(&global_trace))
		pr_warn("no memory for the trace buffer: tracing is off\n");
	trace_boot_options_apply(&global_trace);
	tracer_registry_init();
	trace_functions_register();
}

/**
 * trace_init - second start-up hook, called from start_kernel()
 *
 * Runs once the scheduler and RCU are up: the trace events register
 * here, so that trace_event= records from the first initcall on.
 */
void __init trace_init(void)
{
	trace_events_init();
}
