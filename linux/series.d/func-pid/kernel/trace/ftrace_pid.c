// SPDX-License-Identifier: GPL-2.0
/*
 * set_ftrace_pid and set_ftrace_notrace_pid: the function tracer of an
 * instance traces only the tasks of the first (when it is set) and never
 * those of the second.  With the function-fork option, a task forked by
 * a listed task joins its parent's lists.
 *
 * Each list is a bitmap of PID_MAX_LIMIT bits, published with RCU and
 * tested in the tracing path.  Forks are followed by an ftrace_ops of
 * the instance on wake_up_new_task(), whose argument is the new task,
 * and on release_task(), whose argument is a task reaped: its pid leaves
 * the lists, as upstream drops it when the task is freed.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/bitmap.h>
#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/threads.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "trace.h"
#include "ftrace_internal.h"

#define PID_BITS_SIZE	(BITS_TO_LONGS(PID_MAX_LIMIT) * sizeof(long))

/* Serialises changes of every instance's lists and fork ops. */
static DEFINE_MUTEX(pid_mutex);

/**
 * trace_pid_allowed - whether the function tracer of @tr traces current
 * @tr: the instance
 *
 * Safe in the tracing path.
 */
bool trace_pid_allowed(struct trace_array *tr)
{
	unsigned long *only = rcu_dereference_raw(tr->pids[0]);
	unsigned long *never = rcu_dereference_raw(tr->pids[1]);
	pid_t pid = current->pid;

	if (only && !test_bit(pid, only))
		return false;
	return !(never && test_bit(pid, never));
}

/**
 * ftrace_pids_enabled - whether set_ftrace_pid filters an ops
 * @ops: the ops
 */
bool ftrace_pids_enabled(struct ftrace_ops *ops)
{
	struct trace_array *tr = ops->private;

	return (ops->flags & FTRACE_OPS_FL_PID) && tr && trace_pids_set(tr);
}

/* The call sites of wake_up_new_task() and release_task(). */
static unsigned long fork_site, exit_site;

static void fork_func(unsigned long ip, unsigned long parent_ip,
		      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct task_struct *task;
	unsigned long *bits;
	int i;

	if (!fregs)
		return;
	task = (struct task_struct *)ftrace_regs_get_argument(fregs, 0);
	for (i = 0; i < 2; i++) {
		bits = rcu_dereference_raw(tr->pids[i]);
		if (!bits)
			continue;
		if (ip == exit_site)
			clear_bit(task->pid, bits);
		else if (test_bit(current->pid, bits))
			set_bit(task->pid, bits);
	}
}

/* The top level's fork ops; an instance's is allocated when first needed. */
static struct ftrace_ops global_fork_ops = {
	.func		= fork_func,
	.private	= &global_trace,
	.flags		= FTRACE_OPS_FL_RECURSION,
};

static struct ftrace_ops *fork_ops_of(struct trace_array *tr)
{
	struct ftrace_ops *ops;

	if (tr == &global_trace)
		return &global_fork_ops;
	if (tr->fork_ops)
		return tr->fork_ops;
	ops = kzalloc(sizeof(*ops), GFP_KERNEL);
	if (!ops)
		return NULL;
	ops->func = fork_func;
	ops->flags = FTRACE_OPS_FL_RECURSION;
	ops->private = tr;
	tr->fork_ops = ops;
	return ops;
}

static unsigned long site_of(const char *name)
{
	return ftrace_location(kallsyms_lookup_name(name));
}

/* Follow forks exactly while the option is on and a list exists. */
static void fork_update_locked(struct trace_array *tr)
{
	bool want = trace_opt(tr, TRACE_OPT_FUNCTION_FORK) &&
		    trace_pids_set(tr);
	struct ftrace_ops *ops;
	unsigned long sites[2];

	if (!want) {
		/* Nothing to stop unless an ops exists: allocate none. */
		ops = tr == &global_trace ? &global_fork_ops : tr->fork_ops;
		if (ops && (ops->flags & FTRACE_OPS_FL_ENABLED))
			unregister_ftrace_function(ops);
		return;
	}
	ops = fork_ops_of(tr);
	if (!ops || (ops->flags & FTRACE_OPS_FL_ENABLED))
		return;
	if (!fork_site) {
		fork_site = site_of("wake_up_new_task");
		exit_site = site_of("release_task");
	}
	sites[0] = fork_site;
	sites[1] = exit_site;
	if (!fork_site || !exit_site ||
	    ftrace_set_filter_ips(ops, sites, ARRAY_SIZE(sites), 0, 1) ||
	    register_ftrace_function(ops))
		pr_warn_once("function-fork: cannot follow forks\n");
}

/**
 * trace_pid_fork_update - start or stop following forks
 * @tr: the instance, whose function-fork option or lists changed
 */
void trace_pid_fork_update(struct trace_array *tr)
{
	mutex_lock(&pid_mutex);
	fork_update_locked(tr);
	mutex_unlock(&pid_mutex);
}

/* Publish @bits (NULL: no list) as list @which; free the old one. */
static void set_list(struct trace_array *tr, int which, unsigned long *bits)
{
	unsigned long *old;

	old = rcu_replace_pointer(tr->pids[which], bits,
				  lockdep_is_held(&pid_mutex));
	fork_update_locked(tr);
	if (old) {
		synchronize_rcu();
		vfree(old);
	}
}

/**
 * trace_pids_free - drop an instance's lists and fork ops
 * @tr: the instance, going away
 */
void trace_pids_free(struct trace_array *tr)
{
	mutex_lock(&pid_mutex);
	tr->trace_flags &= ~BIT(TRACE_OPT_FUNCTION_FORK);
	set_list(tr, 0, NULL);
	set_list(tr, 1, NULL);
	if (tr->fork_ops) {
		ftrace_free_filter(tr->fork_ops);
		kfree(tr->fork_ops);
		tr->fork_ops = NULL;
	}
	mutex_unlock(&pid_mutex);
}

static const struct file_operations notrace_pid_fops;

/* 0 for set_ftrace_pid, 1 for set_ftrace_notrace_pid. */
static int which_list(const struct file *file)
{
	return file->f_op == &notrace_pid_fops;
}

static void *pid_start(struct seq_file *m, loff_t *pos)
{
	struct trace_cpu_file *f = m->private;
	unsigned long *bits, bit;
	loff_t n = *pos;

	mutex_lock(&pid_mutex);
	bits = rcu_dereference_protected(f->tr->pids[which_list(m->file)],
					 lockdep_is_held(&pid_mutex));
	if (!bits)
		return n ? NULL : SEQ_START_TOKEN;
	for_each_set_bit(bit, bits, PID_MAX_LIMIT)
		if (!n--)
			return (void *)(bit + 1);
	return NULL;
}

static void *pid_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_cpu_file *f = m->private;
	unsigned long *bits, bit;

	(*pos)++;
	if (v == SEQ_START_TOKEN)
		return NULL;
	bits = rcu_dereference_protected(f->tr->pids[which_list(m->file)],
					 lockdep_is_held(&pid_mutex));
	bit = find_next_bit(bits, PID_MAX_LIMIT, (unsigned long)v);
	return bit < PID_MAX_LIMIT ? (void *)(bit + 1) : NULL;
}

static void pid_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&pid_mutex);
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

static int pid_open(struct inode *inode, struct file *file)
{
	struct trace_cpu_file *f = inode->i_private;
	struct trace_array *tr = trace_array_get_inode(inode);
	int ret;

	if (IS_ERR(tr))
		return PTR_ERR(tr);
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		mutex_lock(&pid_mutex);
		set_list(tr, which_list(file), NULL);
		mutex_unlock(&pid_mutex);
	}
	if (!(file->f_mode & FMODE_READ)) {
		file->private_data = f;
		return 0;
	}
	ret = seq_open(file, &pid_seq_ops);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)file->private_data)->private = f;
	return 0;
}

static int pid_release(struct inode *inode, struct file *file)
{
	struct trace_cpu_file *f = inode->i_private;

	if (file->f_mode & FMODE_READ)
		seq_release(inode, file);
	trace_array_put(f->tr);
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
 * the input.  The list changes only if every pid is good.
 */
static ssize_t pid_write(struct file *file, const char __user *ubuf,
			 size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = file_inode(file)->i_private;
	int which = which_list(file);
	unsigned long *bits, *cur;
	unsigned int len = 0;
	bool any = false;
	char tok[24], c;
	size_t done;
	int ret = 0;

	bits = vzalloc(PID_BITS_SIZE);
	if (!bits)
		return -ENOMEM;
	mutex_lock(&pid_mutex);
	cur = rcu_dereference_protected(f->tr->pids[which],
					lockdep_is_held(&pid_mutex));
	if (cur)
		memcpy(bits, cur, PID_BITS_SIZE);
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
	if (!ret && any)
		set_list(f->tr, which, bits);
	else
		vfree(bits);
	mutex_unlock(&pid_mutex);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations pid_fops = {
	.open		= pid_open,
	.read		= seq_read,
	.write		= pid_write,
	.llseek		= trace_lseek,
	.release	= pid_release,
};

static const struct file_operations notrace_pid_fops = {
	.open		= pid_open,
	.read		= seq_read,
	.write		= pid_write,
	.llseek		= trace_lseek,
	.release	= pid_release,
};

/**
 * trace_pid_files_init - create set_ftrace_pid and set_ftrace_notrace_pid
 * @tr: the instance
 * @dir: its directory (NULL for the tracefs root)
 */
void trace_pid_files_init(struct trace_array *tr, struct dentry *dir)
{
	tracefs_create_file("set_ftrace_pid", TRACE_MODE_WRITE, dir,
			    tr->files_all, &pid_fops);
	tracefs_create_file("set_ftrace_notrace_pid", TRACE_MODE_WRITE, dir,
			    tr->files_all, &notrace_pid_fops);
}
