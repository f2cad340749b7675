// SPDX-License-Identifier: GPL-2.0
/*
 * The control and output files in the tracefs root, and the
 * /sys/kernel/debug/tracing automount that reaches the same files.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/init.h>
#include <linux/mount.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/tracefs.h>

#include "trace.h"
#include "ftrace_internal.h"

static struct trace_array *inode_tr(struct inode *inode)
{
	return ((struct trace_cpu_file *)inode->i_private)->tr;
}

/**
 * trace_open_generic - open an instance file: hold the instance
 * @inode: the file's inode; i_private is a trace_cpu_file
 * @file: the file; private_data is set to that trace_cpu_file
 *
 * Return: 0, or -ENODEV if the instance is being removed.
 */
int trace_open_generic(struct inode *inode, struct file *file)
{
	struct trace_array *tr = trace_array_get_inode(inode);

	if (IS_ERR(tr))
		return PTR_ERR(tr);
	file->private_data = inode->i_private;
	return 0;
}

/**
 * trace_release_generic - release a file opened by trace_open_generic()
 * @inode: the file's inode
 * @file: the file
 *
 * Return: 0.
 */
int trace_release_generic(struct inode *inode, struct file *file)
{
	trace_array_put(inode_tr(inode));
	return 0;
}

/**
 * trace_open_single - single_open() an instance file, holding the instance
 * @inode: the file's inode; i_private (a trace_cpu_file) becomes the
 *	seq_file's private
 * @file: the file
 * @show: the seq_file show function
 *
 * Return: 0 or a negative errno.
 */
int trace_open_single(struct inode *inode, struct file *file,
		      int (*show)(struct seq_file *m, void *v))
{
	struct trace_array *tr = trace_array_get_inode(inode);
	int ret;

	if (IS_ERR(tr))
		return PTR_ERR(tr);
	ret = single_open(file, show, inode->i_private);
	if (ret)
		trace_array_put(tr);
	return ret;
}

/**
 * trace_release_single - release a file opened by trace_open_single()
 * @inode: the file's inode
 * @file: the file
 *
 * Return: 0.
 */
int trace_release_single(struct inode *inode, struct file *file)
{
	single_release(inode, file);
	trace_array_put(inode_tr(inode));
	return 0;
}

/**
 * trace_lseek - llseek of files that are seq_files only when read
 * @file: the file
 * @offset: as lseek()
 * @whence: as lseek()
 *
 * A file opened write-only skipped seq_open(): its private_data is no
 * seq_file, and seeking it just goes back to the start.
 *
 * Return: the new position, or a negative errno.
 */
loff_t trace_lseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	return file->f_pos = 0;
}

static struct trace_array *seq_tr(struct seq_file *m)
{
	return ((struct trace_cpu_file *)m->private)->tr;
}

/* available_tracers */

static int available_tracers_show(struct seq_file *m, void *v)
{
	tracing_show_tracers(m, seq_tr(m));
	return 0;
}

static int available_tracers_open(struct inode *inode, struct file *file)
{
	return trace_open_single(inode, file, available_tracers_show);
}

static const struct file_operations available_tracers_fops = {
	.open		= available_tracers_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= trace_release_single,
};

/* current_tracer */

static int current_tracer_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = seq_tr(m);

	mutex_lock(&tracer_mutex);
	seq_printf(m, "%s\n", tr->current_trace->name);
	mutex_unlock(&tracer_mutex);
	return 0;
}

static int current_tracer_open(struct inode *inode, struct file *file)
{
	return trace_open_single(inode, file, current_tracer_show);
}

static ssize_t current_tracer_write(struct file *file, const char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	char buf[TRACER_NAME_MAX + 2], *word;
	int ret;

	word = tracing_user_word(ubuf, count, buf, sizeof(buf));
	if (IS_ERR(word))
		return PTR_ERR(word);
	ret = tracing_set_tracer(seq_tr(m), word);
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
	.release	= trace_release_single,
};

/* tracing_on */

static ssize_t tracing_on_read(struct file *file, char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;
	char buf[3];

	snprintf(buf, sizeof(buf), "%d\n", tracer_tracing_is_on(f->tr));
	return simple_read_from_buffer(ubuf, count, ppos, buf, 2);
}

static ssize_t tracing_on_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct trace_array *tr = ((struct trace_cpu_file *)file->private_data)->tr;
	unsigned long on;
	int ret;

	/* As upstream: any number but 0 turns it on. */
	ret = kstrtoul_from_user(ubuf, count, 10, &on);
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
	.open		= trace_open_generic,
	.read		= tracing_on_read,
	.write		= tracing_on_write,
	.llseek		= default_llseek,
	.release	= trace_release_generic,
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

/**
 * trace_instance_files_init - create the files of an instance
 * @tr: the instance, with its directory (NULL: the tracefs root)
 */
void trace_instance_files_init(struct trace_array *tr)
{
	const struct trace_file *f;

	tr->files_all = kzalloc(sizeof(*tr->files_all), GFP_KERNEL);
	if (!tr->files_all)
		return;
	tr->files_all->tr = tr;
	tr->files_all->cpu = RING_BUFFER_ALL_CPUS;
	for (f = instance_files; f < instance_files + ARRAY_SIZE(instance_files); f++) {
		if (!tracefs_create_file(f->name, f->mode, tr->dir,
					 tr->files_all, f->fops))
			pr_warn("could not create tracefs file '%s'\n", f->name);
	}
	if (tr->buffer)
		trace_buffer_fs_init(tr, tr->dir);
	trace_options_init(tr, tr->dir);
	trace_error_log_init(tr, tr->dir);
	trace_event_files_init(tr, tr->dir);
#ifdef CONFIG_FUNCTION_TRACER
	ftrace_filter_files_init(tr, tr->dir);
#endif
}

static int __init trace_fs_init(void)
{
	trace_instance_files_init(&global_trace);
	if (!tracefs_create_file("README", TRACE_MODE_READ, NULL, NULL,
				 &readme_fops))
		pr_warn("could not create tracefs file 'README'\n");
	trace_instances_init();

	if (IS_ENABLED(CONFIG_DEBUG_FS) &&
	    IS_ERR(debugfs_create_automount("tracing", NULL,
					    tracefs_automount, NULL)))
		pr_warn("could not create /sys/kernel/debug/tracing\n");
	return 0;
}
fs_initcall(trace_fs_init);
