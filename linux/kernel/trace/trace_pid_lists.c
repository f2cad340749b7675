// SPDX-License-Identifier: GPL-2.0
/*
 * Pid list files: a pair of files that edit two pid lists of an
 * instance, the tasks to trace and the tasks never to trace.  The
 * function tracer's set_ftrace_pid / set_ftrace_notrace_pid and the
 * event layer's set_event_pid / set_event_notrace_pid are two such
 * pairs; each owner says where its lists live, what lock guards them
 * and what to redo when one changes.
 *
 * Each list is a bitmap of PID_MAX_LIMIT bits, published with RCU and
 * tested in tracing paths.  Reading lists the pids, one per line ("no
 * pid" when the list is unset); writing adds white-space separated pids;
 * opening with O_TRUNC empties the list first.
 */
#include <linux/bitmap.h>
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/threads.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "trace.h"

#define PID_BITS_SIZE	(BITS_TO_LONGS(PID_MAX_LIMIT) * sizeof(long))

/* Every pid list file, found again by name when opened. */
#define MAX_PID_FILES	4
static const struct trace_pid_file *pid_files[MAX_PID_FILES];
static DEFINE_SPINLOCK(pid_files_lock);

static void pid_file_register(const struct trace_pid_file *pf)
{
	int i;

	spin_lock(&pid_files_lock);
	for (i = 0; i < MAX_PID_FILES; i++) {
		if (pid_files[i] == pf)
			break;
		if (!pid_files[i]) {
			pid_files[i] = pf;
			break;
		}
	}
	spin_unlock(&pid_files_lock);
	WARN_ON_ONCE(i == MAX_PID_FILES);
}

static const struct trace_pid_file *pid_file_of(const struct file *file)
{
	const char *name = file_dentry(file)->d_name.name;
	int i;

	for (i = 0; i < MAX_PID_FILES && READ_ONCE(pid_files[i]); i++) {
		if (!strcmp(pid_files[i]->name, name))
			return pid_files[i];
	}
	/* Only registered files get these file operations. */
	WARN_ON_ONCE(1);
	return pid_files[0];
}

static unsigned long __rcu **list_slot(const struct trace_pid_file *pf,
				       struct trace_array *tr)
{
	return &pf->set->lists(tr)[pf->which];
}

/**
 * trace_pid_set_list - publish a new list and free the old one
 * @set: the pair of lists
 * @tr: the instance
 * @which: 0 for the trace list, 1 for the notrace list
 * @bits: the new list (vmalloc'ed, PID_MAX_LIMIT bits), NULL for none
 *
 * Called with @set->lock held; @set->changed runs before the old list is
 * freed, once readers are done with it.
 */
void trace_pid_set_list(const struct trace_pid_set *set,
			struct trace_array *tr, int which, unsigned long *bits)
{
	unsigned long __rcu **slot = &set->lists(tr)[which];
	unsigned long *old;

	lockdep_assert_held(set->lock);
	old = rcu_replace_pointer(*slot, bits, lockdep_is_held(set->lock));
	set->changed(tr);
	if (old) {
		synchronize_rcu();
		vfree(old);
	}
}

static void *pid_start(struct seq_file *m, loff_t *pos)
{
	const struct trace_pid_file *pf = pid_file_of(m->file);
	struct trace_array *tr = m->private;
	unsigned long *bits, bit;
	loff_t n = *pos;

	mutex_lock(pf->set->lock);
	bits = rcu_dereference_protected(*list_slot(pf, tr),
					 lockdep_is_held(pf->set->lock));
	if (!bits)
		return n ? NULL : SEQ_START_TOKEN;
	for_each_set_bit(bit, bits, PID_MAX_LIMIT)
		if (!n--)
			return (void *)(bit + 1);
	return NULL;
}

static void *pid_next(struct seq_file *m, void *v, loff_t *pos)
{
	const struct trace_pid_file *pf = pid_file_of(m->file);
	struct trace_array *tr = m->private;
	unsigned long *bits, bit;

	(*pos)++;
	if (v == SEQ_START_TOKEN)
		return NULL;
	bits = rcu_dereference_protected(*list_slot(pf, tr),
					 lockdep_is_held(pf->set->lock));
	bit = find_next_bit(bits, PID_MAX_LIMIT, (unsigned long)v);
	return bit < PID_MAX_LIMIT ? (void *)(bit + 1) : NULL;
}

static void pid_stop(struct seq_file *m, void *v)
{
	mutex_unlock(pid_file_of(m->file)->set->lock);
}

static int pid_show(struct seq_file *m, void *v)
{
	if (v == SEQ_START_TOKEN)
		seq_puts(m, "no pid\n");
	else
		seq_printf(m, "%lu\n", (unsigned long)v - 1);
	return 0;
}

static const struct seq_operations pid_seq_ops = {
	.start	= pid_start,
	.next	= pid_next,
	.stop	= pid_stop,
	.show	= pid_show,
};

/* i_private: the instance's files_all. */
static int trace_pid_open(struct inode *inode, struct file *file)
{
	const struct trace_pid_file *pf = pid_file_of(file);
	struct trace_array *tr = trace_array_get_inode(inode);
	int ret;

	if (IS_ERR(tr))
		return PTR_ERR(tr);
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		mutex_lock(pf->set->lock);
		trace_pid_set_list(pf->set, tr, pf->which, NULL);
		mutex_unlock(pf->set->lock);
	}
	if (!(file->f_mode & FMODE_READ)) {
		file->private_data = tr;
		return 0;
	}
	ret = seq_open(file, &pid_seq_ops);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)file->private_data)->private = tr;
	return 0;
}

static int trace_pid_release(struct inode *inode, struct file *file)
{
	struct trace_array *tr;

	if (file->f_mode & FMODE_READ) {
		tr = ((struct seq_file *)file->private_data)->private;
		seq_release(inode, file);
	} else {
		tr = file->private_data;
	}
	trace_array_put(tr);
	return 0;
}

/* One pid of a write: a number (any base kstrtoul takes) below PID_MAX_LIMIT. */
static int pid_token(char *tok, unsigned long *bits)
{
	unsigned long pid;

	if (kstrtoul(tok, 0, &pid))
		return -EINVAL;
	/* Upstream refuses a pid beyond the pid space with -EPERM. */
	if (pid >= PID_MAX_LIMIT)
		return -EPERM;
	set_bit(pid, bits);
	return 0;
}

/*
 * Pids separated by white space, as many as the write holds; a NUL ends
 * the input.  The pids join the list only if every one is good: -EINVAL
 * for what is not a number, -EPERM beyond the pid space.  A write with
 * no pid empties the list, as upstream.  The input is read before the
 * lock is taken: a slow user page must not hold up the list's owner.
 */
static ssize_t trace_pid_write(struct file *file, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	const struct trace_pid_file *pf = pid_file_of(file);
	struct trace_array *tr;
	unsigned long *bits, *cur;
	unsigned int len = 0;
	bool any = false;
	char tok[24], c;
	size_t done;
	int ret = 0;

	if (file->f_mode & FMODE_READ)
		tr = ((struct seq_file *)file->private_data)->private;
	else
		tr = file->private_data;
	bits = vzalloc(PID_BITS_SIZE);
	if (!bits)
		return -ENOMEM;
	for (done = 0; done < cnt && !ret; done++) {
		if (!(done % PAGE_SIZE)) {
			cond_resched();
			if (fatal_signal_pending(current)) {
				ret = -EINTR;
				break;
			}
		}
		if (get_user(c, ubuf + done)) {
			ret = -EFAULT;
			break;
		}
		if (!c)
			break;
		if (!isspace(c)) {
			if (len >= sizeof(tok) - 1)
				ret = -EINVAL;
			else
				tok[len++] = c;
			continue;
		}
		if (len) {
			tok[len] = '\0';
			len = 0;
			ret = pid_token(tok, bits);
			any = true;
		}
	}
	if (!ret && len) {
		tok[len] = '\0';
		ret = pid_token(tok, bits);
		any = true;
	}
	if (ret) {
		vfree(bits);
		return ret;
	}
	mutex_lock(pf->set->lock);
	if (any) {
		cur = rcu_dereference_protected(*list_slot(pf, tr),
						lockdep_is_held(pf->set->lock));
		if (cur)
			bitmap_or(bits, bits, cur, PID_MAX_LIMIT);
		trace_pid_set_list(pf->set, tr, pf->which, bits);
	} else {
		trace_pid_set_list(pf->set, tr, pf->which, NULL);
		vfree(bits);
	}
	mutex_unlock(pf->set->lock);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_pid_fops = {
	.open		= trace_pid_open,
	.read		= seq_read,
	.write		= trace_pid_write,
	.llseek		= trace_lseek,
	.release	= trace_pid_release,
};

/**
 * trace_pid_files_create - create a pair of pid list files
 * @files: the two files (trace list, notrace list)
 * @tr: the instance
 * @dir: its directory (NULL for the tracefs root)
 */
void trace_pid_files_create(const struct trace_pid_file files[2],
			    struct trace_array *tr, struct dentry *dir)
{
	int i;

	for (i = 0; i < 2; i++) {
		pid_file_register(&files[i]);
		tracefs_create_file(files[i].name, TRACE_MODE_WRITE, dir,
				    tr->files_all, &trace_pid_fops);
	}
}
