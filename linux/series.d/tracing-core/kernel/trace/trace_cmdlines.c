// SPDX-License-Identifier: GPL-2.0
/*
 * The pid -> comm map behind saved_cmdlines: writers note the task they
 * run in, readers turn an entry's pid back into a name.  Writers may run
 * in any context, so they only ever try the lock and skip when it is
 * busy; a lost update costs a "<...>" in the output, nothing else.
 *
 * A task that writes again finds its name still in its slot without
 * taking the lock: the map is one object (size and slots together), read
 * under preempt_disable() and freed after an RCU grace period.
 */
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/rcupdate.h>
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

struct cmdline_map {
	unsigned int		n;
	struct cmdline_slot	slots[];
};

static struct cmdline_map __rcu *cmdlines;
static arch_spinlock_t cmdlines_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static DEFINE_MUTEX(cmdlines_resize_mutex);

static struct cmdline_map *cmdline_map_alloc(unsigned int n)
{
	struct cmdline_map *map;

	map = kvzalloc(struct_size(map, slots, n), GFP_KERNEL);
	if (map)
		map->n = n;
	return map;
}

/**
 * trace_cmdlines_init - allocate the map at its default size
 *
 * Called once from early_trace_init(); until then nothing is saved.
 */
void __init trace_cmdlines_init(void)
{
	rcu_assign_pointer(cmdlines, cmdline_map_alloc(CMDLINES_DEFAULT));
}

/* Does @map hold @tsk's current name? */
static bool cmdline_is_saved(struct cmdline_map *map, struct task_struct *tsk)
{
	struct cmdline_slot *slot = &map->slots[tsk->pid % map->n];

	return READ_ONCE(slot->pid) == tsk->pid &&
		!memcmp(slot->comm, tsk->comm, TASK_COMM_LEN);
}

DEFINE_PER_CPU(struct trace_cmdline_last, trace_cmdline_last);
unsigned long trace_cmdline_gen;

/**
 * trace_save_cmdline - remember a task's name for its pid
 * @tsk: the task
 */
void trace_save_cmdline(struct task_struct *tsk)
{
	struct cmdline_slot *slot;
	struct cmdline_map *map;
	unsigned long flags, gen;
	bool saved;

	if (!tsk->pid)
		return;
	preempt_disable_notrace();
	/*
	 * trace_cmdline_fresh() skips the call while this CPU's last writer
	 * is @tsk and no slot changed since: read the generation first.
	 */
	gen = READ_ONCE(trace_cmdline_gen);
	/* Pairs with the smp_wmb() below: a slot read is not older. */
	smp_rmb();
	map = rcu_dereference_sched(cmdlines);
	if (!map)
		goto out;
	if (cmdline_is_saved(map, tsk))
		goto fresh;
	local_irq_save(flags);
	saved = arch_spin_trylock(&cmdlines_lock);
	if (saved) {
		map = rcu_dereference_sched(cmdlines);
		slot = &map->slots[tsk->pid % map->n];
		gen = trace_cmdline_gen + 1;
		WRITE_ONCE(trace_cmdline_gen, gen);
		/* The new generation is visible before the slot changes. */
		smp_wmb();
		slot->pid = tsk->pid;
		memcpy(slot->comm, tsk->comm, TASK_COMM_LEN);
		arch_spin_unlock(&cmdlines_lock);
	}
	local_irq_restore(flags);
	if (!saved)
		goto out;
fresh:
	this_cpu_write(trace_cmdline_last.gen, gen);
	this_cpu_write(trace_cmdline_last.task, tsk);
out:
	preempt_enable_notrace();
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
	struct cmdline_map *map;
	unsigned long flags;

	if (!pid) {
		strscpy(comm, "<idle>", TASK_COMM_LEN);
		return;
	}
	strscpy(comm, "<...>", TASK_COMM_LEN);
	if (pid < 0)
		return;
	local_irq_save(flags);
	/*
	 * An NMI may have interrupted this CPU holding the lock, and an
	 * oops may have stopped the CPU that holds it: there, only try.
	 */
	if (in_nmi() || oops_in_progress) {
		if (!arch_spin_trylock(&cmdlines_lock))
			goto out;
	} else {
		arch_spin_lock(&cmdlines_lock);
	}
	map = rcu_dereference_protected(cmdlines, true);
	if (map) {
		slot = &map->slots[pid % map->n];
		if (slot->pid == pid)
			memcpy(comm, slot->comm, TASK_COMM_LEN);
	}
	arch_spin_unlock(&cmdlines_lock);
out:
	local_irq_restore(flags);
}

/**
 * trace_cmdlines_size - how many names the map holds
 *
 * Return: the number of slots.
 */
unsigned int trace_cmdlines_size(void)
{
	struct cmdline_map *map;
	unsigned int n;

	rcu_read_lock_sched();
	map = rcu_dereference_sched(cmdlines);
	n = map ? map->n : 0;
	rcu_read_unlock_sched();
	return n;
}

/**
 * trace_cmdlines_resize - change the number of slots (names are dropped)
 * @n: 1 to PID_MAX_DEFAULT
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int trace_cmdlines_resize(unsigned int n)
{
	struct cmdline_map *fresh, *old;
	unsigned long flags;

	if (!n || n > PID_MAX_DEFAULT)
		return -EINVAL;
	fresh = cmdline_map_alloc(n);
	if (!fresh)
		return -ENOMEM;
	mutex_lock(&cmdlines_resize_mutex);
	local_irq_save(flags);
	arch_spin_lock(&cmdlines_lock);
	old = rcu_dereference_protected(cmdlines, true);
	rcu_assign_pointer(cmdlines, fresh);
	WRITE_ONCE(trace_cmdline_gen, trace_cmdline_gen + 1);
	arch_spin_unlock(&cmdlines_lock);
	local_irq_restore(flags);
	/* Lockless readers run with preemption disabled. */
	synchronize_rcu();
	kvfree(old);
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
	struct cmdline_map *map;
	unsigned long flags;
	unsigned int i;

	mutex_lock(&cmdlines_resize_mutex);
	map = rcu_dereference_protected(cmdlines,
					lockdep_is_held(&cmdlines_resize_mutex));
	for (i = 0; map && i < map->n; i++) {
		local_irq_save(flags);
		arch_spin_lock(&cmdlines_lock);
		slot = map->slots[i];
		arch_spin_unlock(&cmdlines_lock);
		local_irq_restore(flags);
		if (slot.pid)
			seq_printf(m, "%d %s\n", slot.pid, slot.comm);
	}
	mutex_unlock(&cmdlines_resize_mutex);
}
