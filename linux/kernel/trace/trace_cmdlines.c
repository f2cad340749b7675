// SPDX-License-Identifier: GPL-2.0
/*
 * The pid -> comm map behind saved_cmdlines: writers note the task they
 * run in, readers turn an entry's pid back into a name.  Writers may run
 * in any context, so they only ever try the lock and skip when it is
 * busy; a lost update costs a "<...>" in the output, nothing else.
 */
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "trace.h"

#define CMDLINES_DEFAULT	128

struct cmdline_slot {
	int	pid;
	char	comm[TASK_COMM_LEN];
};

static struct cmdline_slot cmdlines_initial[CMDLINES_DEFAULT];
static struct cmdline_slot *cmdlines = cmdlines_initial;
static unsigned int nr_cmdlines = CMDLINES_DEFAULT;
static arch_spinlock_t cmdlines_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static DEFINE_MUTEX(cmdlines_resize_mutex);

/**
 * trace_save_cmdline - remember a task's name for its pid
 * @tsk: the task
 */
void trace_save_cmdline(struct task_struct *tsk)
{
	struct cmdline_slot *slot;
	unsigned long flags;

	if (!tsk->pid)
		return;
	local_irq_save(flags);
	if (arch_spin_trylock(&cmdlines_lock)) {
		slot = &cmdlines[tsk->pid % nr_cmdlines];
		if (slot->pid != tsk->pid ||
		    strncmp(slot->comm, tsk->comm, TASK_COMM_LEN)) {
			slot->pid = tsk->pid;
			memcpy(slot->comm, tsk->comm, TASK_COMM_LEN);
		}
		arch_spin_unlock(&cmdlines_lock);
	}
	local_irq_restore(flags);
}

/**
 * trace_find_cmdline - the remembered name of a pid
 * @pid: the pid
 * @comm: TASK_COMM_LEN bytes, set to the name, "<idle>" for pid 0, or
 *	"<...>" if it is not known
 */
void trace_find_cmdline(int pid, char comm[])
{
	struct cmdline_slot *slot;
	unsigned long flags;

	if (!pid) {
		strscpy(comm, "<idle>", TASK_COMM_LEN);
		return;
	}
	strscpy(comm, "<...>", TASK_COMM_LEN);
	if (pid < 0)
		return;
	local_irq_save(flags);
	arch_spin_lock(&cmdlines_lock);
	slot = &cmdlines[pid % nr_cmdlines];
	if (slot->pid == pid)
		memcpy(comm, slot->comm, TASK_COMM_LEN);
	arch_spin_unlock(&cmdlines_lock);
	local_irq_restore(flags);
}

/**
 * trace_cmdlines_size - how many names the map holds
 *
 * Return: the number of slots.
 */
unsigned int trace_cmdlines_size(void)
{
	return READ_ONCE(nr_cmdlines);
}

/**
 * trace_cmdlines_resize - change the number of slots (names are dropped)
 * @n: 1 to PID_MAX_DEFAULT
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int trace_cmdlines_resize(unsigned int n)
{
	struct cmdline_slot *fresh, *old;
	unsigned long flags;

	if (!n || n > PID_MAX_DEFAULT)
		return -EINVAL;
	fresh = kcalloc(n, sizeof(*fresh), GFP_KERNEL);
	if (!fresh)
		return -ENOMEM;
	mutex_lock(&cmdlines_resize_mutex);
	local_irq_save(flags);
	arch_spin_lock(&cmdlines_lock);
	old = cmdlines;
	cmdlines = fresh;
	WRITE_ONCE(nr_cmdlines, n);
	arch_spin_unlock(&cmdlines_lock);
	local_irq_restore(flags);
	if (old != cmdlines_initial)
		kfree(old);
	mutex_unlock(&cmdlines_resize_mutex);
	return 0;
}

/**
 * trace_cmdlines_show - print saved_cmdlines: "pid comm" per line
 * @m: the seq_file
 */
void trace_cmdlines_show(struct seq_file *m)
{
	struct cmdline_slot slot;
	unsigned long flags;
	unsigned int i;

	mutex_lock(&cmdlines_resize_mutex);
	for (i = 0; i < nr_cmdlines; i++) {
		local_irq_save(flags);
		arch_spin_lock(&cmdlines_lock);
		slot = cmdlines[i];
		arch_spin_unlock(&cmdlines_lock);
		local_irq_restore(flags);
		if (slot.pid)
			seq_printf(m, "%d %s\n", slot.pid, slot.comm);
	}
	mutex_unlock(&cmdlines_resize_mutex);
}
