// SPDX-License-Identifier: GPL-2.0
/*
 * Function commands of set_ftrace_filter: "func:command[:count]".
 *
 *   traceon, traceoff	switch the instance's tracing_on when func runs
 *			(the count counts actual switches)
 *   stacktrace		record a kernel stack trace
 *   dump, cpudump	print the buffer of every CPU, or of this one, to
 *			the console
 *   enable_event:SYS:EVENT, disable_event:SYS:EVENT
 *			switch an event of the instance on or off; the
 *			event stays in soft mode while the command is set
 *
 * Each command of an instance is one ftrace_ops whose filter holds the
 * functions it is set on; its counts live in a sorted array beside it.
 * Commands work whatever the current tracer is.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/bsearch.h>
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/trace_events.h>

#include "trace.h"
#include "ftrace_internal.h"
#include "trace_event_internal.h"

/* Count of a probe without a limit. */
#define UNLIMITED	(-1L)

struct probe_count {
	unsigned long	ip;
	atomic_long_t	left;
};

struct probe_counts {
	struct rcu_head		rcu;
	unsigned int		n;
	struct probe_count	c[];
};

struct func_probe;

struct probe_cmd {
	const char	*name;
	/* Return whether the probe used up one of its count. */
	bool		(*hit)(struct func_probe *p, atomic_long_t *left,
			       unsigned long ip);
	/* It names an event: "SYS:EVENT" comes before the count. */
	bool		event;
};

/**
 * struct func_probe - one command of one instance
 * @list:	in the instance's list of probes
 * @tr:		the instance
 * @cmd:	the command
 * @target:	enable_event/disable_event: the event's file
 * @ops:	calls probe_func() for the functions it is set on
 * @counts:	how many more times, per function (RCU)
 */
struct func_probe {
	struct list_head		list;
	struct trace_array		*tr;
	const struct probe_cmd		*cmd;
	struct trace_event_file		*target;
	struct ftrace_ops		ops;
	struct probe_counts __rcu	*counts;
};

/* Take one from @left unless it is used up; unlimited never is. */
static bool take_one(atomic_long_t *left)
{
	long v = atomic_long_read(left);

	do {
		if (v == UNLIMITED)
			return true;
		if (!v)
			return false;
	} while (!atomic_long_try_cmpxchg(left, &v, v - 1));
	return true;
}

static bool switch_on(struct func_probe *p, atomic_long_t *left,
		      unsigned long ip)
{
	if (tracer_tracing_is_on(p->tr) || !take_one(left))
		return false;
	tracer_tracing_on(p->tr);
	return true;
}

static bool switch_off(struct func_probe *p, atomic_long_t *left,
		       unsigned long ip)
{
	if (!tracer_tracing_is_on(p->tr) || !take_one(left))
		return false;
	tracer_tracing_off(p->tr);
	return true;
}

static bool stack(struct func_probe *p, atomic_long_t *left,
		  unsigned long ip)
{
	if (!take_one(left))
		return false;
	trace_record_func_stack(p->tr, tracing_gen_ctx(), ip);
	return true;
}

static bool dump_all(struct func_probe *p, atomic_long_t *left,
		     unsigned long ip)
{
	if (!take_one(left))
		return false;
	ftrace_dump(DUMP_ALL);
	return true;
}

static bool dump_cpu(struct func_probe *p, atomic_long_t *left,
		     unsigned long ip)
{
	if (!take_one(left))
		return false;
	ftrace_dump(DUMP_ORIG);
	return true;
}

#ifdef CONFIG_EVENT_TRACING
/* Flip the target's soft-disable bit; only a change uses up a count. */
static bool event_switch(struct func_probe *p, atomic_long_t *left,
			 bool on)
{
	struct trace_event_file *file = p->target;

	if (!(READ_ONCE(file->flags) & EVENT_FILE_FL_SOFT_DISABLED) == on ||
	    !take_one(left))
		return false;
	if (on)
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	else
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	return true;
}

static bool event_on(struct func_probe *p, atomic_long_t *left,
		     unsigned long ip)
{
	return event_switch(p, left, true);
}

static bool event_off(struct func_probe *p, atomic_long_t *left,
		      unsigned long ip)
{
	return event_switch(p, left, false);
}
#endif

static const struct probe_cmd probe_cmds[] = {
	{ "traceon",	switch_on },
	{ "traceoff",	switch_off },
	{ "stacktrace",	stack },
	{ "dump",	dump_all },
	{ "cpudump",	dump_cpu },
#ifdef CONFIG_EVENT_TRACING
	{ "enable_event",	event_on,	true },
	{ "disable_event",	event_off,	true },
#endif
};

static int count_cmp(const void *key, const void *elt)
{
	unsigned long ip = *(const unsigned long *)key;
	const struct probe_count *c = elt;

	if (ip == c->ip)
		return 0;
	return ip < c->ip ? -1 : 1;
}

static void probe_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct func_probe *p = container_of(op, struct func_probe, ops);
	struct probe_counts *counts;
	struct probe_count *c;

	counts = rcu_dereference_raw(p->counts);
	if (!counts)
		return;
	c = bsearch(&ip, counts->c, counts->n, sizeof(*c), count_cmp);
	if (c)
		p->cmd->hit(p, &c->left, ip);
}

/*
 * probes_mutex serialises commands and guards the instances' probe
 * lists; ftrace_lock is taken inside it for the hashes.
 */
static DEFINE_MUTEX(probes_mutex);

static struct func_probe *find_probe(struct trace_array *tr,
				     const struct probe_cmd *cmd,
				     struct trace_event_file *target)
{
	struct func_probe *p;

	list_for_each_entry(p, &tr->probes, list)
		if (p->cmd == cmd && p->target == target)
			return p;
	return NULL;
}

static int ip_cmp(const void *a, const void *b)
{
	const struct probe_count *x = a, *y = b;

	if (x->ip == y->ip)
		return 0;
	return x->ip < y->ip ? -1 : 1;
}

/* Counts for the functions of @hash: kept from @old, else @count. */
static struct probe_counts *counts_for(struct ftrace_hash *hash,
				       struct probe_counts *old,
				       const struct ftrace_hash *changed,
				       long count)
{
	struct probe_counts *counts;
	struct probe_count *c;
	unsigned long ip;
	unsigned int i, n = 0;

	counts = kzalloc(struct_size(counts, c, hash->count), GFP_KERNEL);
	if (!counts)
		return NULL;
	ftrace_hash_for_each(hash, i, ip) {
		counts->c[n].ip = ip;
		c = old ? bsearch(&ip, old->c, old->n, sizeof(*c), count_cmp)
			: NULL;
		if (c && !ftrace_hash_contains(changed, ip))
			atomic_long_set(&counts->c[n].left,
					atomic_long_read(&c->left));
		else
			atomic_long_set(&counts->c[n].left, count);
		n++;
	}
	counts->n = n;
	sort(counts->c, n, sizeof(counts->c[0]), ip_cmp, NULL);
	return counts;
}

/* Unregister and free a probe; probes_mutex held, ftrace_lock not. */
static void probe_free(struct func_probe *p)
{
	unregister_ftrace_function(&p->ops);
	list_del(&p->list);
	ftrace_free_filter(&p->ops);
	kfree(rcu_dereference_protected(p->counts,
					lockdep_is_held(&probes_mutex)));
#ifdef CONFIG_EVENT_TRACING
	if (p->target)
		trace_event_soft_put(p->target);
#endif
	kfree(p);
}

/* The probe's hash after the command; NULL with *err set on failure. */
static struct ftrace_hash *new_hash(struct func_probe *p, const char *glob,
				    bool remove, struct ftrace_hash **matched,
				    int *err)
{
	struct ftrace_hash *hash;
	unsigned long ip;
	unsigned int i;
	int n;

	hash = ftrace_hash_copy(ftrace_ops_hash(&p->ops, false));
	if (!hash) {
		*err = -ENOMEM;
		return NULL;
	}
	if (remove) {
		n = ftrace_match_records(&hash, glob, NULL, true);
		*err = n < 0 ? n : 0;
	} else {
		n = ftrace_match_records(matched, glob, NULL, false);
		*err = n < 0 ? n : n ? 0 : -EINVAL;
		ftrace_hash_for_each(*matched, i, ip)
			if (!*err)
				*err = ftrace_hash_add(&hash, ip);
	}
	if (*err) {
		ftrace_hash_free(hash);
		return NULL;
	}
	return hash;
}

/*
 * The event "SYS:EVENT" at the start of *@param, in soft mode for the
 * caller; *@param moves past it to the count, or NULL.
 */
static struct trace_event_file *probe_target(struct trace_array *tr,
					     const char **param, bool remove)
{
#ifdef CONFIG_EVENT_TRACING
	char buf[256], *rest, *sys, *event;

	if (!*param || strscpy(buf, *param, sizeof(buf)) < 0)
		return ERR_PTR(-EINVAL);
	rest = buf;
	sys = strsep(&rest, ":");
	event = strsep(&rest, ":");
	if (!event || !*sys || !*event)
		return ERR_PTR(-EINVAL);
	*param = rest ? *param + (rest - buf) : NULL;
	/* To remove a command, the event is only compared with its probe's. */
	if (remove)
		return trace_event_file_lookup(tr, sys, event);
	return trace_event_soft_get(tr, sys, event);
#else
	return ERR_PTR(-EINVAL);
#endif
}

/**
 * ftrace_probe_command - add or remove a function command
 * @tr: the instance
 * @glob: the functions, a glob
 * @cmd: the command's name
 * @param: its count, or NULL for unlimited
 * @remove: remove it from the matching functions instead
 *
 * Return: 0, -EINVAL for an unknown command, a bad count or a glob that
 * matches nothing, -ENODEV to remove a command that is not set, or
 * -ENOMEM.
 */
int ftrace_probe_command(struct trace_array *tr, const char *glob,
			 const char *cmd, const char *param, bool remove)
{
	struct ftrace_hash *hash, *matched = EMPTY_HASH;
	const struct probe_cmd *pc = NULL;
	struct trace_event_file *target = NULL;
	struct probe_counts *counts, *old;
	struct func_probe *p;
	long count = UNLIMITED;
	int i, ret = 0;

	for (i = 0; i < ARRAY_SIZE(probe_cmds); i++)
		if (!strcmp(cmd, probe_cmds[i].name))
			pc = &probe_cmds[i];
	if (!pc)
		return -EINVAL;
	if (pc->event) {
		target = probe_target(tr, &param, remove);
		if (IS_ERR(target))
			return PTR_ERR(target);
	}
	if (param && !remove) {
		unsigned long n;

		/* kstrtoul's errors, as upstream: -ERANGE on overflow. */
		ret = kstrtoul(param, 0, &n);
		if (ret)
			goto put_target;
		count = min_t(unsigned long, n, LONG_MAX);
	}

	mutex_lock(&probes_mutex);
	p = find_probe(tr, pc, target);
	ret = -ENODEV;
	if (!p && remove)
		goto out;
	ret = 0;
	if (!p) {
		ret = -ENOMEM;
		p = kzalloc(sizeof(*p), GFP_KERNEL);
		if (!p)
			goto out;
		p->tr = tr;
		p->cmd = pc;
		/* The probe now holds the target's soft mode. */
		p->target = target;
		target = NULL;
		p->ops.func = probe_func;
		p->ops.flags = FTRACE_OPS_FL_RECURSION;
		list_add_tail(&p->list, &tr->probes);
	}
	mutex_lock(&ftrace_lock);
	hash = new_hash(p, glob, remove, &matched, &ret);
	if (!hash)
		goto unlock;
	if (ftrace_hash_empty(hash)) {
		ftrace_hash_free(hash);
		mutex_unlock(&ftrace_lock);
		probe_free(p);
		goto out;
	}
	old = rcu_dereference_protected(p->counts, lockdep_is_held(&probes_mutex));
	counts = counts_for(hash, old, matched, count);
	if (!counts) {
		ftrace_hash_free(hash);
		ret = -ENOMEM;
		goto unlock;
	}
	rcu_assign_pointer(p->counts, counts);
	ret = ftrace_ops_set_hash(&p->ops, false, hash);
	mutex_unlock(&ftrace_lock);
	if (old)
		kfree_rcu(old, rcu);
	if (!ret && !(p->ops.flags & FTRACE_OPS_FL_ENABLED))
		ret = register_ftrace_function(&p->ops);
	goto out;
unlock:
	mutex_unlock(&ftrace_lock);
	if (!rcu_access_pointer(p->counts))
		probe_free(p);
out:
	ftrace_hash_free(matched);
	mutex_unlock(&probes_mutex);
put_target:
#ifdef CONFIG_EVENT_TRACING
	if (target && !remove)
		trace_event_soft_put(target);
#endif
	return ret;
}

/**
 * ftrace_probes_show - list the commands as set_ftrace_filter shows them
 * @m: the seq_file
 * @tr: the instance
 *
 * One "func:command:unlimited" or "func:command:count=N" line per
 * function and command.
 */
void ftrace_probes_show(struct seq_file *m, struct trace_array *tr)
{
	struct probe_counts *counts;
	struct func_probe *p;
	unsigned int i;
	long left;

	mutex_lock(&probes_mutex);
	list_for_each_entry(p, &tr->probes, list) {
		counts = rcu_dereference_protected(p->counts,
						   lockdep_is_held(&probes_mutex));
		for (i = 0; counts && i < counts->n; i++) {
			seq_printf(m, "%ps:%s:", (void *)counts->c[i].ip,
				   p->cmd->name);
#ifdef CONFIG_EVENT_TRACING
			if (p->target)
				seq_printf(m, "%s:%s:",
					   trace_event_system(p->target->event_call),
					   trace_event_name(p->target->event_call));
#endif
			left = atomic_long_read(&counts->c[i].left);
			if (left == UNLIMITED)
				seq_puts(m, "unlimited\n");
			else
				seq_printf(m, "count=%ld\n", left);
		}
	}
	mutex_unlock(&probes_mutex);
}

/**
 * ftrace_probes_release - remove every command of an instance
 * @tr: the instance, going away
 */
void ftrace_probes_release(struct trace_array *tr)
{
	struct func_probe *p, *n;

	mutex_lock(&probes_mutex);
	list_for_each_entry_safe(p, n, &tr->probes, list)
		probe_free(p);
	mutex_unlock(&probes_mutex);
}
