// SPDX-License-Identifier: GPL-2.0
/*
 * error_log: the last few commands written to tracefs that failed, with
 * where and why (Documentation/trace/ftrace.rst, "Error conditions"):
 *
 *   [ 5348.887237] location: error: message
 *     Command: the command
 *                  ^
 *
 * Writing an empty line (O_TRUNC) clears it.
 */
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracefs.h>

#include "trace.h"

/* Entries kept per instance; the oldest goes first. */
#define ERR_LOG_MAX	8

struct err_entry {
	struct list_head	list;
	u64			ts;
	unsigned int		pos;
	char			*loc;
	char			*msg;
	char			*cmd;
};

static DEFINE_MUTEX(err_log_mutex);

static void err_free(struct err_entry *e)
{
	list_del(&e->list);
	kfree(e->loc);
	kfree(e->msg);
	kfree(e->cmd);
	kfree(e);
}

/**
 * tracing_log_err - add an entry to an instance's error_log
 * @tr: the instance (NULL: the top level)
 * @loc: where the error was found, e.g. "ftrace_filter"
 * @cmd: the command that failed
 * @msg: what was wrong with it
 * @pos: offset in @cmd of the caret
 */
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char *msg, unsigned int pos)
{
	struct err_entry *e;

	if (!tr)
		tr = &global_trace;
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return;
	e->ts = local_clock();
	e->loc = kstrdup(loc, GFP_KERNEL);
	e->msg = kstrdup(msg, GFP_KERNEL);
	e->cmd = kstrdup(cmd, GFP_KERNEL);
	e->pos = min_t(unsigned int, pos, strlen(cmd));
	if (!e->loc || !e->msg || !e->cmd) {
		kfree(e->loc);
		kfree(e->msg);
		kfree(e->cmd);
		kfree(e);
		return;
	}
	mutex_lock(&err_log_mutex);
	if (tr->err_count == ERR_LOG_MAX) {
		err_free(list_first_entry(&tr->err_log, struct err_entry, list));
		tr->err_count--;
	}
	list_add_tail(&e->list, &tr->err_log);
	tr->err_count++;
	mutex_unlock(&err_log_mutex);
}

static void clear_log(struct trace_array *tr)
{
	struct err_entry *e, *n;

	mutex_lock(&err_log_mutex);
	list_for_each_entry_safe(e, n, &tr->err_log, list)
		err_free(e);
	tr->err_count = 0;
	mutex_unlock(&err_log_mutex);
}

/**
 * trace_error_log_free - drop the entries of an instance going away
 * @tr: the instance
 */
void trace_error_log_free(struct trace_array *tr)
{
	clear_log(tr);
}

static int error_log_show(struct seq_file *m, void *v)
{
	struct trace_cpu_file *f = m->private;
	struct err_entry *e;
	unsigned long rem;
	u64 sec;

	mutex_lock(&err_log_mutex);
	list_for_each_entry(e, &f->tr->err_log, list) {
		sec = e->ts;
		rem = do_div(sec, NSEC_PER_SEC);
		seq_printf(m, "[%5llu.%06lu] %s: error: %s\n", sec,
			   rem / NSEC_PER_USEC, e->loc, e->msg);
		seq_printf(m, "  Command: %s\n", e->cmd);
		seq_printf(m, "%*s^\n", e->pos + 11, "");
	}
	mutex_unlock(&err_log_mutex);
	return 0;
}

static int error_log_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr;

	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		tr = trace_array_get_inode(inode);
		if (IS_ERR(tr))
			return PTR_ERR(tr);
		clear_log(tr);
		trace_array_put(tr);
	}
	if (!(file->f_mode & FMODE_READ))
		return trace_open_generic(inode, file);
	return trace_open_single(inode, file, error_log_show);
}

static int error_log_release(struct inode *inode, struct file *file)
{
	if (!(file->f_mode & FMODE_READ))
		return trace_release_generic(inode, file);
	return trace_release_single(inode, file);
}

static ssize_t error_log_write(struct file *file, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	return cnt;
}

static const struct file_operations error_log_fops = {
	.open		= error_log_open,
	.read		= seq_read,
	.write		= error_log_write,
	.llseek		= trace_lseek,
	.release	= error_log_release,
};

/**
 * trace_error_log_init - create an instance's error_log
 * @tr: the instance
 * @dir: its directory (NULL for the tracefs root)
 */
void trace_error_log_init(struct trace_array *tr, struct dentry *dir)
{
	tracefs_create_file("error_log", TRACE_MODE_WRITE, dir, tr->files_all,
			    &error_log_fops);
}
