// SPDX-License-Identifier: GPL-2.0
/*
 * trace_stat/: one read-only file per registered statistics source
 * (trace_stat.h).  The directory appears in the tracefs root with the
 * first source.
 *
 * Opening a file copies the source's entries into an array of the file's
 * own, bounded by TRACE_STAT_MAX_BYTES, and sorts it with the source's
 * order.  Reading prints the source's header, each entry of that copy and
 * its footer.  The source itself is never held by an open file: every
 * read finds it again by the file's dentry, under stat_mutex, which
 * trace_stat_unregister() takes too.  The dentry, pinned by the open
 * file, cannot be reused by another source's file meanwhile.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/tracefs.h>

#include "trace.h"
#include "trace_stat.h"

/* The most one open file copies, whatever a source counts. */
#define TRACE_STAT_MAX_BYTES	(16UL << 20)

/* Guards stat_sources, stat_dir and every call into a source. */
static DEFINE_MUTEX(stat_mutex);
static LIST_HEAD(stat_sources);
static struct dentry *stat_dir;

/**
 * struct stat_copy - what an open file reads
 * @dentry:	the file's dentry: finds the source again
 * @src:	the source, between seq_file start and stop only
 * @entries:	the sorted copy
 * @nr:		entries in it
 * @size:	bytes of each
 */
struct stat_copy {
	struct dentry			*dentry;
	struct trace_stat_source	*src;
	void				*entries;
	unsigned int			nr;
	size_t				size;
};

/* The registered source whose file is @dentry, or NULL. */
static struct trace_stat_source *stat_find(struct dentry *dentry)
{
	struct trace_stat_source *src;

	lockdep_assert_held(&stat_mutex);
	list_for_each_entry(src, &stat_sources, list) {
		if (src->dentry == dentry)
			return src;
	}
	return NULL;
}

static bool stat_name_taken(const char *name)
{
	struct trace_stat_source *src;

	lockdep_assert_held(&stat_mutex);
	list_for_each_entry(src, &stat_sources, list) {
		if (!strcmp(src->name, name))
			return true;
	}
	return false;
}

/* Fill @copy from @src: count, copy, sort.  Call with stat_mutex held. */
static int stat_take(struct trace_stat_source *src, struct stat_copy *copy)
{
	unsigned int max;

	max = min_t(unsigned long, src->count(src),
		    TRACE_STAT_MAX_BYTES / src->entry_size);
	copy->size = src->entry_size;
	if (!max)
		return 0;
	copy->entries = kvmalloc_array(max, copy->size, GFP_KERNEL);
	if (!copy->entries)
		return -ENOMEM;
	copy->nr = min(src->snapshot(src, copy->entries, max), max);
	if (src->cmp && copy->nr > 1)
		sort(copy->entries, copy->nr, copy->size, src->cmp, NULL);
	return 0;
}

/*
 * Positions: 0 is the header, 1 to nr the entries, nr + 1 the footer.
 * The header is SEQ_START_TOKEN, the footer the copy itself, an entry its
 * address in the copy.
 */
static void *stat_at(struct stat_copy *copy, loff_t pos)
{
	if (pos == 0)
		return SEQ_START_TOKEN;
	if (pos <= copy->nr)
		return copy->entries + (pos - 1) * copy->size;
	if (pos == copy->nr + 1)
		return copy;
	return NULL;
}

static void *stat_start(struct seq_file *m, loff_t *pos)
{
	struct stat_copy *copy = m->private;

	/* Released in stat_stop(), which seq_read() calls in any case. */
	mutex_lock(&stat_mutex);
	copy->src = stat_find(copy->dentry);
	if (!copy->src)
		return ERR_PTR(-ENODEV);
	return stat_at(copy, *pos);
}

static void *stat_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return stat_at(m->private, *pos);
}

static void stat_stop(struct seq_file *m, void *v)
{
	struct stat_copy *copy = m->private;

	copy->src = NULL;
	mutex_unlock(&stat_mutex);
}

static int stat_show(struct seq_file *m, void *v)
{
	struct stat_copy *copy = m->private;
	struct trace_stat_source *src = copy->src;

	if (v == SEQ_START_TOKEN) {
		if (src->header)
			src->header(m, src);
	} else if (v == copy) {
		if (src->footer)
			src->footer(m, src);
	} else {
		src->show(m, src, v);
	}
	return 0;
}

static const struct seq_operations stat_seq_ops = {
	.start	= stat_start,
	.next	= stat_next,
	.stop	= stat_stop,
	.show	= stat_show,
};

static void stat_copy_free(struct stat_copy *copy)
{
	kvfree(copy->entries);
	kfree(copy);
}

static int stat_open(struct inode *inode, struct file *file)
{
	struct trace_stat_source *src;
	struct stat_copy *copy;
	int ret;

	copy = kzalloc(sizeof(*copy), GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	copy->dentry = file->f_path.dentry;

	mutex_lock(&stat_mutex);
	src = stat_find(copy->dentry);
	ret = src ? stat_take(src, copy) : -ENODEV;
	mutex_unlock(&stat_mutex);
	if (!ret)
		ret = seq_open(file, &stat_seq_ops);
	if (ret) {
		stat_copy_free(copy);
		return ret;
	}
	((struct seq_file *)file->private_data)->private = copy;
	return 0;
}

static int stat_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	stat_copy_free(m->private);
	return seq_release(inode, file);
}

static const struct file_operations stat_fops = {
	.open		= stat_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= stat_release,
};

/**
 * trace_stat_register - give a statistics source its file
 * @src: the source, filled in as struct trace_stat_source says; it must
 *	 stay valid until trace_stat_unregister()
 *
 * Creates trace_stat/<name> in the tracefs root, and trace_stat/ itself
 * the first time.  Call from an fs_initcall or later.
 *
 * Return: 0, -EINVAL if a mandatory field is missing, -EBUSY if the name
 * is taken, or -ENODEV if tracefs refused the file (lockdown, no memory).
 */
int trace_stat_register(struct trace_stat_source *src)
{
	int ret = 0;

	if (!src->name || !*src->name || !src->entry_size || !src->count ||
	    !src->snapshot || !src->show)
		return -EINVAL;

	mutex_lock(&stat_mutex);
	if (stat_name_taken(src->name)) {
		ret = -EBUSY;
		goto out;
	}
	if (!stat_dir) {
		stat_dir = tracefs_create_dir("trace_stat", NULL);
		if (IS_ERR_OR_NULL(stat_dir)) {
			stat_dir = NULL;
			ret = -ENODEV;
			goto out;
		}
	}
	src->dentry = tracefs_create_file(src->name, TRACE_MODE_READ, stat_dir,
					  NULL, &stat_fops);
	if (IS_ERR_OR_NULL(src->dentry)) {
		src->dentry = NULL;
		ret = -ENODEV;
		goto out;
	}
	list_add_tail(&src->list, &stat_sources);
out:
	mutex_unlock(&stat_mutex);
	if (ret)
		pr_warn("could not create trace_stat/%s: %d\n",
			src->name, ret);
	return ret;
}

/**
 * trace_stat_unregister - remove a statistics source's file
 * @src: a source registered with trace_stat_register()
 *
 * When this returns, no callback of @src runs and none will be called
 * again; files still open read as -ENODEV.  trace_stat/ stays.
 */
void trace_stat_unregister(struct trace_stat_source *src)
{
	struct dentry *dentry;

	mutex_lock(&stat_mutex);
	if (stat_find(src->dentry) != src) {
		mutex_unlock(&stat_mutex);
		return;
	}
	list_del(&src->list);
	dentry = src->dentry;
	src->dentry = NULL;
	mutex_unlock(&stat_mutex);
	/* Outside the mutex: removal waits on the VFS, readers on us. */
	tracefs_remove(dentry);
}
