// SPDX-License-Identifier: GPL-2.0
/*
 * The hooks behind local_irq_disable() and local_irq_enable() when
 * CONFIG_TRACE_IRQFLAGS is set, as lockdep's interrupt-state tracking
 * (PROVE_LOCKING) and the irqsoff tracer set it: they pass each change
 * on to lockdep and, while anyone listens, to the irq_disable and
 * irq_enable events (trace_preemptirq.c), on which the irqsoff tracer
 * hangs.  The entry code calls the _prepare/_finish halves around its
 * own lockdep calls.  Nothing here is traced: kernel/trace is built
 * without the function-tracing call, and kprobes stay out.
 */
#include <linux/export.h>
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <trace/events/preemptirq.h>

/*
 * Interrupts are off on this CPU as far as the events told: off is
 * reported once however many times local_irq_save() nests, and on only
 * after an off.  Kept only while one of the two events is on, so an
 * event turned on meanwhile may see one "on" without its "off".
 */
static DEFINE_PER_CPU(bool, irqs_reported_off);

static __always_inline bool irq_events_on(void)
{
#ifdef CONFIG_PREEMPTIRQ_TRACEPOINTS
	return trace_irq_disable_enabled() || trace_irq_enable_enabled();
#else
	return false;
#endif
}

/* Interrupts are about to be enabled at @ip, called from @parent. */
static __always_inline void irqs_on_event(unsigned long ip,
					  unsigned long parent)
{
	/* An NMI's entry and exit are no sections of the code it hit. */
	if (!irq_events_on() || in_nmi() ||
	    !this_cpu_read(irqs_reported_off))
		return;
	trace_irq_enable(ip, parent);
	this_cpu_write(irqs_reported_off, false);
}

/* Interrupts were disabled at @ip, called from @parent. */
static __always_inline void irqs_off_event(unsigned long ip,
					   unsigned long parent)
{
	if (!irq_events_on() || in_nmi() || this_cpu_read(irqs_reported_off))
		return;
	this_cpu_write(irqs_reported_off, true);
	trace_irq_disable(ip, parent);
}

/**
 * trace_hardirqs_on_prepare - interrupts are about to be enabled
 *
 * The part of trace_hardirqs_on() that runs before lockdep hears of it:
 * the irq_enable event.
 */
void trace_hardirqs_on_prepare(void)
{
	irqs_on_event(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_on_prepare);
NOKPROBE_SYMBOL(trace_hardirqs_on_prepare);

/**
 * trace_hardirqs_on - interrupts are about to be enabled
 */
void trace_hardirqs_on(void)
{
	irqs_on_event(CALLER_ADDR0, CALLER_ADDR1);
	lockdep_hardirqs_on_prepare();
	lockdep_hardirqs_on(CALLER_ADDR0);
}
EXPORT_SYMBOL(trace_hardirqs_on);
NOKPROBE_SYMBOL(trace_hardirqs_on);

/**
 * trace_hardirqs_off_finish - interrupts have been disabled
 *
 * The part of trace_hardirqs_off() that runs after lockdep heard of it:
 * the irq_disable event.
 */
void trace_hardirqs_off_finish(void)
{
	irqs_off_event(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_off_finish);
NOKPROBE_SYMBOL(trace_hardirqs_off_finish);

/**
 * trace_hardirqs_off - interrupts have been disabled
 */
void trace_hardirqs_off(void)
{
	lockdep_hardirqs_off(CALLER_ADDR0);
	irqs_off_event(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_off);
NOKPROBE_SYMBOL(trace_hardirqs_off);
