// SPDX-License-Identifier: GPL-2.0
/*
 * The control and output files in the tracefs root, and the
 * /sys/kernel/debug/tracing automount that reaches the same files.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/init.h>
#include <linux/mount.h>
#include <linux/poll.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#include "trace.h"

#define TRACE_MODE_WRITE	0640
#define TRACE_MODE_READ		0440

/* available_tracers */

static int available_tracers_show(struct seq_file *m, void *v)
{
	tracing_show_tracers(m, m->private);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(available_tracers);

/* current_tracer */

static int current_tracer_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;

	mutex_lock(&tracer_mutex);
	seq_printf(m, "%s\n", tr->current_trace->name);
	mutex_unlock(&tracer_mutex);
	return 0;
}

static int current_tracer_open(struct inode *inode, struct file *file)
{
	return single_open(file, current_tracer_show, inode->i_private);
}

static ssize_t current_tracer_write(struct file *file, const char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	char buf[TRACER_NAME_MAX + 2];
	int ret;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';

	ret = tracing_set_tracer(m->private, strim(buf));
	if (ret)
		return ret;
	*ppos += count;
	return count;
}

static const struct file_operations current_tracer_fops = {
	.open		= current_tracer_open,
	.read		= seq_read,
	.write		= current_tracer_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* tracing_on */

static ssize_t tracing_on_read(struct file *file, char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	char buf[3];

	snprintf(buf, sizeof(buf), "%d\n",
		 tracer_tracing_is_on(file->private_data));
	return simple_read_from_buffer(ubuf, count, ppos, buf, 2);
}

static ssize_t tracing_on_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct trace_array *tr = file->private_data;
	bool on;
	int ret;

	ret = tracing_parse_bool(ubuf, count, &on);
	if (ret)
		return ret;
	if (on)
		tracer_tracing_on(tr);
	else
		tracer_tracing_off(tr);
	*ppos += count;
	return count;
}

static const struct file_operations tracing_on_fops = {
	.open		= simple_open,
	.read		= tracing_on_read,
	.write		= tracing_on_write,
	.llseek		= default_llseek,
};

/* trace: the non-consuming view of the buffer */

static void print_trace_header(struct seq_file *m, struct trace_array *tr)
{
	mutex_lock(&tracer_mutex);
	seq_printf(m, "# tracer: %s\n#\n", tr->current_trace->name);
	mutex_unlock(&tracer_mutex);
	seq_printf(m, "# entries-in-buffer/entries-written: %lu/%lu   #P:%u\n#\n",
		   0UL, 0UL, num_online_cpus());
	seq_puts(m,
		 "#                                _-----=> irqs-off/BH-disabled\n"
		 "#                               / _----=> need-resched\n"
		 "#                              | / _---=> hardirq/softirq\n"
		 "#                              || / _--=> preempt-depth\n"
		 "#                              ||| / _-=> migrate-disable\n"
		 "#                              |||| /     delay\n"
		 "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
		 "#              | |         |   |||||     |         |\n");
}

static int trace_show(struct seq_file *m, void *v)
{
	print_trace_header(m, m->private);
	return 0;
}

static int trace_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;

	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		tracing_reset_buffers(tr);
	if (!(file->f_mode & FMODE_READ))
		return 0;
	return single_open(file, trace_show, tr);
}

static int trace_release(struct inode *inode, struct file *file)
{
	if (!(file->f_mode & FMODE_READ))
		return 0;
	return single_release(inode, file);
}

/* Writing to trace only serves to truncate it, which open() did. */
static ssize_t trace_write(struct file *file, const char __user *ubuf,
			   size_t count, loff_t *ppos)
{
	return count;
}

static loff_t trace_llseek(struct file *file, loff_t offset, int whence)
{
	if (!(file->f_mode & FMODE_READ))
		return 0;
	return seq_lseek(file, offset, whence);
}

static const struct file_operations trace_fops = {
	.open		= trace_open,
	.read		= seq_read,
	.write		= trace_write,
	.llseek		= trace_llseek,
	.release	= trace_release,
};

/*
 * trace_pipe: the consuming view.  Until the ring buffer lands nothing is
 * ever recorded, so a reader finds the pipe empty: a blocking read waits
 * until it is interrupted, a non-blocking one gets -EAGAIN and poll()
 * reports nothing to read.
 */

static DECLARE_WAIT_QUEUE_HEAD(trace_pipe_wait);

static bool trace_pipe_has_data(struct trace_array *tr)
{
	return false;
}

static int trace_pipe_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	return nonseekable_open(inode, file);
}

static ssize_t trace_pipe_read(struct file *file, char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	struct trace_array *tr = file->private_data;
	int ret;

	if (!count)
		return 0;
	if (file->f_flags & O_NONBLOCK)
		return trace_pipe_has_data(tr) ? 0 : -EAGAIN;
	ret = wait_event_interruptible(trace_pipe_wait,
				       trace_pipe_has_data(tr));
	return ret;
}

static __poll_t trace_pipe_poll(struct file *file, poll_table *pt)
{
	struct trace_array *tr = file->private_data;

	poll_wait(file, &trace_pipe_wait, pt);
	return trace_pipe_has_data(tr) ? EPOLLIN | EPOLLRDNORM : 0;
}

static const struct file_operations trace_pipe_fops = {
	.open		= trace_pipe_open,
	.read		= trace_pipe_read,
	.poll		= trace_pipe_poll,
};

/* README */

static int readme_show(struct seq_file *m, void *v)
{
	seq_puts(m, tracing_readme_text);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(readme);

/* The tracefs root and the debugfs automount */

struct trace_file {
	const char			*name;
	umode_t				mode;
	const struct file_operations	*fops;
};

static const struct trace_file instance_files[] = {
	{ "available_tracers",	TRACE_MODE_READ,  &available_tracers_fops },
	{ "current_tracer",	TRACE_MODE_WRITE, &current_tracer_fops },
	{ "tracing_on",		TRACE_MODE_WRITE, &tracing_on_fops },
	{ "trace",		TRACE_MODE_WRITE, &trace_fops },
	{ "trace_pipe",		TRACE_MODE_READ,  &trace_pipe_fops },
};

static struct vfsmount *tracefs_automount(struct dentry *mntpt, void *data)
{
	struct file_system_type *type;
	struct fs_context *fc;
	struct vfsmount *mnt;

	type = get_fs_type("tracefs");
	if (!type)
		return NULL;
	fc = fs_context_for_submount(type, mntpt);
	put_filesystem(type);
	if (IS_ERR(fc))
		return ERR_CAST(fc);
	mnt = fc_mount(fc);
	put_fs_context(fc);
	/* The caller keeps one reference, the mount tree the other. */
	if (!IS_ERR(mnt))
		mntget(mnt);
	return mnt;
}

static int __init trace_fs_init(void)
{
	struct trace_array *tr = &global_trace;
	const struct trace_file *f;

	for (f = instance_files; f < instance_files + ARRAY_SIZE(instance_files); f++) {
		if (!tracefs_create_file(f->name, f->mode, tr->dir, tr, f->fops))
			pr_warn("could not create tracefs file '%s'\n", f->name);
	}
	if (!tracefs_create_file("README", TRACE_MODE_READ, NULL, NULL,
				 &readme_fops))
		pr_warn("could not create tracefs file 'README'\n");

	if (IS_ENABLED(CONFIG_DEBUG_FS) &&
	    IS_ERR(debugfs_create_automount("tracing", NULL,
					    tracefs_automount, NULL)))
		pr_warn("could not create /sys/kernel/debug/tracing\n");
	return 0;
}
fs_initcall(trace_fs_init);
