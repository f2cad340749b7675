// SPDX-License-Identifier: GPL-2.0
/*
 * Stress test of the trace data path: on every online CPU, a kthread
 * (task context) and an hrtimer (hardirq context) write trace_puts()
 * entries for a while.  Loading the module runs the test; afterwards
 * /sys/module/trace_stress_test/parameters/events_written holds the
 * number of entries attempted, which must equal the entries read plus
 * those overrun or dropped, as the per_cpu stats report them.
 */
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/slab.h>

static unsigned int duration = 30;
module_param(duration, uint, 0444);
MODULE_PARM_DESC(duration, "seconds to run");

static unsigned long events_written;
module_param(events_written, ulong, 0444);
MODULE_PARM_DESC(events_written, "entries attempted in the last run");

#define TIMER_PERIOD_NS	(50 * NSEC_PER_USEC)

struct stress_cpu {
	struct hrtimer		timer;
	struct task_struct	*thread;
	unsigned long		task_writes;
	unsigned long		irq_writes;
	bool			stop;
};

static DEFINE_PER_CPU(struct stress_cpu, stress_cpu);

static void stress_write(unsigned long *count)
{
	static const char msg[] = "trace stress: 0123456789abcdef\n";

	__trace_puts(_THIS_IP_, msg, sizeof(msg) - 1);
	(*count)++;
}

static enum hrtimer_restart stress_timer_fn(struct hrtimer *t)
{
	struct stress_cpu *sc = container_of(t, struct stress_cpu, timer);

	if (READ_ONCE(sc->stop))
		return HRTIMER_NORESTART;
	stress_write(&sc->irq_writes);
	hrtimer_forward_now(t, ns_to_ktime(TIMER_PERIOD_NS));
	return HRTIMER_RESTART;
}

static int stress_thread_fn(void *arg)
{
	struct stress_cpu *sc = arg;

	hrtimer_start(&sc->timer, ns_to_ktime(TIMER_PERIOD_NS),
		      HRTIMER_MODE_REL_PINNED);
	while (!kthread_should_stop()) {
		preempt_disable();
		stress_write(&sc->task_writes);
		preempt_enable();
		if (!(sc->task_writes % 32))
			cond_resched();
	}
	WRITE_ONCE(sc->stop, true);
	hrtimer_cancel(&sc->timer);
	return 0;
}

static int __init stress_init(void)
{
	struct stress_cpu *sc;
	unsigned long total = 0;
	int cpu;

	cpus_read_lock();
	for_each_online_cpu(cpu) {
		sc = per_cpu_ptr(&stress_cpu, cpu);
		memset(sc, 0, sizeof(*sc));
		hrtimer_init(&sc->timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_PINNED);
		sc->timer.function = stress_timer_fn;
		sc->thread = kthread_create_on_cpu(stress_thread_fn, sc, cpu,
						   "trace_stress/%u");
		if (IS_ERR(sc->thread)) {
			sc->thread = NULL;
			continue;
		}
		wake_up_process(sc->thread);
	}
	cpus_read_unlock();

	msleep(duration * MSEC_PER_SEC);

	for_each_possible_cpu(cpu) {
		sc = per_cpu_ptr(&stress_cpu, cpu);
		if (!sc->thread)
			continue;
		kthread_stop(sc->thread);
		pr_info("trace_stress: cpu %d: %lu task, %lu irq writes\n",
			cpu, sc->task_writes, sc->irq_writes);
		total += sc->task_writes + sc->irq_writes;
	}
	events_written = total;
	return 0;
}

static void __exit stress_exit(void)
{
}

module_init(stress_init);
module_exit(stress_exit);
MODULE_DESCRIPTION("Stress test of the trace data path");
MODULE_LICENSE("GPL");
