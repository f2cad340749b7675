// SPDX-License-Identifier: GPL-2.0
/*
 * The max buffer: every instance's second ring buffer.  A snapshot swaps
 * it with the buffer writers write, so that what was recorded stays as
 * it was while tracing goes on in the other one.  The snapshot file does
 * that on demand, the snapshot trigger and command from events and
 * functions, and the latency tracers at each new worst case
 * (Documentation/trace/ftrace-ng-snapshots.rst).
 *
 * The two buffers live as long as the instance: the max buffer has the
 * smallest size until a snapshot is allocated and goes back to it when
 * the snapshot is freed, so a reader holding either never sees it go.
 * Writers read tr->buffer once per entry (trace_reserve()), so a swap
 * between two entries only moves the next one.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/cred.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/sched/prio.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"

/* alloc_snapshot: the top level's snapshot is allocated at boot. */
static bool boot_alloc_snapshot;

static int __init set_alloc_snapshot(char *str)
{
	boot_alloc_snapshot = true;
	/* A snapshot at boot has the buffer's full size. */
	global_trace.buffer_expanded = true;
	return 1;
}
__setup("alloc_snapshot", set_alloc_snapshot);

/* ftrace_boot_snapshot[=INSTANCE]: a snapshot at the end of boot. */
static char boot_snapshot_name[64] __initdata;
static bool boot_snapshot __initdata;

static int __init set_boot_snapshot(char *str)
{
	boot_snapshot = true;
	if (str && *str == '=')
		strscpy(boot_snapshot_name, str + 1,
			sizeof(boot_snapshot_name));
	global_trace.buffer_expanded = true;
	return 1;
}
__setup("ftrace_boot_snapshot", set_boot_snapshot);

/**
 * trace_max_buffer_alloc - give a new instance its max buffer
 * @tr: the instance, whose buffer exists
 *
 * The smallest one, unless alloc_snapshot asked for the top level's
 * snapshot at boot.
 *
 * Return: 0 or -ENOMEM.
 */
int trace_max_buffer_alloc(struct trace_array *tr)
{
	unsigned long size = 1;

	tr->max_lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
	if (tr == &global_trace && system_state == SYSTEM_BOOTING &&
	    boot_alloc_snapshot) {
		size = tracing_buf_size();
		tr->snapshot_allocated = true;
	}
	/* The main buffer's mode: tracing_alloc_buffer() made it so. */
	tr->max_buffer = ring_buffer_alloc(size, RB_FL_OVERWRITE);
	if (!tr->max_buffer) {
		tr->snapshot_allocated = false;
		return -ENOMEM;
	}
	ring_buffer_set_clock(tr->max_buffer, trace_clocks[tr->clock_id].func);
	return 0;
}

/**
 * trace_max_buffer_free - free an instance's max buffer
 * @tr: the instance, which no reader or writer reaches any more
 */
void trace_max_buffer_free(struct trace_array *tr)
{
	if (tr->max_buffer)
		ring_buffer_free(tr->max_buffer);
	tr->max_buffer = NULL;
}

/**
 * trace_buffers_both - both buffers of an instance, read together
 * @tr: the instance
 * @b: set to the buffer writers write and the max buffer
 *
 * For a change that both must have (a clock, a mode, a CPU's recording
 * switch): read under max_lock, no swap falls between the two reads, so
 * each buffer is named exactly once.
 */
static void trace_buffers_both(struct trace_array *tr, struct trace_buffer *b[2])
{
	unsigned long flags;

	local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	b[0] = tr->buffer;
	b[1] = tr->max_buffer;
	arch_spin_unlock(&tr->max_lock);
	local_irq_restore(flags);
}

/**
 * trace_buffers_set_clock - set the clock of both buffers
 * @tr: the instance (buffer_mutex held)
 * @clock: the clock
 */
void trace_buffers_set_clock(struct trace_array *tr, u64 (*clock)(void))
{
	struct trace_buffer *b[2];

	trace_buffers_both(tr, b);
	ring_buffer_set_clock(b[0], clock);
	ring_buffer_set_clock(b[1], clock);
}

/**
 * trace_buffers_set_overwrite - set the overwrite mode of both buffers
 * @tr: the instance
 * @on: overwrite the oldest data when full
 */
void trace_buffers_set_overwrite(struct trace_array *tr, bool on)
{
	struct trace_buffer *b[2];

	trace_buffers_both(tr, b);
	ring_buffer_change_overwrite(b[0], on);
	ring_buffer_change_overwrite(b[1], on);
}

/**
 * trace_buffers_record_cpu - switch a CPU's recording in both buffers
 * @tr: the instance (buffer_mutex held)
 * @cpu: the CPU whose tracing_cpumask bit changed
 * @on: it records again
 *
 * tracing_cpumask stops a CPU in both buffers, so that a swap (whole or
 * of that CPU) never moves a stopped CPU buffer into the main role.
 */
void trace_buffers_record_cpu(struct trace_array *tr, int cpu, bool on)
{
	struct trace_buffer *b[2];

	trace_buffers_both(tr, b);
	if (on) {
		ring_buffer_record_enable_cpu(b[0], cpu);
		ring_buffer_record_enable_cpu(b[1], cpu);
	} else {
		ring_buffer_record_disable_cpu(b[0], cpu);
		ring_buffer_record_disable_cpu(b[1], cpu);
	}
}

/* Give @max the size @main has, on @cpu or on each CPU. */
static int max_match_size(struct trace_buffer *main, struct trace_buffer *max,
			  int cpu)
{
	int c, ret;

	for_each_possible_cpu(c) {
		if (cpu != RING_BUFFER_ALL_CPUS && c != cpu)
			continue;
		if (!ring_buffer_size(main, c) ||
		    ring_buffer_size(main, c) == ring_buffer_size(max, c))
			continue;
		ret = ring_buffer_resize(max, ring_buffer_size(main, c), c);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * trace_buffers_resize - resize an instance's buffer, and its snapshot
 * @tr: the instance (buffer_mutex held)
 * @size: bytes per CPU
 * @cpu: a CPU or RING_BUFFER_ALL_CPUS
 *
 * An allocated snapshot keeps the size of the buffer, CPU by CPU, so that
 * the two can be swapped whole or per CPU.
 *
 * Return: 0 or the ring buffer's error; on error the snapshot is resized
 * back to the buffer's sizes.
 */
int trace_buffers_resize(struct trace_array *tr, unsigned long size, int cpu)
{
	struct trace_buffer *b[2];
	int ret;

	lockdep_assert_held(&tr->buffer_mutex);
	if (!tr->snapshot_allocated)
		return ring_buffer_resize(tr->buffer, size, cpu);
	/* Both, whichever role each has when the other is done. */
	trace_buffers_both(tr, b);
	ret = ring_buffer_resize(b[0], size, cpu);
	if (!ret)
		ret = ring_buffer_resize(b[1], size, cpu);
	if (ret)
		max_match_size(b[0], b[1], cpu);
	return ret;
}

/**
 * trace_buffers_subbuf_order - set the sub-buffer order of both buffers
 * @tr: the instance (buffer_mutex held, no walkers)
 * @order: the order
 *
 * Return: 0 or the ring buffer's error (both are then left as they were
 * or, if only the second failed, the first changed back).
 */
int trace_buffers_subbuf_order(struct trace_array *tr, int order)
{
	struct trace_buffer *b[2];
	int old, ret;

	trace_buffers_both(tr, b);
	old = ring_buffer_subbuf_order_get(b[0]);
	ret = ring_buffer_subbuf_order_set(b[0], order);
	if (ret)
		return ret;
	ret = ring_buffer_subbuf_order_set(b[1], order);
	if (ret)
		ring_buffer_subbuf_order_set(b[0], old);
	return ret;
}

/**
 * trace_snapshot_alloc - give the max buffer the buffer's size
 * @tr: the instance (tracer_mutex held)
 *
 * Return: 0 or -ENOMEM (the snapshot is then not allocated).
 */
int trace_snapshot_alloc(struct trace_array *tr)
{
	int ret;

	lockdep_assert_held(&tracer_mutex);
	mutex_lock(&tr->buffer_mutex);
	ret = max_match_size(tr->buffer, tr->max_buffer, RING_BUFFER_ALL_CPUS);
	if (ret)
		ring_buffer_resize(tr->max_buffer, 1, RING_BUFFER_ALL_CPUS);
	else
		WRITE_ONCE(tr->snapshot_allocated, true);
	mutex_unlock(&tr->buffer_mutex);
	return ret;
}

/**
 * trace_snapshot_free - shrink the max buffer back to its smallest
 * @tr: the instance (tracer_mutex held)
 *
 * Its contents go.  Readers holding it keep a valid, empty buffer.
 */
void trace_snapshot_free(struct trace_array *tr)
{
	lockdep_assert_held(&tracer_mutex);
	mutex_lock(&tr->buffer_mutex);
	WRITE_ONCE(tr->snapshot_allocated, false);
	/* No swap can start now; one under way ends under max_lock. */
	local_irq_disable();
	arch_spin_lock(&tr->max_lock);
	arch_spin_unlock(&tr->max_lock);
	local_irq_enable();
	ring_buffer_resize(tr->max_buffer, 1, RING_BUFFER_ALL_CPUS);
	ring_buffer_reset(tr->max_buffer);
	mutex_unlock(&tr->buffer_mutex);
}

/**
 * trace_snapshot_arm - hold the snapshot for a trigger or a command
 * @tr: the instance
 *
 * Allocates it if needed; while held, "echo 0 > snapshot" is refused.
 * Takes tracer_mutex: process context.
 *
 * Return: 0, -EBUSY while a latency tracer owns the max buffer, or
 * -ENOMEM.
 */
int trace_snapshot_arm(struct trace_array *tr)
{
	int ret = 0;

	mutex_lock(&tracer_mutex);
	if (tr->current_trace->use_max_tr) {
		ret = -EBUSY;
		goto out;
	}
	if (!tr->snapshot_allocated)
		ret = trace_snapshot_alloc(tr);
	if (!ret)
		tr->snapshot_users++;
out:
	mutex_unlock(&tracer_mutex);
	return ret;
}

/**
 * trace_snapshot_disarm - drop a hold from trace_snapshot_arm()
 * @tr: the instance
 *
 * The snapshot stays allocated, with what it holds.
 */
void trace_snapshot_disarm(struct trace_array *tr)
{
	mutex_lock(&tracer_mutex);
	if (!WARN_ON_ONCE(tr->snapshot_users <= 0))
		tr->snapshot_users--;
	mutex_unlock(&tracer_mutex);
}

/**
 * trace_max_data_task - describe a task in a worst case
 * @d: the case
 * @p: the task it is about
 *
 * Any context: a section may end with the task's own locks held (its
 * name is copied without task_lock(), as it may be changing).
 */
void trace_max_data_task(struct trace_max_data *d, struct task_struct *p)
{
	d->pid = p->pid;
	memcpy(d->comm, p->comm, sizeof(d->comm));
	d->comm[sizeof(d->comm) - 1] = '\0';
	rcu_read_lock();
	d->uid = from_kuid_munged(&init_user_ns, task_uid(p));
	rcu_read_unlock();
	d->nice = task_nice(p);
	d->policy = p->policy;
	d->rt_priority = p->rt_priority;
}

/* Record the task the worst case is about, for the latency header. */
static void max_data_save(struct trace_array *tr, const struct trace_max_data *d)
{
	tr->max = *d;
}

/*
 * Whether @d is kept: longer than the worst case so far, or with
 * tracing_thresh set, any case (the tracer checked the threshold).
 * max_lock held: two CPUs may both have measured a new worst case.
 */
static bool max_beaten(struct trace_array *tr, const struct trace_max_data *d)
{
	return READ_ONCE(tracing_thresh) || d->latency > tr->max.latency;
}

/* Swap the two buffers whole; max_lock held, interrupts off. */
static void max_swap_locked(struct trace_array *tr)
{
	struct trace_buffer *main = tr->buffer;
	u64 start = tr->time_start;

	WRITE_ONCE(tr->buffer, tr->max_buffer);
	WRITE_ONCE(tr->max_buffer, main);
	/* The latency format's time base goes with each buffer. */
	WRITE_ONCE(tr->time_start, tr->max.ts);
	tr->max.ts = start;
}

/**
 * trace_max_swap - save the trace of a new worst case
 * @tr: the instance, whose snapshot is allocated
 * @d: the worst case: its latency, task and section
 *
 * The whole buffer becomes the max buffer and the old max buffer goes on
 * recording, unless another case beat it meanwhile.  Interrupts off, not in NMI; a writer on another CPU
 * finishes its entry in the buffer it reserved in.
 */
void trace_max_swap(struct trace_array *tr, const struct trace_max_data *d)
{
	WARN_ON_ONCE(!raw_irqs_disabled());
	if (WARN_ON_ONCE(in_nmi()))
		return;
	arch_spin_lock(&tr->max_lock);
	if (READ_ONCE(tr->snapshot_allocated) && max_beaten(tr, d)) {
		max_swap_locked(tr);
		max_data_save(tr, d);
	}
	arch_spin_unlock(&tr->max_lock);
}

/**
 * trace_max_swap_cpu - save one CPU's trace of a new worst case
 * @tr: the instance, whose snapshot is allocated
 * @d: the worst case; d->cpu is the CPU swapped, the current one
 *
 * Only that CPU's buffers are exchanged (ring_buffer_swap_cpu()); the
 * latency tracers measure sections that start and end on one CPU.
 * Interrupts off.
 *
 * Return: 0, -EAGAIN if another case beat it meanwhile, or the ring
 * buffer's error (-EBUSY: an NMI was writing; the case is then not kept).
 */
int trace_max_swap_cpu(struct trace_array *tr, const struct trace_max_data *d)
{
	int ret = -EINVAL;

	/* Not lockdep's view: the irqsoff tracer runs inside its hooks. */
	WARN_ON_ONCE(!raw_irqs_disabled());
	if (WARN_ON_ONCE(in_nmi()))
		return -EBUSY;
	arch_spin_lock(&tr->max_lock);
	if (!max_beaten(tr, d)) {
		ret = -EAGAIN;
	} else if (READ_ONCE(tr->snapshot_allocated)) {
		ret = ring_buffer_swap_cpu(tr->max_buffer, tr->buffer, d->cpu);
		if (!ret)
			max_data_save(tr, d);
	}
	arch_spin_unlock(&tr->max_lock);
	return ret;
}

/* Say in the trace why a snapshot was not taken. */
static void snapshot_refused(struct trace_array *tr, const char *why)
{
	trace_write_string(tr, _THIS_IP_, why, strlen(why));
}

/**
 * trace_snapshot_take - take a snapshot of an instance now
 * @tr: the instance
 *
 * Any context but NMI, where the refusal is written into the trace
 * instead, as it is when no snapshot is allocated or a latency tracer
 * owns the max buffer.
 */
void trace_snapshot_take(struct trace_array *tr)
{
	struct trace_max_data d = { };
	unsigned long flags;

	if (in_nmi()) {
		snapshot_refused(tr, "*** snapshot not taken: NMI context ***\n");
		return;
	}
	if (!READ_ONCE(tr->snapshot_allocated)) {
		snapshot_refused(tr, "*** snapshot not taken: no snapshot buffer (echo 1 > snapshot) ***\n");
		return;
	}
	if (READ_ONCE(tr->current_trace)->use_max_tr) {
		snapshot_refused(tr, "*** snapshot not taken: a latency tracer uses the buffer ***\n");
		return;
	}
	local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	if (tr->snapshot_allocated) {
		max_swap_locked(tr);
		/* A snapshot is no worst case: only its time base. */
		d.ts = tr->max.ts;
		tr->max = d;
	}
	arch_spin_unlock(&tr->max_lock);
	local_irq_restore(flags);
}

/* The swap of one CPU the snapshot file asks for, run on that CPU. */
static void snapshot_swap_cpu_fn(void *arg)
{
	struct trace_array *tr = arg;
	int cpu = smp_processor_id();

	arch_spin_lock(&tr->max_lock);
	if (tr->snapshot_allocated)
		ring_buffer_swap_cpu(tr->max_buffer, tr->buffer, cpu);
	arch_spin_unlock(&tr->max_lock);
}

/**
 * trace_snapshot_command - what a write of the snapshot file does
 * @tr: the instance
 * @cpu: the file's CPU, or RING_BUFFER_ALL_CPUS
 * @val: the number written
 *
 * 0 frees the snapshot (the all-CPU file only), 1 allocates it if needed
 * and swaps (a CPU's file swaps that CPU only), anything else empties it
 * if allocated.  Documentation/trace/ftrace.rst, "Snapshot".
 *
 * Return: 0, -EBUSY while a latency tracer owns the max buffer or a
 * trigger holds it (for 0), -EINVAL for 0 on a CPU's file or a CPU swap
 * the kernel cannot do, -ENODEV for a CPU without a buffer, -ENOMEM.
 */
int trace_snapshot_command(struct trace_array *tr, int cpu, unsigned long val)
{
	int ret = 0;

	mutex_lock(&tracer_mutex);
	if (tr->current_trace->use_max_tr) {
		ret = -EBUSY;
		goto out;
	}
	switch (val) {
	case 0:
		if (cpu != RING_BUFFER_ALL_CPUS) {
			ret = -EINVAL;
			break;
		}
		if (tr->snapshot_users) {
			ret = -EBUSY;
			break;
		}
		if (tr->snapshot_allocated)
			trace_snapshot_free(tr);
		break;
	case 1:
		if (cpu != RING_BUFFER_ALL_CPUS &&
		    !IS_ENABLED(CONFIG_TRACER_SNAPSHOT_PER_CPU_SWAP)) {
			ret = -EINVAL;
			break;
		}
		if (cpu != RING_BUFFER_ALL_CPUS &&
		    !ring_buffer_size(tr->buffer, cpu)) {
			ret = -ENODEV;
			break;
		}
		if (!tr->snapshot_allocated) {
			ret = trace_snapshot_alloc(tr);
		} else {
			/* A resize may have failed half way: sizes first. */
			mutex_lock(&tr->buffer_mutex);
			ret = max_match_size(tr->buffer, tr->max_buffer, cpu);
			mutex_unlock(&tr->buffer_mutex);
		}
		if (ret)
			break;
		if (cpu == RING_BUFFER_ALL_CPUS)
			trace_snapshot_take(tr);
		else
			ret = smp_call_function_single(cpu, snapshot_swap_cpu_fn,
						       tr, 1);
		break;
	default:
		if (!tr->snapshot_allocated)
			break;
		if (cpu == RING_BUFFER_ALL_CPUS)
			ring_buffer_reset(tr->max_buffer);
		else
			ring_buffer_reset_cpu(tr->max_buffer, cpu);
		break;
	}
out:
	mutex_unlock(&tracer_mutex);
	return ret;
}

/* --- The kernel's API ------------------------------------------------------ */

/**
 * tracing_snapshot - take a snapshot of the top-level buffer
 *
 * For debugging from kernel code: what was traced up to here is kept in
 * the snapshot file while tracing goes on.  The snapshot must have been
 * allocated (tracing_snapshot_alloc(), tracing_alloc_snapshot(),
 * alloc_snapshot on the command line or "echo 1 > snapshot"); if not,
 * the trace says so.  Any context but NMI.
 */
void tracing_snapshot(void)
{
	trace_snapshot_take(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

/**
 * tracing_alloc_snapshot - allocate the top level's snapshot
 *
 * May sleep.
 *
 * Return: 0, -EBUSY while a latency tracer owns the max buffer, or
 * -ENOMEM.
 */
int tracing_alloc_snapshot(void)
{
	struct trace_array *tr = &global_trace;
	int ret = 0;

	tracing_update_buffers(tr);
	mutex_lock(&tracer_mutex);
	if (tr->current_trace->use_max_tr)
		ret = -EBUSY;
	else if (!tr->snapshot_allocated)
		ret = trace_snapshot_alloc(tr);
	mutex_unlock(&tracer_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(tracing_alloc_snapshot);

/**
 * tracing_snapshot_alloc - allocate the snapshot if needed, then take one
 *
 * May sleep (the allocation).
 */
void tracing_snapshot_alloc(void)
{
	if (tracing_alloc_snapshot())
		return;
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

/**
 * ftrace_boot_snapshot - the snapshot ftrace_boot_snapshot asked for
 *
 * Called by kernel_init() (through ftrace_free_init_mem()) once the
 * initcalls have run: the trace of the boot is kept in the snapshot of
 * the top level, or of the instance named (made by trace_instance=).
 */
void __init ftrace_boot_snapshot(void)
{
	struct trace_array *tr = &global_trace;

	if (!boot_snapshot)
		return;
	if (boot_snapshot_name[0]) {
		tr = trace_instance_find_nowait(boot_snapshot_name);
		if (!tr) {
			pr_warn("boot snapshot: no instance %s\n",
				boot_snapshot_name);
			return;
		}
	}
	mutex_lock(&tracer_mutex);
	if (!tr->current_trace->use_max_tr && !tr->snapshot_allocated)
		trace_snapshot_alloc(tr);
	mutex_unlock(&tracer_mutex);
	trace_snapshot_take(tr);
}

/* --- Files ----------------------------------------------------------------- */

/**
 * trace_snapshot_help - what an empty snapshot file shows
 * @m: the seq_file
 * @tr: the instance
 * @cpu: the file's CPU, or RING_BUFFER_ALL_CPUS
 */
void trace_snapshot_help(struct seq_file *m, struct trace_array *tr, int cpu)
{
	bool all = cpu == RING_BUFFER_ALL_CPUS;

	seq_printf(m, "# * Snapshot is %s *\n#\n",
		   READ_ONCE(tr->snapshot_allocated) ? "allocated" : "freed");
	seq_puts(m, "# Snapshot commands:\n");
	if (all)
		seq_puts(m, "# echo 0 > snapshot : frees the snapshot buffer and what it holds\n");
	else
		seq_puts(m, "# echo 0 > snapshot : invalid for one CPU (the snapshot file frees)\n");
	if (all || IS_ENABLED(CONFIG_TRACER_SNAPSHOT_PER_CPU_SWAP))
		seq_printf(m, "# echo 1 > snapshot : allocates it if needed, then swaps it with %s\n",
			   all ? "the buffer" : "this CPU's buffer");
	else
		seq_puts(m, "# echo 1 > snapshot : not supported by this kernel for one CPU\n");
	seq_printf(m, "# echo 2 > snapshot : empties %s, allocating or freeing nothing\n",
		   all ? "it" : "this CPU's part");
	seq_puts(m, "#                     (so does any number but 0 and 1)\n");
}

/**
 * trace_snapshot_files_init - create snapshot (and snapshot_raw) of a directory
 * @f: the instance and CPU the files are for
 * @dir: the instance's directory or a per_cpu/cpuN one
 */
void trace_snapshot_files_init(struct trace_cpu_file *f, struct dentry *dir)
{
	tracefs_create_file("snapshot", TRACE_MODE_WRITE, dir, f,
			    &trace_snapshot_fops);
	if (f->cpu != RING_BUFFER_ALL_CPUS)
		tracefs_create_file("snapshot_raw", TRACE_MODE_READ, dir, f,
				    &trace_snapshot_raw_fops);
}
