// SPDX-License-Identifier: GPL-2.0
/*
 * The hooks behind local_irq_disable() and local_irq_enable() when
 * CONFIG_TRACE_IRQFLAGS is set, as lockdep's interrupt-state tracking
 * (PROVE_LOCKING) sets it: they pass each change on to lockdep.  The
 * entry code calls the _prepare/_finish halves around its own lockdep
 * calls.  Nothing here is traced: kernel/trace is built without the
 * function-tracing call, and kprobes stay out.
 */
#include <linux/export.h>
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/lockdep.h>

/**
 * trace_hardirqs_on_prepare - interrupts are about to be enabled
 *
 * The part of trace_hardirqs_on() that runs before lockdep hears of it;
 * nothing to do until a latency tracer watches interrupts.
 */
void trace_hardirqs_on_prepare(void)
{
}
EXPORT_SYMBOL(trace_hardirqs_on_prepare);
NOKPROBE_SYMBOL(trace_hardirqs_on_prepare);

/**
 * trace_hardirqs_on - interrupts are about to be enabled
 */
void trace_hardirqs_on(void)
{
	trace_hardirqs_on_prepare();
	lockdep_hardirqs_on_prepare();
	lockdep_hardirqs_on(CALLER_ADDR0);
}
EXPORT_SYMBOL(trace_hardirqs_on);
NOKPROBE_SYMBOL(trace_hardirqs_on);

/**
 * trace_hardirqs_off_finish - interrupts have been disabled
 *
 * The part of trace_hardirqs_off() that runs after lockdep heard of it.
 */
void trace_hardirqs_off_finish(void)
{
}
EXPORT_SYMBOL(trace_hardirqs_off_finish);
NOKPROBE_SYMBOL(trace_hardirqs_off_finish);

/**
 * trace_hardirqs_off - interrupts have been disabled
 */
void trace_hardirqs_off(void)
{
	lockdep_hardirqs_off(CALLER_ADDR0);
	trace_hardirqs_off_finish();
}
EXPORT_SYMBOL(trace_hardirqs_off);
NOKPROBE_SYMBOL(trace_hardirqs_off);
