// SPDX-License-Identifier: GPL-2.0
/*
 * The stack tracer: how deep the kernel stack of a task has been at the
 * entry of a traced function, at most, and the call chain that got it
 * there.
 *
 *   /proc/sys/kernel/stack_tracer_enabled  non-zero starts it, 0 stops it
 *   stack_max_size      the deepest use seen, in bytes; a write sets it
 *   stack_trace         the chain of that deepest call: for each return
 *                       address, how far from the top of the stack it sits
 *                       (Depth) and how much stack its function used (Size)
 *   stack_trace_filter  the functions checked, in set_ftrace_filter's syntax
 *
 * Its ftrace_ops looks at every call of a traced function.  A call's
 * depth is measured at the slot of its return address into the traced
 * function, which the call of the tracing trampoline pushed: the
 * trampoline's and the tracer's own frames below it do not count.  Only a
 * call deeper than the record takes the lock, unwinds the stack, and looks
 * for each return address of the chain on the stack, from the bottom up.
 *
 * Only task stacks are measured: a call on an interrupt or exception
 * stack, in NMI, or where RCU is not watching (idle) is skipped.
 */
#define pr_fmt(fmt) "stack tracer: " fmt

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/sysctl.h>
#include <linux/tracefs.h>
#include <asm/setup.h>

#include "trace.h"
#include "ftrace_internal.h"

/* The most frames the record keeps. */
#define DEEP_FRAMES_MAX		512

/*
 * How many words above the trampoline's saved registers the return
 * address into the traced function may sit.
 */
#define RET_SLOT_SCAN		64

int stack_tracer_enabled;

/* Raised by stack_tracer_disable(), and by the tracer while it runs. */
DEFINE_PER_CPU(int, disable_stack_tracer);

/**
 * struct deep_frame - one line of stack_trace
 * @addr:	a return address of the chain
 * @depth:	bytes from the top of the stack to the slot that holds it
 */
struct deep_frame {
	unsigned long	addr;
	unsigned long	depth;
};

/*
 * The record.  deep_lock is an arch spinlock, taken with interrupts off
 * and this CPU's disable_stack_tracer raised: the callback takes it from
 * any traced function, so neither lockdep nor the tracer itself may run
 * inside it (a traced function called under it would spin on it).
 * deep_max is also read without the lock, as the first filter.
 */
static arch_spinlock_t deep_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static unsigned long deep_max;
static unsigned int deep_nr;
static struct deep_frame deep_frames[DEEP_FRAMES_MAX];
/* What the unwinder returned, before its frames are found on the stack. */
static unsigned long deep_unwound[DEEP_FRAMES_MAX];

/* Serialises stack_tracer_enabled and the ops' registration. */
static DEFINE_MUTEX(stack_enable_mutex);
static bool stack_registered;

/*
 * The first slot in [@from, @top), and at most @words of them, that holds
 * @addr; NULL if none does.
 */
static unsigned long *find_slot(unsigned long *from, unsigned long *top,
				unsigned long addr, unsigned long words)
{
	unsigned long *p;

	for (p = from; p < top && words; p++, words--) {
		/* Other functions' frames: their red zones are fine to read. */
		if (READ_ONCE_NOCHECK(*p) == addr)
			return p;
	}
	return NULL;
}

/*
 * Record the chain of the current call: @ret, its return address into
 * the traced function, sits in @slot (NULL if it was not found there, and
 * then the chain starts where the unwinder puts it), @depth bytes below
 * @top.  Called with deep_lock held.
 */
static void deep_record(unsigned long *slot, unsigned long *top,
			unsigned long ret, unsigned long depth)
{
	unsigned long marker = 0;
	unsigned long *from = &marker, *found;
	unsigned int n, i, nr = 0;

	n = stack_trace_save(deep_unwound, DEEP_FRAMES_MAX, 0);

	/* The unwinder starts in the tracer: skip to the traced function. */
	for (i = 0; i < n && deep_unwound[i] != ret; i++)
		;
	if (i == n)
		i = 0;
	if (slot) {
		deep_frames[nr].addr = ret;
		deep_frames[nr].depth = depth;
		nr++;
		from = slot + 1;
		if (i < n && deep_unwound[i] == ret)
			i++;
	}

	/*
	 * Each caller's return address sits above the previous one.  One
	 * that is not on this stack (an address the unwinder translated, a
	 * frame of the tracer below @slot) is left out.
	 */
	for (; i < n && nr < DEEP_FRAMES_MAX; i++) {
		found = find_slot(from, top, deep_unwound[i], ULONG_MAX);
		if (!found)
			continue;
		deep_frames[nr].addr = deep_unwound[i];
		deep_frames[nr].depth = (unsigned long)top - (unsigned long)found;
		nr++;
		from = found + 1;
	}
	deep_nr = nr;
	WRITE_ONCE(deep_max, depth);
}

/* The ftrace_ops callback: is this call the deepest yet? */
static void stack_check_call(unsigned long ip, unsigned long parent_ip,
			     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long ret = ip + FTRACE_SITE_RETURN_OFFSET;
	unsigned long marker = 0, top, depth, flags, from;
	unsigned long *slot;

	/* An NMI may have interrupted this CPU's lock holder. */
	if (in_nmi())
		return;
	preempt_disable_notrace();
	/* Called again from inside itself, or stack_tracer_disable(). */
	if (this_cpu_inc_return(disable_stack_tracer) != 1)
		goto out;
	/* Where RCU is not watching, the unwinder's lookups are not safe. */
	if (!rcu_is_watching())
		goto out;
	if (!object_is_on_stack(&marker))
		goto out;
	top = (unsigned long)task_stack_page(current) + THREAD_SIZE;

	/*
	 * The return address into the traced function is above the
	 * registers the trampoline saved, which may hold a copy of it.
	 */
	from = (unsigned long)&marker;
	if ((unsigned long)fregs > from && (unsigned long)fregs < top)
		from = ALIGN((unsigned long)fregs + ftrace_regs_size(),
			     sizeof(long));
	slot = find_slot((unsigned long *)from, (unsigned long *)top, ret,
			 RET_SLOT_SCAN);
	depth = top - (slot ? (unsigned long)slot : (unsigned long)&marker);
	if (depth <= READ_ONCE(deep_max))
		goto out;

	local_irq_save(flags);
	arch_spin_lock(&deep_lock);
	/* Another CPU may have recorded a deeper call meanwhile. */
	if (depth > deep_max)
		deep_record(slot, (unsigned long *)top, ret, depth);
	arch_spin_unlock(&deep_lock);
	local_irq_restore(flags);
out:
	this_cpu_dec(disable_stack_tracer);
	preempt_enable_notrace();
}

/*
 * FTRACE_OPS_FL_TRACE_ARRAY: the ops stays where module unloading cleans
 * filters while it is not registered, so that stack_trace_filter keeps
 * its functions, and no stale address, while the tracer is off.  Its
 * callback guards itself against recursion.
 */
static struct ftrace_ops stack_ops = {
	.func	= stack_check_call,
	.flags	= FTRACE_OPS_FL_TRACE_ARRAY,
};

/* Take deep_lock from process context; returns the saved irq flags. */
static unsigned long deep_lock_user(void)
{
	unsigned long flags;

	preempt_disable();
	/* A traced function called under the lock must not record. */
	this_cpu_inc(disable_stack_tracer);
	local_irq_save(flags);
	arch_spin_lock(&deep_lock);
	return flags;
}

static void deep_unlock_user(unsigned long flags)
{
	arch_spin_unlock(&deep_lock);
	local_irq_restore(flags);
	this_cpu_dec(disable_stack_tracer);
	preempt_enable();
}

/* stack_max_size */

static ssize_t max_size_read(struct file *file, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	char buf[24];
	int len;

	len = scnprintf(buf, sizeof(buf), "%lu\n", READ_ONCE(deep_max));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t max_size_write(struct file *file, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	unsigned long val, flags;
	int ret;

	/* No depth exceeds the stack. */
	ret = tracing_parse_ulong(ubuf, cnt, THREAD_SIZE, &val);
	if (ret)
		return ret;
	flags = deep_lock_user();
	WRITE_ONCE(deep_max, val);
	deep_unlock_user(flags);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations max_size_fops = {
	.open		= simple_open,
	.read		= max_size_read,
	.write		= max_size_write,
	.llseek		= default_llseek,
};

/* stack_trace: a copy of the record, taken at open */

/**
 * struct deep_copy - what one open stack_trace shows
 * @nr:		frames in @frames
 * @enabled:	the tracer was on at open
 * @frames:	the record's frames
 */
struct deep_copy {
	unsigned int		nr;
	bool			enabled;
	struct deep_frame	frames[];
};

static void *deep_at(struct deep_copy *c, loff_t pos)
{
	if (!pos)
		return SEQ_START_TOKEN;
	if (pos > c->nr)
		return NULL;
	return &c->frames[pos - 1];
}

static void *deep_start(struct seq_file *m, loff_t *pos)
{
	return deep_at(m->private, *pos);
}

static void *deep_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return deep_at(m->private, *pos);
}

static void deep_stop(struct seq_file *m, void *v)
{
}

static int deep_show(struct seq_file *m, void *v)
{
	struct deep_copy *c = m->private;
	struct deep_frame *f = v;
	unsigned long below;
	unsigned int i;

	if (v == SEQ_START_TOKEN) {
		if (!c->nr && !c->enabled) {
			seq_puts(m, "#\n# The stack tracer is off.  Turn it on with 'stacktrace' on the\n"
				 "# kernel command line, or with\n"
				 "#   echo 1 > /proc/sys/kernel/stack_tracer_enabled\n#\n");
			return 0;
		}
		seq_printf(m, "        Depth    Size   Location    (%u entries)\n"
			   "        -----    ----   --------\n", c->nr);
		return 0;
	}
	i = f - c->frames;
	/* The frame's function used the stack down to the next slot. */
	below = i + 1 < c->nr ? c->frames[i + 1].depth : 0;
	seq_printf(m, "%3u) %8lu   %5lu   %pS\n", i, f->depth,
		   f->depth - below, (void *)f->addr);
	return 0;
}

static const struct seq_operations deep_seq_ops = {
	.start	= deep_start,
	.next	= deep_next,
	.stop	= deep_stop,
	.show	= deep_show,
};

static int deep_trace_open(struct inode *inode, struct file *file)
{
	struct deep_copy *c;
	unsigned long flags;
	int ret;

	c = kvzalloc(struct_size(c, frames, DEEP_FRAMES_MAX), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	c->enabled = READ_ONCE(stack_tracer_enabled);
	/* Only a copy under the lock: seq_file's show may sleep. */
	flags = deep_lock_user();
	c->nr = deep_nr;
	memcpy(c->frames, deep_frames, c->nr * sizeof(c->frames[0]));
	deep_unlock_user(flags);

	ret = seq_open(file, &deep_seq_ops);
	if (ret) {
		kvfree(c);
		return ret;
	}
	((struct seq_file *)file->private_data)->private = c;
	return 0;
}

static int deep_trace_release(struct inode *inode, struct file *file)
{
	kvfree(((struct seq_file *)file->private_data)->private);
	return seq_release(inode, file);
}

static const struct file_operations deep_trace_fops = {
	.open		= deep_trace_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= deep_trace_release,
};

/* stack_trace_filter: the ops' filter hash, through the set-file API */

static struct ftrace_ops *stack_filter_ops(struct trace_array *tr)
{
	return &stack_ops;
}

static const struct ftrace_set_desc stack_filter_desc = {
	.log_name	= "stack_trace_filter",
	.ops		= stack_filter_ops,
};

static int stack_filter_open(struct inode *inode, struct file *file)
{
	return ftrace_set_open(inode, file, &stack_filter_desc);
}

static const struct file_operations stack_filter_fops =
	FTRACE_SET_FOPS(stack_filter_open);

/* kernel.stack_tracer_enabled */

/* Make the ops' registration follow stack_tracer_enabled. */
static int stack_tracer_apply(void)
{
	bool want = READ_ONCE(stack_tracer_enabled);
	int ret;

	lockdep_assert_held(&stack_enable_mutex);
	if (want == stack_registered)
		return 0;
	if (want)
		ret = register_ftrace_function(&stack_ops);
	else
		ret = unregister_ftrace_function(&stack_ops);
	if (!ret)
		stack_registered = want;
	return ret;
}

/**
 * stack_trace_sysctl - handler of /proc/sys/kernel/stack_tracer_enabled
 * @table: the sysctl entry, whose data is stack_tracer_enabled
 * @write: whether this is a write
 * @buffer: the user's text
 * @lenp: its length
 * @ppos: the file position
 *
 * A number (kept as written, as upstream does): non-zero registers the
 * stack tracer's ops, 0 unregisters it.
 *
 * Return: 0, -EINVAL for text that is not an int, or the error of the
 * registration (the old value is then kept).
 */
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos)
{
	int old, ret;

	mutex_lock(&stack_enable_mutex);
	old = stack_tracer_enabled;
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (!ret && write) {
		ret = stack_tracer_apply();
		if (ret)
			WRITE_ONCE(stack_tracer_enabled, old);
	}
	mutex_unlock(&stack_enable_mutex);
	return ret;
}

/* Boot parameters: "stacktrace", and "stacktrace_filter=f1,f2" */

static char stack_boot_filter[COMMAND_LINE_SIZE] __initdata;

static int __init set_stack_boot(char *str)
{
	/* __setup() matches prefixes: this one sees "_filter=..." too. */
	if (str_has_prefix(str, "_filter="))
		strscpy(stack_boot_filter, str + strlen("_filter="),
			sizeof(stack_boot_filter));
	else if (*str)
		return 0;
	/* As documented, a filter turns the tracer on as well. */
	stack_tracer_enabled = 1;
	return 1;
}
__setup("stacktrace", set_stack_boot);

/* Early, to measure as much of the boot as possible. */
static int __init stack_tracer_boot(void)
{
	char *s = stack_boot_filter, *tok;

	if (ftrace_disabled)
		return 0;
	while ((tok = strsep(&s, ","))) {
		if (*tok && ftrace_set_filter(&stack_ops, (unsigned char *)tok,
					      strlen(tok), 0))
			pr_warn("stacktrace_filter=: no function matches '%s'\n",
				tok);
	}
	mutex_lock(&stack_enable_mutex);
	if (stack_tracer_apply()) {
		pr_warn("could not start at boot\n");
		stack_tracer_enabled = 0;
	}
	mutex_unlock(&stack_enable_mutex);
	return 0;
}
early_initcall(stack_tracer_boot);

/* After trace_fs_init() (fs_initcall), which made global_trace's files. */
static int __init stack_tracer_files_init(void)
{
	if (ftrace_disabled)
		return 0;
	if (!tracefs_create_file("stack_max_size", TRACE_MODE_WRITE, NULL,
				 NULL, &max_size_fops))
		pr_warn("could not create tracefs file 'stack_max_size'\n");
	if (!tracefs_create_file("stack_trace", TRACE_MODE_READ, NULL, NULL,
				 &deep_trace_fops))
		pr_warn("could not create tracefs file 'stack_trace'\n");
	if (!global_trace.files_all ||
	    !tracefs_create_file("stack_trace_filter", TRACE_MODE_WRITE, NULL,
				 global_trace.files_all, &stack_filter_fops))
		pr_warn("could not create tracefs file 'stack_trace_filter'\n");
	return 0;
}
device_initcall(stack_tracer_files_init);
