// SPDX-License-Identifier: GPL-2.0
/*
 * preemptirq_delay_test - sections with interrupts or preemption off, of a
 * length chosen at load time, for the latency tracers and their selftests.
 *
 *   modprobe preemptirq_delay_test test_mode=irq delay=500 burst_size=3
 *
 * runs three 500 us sections with interrupts off, one after the other, in
 * a kernel thread (on CPU cpu_affinity if that is not -1), and returns from
 * the load once they are over.  test_mode=preempt disables preemption
 * instead; test_mode=alternate runs an interrupts-off section first, then
 * a preemption-off one, and so on.  Writing anything to
 * /sys/kernel/preemptirq_delay_test/trigger runs the sections again.
 *
 * A section is opened and closed by delay_section_irq() or
 * delay_section_preempt(), the names a latency trace gives as "started
 * at" and "ended at"; inside it delay_spin() polls the clock.  All three
 * stay out of line, so that the trace names them (as the callers of what
 * they call, and with entries of their own where this file is built with
 * the function tracer's flags).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/kobject.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/sched/clock.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/time64.h>

/* Ten seconds with interrupts off is already far more than a test needs. */
#define DELAY_TEST_MAX_US	(10 * USEC_PER_SEC)
#define DELAY_TEST_MAX_BURST	10

static char test_mode[12] = "irq";
module_param_string(test_mode, test_mode, sizeof(test_mode), 0444);
MODULE_PARM_DESC(test_mode,
		 "What each section disables: irq, preempt or alternate (default irq)");

static unsigned long delay = 100;
module_param(delay, ulong, 0444);
MODULE_PARM_DESC(delay, "Length of a section in microseconds (default 100, at most 10000000)");

static unsigned int burst_size = 1;
module_param(burst_size, uint, 0444);
MODULE_PARM_DESC(burst_size, "Sections run back to back (1 to 10, default 1)");

static int cpu_affinity = -1;
module_param(cpu_affinity, int, 0444);
MODULE_PARM_DESC(cpu_affinity, "CPU the sections run on (default -1: any)");

enum delay_test_mode {
	DELAY_TEST_IRQ,
	DELAY_TEST_PREEMPT,
	DELAY_TEST_ALTERNATE,
};

static const char * const delay_test_modes[] = {
	[DELAY_TEST_IRQ]	= "irq",
	[DELAY_TEST_PREEMPT]	= "preempt",
	[DELAY_TEST_ALTERNATE]	= "alternate",
};

static enum delay_test_mode delay_test_mode;

/* One run at a time: the load's, then those the trigger file asks for. */
static DEFINE_MUTEX(delay_test_lock);
static DECLARE_COMPLETION(delay_test_done);
static struct kobject *delay_test_kobj;

/* Poll the clock until @ns have passed since the call. */
static noinline void delay_spin(u64 ns)
{
	u64 start = local_clock();

	while (local_clock() - start < ns)
		cpu_relax();
}

static noinline void delay_section_irq(u64 ns)
{
	unsigned long flags;

	local_irq_save(flags);
	delay_spin(ns);
	local_irq_restore(flags);
}

static noinline void delay_section_preempt(u64 ns)
{
	preempt_disable();
	delay_spin(ns);
	preempt_enable();
}

static int delay_test_thread(void *unused)
{
	u64 ns = (u64)delay * NSEC_PER_USEC;
	unsigned int i;

	for (i = 0; i < burst_size; i++) {
		if (delay_test_mode == DELAY_TEST_IRQ ||
		    (delay_test_mode == DELAY_TEST_ALTERNATE && !(i & 1)))
			delay_section_irq(ns);
		else
			delay_section_preempt(ns);
	}
	/* Returns nowhere: the module may go as soon as the waiter wakes. */
	kthread_complete_and_exit(&delay_test_done, 0);
}

static int delay_test_run(void)
{
	struct task_struct *task;

	int ret = 0;

	mutex_lock(&delay_test_lock);
	reinit_completion(&delay_test_done);
	/* The CPU asked for stays online until the thread runs there. */
	cpus_read_lock();
	if (cpu_affinity >= 0 && !cpu_online(cpu_affinity)) {
		ret = -ENODEV;
		goto out_hotplug;
	}
	task = kthread_create(delay_test_thread, NULL, "preemptirq_delay");
	if (IS_ERR(task)) {
		ret = PTR_ERR(task);
		goto out_hotplug;
	}
	if (cpu_affinity >= 0)
		kthread_bind(task, cpu_affinity);
	wake_up_process(task);
	cpus_read_unlock();
	wait_for_completion(&delay_test_done);
	mutex_unlock(&delay_test_lock);
	return 0;

out_hotplug:
	cpus_read_unlock();
	mutex_unlock(&delay_test_lock);
	return ret;
}

static ssize_t trigger_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	int ret = delay_test_run();

	return ret ? ret : count;
}
static struct kobj_attribute delay_test_trigger = __ATTR_WO(trigger);

static int __init delay_test_check_params(void)
{
	int mode = match_string(delay_test_modes, ARRAY_SIZE(delay_test_modes),
				test_mode);

	if (mode < 0) {
		pr_err("test_mode=%s: not irq, preempt or alternate\n",
		       test_mode);
		return -EINVAL;
	}
	delay_test_mode = mode;
	if (delay > DELAY_TEST_MAX_US) {
		pr_err("delay=%lu: more than %lu us\n",
		       delay, DELAY_TEST_MAX_US);
		return -EINVAL;
	}
	if (!burst_size || burst_size > DELAY_TEST_MAX_BURST) {
		pr_err("burst_size=%u: not 1 to %u\n",
		       burst_size, DELAY_TEST_MAX_BURST);
		return -EINVAL;
	}
	if (cpu_affinity < -1 || cpu_affinity >= (int)nr_cpu_ids) {
		pr_err("cpu_affinity=%d: no such CPU\n",
		       cpu_affinity);
		return -EINVAL;
	}
	return 0;
}

static int __init delay_test_init(void)
{
	int ret;

	ret = delay_test_check_params();
	if (ret)
		return ret;
	ret = delay_test_run();
	if (ret)
		return ret;

	delay_test_kobj = kobject_create_and_add("preemptirq_delay_test",
						 kernel_kobj);
	if (!delay_test_kobj)
		return -ENOMEM;
	ret = sysfs_create_file(delay_test_kobj, &delay_test_trigger.attr);
	if (ret)
		kobject_put(delay_test_kobj);
	return ret;
}

static void __exit delay_test_exit(void)
{
	kobject_put(delay_test_kobj);
}

module_init(delay_test_init);
module_exit(delay_test_exit);
MODULE_DESCRIPTION("Sections with interrupts or preemption off, for the latency tracers");
MODULE_LICENSE("GPL");
