// SPDX-License-Identifier: GPL-2.0
/*
 * The preemptirq events (include/trace/events/preemptirq.h): irq_disable
 * and irq_enable, sent by the interrupt-state hooks (trace_irqflags.c),
 * and preempt_disable and preempt_enable, sent here when a CPU's
 * preemption count leaves zero and comes back to it: preempt_count_add()
 * and preempt_count_sub() call trace_preempt_off() and trace_preempt_on()
 * then (CONFIG_TRACE_PREEMPT_TOGGLE).  The latency tracers are probes on
 * these events (trace_irqsoff.c).
 *
 * Nothing here is traced (kernel/trace has no function-tracing call) and
 * no probe runs in NMI context: an NMI is no section of what it hit.
 */
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/preempt.h>

#define CREATE_TRACE_POINTS
#include <trace/events/preemptirq.h>

#ifdef CONFIG_TRACE_PREEMPT_TOGGLE
/**
 * trace_preempt_on - preemption is about to be enabled again
 * @a0: where (the caller of preempt_count_sub())
 * @a1: its caller
 */
void trace_preempt_on(unsigned long a0, unsigned long a1)
{
	if (!in_nmi())
		trace_preempt_enable(a0, a1);
}
NOKPROBE_SYMBOL(trace_preempt_on);

/**
 * trace_preempt_off - preemption has just been disabled
 * @a0: where (the caller of preempt_count_add())
 * @a1: its caller
 */
void trace_preempt_off(unsigned long a0, unsigned long a1)
{
	if (!in_nmi())
		trace_preempt_disable(a0, a1);
}
NOKPROBE_SYMBOL(trace_preempt_off);
#endif
