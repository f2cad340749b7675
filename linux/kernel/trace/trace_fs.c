// SPDX-License-Identifier: GPL-2.0
/*
 * The control and output files in the tracefs root, and the
 * /sys/kernel/debug/tracing automount that reaches the same files.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/init.h>
#include <linux/mount.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

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
	if (tr->buffer)
		trace_buffer_fs_init(tr, tr->dir);
	trace_event_files_init(tr, tr->dir);
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
