// SPDX-License-Identifier: GPL-2.0
/*
 * The function-tracing files of tracefs:
 *
 *   available_filter_functions(_addrs)  every traceable function
 *   enabled_functions                   those with callbacks, and how many
 *   touched_functions                   those that ever had one
 *   set_ftrace_filter, set_ftrace_notrace  (per instance) the function
 *                                       tracer's hashes, and the function
 *                                       commands in set_ftrace_filter
 *
 * Lines written to the set_ files are white-space separated: "glob",
 * "!glob" to remove, "glob:mod:module" or ":mod:module" for a module's
 * functions, "glob:command[:count]" for a command.  Opening with O_TRUNC
 * (">") starts from an empty set; the set takes effect on close.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "ftrace_internal.h"

enum rec_list {
	LIST_AVAILABLE,
	LIST_ADDRS,
	LIST_ENABLED,
	LIST_TOUCHED,
	LIST_FILTER,
	LIST_NOTRACE,
};

/**
 * struct rec_iter - a walk over the records for one of the lists
 * @kind:	which list
 * @tr:		the instance, for the set_ files
 * @hash:	for the set_ files: a private copy of the set being shown
 * @grp:	where the walk stands: the group...
 * @idx:	...and the record in it
 * @pos:	the seq_file position of that record
 * @extra:	the set_ file's extra lines (the header or the commands) are
 *		shown
 * @name:	the current record's function name
 * @mod:	and its module, or NULL
 */
struct rec_iter {
	int			kind;
	struct trace_array	*tr;
	struct ftrace_hash	*hash;
	struct ftrace_rec_group	*grp;
	unsigned int		idx;
	loff_t			pos;
	bool			extra;
	char			name[KSYM_NAME_LEN];
	const char		*mod;
};

static bool rec_listed(struct rec_iter *it, struct dyn_ftrace *rec)
{
	switch (it->kind) {
	case LIST_ENABLED:
		if (!ftrace_rec_count(rec))
			return false;
		break;
	case LIST_TOUCHED:
		if (!(rec->flags & FTRACE_FL_TOUCHED))
			return false;
		break;
	case LIST_FILTER:
	case LIST_NOTRACE:
		if (!ftrace_hash_contains(it->hash, rec->ip))
			return false;
		break;
	}
	return ftrace_rec_name(rec, it->name, &it->mod) != NULL;
}

/* The next listed record from (grp, idx) on, itself included. */
static struct dyn_ftrace *seek(struct rec_iter *it)
{
	struct ftrace_rec_group *grp = it->grp;
	struct dyn_ftrace *rec;

	if (!grp)
		return NULL;
	list_for_each_entry_from(grp, &ftrace_groups, list) {
		if (grp != it->grp)
			it->idx = 0;
		it->grp = grp;
		if (!grp->live)
			continue;
		for (; it->idx < grp->count; it->idx++) {
			rec = &grp->recs[it->idx];
			if (rec->flags & FTRACE_FL_DISABLED)
				continue;
			if (rec_listed(it, rec))
				return rec;
		}
	}
	it->grp = NULL;
	return NULL;
}

static bool group_present(struct ftrace_rec_group *g)
{
	struct ftrace_rec_group *grp;

	list_for_each_entry(grp, &ftrace_groups, list)
		if (grp == g)
			return true;
	return false;
}

/*
 * A set_ file shows one extra element after its functions: the header,
 * the pending module filters and the commands.
 */
static bool has_extra(struct rec_iter *it)
{
	return it->kind == LIST_FILTER || it->kind == LIST_NOTRACE;
}

static void *rec_start(struct seq_file *m, loff_t *pos)
{
	struct rec_iter *it = m->private;
	struct dyn_ftrace *rec;

	mutex_lock(&ftrace_lock);
	/* Resume where the last read stopped, else walk from the start. */
	if (*pos != it->pos || !it->grp || !group_present(it->grp)) {
		it->grp = list_first_entry_or_null(&ftrace_groups,
						   struct ftrace_rec_group,
						   list);
		it->idx = 0;
		it->pos = 0;
		rec = seek(it);
		while (rec && it->pos < *pos) {
			it->idx++;
			it->pos++;
			rec = seek(it);
		}
	} else {
		rec = seek(it);
	}
	if (rec)
		return rec;
	if (has_extra(it) && *pos == it->pos)
		return SEQ_START_TOKEN;
	return NULL;
}

static void *rec_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct rec_iter *it = m->private;
	struct dyn_ftrace *rec;

	(*pos)++;
	if (v == SEQ_START_TOKEN)
		return NULL;
	it->idx++;
	it->pos++;
	rec = seek(it);
	if (rec)
		return rec;
	return has_extra(it) ? SEQ_START_TOKEN : NULL;
}

static void rec_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&ftrace_lock);
}

/*
 * "\ttramp: TRAMPOLINE (OPS FUNCTION) ->CALLED" for a site that calls an
 * ops' own trampoline; CALLED is what the trampoline calls (the ops'
 * function, or the recursion wrapper around it).
 */
static void show_own_trampoline(struct seq_file *m, struct dyn_ftrace *rec)
{
	struct ftrace_ip_users u;

	ftrace_ops_users(rec->ip, &u);
	if (u.only && u.only->trampoline)
		seq_printf(m, "\ttramp: %pS (%pS) ->%pS",
			   (void *)u.only->trampoline, u.only->func,
			   ftrace_ops_get_func(u.only));
}

static int rec_show(struct seq_file *m, void *v)
{
	struct rec_iter *it = m->private;
	struct dyn_ftrace *rec = v;

	if (v == SEQ_START_TOKEN) {
		bool exclude = it->kind == LIST_NOTRACE;

		if (ftrace_hash_empty(it->hash))
			seq_puts(m, exclude ? "#### no functions disabled ####\n" :
				 "#### all functions enabled ####\n");
		ftrace_mod_pending_show(m, it->tr->func_ops, exclude);
		if (exclude)
			return 0;
		/* ftrace_probes_show() takes other locks: drop ours. */
		mutex_unlock(&ftrace_lock);
		ftrace_probes_show(m, it->tr);
		mutex_lock(&ftrace_lock);
		return 0;
	}
	if (it->kind == LIST_ADDRS)
		seq_printf(m, "%lx ", rec->ip);
	seq_puts(m, it->name);
	if (it->mod)
		seq_printf(m, " [%s]", it->mod);
	/*
	 * The count; R: the site saves a full pt_regs; I: an ops may change
	 * the ip; D: a direct trampoline; O (call ops) never applies; M: an
	 * IPMODIFY or direct ops traced it once.
	 */
	if (it->kind == LIST_ENABLED || it->kind == LIST_TOUCHED) {
		seq_printf(m, " (%lu)%s%s%s  %s", ftrace_rec_count(rec),
			   rec->flags & FTRACE_FL_REGS ? " R" : "  ",
			   rec->flags & FTRACE_FL_IPMODIFY ? " I" : "  ",
			   rec->flags & FTRACE_FL_DIRECT ? " D" : "  ",
			   rec->flags & FTRACE_FL_MODIFIED ? " M " : "   ");
		if (it->kind == LIST_ENABLED && (rec->flags & FTRACE_FL_TRAMP_EN))
			show_own_trampoline(m, rec);
		if (it->kind == LIST_ENABLED && (rec->flags & FTRACE_FL_DIRECT))
			seq_printf(m, "\n\tdirect-->%pS",
				   (void *)ftrace_find_rec_direct(rec->ip));
	}
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations rec_seq_ops = {
	.start	= rec_start,
	.next	= rec_next,
	.stop	= rec_stop,
	.show	= rec_show,
};

static int rec_list_open(struct inode *inode, struct file *file)
{
	struct rec_iter *it;

	it = __seq_open_private(file, &rec_seq_ops, sizeof(*it));
	if (!it)
		return -ENOMEM;
	it->kind = (long)inode->i_private;
	it->pos = -1;
	return 0;
}

static const struct file_operations rec_list_fops = {
	.open		= rec_list_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

/* --- set_ftrace_filter and set_ftrace_notrace ----------------------------- */

/* Longest token: "glob:command:count" or "glob:mod:module". */
#define TOKEN_MAX	(KSYM_NAME_LEN + MODULE_NAME_LEN + 16)

/**
 * struct set_writer - an open set_ftrace_filter or set_ftrace_notrace
 *			for writing
 * @tr:		the instance
 * @exclude:	which set
 * @hash:	the set being built, applied on close
 * @len:	bytes in @tok
 * @tok:	a token not yet ended by white space
 */
struct set_writer {
	struct trace_array	*tr;
	bool			exclude;
	struct ftrace_hash	*hash;
	unsigned int		len;
	char			tok[TOKEN_MAX];
};

static int set_open(struct inode *inode, struct file *file, bool exclude)
{
	struct trace_array *tr = trace_array_get_inode(inode);
	struct set_writer *w;
	struct rec_iter *it;
	int ret;

	if (IS_ERR(tr))
		return PTR_ERR(tr);
	if (file->f_mode & FMODE_WRITE) {
		ret = -ENOMEM;
		w = kzalloc(sizeof(*w), GFP_KERNEL);
		if (!w)
			goto put;
		w->tr = tr;
		w->exclude = exclude;
		mutex_lock(&ftrace_lock);
		if (file->f_flags & O_TRUNC) {
			w->hash = EMPTY_HASH;
			ftrace_mod_pending_clear(tr->func_ops, exclude);
		} else
			w->hash = ftrace_hash_copy(ftrace_ops_hash(tr->func_ops,
								   exclude));
		mutex_unlock(&ftrace_lock);
		if (!w->hash) {
			kfree(w);
			goto put;
		}
		file->private_data = w;
		return 0;
	}
	ret = -ENOMEM;
	it = __seq_open_private(file, &rec_seq_ops, sizeof(*it));
	if (!it)
		goto put;
	it->kind = exclude ? LIST_NOTRACE : LIST_FILTER;
	it->tr = tr;
	it->pos = -1;
	mutex_lock(&ftrace_lock);
	it->hash = ftrace_hash_copy(ftrace_ops_hash(tr->func_ops, exclude));
	mutex_unlock(&ftrace_lock);
	if (it->hash)
		return 0;
	seq_release_private(inode, file);
put:
	trace_array_put(tr);
	return ret;
}

static void log_token_err(struct set_writer *w, const char *tok, int err)
{
	tracing_log_err(w->tr, w->exclude ? "ftrace_notrace" : "ftrace_filter",
			tok, err == -ENOMEM ? "Out of memory" :
			"No function matches, or bad command", 0);
}

/* Restore a token for the error log: strsep() cut it at its colons. */
static void unsplit_token(char *cmd, char *param)
{
	if (cmd)
		cmd[-1] = ':';
	if (param)
		param[-1] = ':';
}

/* Apply one token to the set, or run its command. */
static int apply_token(struct set_writer *w, char *tok)
{
	char *orig = tok, *func, *cmd, *param;
	bool remove = *tok == '!';
	int n;

	tok += remove;
	func = strsep(&tok, ":");
	cmd = strsep(&tok, ":");
	param = tok;
	if (cmd && strcmp(cmd, "mod")) {
		/* A command needs its functions: "" would mean every one. */
		if (w->exclude || !*func) {
			unsplit_token(cmd, param);
			log_token_err(w, orig, -EINVAL);
			return -EINVAL;
		}
		n = ftrace_probe_command(w->tr, func, cmd, param, remove);
		if (n)
			log_token_err(w, orig, n);
		return n;
	}
	if (cmd && (!param || !*param))
		return -EINVAL;
	mutex_lock(&ftrace_lock);
	n = ftrace_match_records(&w->hash, func, cmd ? param : NULL, remove);
	/* A module not loaded yet: remember the line for its load. */
	if (!n && cmd && !remove && !strpbrk(param, "*?[")) {
		n = ftrace_mod_pending_add(w->tr->func_ops, w->exclude, func,
					   param);
		if (!n && ftrace_hash_empty(w->hash))
			n = ftrace_hash_add(&w->hash, FTRACE_HASH_NOTHING);
		n = n ? n : 1;
	}
	mutex_unlock(&ftrace_lock);
	if (n > 0)
		return 0;
	n = n ? n : -EINVAL;
	unsplit_token(cmd, param);
	log_token_err(w, orig, n);
	return n;
}

static ssize_t set_write(struct file *file, const char __user *ubuf,
			 size_t cnt, loff_t *ppos)
{
	struct set_writer *w = file->private_data;
	size_t done;
	char c;
	int ret;

	if (!(file->f_mode & FMODE_WRITE))
		return -EBADF;
	for (done = 0; done < cnt; done++) {
		if (get_user(c, ubuf + done))
			return -EFAULT;
		if (!isspace(c) && c) {
			if (w->len >= TOKEN_MAX - 1) {
				/* The next write starts a new name. */
				w->len = 0;
				return -EINVAL;
			}
			w->tok[w->len++] = c;
			continue;
		}
		if (!w->len)
			continue;
		w->tok[w->len] = '\0';
		w->len = 0;
		ret = apply_token(w, w->tok);
		if (ret)
			return ret;
		/*
		 * One name per call, as upstream: a long list comes back
		 * in short counts, and no single write runs for minutes.
		 */
		cnt = done + 1;
		break;
	}
	*ppos += cnt;
	return cnt;
}

static int set_release(struct inode *inode, struct file *file)
{
	struct trace_cpu_file *f = inode->i_private;
	struct set_writer *w;
	struct rec_iter *it;

	if (!(file->f_mode & FMODE_WRITE)) {
		it = ((struct seq_file *)file->private_data)->private;
		ftrace_hash_free(it->hash);
		seq_release_private(inode, file);
		trace_array_put(f->tr);
		return 0;
	}
	w = file->private_data;
	if (w->len) {
		w->tok[w->len] = '\0';
		apply_token(w, w->tok);
	}
	mutex_lock(&ftrace_lock);
	ftrace_ops_set_hash(w->tr->func_ops, w->exclude, w->hash);
	mutex_unlock(&ftrace_lock);
	kfree(w);
	trace_array_put(f->tr);
	return 0;
}

static ssize_t set_read(struct file *file, char __user *ubuf, size_t cnt,
			loff_t *ppos)
{
	if (file->f_mode & FMODE_WRITE)
		return 0;
	return seq_read(file, ubuf, cnt, ppos);
}

static loff_t set_llseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_WRITE)
		return file->f_pos = 0;
	return seq_lseek(file, offset, whence);
}

static int filter_open(struct inode *inode, struct file *file)
{
	return set_open(inode, file, false);
}

static int notrace_open(struct inode *inode, struct file *file)
{
	return set_open(inode, file, true);
}

static const struct file_operations filter_fops = {
	.open		= filter_open,
	.read		= set_read,
	.write		= set_write,
	.llseek		= set_llseek,
	.release	= set_release,
};

static const struct file_operations notrace_fops = {
	.open		= notrace_open,
	.read		= set_read,
	.write		= set_write,
	.llseek		= set_llseek,
	.release	= set_release,
};

/**
 * ftrace_filter_files_init - create an instance's function-tracing files
 * @tr: the instance
 * @dir: its directory (NULL for the tracefs root)
 *
 * The lists of all functions exist at the top level only.
 */
void ftrace_filter_files_init(struct trace_array *tr, struct dentry *dir)
{
	static const struct {
		const char	*name;
		long		kind;
	} lists[] = {
		{ "available_filter_functions",		LIST_AVAILABLE },
		{ "available_filter_functions_addrs",	LIST_ADDRS },
		{ "enabled_functions",			LIST_ENABLED },
		{ "touched_functions",			LIST_TOUCHED },
	};
	int i;

	if (ftrace_disabled || !tr->func_ops)
		return;
	tracefs_create_file("set_ftrace_filter", TRACE_MODE_WRITE, dir,
			    tr->files_all, &filter_fops);
	tracefs_create_file("set_ftrace_notrace", TRACE_MODE_WRITE, dir,
			    tr->files_all, &notrace_fops);
	trace_pid_files_init(tr, dir);
	if (dir)
		return;
	for (i = 0; i < ARRAY_SIZE(lists); i++)
		tracefs_create_file(lists[i].name, TRACE_MODE_READ, NULL,
				    (void *)lists[i].kind, &rec_list_fops);
}
