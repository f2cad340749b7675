// SPDX-License-Identifier: GPL-2.0
/*
 * The event control files in the tracefs root.  The trace event layer
 * (tracepoints as events) is not built yet, so no event can be enabled:
 * set_event lists nothing, clearing it succeeds, and naming an event
 * fails with -EINVAL as for any event that does not exist.
 */
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"

static ssize_t set_event_read(struct file *file, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	return 0;	/* no event is enabled */
}

static ssize_t set_event_write(struct file *file, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	char buf[64];
	size_t i, n = min(cnt, sizeof(buf));

	/* Only blank input (a clear) names no event. */
	if (copy_from_user(buf, ubuf, n))
		return -EFAULT;
	for (i = 0; i < n; i++) {
		if (!isspace(buf[i]))
			return -EINVAL;
	}
	if (cnt > n)
		return -EINVAL;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations set_event_fops = {
	.open		= trace_open_generic,
	.read		= set_event_read,
	.write		= set_event_write,
	.llseek		= noop_llseek,
	.release	= trace_release_generic,
};

/**
 * trace_event_files_init - create the event control files of an instance
 * @tr: the instance
 * @dir: its directory (NULL for the tracefs root)
 */
void trace_event_files_init(struct trace_array *tr, struct dentry *dir)
{
	tracefs_create_file("set_event", 0640, dir, tr->files_all,
			    &set_event_fops);
}
