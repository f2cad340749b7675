/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function tracing internals shared by the files of kernel/trace:
 * ip hashes and glob patterns (ftrace_hash.c), call-site records
 * (ftrace_records.c), ftrace_ops and the dispatcher (ftrace_ops.c),
 * the filter files (ftrace_filter_fs.c) and function probes
 * (ftrace_probes.c).
 */
#ifndef _KERNEL_TRACE_FTRACE_INTERNAL_H
#define _KERNEL_TRACE_FTRACE_INTERNAL_H

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/types.h>

struct seq_file;
struct trace_array;

/**
 * struct ftrace_hash - a set of call-site addresses
 * @mask:	number of slots minus one (slots are a power of two)
 * @count:	addresses held
 * @rcu:	for freeing after readers in the tracing path are done
 * @ips:	open addressing with linear probing; 0 marks a free slot
 *
 * Readers in the tracing path only look a hash up; writers build a new
 * one and publish it with rcu_assign_pointer(), so a published hash is
 * never changed.  The empty hash has no slots and is never freed.
 */
struct ftrace_hash {
	unsigned int	mask;
	unsigned int	count;
	struct rcu_head	rcu;
	unsigned long	ips[];
};

extern struct ftrace_hash ftrace_empty_hash;

/*
 * Held by a filter whose functions all went away with their module: not
 * a call site, so the filter matches nothing instead of everything.
 */
/*
 * How far past a function's first byte its call site may sit.  x86 says
 * (an endbr64 first); elsewhere the site follows at most a landing pad
 * and the instruction that saves the return address.
 */
#ifndef FTRACE_MCOUNT_MAX_OFFSET
#define FTRACE_MCOUNT_MAX_OFFSET	(2 * MCOUNT_INSN_SIZE)
#endif

#define FTRACE_HASH_NOTHING	1UL
#define EMPTY_HASH	(&ftrace_empty_hash)

struct ftrace_hash *ftrace_hash_new(unsigned int capacity);
struct ftrace_hash *ftrace_hash_copy(const struct ftrace_hash *src);
struct ftrace_hash *ftrace_hash_intersect(const struct ftrace_hash *a,
					  const struct ftrace_hash *b);
void ftrace_hash_free(struct ftrace_hash *hash);
void ftrace_hash_free_rcu(struct ftrace_hash *hash);
bool ftrace_hash_contains(const struct ftrace_hash *hash, unsigned long ip);
int ftrace_hash_add(struct ftrace_hash **hashp, unsigned long ip);
bool ftrace_hash_remove(struct ftrace_hash *hash, unsigned long ip);
bool ftrace_hash_equal(const struct ftrace_hash *a,
		       const struct ftrace_hash *b);

static inline bool ftrace_hash_empty(const struct ftrace_hash *hash)
{
	return !hash || !hash->count;
}

/* The address in the first used slot from *i on (0: none); *i moves. */
static inline unsigned long ftrace_hash_next(const struct ftrace_hash *hash,
					     unsigned int *i)
{
	for (; !ftrace_hash_empty(hash) && *i <= hash->mask; (*i)++) {
		if (hash->ips[*i])
			return hash->ips[*i];
	}
	return 0;
}

#define ftrace_hash_for_each(hash, i, ip)				\
	for ((i) = 0; ((ip) = ftrace_hash_next((hash), &(i))) != 0; (i)++)

/**
 * struct ftrace_glob - a parsed function-name pattern
 * @pat:	the literal part the match type works on (the pattern
 *		without its leading and trailing '*')
 * @len:	its length
 * @type:	how @pat must match (GLOB_* below)
 * @full:	the whole pattern, for GLOB_FULL
 */
struct ftrace_glob {
	char		pat[KSYM_NAME_LEN];
	int		len;
	int		type;
	const char	*full;
};

enum {
	GLOB_EXACT,	/* foo */
	GLOB_PREFIX,	/* foo* */
	GLOB_SUFFIX,	/* *foo */
	GLOB_INFIX,	/* *foo* */
	GLOB_FULL,	/* anything else with * ? or [ */
};

void ftrace_glob_parse(struct ftrace_glob *g, const char *pattern);
bool ftrace_glob_match(const struct ftrace_glob *g, const char *name);

/* Call-site records (ftrace_records.c) */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];
extern struct mutex ftrace_lock;
extern struct mutex ftrace_direct_mutex;
extern bool ftrace_disabled;

/**
 * struct ftrace_rec_group - the call sites of vmlinux or of one module
 * @list:	in the list of groups, vmlinux first
 * @mod:	the module, or NULL for vmlinux
 * @count:	records in @recs, sorted by address
 * @live:	the module is formed: its records may be enabled
 * @recs:	the records
 */
struct ftrace_rec_group {
	struct list_head	list;
	struct module		*mod;
	unsigned int		count;
	bool			live;
	struct dyn_ftrace	recs[];
};

extern struct list_head ftrace_groups;

const char *ftrace_rec_name(struct dyn_ftrace *rec, char *buf,
			    const char **modname);
int ftrace_apply_records(struct ftrace_rec_group *only);
int ftrace_apply_hashes(const struct ftrace_hash *a,
			const struct ftrace_hash *b);

/**
 * struct ftrace_ip_users - what the registered ops want of one site
 * @count:	how many trace the function
 * @flags:	FTRACE_FL_REGS (ftrace_regs_caller), FTRACE_FL_IPMODIFY and
 *		FTRACE_FL_DIRECT, as they apply
 * @direct:	the trampoline the site calls directly: a direct ops is the
 *		only one (else 0)
 * @only:	the ops, when there is exactly one
 */
struct ftrace_ip_users {
	unsigned int		count;
	unsigned long		flags;
	unsigned long		direct;
	struct ftrace_ops	*only;
};

/* How /proc/kallsyms names an ops' own trampoline. */
#define FTRACE_TRAMPOLINE_SYM	"ftrace_trampoline"
#define FTRACE_TRAMPOLINE_MOD	"__builtin__ftrace"

/* ftrace_ops and the dispatcher (ftrace_ops.c) */
unsigned long ftrace_ops_nth_trampoline(unsigned int n);
bool ftrace_ops_traces(struct ftrace_ops *ops, unsigned long ip);
void ftrace_ops_users(unsigned long ip, struct ftrace_ip_users *u);
struct ftrace_ops *ftrace_ops_find_direct(unsigned long ip);
int ftrace_ops_set_hash(struct ftrace_ops *ops, bool exclude,
			struct ftrace_hash *hash);
struct ftrace_hash *ftrace_ops_hash(struct ftrace_ops *ops, bool exclude);
void ftrace_ops_forget_module(struct ftrace_rec_group *grp);
int ftrace_mod_pending_add(struct ftrace_ops *ops, bool exclude,
			   const char *func, const char *mod);
void ftrace_mod_pending_clear(struct ftrace_ops *ops, bool exclude);
void ftrace_mod_pending_show(struct seq_file *m, struct ftrace_ops *ops,
			     bool exclude);
void ftrace_mod_pending_apply(struct module *mod);
int ftrace_match_records(struct ftrace_hash **hashp, const char *pattern,
			 const char *mod, bool remove);

/* The filter files (ftrace_filter_fs.c) */
void ftrace_filter_files_init(struct trace_array *tr, struct dentry *dir);

/**
 * struct ftrace_set_desc - a tracefs file that edits one hash of an ftrace_ops
 * @log_name:	the command column of error_log lines about it
 * @exclude:	the file edits the notrace hash (else the filter hash)
 * @commands:	it accepts "func:command[:count]" lines (set_ftrace_filter)
 * @ops:	the ops whose hash it edits, for the instance; NULL if none
 *
 * The file's inode has the instance's files_all as i_private.
 */
struct ftrace_set_desc {
	const char		*log_name;
	bool			exclude;
	bool			commands;
	struct ftrace_ops	*(*ops)(struct trace_array *tr);
};

struct inode;
struct file;
int ftrace_set_open(struct inode *inode, struct file *file,
		    const struct ftrace_set_desc *desc);
ssize_t ftrace_set_read(struct file *file, char __user *ubuf, size_t cnt,
			loff_t *ppos);
ssize_t ftrace_set_write(struct file *file, const char __user *ubuf,
			 size_t cnt, loff_t *ppos);
loff_t ftrace_set_llseek(struct file *file, loff_t offset, int whence);
int ftrace_set_release(struct inode *inode, struct file *file);

/* The file_operations of a set file whose open calls ftrace_set_open(). */
#define FTRACE_SET_FOPS(open_fn) {		\
	.open		= (open_fn),		\
	.read		= ftrace_set_read,	\
	.write		= ftrace_set_write,	\
	.llseek		= ftrace_set_llseek,	\
	.release	= ftrace_set_release,	\
}
void ftrace_core_files_init(struct dentry *dir);

/* Function commands in set_ftrace_filter (ftrace_probes.c) */
int ftrace_probe_command(struct trace_array *tr, const char *glob,
			 const char *cmd, const char *param, bool remove);
void ftrace_probes_show(struct seq_file *m, struct trace_array *tr);
void ftrace_probes_release(struct trace_array *tr);

#endif /* _KERNEL_TRACE_FTRACE_INTERNAL_H */
