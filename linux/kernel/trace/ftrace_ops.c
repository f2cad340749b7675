// SPDX-License-Identifier: GPL-2.0
/*
 * struct ftrace_ops: registration, the filter and notrace hashes of each
 * ops, and the dispatch from ftrace_caller.
 *
 * ftrace_caller calls one ftrace_func_t, patched in at ftrace_call:
 * ftrace_stub while nothing is registered, the ops' own function (with
 * function_trace_op pointing at the ops) while one is, and
 * arch_ftrace_ops_list_func(), which asks every registered ops whether it
 * traces the function, while there are several.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kstrtox.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysctl.h>
#include <linux/trace_recursion.h>
#include <asm/sections.h>

#include "ftrace_internal.h"

int ftrace_enabled __read_mostly = 1;

/*
 * Serialises direct ops' registration and changes (ftrace_direct.c) with
 * IPMODIFY ops' registration: taken before ftrace_lock.
 */
DEFINE_MUTEX(ftrace_direct_mutex);

/* Stands for "no single ops" in function_trace_op. */
struct ftrace_ops ftrace_list_end __read_mostly = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_STUB,
};

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/* What a NOP site names (a CPU that raced its change calls nothing) ... */
const struct ftrace_ops ftrace_nop_ops = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_STUB,
};

/* ... and a site that several ops trace: the list function walks them. */
const struct ftrace_ops ftrace_list_ops = {
	.func	= arch_ftrace_ops_list_func,
	.flags	= FTRACE_OPS_FL_STUB,
};
#endif

/* The ops ftrace_caller passes to the function at ftrace_call. */
struct ftrace_ops *function_trace_op __read_mostly = &ftrace_list_end;

/* The function ftrace_call calls now. */
ftrace_func_t ftrace_trace_function __read_mostly = ftrace_stub;

/* Registered ops, newest first, linked by ->next; read under RCU. */
static struct ftrace_ops __rcu *registered;

/*
 * Ops whose hashes ftrace_ops_forget_module() must clean, linked by
 * ->list: the registered ones, and the tracing core's own
 * (FTRACE_OPS_FL_TRACE_ARRAY: an instance's function tracer keeps its
 * filter while another tracer runs).  Any other ops leaves the list when
 * it is unregistered: it may live in a module or on a stack.
 */
static LIST_HEAD(hashed_ops);

static void track_hashes(struct ftrace_ops *ops)
{
	bool keep = ops->flags & (FTRACE_OPS_FL_ENABLED |
				  FTRACE_OPS_FL_TRACE_ARRAY);

	if (keep && list_empty(&ops->list))
		list_add(&ops->list, &hashed_ops);
	else if (!keep)
		list_del_init(&ops->list);
}

static void ops_init(struct ftrace_ops *ops)
{
	if (ops->flags & FTRACE_OPS_FL_INITIALIZED)
		return;
	mutex_init(&ops->local_hash.regex_lock);
	INIT_LIST_HEAD(&ops->list);
	INIT_LIST_HEAD(&ops->subop_list);
	if (!ops->func_hash)
		ops->func_hash = &ops->local_hash;
	ops->flags |= FTRACE_OPS_FL_INITIALIZED;
}

/**
 * ftrace_ops_hash - the filter or notrace hash of an ops
 * @ops: the ops
 * @exclude: which one
 *
 * Return: the hash (EMPTY_HASH if none).  Call with ftrace_lock held.
 */
struct ftrace_hash *ftrace_ops_hash(struct ftrace_ops *ops, bool exclude)
{
	struct ftrace_hash *hash;

	ops_init(ops);
	if (exclude)
		hash = rcu_dereference_protected(ops->func_hash->notrace_hash,
						 lockdep_is_held(&ftrace_lock));
	else
		hash = rcu_dereference_protected(ops->func_hash->filter_hash,
						 lockdep_is_held(&ftrace_lock));
	return hash ? hash : EMPTY_HASH;
}

/**
 * ftrace_ops_traces - whether an ops wants a function
 * @ops: the ops
 * @ip: the function's call site
 *
 * True when its filter is empty or holds @ip, and its notrace hash does
 * not.  Safe in the tracing path.
 */
bool ftrace_ops_traces(struct ftrace_ops *ops, unsigned long ip)
{
	struct ftrace_hash *filter, *exclude;

	filter = rcu_dereference_raw(ops->func_hash->filter_hash);
	exclude = rcu_dereference_raw(ops->func_hash->notrace_hash);
	return (ftrace_hash_empty(filter) || ftrace_hash_contains(filter, ip)) &&
	       !ftrace_hash_contains(exclude, ip);
}

/* Ops that need ftrace_regs_caller's full pt_regs and its way out. */
#define OPS_NEED_REGS	(FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_IPMODIFY | \
			 FTRACE_OPS_FL_DIRECT)
/* At most one ops with one of these flags may trace a function. */
#define OPS_EXCLUSIVE	(FTRACE_OPS_FL_IPMODIFY | FTRACE_OPS_FL_DIRECT)

static struct ftrace_ops *first_registered(void)
{
	return rcu_dereference_protected(registered,
					 lockdep_is_held(&ftrace_lock));
}

static struct ftrace_ops *next_registered(struct ftrace_ops *op)
{
	return rcu_dereference_protected(op->next,
					 lockdep_is_held(&ftrace_lock));
}

#define for_each_registered(op) \
	for (op = first_registered(); op; op = next_registered(op))

/**
 * ftrace_ops_users - what the registered ops want of a function's site
 * @ip: the function's call site
 * @u: filled in: how many ops trace it, the FTRACE_FL_REGS, _IPMODIFY
 *     and _DIRECT record flags they imply, and the direct trampoline
 *     when a direct ops is the only one
 *
 * Call with ftrace_lock held.
 */
void ftrace_ops_users(unsigned long ip, struct ftrace_ip_users *u)
{
	struct ftrace_ops *op, *direct = NULL;

	memset(u, 0, sizeof(*u));
	for_each_registered(op) {
		if (!ftrace_ops_traces(op, ip))
			continue;
		u->count++;
		u->only = op;
		/* As upstream shows it: R for saved regs and direct calls. */
		if (op->flags & (FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_DIRECT))
			u->flags |= FTRACE_FL_REGS;
		if (op->flags & FTRACE_OPS_FL_IPMODIFY)
			u->flags |= FTRACE_FL_IPMODIFY;
		if (op->flags & FTRACE_OPS_FL_DIRECT) {
			u->flags |= FTRACE_FL_DIRECT;
			direct = op;
		}
	}
	if (u->count != 1)
		u->only = NULL;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	else if (direct)
		u->direct = direct->direct_call;
#endif
}

/**
 * ftrace_ops_find_direct - the direct ops that traces a function
 * @ip: the function's call site
 *
 * Call under rcu_read_lock() or with ftrace_lock held.
 *
 * Return: the registered ops with FTRACE_OPS_FL_DIRECT that traces @ip,
 * or NULL.
 */
struct ftrace_ops *ftrace_ops_find_direct(unsigned long ip)
{
	struct ftrace_ops *op;

	for (op = rcu_dereference_raw(registered); op;
	     op = rcu_dereference_raw(op->next))
		if ((op->flags & FTRACE_OPS_FL_DIRECT) &&
		    ftrace_ops_traces(op, ip))
			return op;
	return NULL;
}

/**
 * ftrace_ops_trampoline - the registered ops an own trampoline belongs to
 * @addr: an address
 *
 * Return: the ops whose trampoline holds @addr, or NULL.  Safe in any
 * context.
 */
struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr)
{
	struct ftrace_ops *op, *found = NULL;

	/*
	 * Unwinders call this from any context, RCU watching or not:
	 * unregistration waits for preemption-disabled walkers on every
	 * CPU (synchronize_rcu_tasks_rude()) before it frees an ops.
	 */
	preempt_disable_notrace();
	for (op = rcu_dereference_raw(registered); op;
	     op = rcu_dereference_raw(op->next)) {
		if (op->trampoline && addr >= op->trampoline &&
		    addr - op->trampoline < op->trampoline_size) {
			found = op;
			break;
		}
	}
	preempt_enable_notrace();
	return found;
}

/**
 * ftrace_ops_nth_trampoline - walk the registered ops' own trampolines
 * @n: which one, from 0
 *
 * Return: its address, or 0 past the last.
 */
unsigned long ftrace_ops_nth_trampoline(unsigned int n)
{
	struct ftrace_ops *op;
	unsigned long addr = 0;

	/* As ftrace_ops_trampoline(): what unregistration waits for. */
	preempt_disable();
	for (op = rcu_dereference_raw(registered); op && !addr;
	     op = rcu_dereference_raw(op->next))
		if (op->trampoline && !n--)
			addr = op->trampoline;
	preempt_enable();
	return addr;
}

/* A direct ops. */
static bool is_direct_ops(struct ftrace_ops *op)
{
	return op->flags & FTRACE_OPS_FL_DIRECT;
}

/* An ops that may change the ip, and is not direct. */
static bool is_ipmodify_ops(struct ftrace_ops *op)
{
	return (op->flags & (FTRACE_OPS_FL_IPMODIFY | FTRACE_OPS_FL_DIRECT)) ==
	       FTRACE_OPS_FL_IPMODIFY;
}

/**
 * struct ipmodify_share - who agreed to share functions with whom
 * @peers:	direct ops an IPMODIFY ops being registered may share
 *		functions with (their ops_func agreed, or will be asked)
 * @nr:		how many
 * @self:	a direct ops being registered meets an IPMODIFY ops
 *
 * One IPMODIFY ops and one direct ops may trace the same function only
 * when the direct ops' ops_func agreed (FTRACE_OPS_CMD_ENABLE_SHARE_*):
 * its trampoline then calls the function through the return address
 * ftrace_regs_caller leaves it, which the IPMODIFY ops may have changed.
 * The sharing is agreed at registration; a new filter never starts it.
 */
struct ipmodify_share {
	struct ftrace_ops	**peers;
	unsigned int		nr;
	bool			self;
};

/* May @ops, being registered or refiltered, share a function with @op? */
static bool may_share(struct ftrace_ops *ops, struct ftrace_ops *op,
		      struct ipmodify_share *share)
{
	unsigned int i;

	if (!share)
		return false;
	if (is_direct_ops(ops) && is_ipmodify_ops(op) && ops->ops_func) {
		share->self = true;
		return true;
	}
	if (!is_ipmodify_ops(ops) || !is_direct_ops(op))
		return false;
	for (i = 0; i < share->nr; i++)
		if (share->peers[i] == op)
			return true;
	return false;
}

/* Is one of the exclusive ops other than @ops in the way at @ip? */
static bool exclusive_taken(struct ftrace_ops *ops, unsigned long ip,
			    struct ipmodify_share *share)
{
	struct ftrace_ops *op;

	/* Already traced (a refilter): it passed when it began. */
	if ((ops->flags & FTRACE_OPS_FL_ENABLED) && ftrace_ops_traces(ops, ip))
		return false;
	for_each_registered(op)
		if (op != ops && (op->flags & OPS_EXCLUSIVE) &&
		    ftrace_ops_traces(op, ip) && !may_share(ops, op, share))
			return true;
	return false;
}

/*
 * Would @ops with these hashes trace a function that another exclusive
 * ops traces, other than as @share allows?  Only the functions a filter
 * names are looked at, when it names any.
 */
static bool exclusive_conflict(struct ftrace_ops *ops,
			       struct ftrace_hash *filter,
			       struct ftrace_hash *exclude,
			       struct ipmodify_share *share)
{
	struct ftrace_rec_group *grp;
	struct dyn_ftrace *rec;
	struct ftrace_ops *op;
	unsigned long ip;
	unsigned int i;
	bool any = false;

	for_each_registered(op)
		any |= op != ops && (op->flags & OPS_EXCLUSIVE);
	if (!any)
		return false;
	if (!ftrace_hash_empty(filter)) {
		ftrace_hash_for_each(filter, i, ip)
			if (ip != FTRACE_HASH_NOTHING &&
			    !ftrace_hash_contains(exclude, ip) &&
			    exclusive_taken(ops, ip, share))
				return true;
		return false;
	}
	list_for_each_entry(grp, &ftrace_groups, list) {
		for (rec = grp->recs; rec < grp->recs + grp->count; rec++) {
			if (!(rec->flags & FTRACE_FL_DISABLED) &&
			    !ftrace_hash_contains(exclude, rec->ip) &&
			    exclusive_taken(ops, rec->ip, share))
				return true;
		}
	}
	return false;
}

/* Does @op trace a function @ops would trace with its current hashes? */
static bool shares_function(struct ftrace_ops *op, struct ftrace_ops *ops)
{
	struct ftrace_hash *filter = ftrace_ops_hash(op, false);
	unsigned long ip;
	unsigned int i;

	/* A direct ops always names its functions. */
	ftrace_hash_for_each(filter, i, ip)
		if (ftrace_ops_traces(op, ip) && ftrace_ops_traces(ops, ip))
			return true;
	return false;
}

/*
 * Fill @share with the registered direct ops that have an ops_func and
 * trace a function IPMODIFY @ops traces or would trace.  With
 * ftrace_direct_mutex held, which keeps direct ops from coming or going.
 */
static int find_share_peers(struct ftrace_ops *ops,
			    struct ipmodify_share *share, gfp_t gfp)
{
	struct ftrace_ops *op;
	unsigned int n = 0;

	lockdep_assert_held(&ftrace_direct_mutex);
	mutex_lock(&ftrace_lock);
	for_each_registered(op)
		n += is_direct_ops(op) && op->ops_func &&
		     shares_function(op, ops);
	share->nr = 0;
	share->peers = n ? kcalloc(n, sizeof(*share->peers), gfp) : NULL;
	if (n && !share->peers) {
		mutex_unlock(&ftrace_lock);
		return -ENOMEM;
	}
	for_each_registered(op)
		if (is_direct_ops(op) && op->ops_func && share->nr < n &&
		    shares_function(op, ops))
			share->peers[share->nr++] = op;
	mutex_unlock(&ftrace_lock);
	return 0;
}

/*
 * Keep in @share only the peers that no registered IPMODIFY ops other
 * than @ops shares a function with: the others still need the share.
 */
static void drop_still_shared(struct ftrace_ops *ops,
			      struct ipmodify_share *share)
{
	struct ftrace_ops *op;
	unsigned int i, n = 0;
	bool shared;

	mutex_lock(&ftrace_lock);
	for (i = 0; i < share->nr; i++) {
		shared = false;
		for_each_registered(op) {
			if (op != ops && is_ipmodify_ops(op) &&
			    shares_function(share->peers[i], op)) {
				shared = true;
				break;
			}
		}
		if (!shared)
			share->peers[n++] = share->peers[i];
	}
	share->nr = n;
	mutex_unlock(&ftrace_lock);
}

/* @ops no longer shares @share's peers' functions: tell those it may. */
static void disable_share_peers(struct ftrace_ops *ops,
				struct ipmodify_share *share)
{
	struct ftrace_ops *op;
	unsigned int i;

	drop_still_shared(ops, share);
	for (i = 0; i < share->nr; i++) {
		op = share->peers[i];
		op->ops_func(op, FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER);
	}
}

/*
 * Ask @share's peers to share their functions with IPMODIFY @ops.  If
 * one refuses, those that agreed are told again it is off.
 */
static int enable_share_peers(struct ftrace_ops *ops,
			      struct ipmodify_share *share)
{
	struct ftrace_ops *op;
	unsigned int i;
	int ret;

	for (i = 0; i < share->nr; i++) {
		op = share->peers[i];
		ret = op->ops_func(op, FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER);
		if (ret) {
			share->nr = i;
			disable_share_peers(ops, share);
			return ret;
		}
	}
	return 0;
}

/**
 * arch_ftrace_ops_list_func - call every registered ops that traces @ip
 * @ip: the traced function's call site
 * @parent_ip: its caller
 * @unused: function_trace_op, which does not apply to a list
 * @fregs: the traced function's registers
 *
 * What ftrace_caller calls while several ops are registered; the linker
 * script also names it ftrace_ops_list_func.
 */
void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *unused,
			       struct ftrace_regs *fregs)
{
	struct ftrace_ops *op;
	int bit;

	bit = trace_test_and_set_recursion(ip, parent_ip, TRACE_LIST_START);
	if (bit < 0)
		return;
	for (op = rcu_dereference_raw(registered); op;
	     op = rcu_dereference_raw(op->next)) {
		if (!ftrace_ops_traces(op, ip))
			continue;
		if ((op->flags & FTRACE_OPS_FL_RCU) && !rcu_is_watching())
			continue;
		/*
		 * A site on its way to ftrace_regs_caller.  (Without one,
		 * direct ops are served through the ftrace_regs.)
		 */
		if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS) &&
		    (op->flags & OPS_NEED_REGS) && !ftrace_get_regs(fregs))
			continue;
		op->func(ip, parent_ip, op, fregs);
	}
	trace_clear_recursion(bit);
}

/* One ops that asked for recursion protection or for RCU. */
static void ftrace_ops_assist_func(unsigned long ip, unsigned long parent_ip,
				   struct ftrace_ops *op,
				   struct ftrace_regs *fregs)
{
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (!(op->flags & FTRACE_OPS_FL_RCU) || rcu_is_watching())
		op->func(ip, parent_ip, op, fregs);
	ftrace_test_recursion_unlock(bit);
}

/**
 * ftrace_ops_get_func - what ftrace_caller calls for an ops alone
 * @ops: the ops
 *
 * Return: its function, or a wrapper that adds the recursion protection
 * or the RCU check it asked for.
 */
ftrace_func_t ftrace_ops_get_func(struct ftrace_ops *ops)
{
	if (ops->flags & (FTRACE_OPS_FL_RECURSION | FTRACE_OPS_FL_RCU))
		return ftrace_ops_assist_func;
	return ops->func;
}

static void set_call(ftrace_func_t func)
{
	if (func == ftrace_trace_function)
		return;
	if (ftrace_update_ftrace_func(func)) {
		pr_err("cannot patch ftrace_call: function tracing disabled\n");
		ftrace_disabled = true;
		return;
	}
	ftrace_trace_function = func;
}

/*
 * Wait until no CPU runs traced code with an old view of the ops: tasks
 * preempted in a trampoline (Tasks RCU), and CPUs where RCU is not
 * watching, such as the idle loop's traced functions (the rude flavour,
 * which waits for every CPU to schedule).
 */
static void ftrace_sync_all(void)
{
	if (system_state == SYSTEM_BOOTING)
		return;
	/*
	 * Every walker of the ops list runs with preemption disabled (the
	 * list function, the trampoline lookups), which the rude wait
	 * covers; no separate synchronize_rcu() is needed.
	 */
	synchronize_rcu_tasks_rude();
	if (IS_ENABLED(CONFIG_PREEMPTION))
		synchronize_rcu_tasks();
}

/* Wait until no task is between loading function_trace_op and the call. */
static void wait_for_trampoline(void)
{
	ftrace_sync_all();
}

static bool is_single(ftrace_func_t func)
{
	return func != ftrace_stub && func != arch_ftrace_ops_list_func;
}

/* Point ftrace_call at what the registered ops need now. */
static void update_dispatch(void)
{
	struct ftrace_ops *first, *op = &ftrace_list_end;
	ftrace_func_t func = ftrace_stub;

	first = first_registered();
	if (first && !ftrace_disabled && ftrace_enabled) {
		if (rcu_access_pointer(first->next)) {
			func = arch_ftrace_ops_list_func;
		} else {
			op = first;
			func = ftrace_ops_get_func(first);
		}
	}
	if (op != function_trace_op) {
		/*
		 * A task may have loaded the old ops and not made the call
		 * yet: make it call the list function, which ignores the
		 * ops, before a single function gets the new one.
		 */
		if (is_single(ftrace_trace_function))
			set_call(arch_ftrace_ops_list_func);
		/* Pairs with the entry code's load of the ops (arm64: ldar). */
		smp_store_release(&function_trace_op, op);
		if (is_single(func))
			wait_for_trampoline();
	}
	set_call(func);
}

/*
 * Update the sites a change of @ops can reach: the functions its filter
 * names (@old too, the filter it had), or every site for an ops that
 * traces all functions.
 */
static int apply_ops(struct ftrace_ops *ops, const struct ftrace_hash *old)
{
	const struct ftrace_hash *filter = ftrace_ops_hash(ops, false);

	if (ftrace_hash_empty(filter) || (old && ftrace_hash_empty(old)))
		return ftrace_apply_records(NULL);
	return ftrace_apply_hashes(filter, old);
}

/*
 * Take @ops off the registered list and its sites back to what the other
 * ops need.  Where that fails (function tracing then stops for good),
 * sites may still call the ops' own trampoline: it is leaked, with a
 * warning, rather than freed under them.  Call with ftrace_lock held.
 *
 * Return: whether the ops was registered.
 */
static bool unlink_ops(struct ftrace_ops *ops, bool failed)
{
	struct ftrace_ops __rcu **p;
	struct ftrace_ops *op;

	lockdep_assert_held(&ftrace_lock);
	for (p = &registered;
	     (op = rcu_dereference_protected(*p, lockdep_is_held(&ftrace_lock)));
	     p = &op->next) {
		if (op != ops)
			continue;
		rcu_assign_pointer(*p, rcu_access_pointer(op->next));
		ops->flags &= ~FTRACE_OPS_FL_ENABLED;
		track_hashes(ops);
		if (apply_ops(ops, NULL) || failed) {
			/* A partly applied update left sites unknown. */
			if (ops->trampoline)
				pr_warn("ftrace: leaking the trampoline of %ps: sites may still call it\n",
					ops->func);
			ops->trampoline = 0;
			ops->trampoline_size = 0;
			ops->flags &= ~FTRACE_OPS_FL_ALLOC_TRAMP;
		}
		update_dispatch();
		return true;
	}
	return false;
}

/**
 * arch_ftrace_update_trampoline - give an ops a trampoline of its own
 * @ops: an ops about to be registered, not a direct one
 *
 * An architecture that can copy its entry code for one ops (x86)
 * overrides this: the sites only @ops traces then call its function
 * without the list walk, and on success ops->trampoline,
 * ops->trampoline_size and FTRACE_OPS_FL_ALLOC_TRAMP describe the copy.
 * The default gives none, which is always correct: every site calls the
 * shared entry code, which reaches @ops as it reaches any other.
 */
void __weak arch_ftrace_update_trampoline(struct ftrace_ops *ops)
{
}

/**
 * arch_ftrace_trampoline_free - free an ops' own trampoline
 * @ops: an unregistered ops whose trampoline no task runs any more
 *
 * Frees what arch_ftrace_update_trampoline() made.  The default has
 * nothing to free.
 */
void __weak arch_ftrace_trampoline_free(struct ftrace_ops *ops)
{
}

/*
 * Why @ops cannot be registered now, with @share's peers agreeing:
 * 0 or an errno.  Call with ftrace_lock held.
 */
static int register_refused(struct ftrace_ops *ops,
			    struct ipmodify_share *share)
{
	if (ftrace_disabled)
		return -ENODEV;
	if ((ops->flags & FTRACE_OPS_FL_ENABLED) ||
	    ((ops->flags & FTRACE_OPS_FL_PERMANENT) && !ftrace_enabled))
		return -EBUSY;
	if ((ops->flags & OPS_EXCLUSIVE) &&
	    exclusive_conflict(ops, ftrace_ops_hash(ops, false),
			       ftrace_ops_hash(ops, true), share))
		return -EBUSY;
	return 0;
}

/* Register @ops, its direct peers in @share having agreed. */
static int register_locked(struct ftrace_ops *ops,
			   struct ipmodify_share *share)
{
	int ret;

	mutex_lock(&ftrace_lock);
	ret = register_refused(ops, share);
	if (!ret && share->self) {
		/* Its trampoline must leave through the changed ip. */
		ret = ops->ops_func(ops,
				    FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF);
	}
	if (ret)
		goto out;
	if (!is_kernel_core_data((unsigned long)ops))
		ops->flags |= FTRACE_OPS_FL_DYNAMIC;
	/*
	 * Its own trampoline, for the sites only it traces: not for a direct
	 * ops (its sites call its own code) nor for one that may change the
	 * ip without saving regs (only the shared ftrace_regs_caller serves
	 * it).
	 */
	if (system_state != SYSTEM_BOOTING && !is_direct_ops(ops) &&
	    (!is_ipmodify_ops(ops) || (ops->flags & FTRACE_OPS_FL_SAVE_REGS)))
		arch_ftrace_update_trampoline(ops);
	ops->flags |= FTRACE_OPS_FL_ENABLED;
	track_hashes(ops);
	ops->next = registered;
	rcu_assign_pointer(registered, ops);
	update_dispatch();
	ret = apply_ops(ops, NULL);
	if (ret)
		unlink_ops(ops, true);
out:
	mutex_unlock(&ftrace_lock);
	if (ret && (ops->flags & FTRACE_OPS_FL_DYNAMIC))
		ftrace_sync_all();
	return ret;
}

/*
 * Register IPMODIFY @ops: first the direct ops on its functions agree
 * to share them (FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER).  One that
 * cannot yet (-EAGAIN: BPF's trampoline is busy and may be waiting for
 * ftrace_direct_mutex) is asked again with the mutex dropped meanwhile.
 */
static int register_ipmodify(struct ftrace_ops *ops)
{
	struct ipmodify_share share = {};
	int ret;

	for (;;) {
		mutex_lock(&ftrace_direct_mutex);
		ret = find_share_peers(ops, &share, GFP_KERNEL);
		/* Ask nobody for a registration that fails anyway. */
		if (!ret) {
			mutex_lock(&ftrace_lock);
			ret = register_refused(ops, &share);
			mutex_unlock(&ftrace_lock);
		}
		if (!ret)
			ret = enable_share_peers(ops, &share);
		if (ret != -EAGAIN)
			break;
		mutex_unlock(&ftrace_direct_mutex);
		kfree(share.peers);
		if (fatal_signal_pending(current))
			return -EINTR;
		cond_resched();
	}
	if (!ret) {
		ret = register_locked(ops, &share);
		if (ret)
			disable_share_peers(ops, &share);
	}
	mutex_unlock(&ftrace_direct_mutex);
	kfree(share.peers);
	return ret;
}

/**
 * register_ftrace_function - start calling an ops for its functions
 * @ops: the ops; its filter and notrace hashes choose the functions
 *
 * An ops with FTRACE_OPS_FL_SAVE_REGS (or _IF_SUPPORTED, which becomes
 * SAVE_REGS where DYNAMIC_FTRACE_WITH_REGS is built, and is dropped
 * elsewhere) gets a full pt_regs from ftrace_get_regs(); one with
 * FTRACE_OPS_FL_IPMODIFY may redirect the function with
 * ftrace_regs_set_instruction_pointer().  At most one IPMODIFY and one
 * direct ops may trace a function, and both only if the direct ops'
 * ops_func agrees (FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_*).
 *
 * Return: 0, -EBUSY if already registered, if an IPMODIFY or direct ops
 * would share a function with another one, or if ftrace_enabled is off
 * and the ops is FTRACE_OPS_FL_PERMANENT, the error of a direct ops'
 * ops_func (-EAGAIN from _SELF: update the trampoline and try again),
 * -ENOMEM, -EINTR (a fatal signal while a peer kept asking to wait),
 * -ENODEV when function tracing is disabled, or -EINVAL for SAVE_REGS
 * without DYNAMIC_FTRACE_WITH_REGS.
 */
int register_ftrace_function(struct ftrace_ops *ops)
{
	struct ipmodify_share share = {};

	ops_init(ops);
	/*
	 * Without ftrace_regs_caller there is no pt_regs to give: an ops
	 * that must have one is refused, one that asked only if supported
	 * goes without (include/linux/ftrace.h).
	 */
	if (ops->flags & FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED) {
		if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS))
			ops->flags |= FTRACE_OPS_FL_SAVE_REGS;
		else
			ops->flags &= ~FTRACE_OPS_FL_SAVE_REGS;
	} else if ((ops->flags & FTRACE_OPS_FL_SAVE_REGS) &&
		   !IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS)) {
		return -EINVAL;
	}
	if (is_ipmodify_ops(ops))
		return register_ipmodify(ops);
	return register_locked(ops, &share);
}
EXPORT_SYMBOL_GPL(register_ftrace_function);

/**
 * unregister_ftrace_function - stop calling an ops
 * @ops: the ops
 *
 * When this returns, no CPU runs the ops' function any more on behalf of
 * function tracing, and the ops may be freed.
 *
 * Return: 0, or -ENODEV if it was not registered.
 */
int unregister_ftrace_function(struct ftrace_ops *ops)
{
	struct ipmodify_share share = {};
	bool ipmodify = is_ipmodify_ops(ops);
	bool found;

	if (ipmodify) {
		mutex_lock(&ftrace_direct_mutex);
		find_share_peers(ops, &share, GFP_KERNEL | __GFP_NOFAIL);
	}
	mutex_lock(&ftrace_lock);
	found = unlink_ops(ops, false);
	mutex_unlock(&ftrace_lock);
	if (found) {
		/*
		 * Tasks preempted in the ops' function or trampoline, CPUs
		 * where RCU is not watching, and unwinders walking the list.
		 */
		if (ops->flags & (FTRACE_OPS_FL_DYNAMIC |
				  FTRACE_OPS_FL_ALLOC_TRAMP))
			ftrace_sync_all();
		else
			synchronize_rcu();
		arch_ftrace_trampoline_free(ops);
		disable_share_peers(ops, &share);
	}
	if (ipmodify) {
		mutex_unlock(&ftrace_direct_mutex);
		kfree(share.peers);
	}
	return found ? 0 : -ENODEV;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_function);

/**
 * ftrace_kill - stop all function tracing for good
 *
 * For when the kernel's code cannot be trusted to be patched any more.
 */
void ftrace_kill(void)
{
	ftrace_disabled = true;
	ftrace_enabled = 0;
	if (ftrace_trace_function != ftrace_stub &&
	    !ftrace_update_ftrace_func(ftrace_stub))
		ftrace_trace_function = ftrace_stub;
}

static bool any_permanent(void)
{
	struct ftrace_ops *op;

	for_each_registered(op)
		if (op->flags & FTRACE_OPS_FL_PERMANENT)
			return true;
	return false;
}

/* Apply a new ftrace_enabled (@old: the value before); ftrace_lock held. */
static int switch_ftrace_enabled(int old)
{
	if (!ftrace_enabled == !old)
		return 0;
	if (ftrace_disabled || (!ftrace_enabled && any_permanent())) {
		ftrace_enabled = old;
		return ftrace_disabled ? -ENODEV : -EBUSY;
	}
	if (!ftrace_enabled) {
		/* Sites first, then the trampolines' callback. */
		int err = ftrace_apply_records(NULL);

		update_dispatch();
		return err;
	}
	update_dispatch();
	return ftrace_apply_records(NULL);
}

/*
 * kernel.ftrace_enabled: 0 stops every ops, as if unregistered; any other
 * number (kept as written) lets them run again.
 */
static int ftrace_enabled_sysctl(const struct ctl_table *table, int write,
				 void *buffer, size_t *lenp, loff_t *ppos)
{
	int old, err;

	mutex_lock(&ftrace_lock);
	old = ftrace_enabled;
	err = proc_dointvec(table, write, buffer, lenp, ppos);
	if (!err && write)
		err = switch_ftrace_enabled(old);
	mutex_unlock(&ftrace_lock);
	return err;
}

static struct ctl_table ftrace_sysctls[] = {
	{
		.mode		= 0644,
		.procname	= "ftrace_enabled",
		.proc_handler	= ftrace_enabled_sysctl,
		.data		= &ftrace_enabled,
		.maxlen		= sizeof(ftrace_enabled),
	},
};

static int __init ftrace_sysctl_init(void)
{
	register_sysctl_init("kernel", ftrace_sysctls);
	return 0;
}
late_initcall(ftrace_sysctl_init);

/*
 * Whether @ops' hashes decide sites now: it is registered, or another
 * registered ops shares them (function_graph uses the function ops').
 */
static bool hashes_in_use(struct ftrace_ops *ops)
{
	struct ftrace_ops *op;

	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		return true;
	for (op = first_registered(); op; op = next_registered(op)) {
		if (op->func_hash == ops->func_hash)
			return true;
	}
	return false;
}

/**
 * ftrace_ops_set_hash - give an ops a new filter or notrace hash
 * @ops: the ops
 * @exclude: which hash
 * @hash: the new hash, private to the caller until now; the ops owns it
 *	  afterwards (EMPTY_HASH clears)
 *
 * A registered ops starts and stops tracing functions accordingly.  Call
 * with ftrace_lock held.
 *
 * Return: 0, -EBUSY (and @hash is freed) if a registered IPMODIFY or
 * direct ops would then share a function with another one, or the error
 * that disabled function tracing.
 */
int ftrace_ops_set_hash(struct ftrace_ops *ops, bool exclude,
			struct ftrace_hash *hash)
{
	struct ftrace_hash __rcu **slot;
	struct ftrace_hash *old;
	int ret = 0;

	lockdep_assert_held(&ftrace_lock);
	ops_init(ops);
	slot = exclude ? &ops->func_hash->notrace_hash :
			 &ops->func_hash->filter_hash;
	old = ftrace_ops_hash(ops, exclude);
	if (ftrace_hash_equal(old, hash)) {
		ftrace_hash_free(hash);
		return 0;
	}
	if ((ops->flags & FTRACE_OPS_FL_ENABLED) &&
	    (ops->flags & OPS_EXCLUSIVE) &&
	    exclusive_conflict(ops, exclude ? ftrace_ops_hash(ops, false) : hash,
			       exclude ? hash : ftrace_ops_hash(ops, true),
			       NULL)) {
		ftrace_hash_free(hash);
		return -EBUSY;
	}
	rcu_assign_pointer(*slot, hash);
	track_hashes(ops);
	/* A new filter: its sites and the old one's; notrace: the filter's. */
	if (hashes_in_use(ops))
		ret = apply_ops(ops, exclude ? NULL : old);
	ftrace_hash_free_rcu(old);
	return ret;
}

/* A copy of @hash without the sites of @grp; NULL if it has none. */
static struct ftrace_hash *without_group(struct ftrace_hash *hash,
					 struct ftrace_rec_group *grp)
{
	struct ftrace_hash *copy = NULL;
	unsigned long ip;
	unsigned int i;

	if (!grp->count)
		return NULL;
	ftrace_hash_for_each(hash, i, ip) {
		if (ip < grp->recs[0].ip || ip > grp->recs[grp->count - 1].ip)
			continue;
		if (!copy) {
			copy = ftrace_hash_copy(hash);
			if (!copy)
				return NULL;
		}
		ftrace_hash_remove(copy, ip);
	}
	return copy;
}

/**
 * ftrace_ops_forget_module - drop a module's functions from every hash
 * @grp: the module's records, already off the list
 *
 * A module loaded later at the same address must not inherit filters.
 * A filter that held only the module's functions keeps matching nothing
 * (FTRACE_HASH_NOTHING) rather than becoming empty, which would trace
 * every function.  Call with ftrace_lock held.
 */
void ftrace_ops_forget_module(struct ftrace_rec_group *grp)
{
	struct ftrace_hash *copy;
	struct ftrace_ops *ops;
	int exclude;

	list_for_each_entry(ops, &hashed_ops, list) {
		for (exclude = 0; exclude < 2; exclude++) {
			copy = without_group(ftrace_ops_hash(ops, exclude), grp);
			if (!copy)
				continue;
			if (!copy->count && !exclude &&
			    ftrace_hash_add(&copy, FTRACE_HASH_NOTHING)) {
				ftrace_hash_free(copy);
				continue;
			}
			ftrace_ops_set_hash(ops, exclude, copy);
		}
	}
}

/**
 * struct mod_pending - a "glob:mod:module" line for a module not loaded
 * @list:	in pending_mods
 * @ops:	the ops whose hash it is for
 * @exclude:	the notrace hash rather than the filter
 * @func:	the function glob
 * @mod:	the module's name
 */
struct mod_pending {
	struct list_head	list;
	struct ftrace_ops	*ops;
	bool			exclude;
	char			*func;
	char			*mod;
};

static LIST_HEAD(pending_mods);

static void pending_free(struct mod_pending *p)
{
	list_del(&p->list);
	kfree(p->func);
	kfree(p->mod);
	kfree(p);
}

/**
 * ftrace_mod_pending_add - remember a module filter for a later load
 * @ops: the ops
 * @exclude: for its notrace hash
 * @func: the function glob
 * @mod: the module's name
 *
 * Call with ftrace_lock held.
 *
 * Return: 0 or -ENOMEM.
 */
int ftrace_mod_pending_add(struct ftrace_ops *ops, bool exclude,
			   const char *func, const char *mod)
{
	struct mod_pending *p;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->func = kstrdup(*func ? func : "*", GFP_KERNEL);
	p->mod = kstrdup(mod, GFP_KERNEL);
	if (!p->func || !p->mod) {
		kfree(p->func);
		kfree(p->mod);
		kfree(p);
		return -ENOMEM;
	}
	p->ops = ops;
	p->exclude = exclude;
	list_add_tail(&p->list, &pending_mods);
	return 0;
}

/**
 * ftrace_mod_pending_clear - forget the pending module filters of a hash
 * @ops: the ops
 * @exclude: which hash
 *
 * Call with ftrace_lock held.
 */
void ftrace_mod_pending_clear(struct ftrace_ops *ops, bool exclude)
{
	struct mod_pending *p, *n;

	list_for_each_entry_safe(p, n, &pending_mods, list)
		if (p->ops == ops && p->exclude == exclude)
			pending_free(p);
}

/**
 * ftrace_mod_pending_show - list the pending module filters of a hash
 * @m: the seq_file, as "func:mod:module" lines
 * @ops: the ops
 * @exclude: which hash
 *
 * Call with ftrace_lock held.
 */
void ftrace_mod_pending_show(struct seq_file *m, struct ftrace_ops *ops,
			     bool exclude)
{
	struct mod_pending *p;

	list_for_each_entry(p, &pending_mods, list)
		if (p->ops == ops && p->exclude == exclude)
			seq_printf(m, "%s:mod:%s\n", p->func, p->mod);
}

/**
 * ftrace_mod_pending_apply - apply the pending filters for a new module
 * @mod: the module, whose records just became live
 *
 * Call with ftrace_lock held, before the sites are updated.
 */
void ftrace_mod_pending_apply(struct module *mod)
{
	struct mod_pending *p, *n;
	struct ftrace_hash *hash;

	list_for_each_entry_safe(p, n, &pending_mods, list) {
		if (strcmp(p->mod, mod->name))
			continue;
		hash = ftrace_hash_copy(ftrace_ops_hash(p->ops, p->exclude));
		if (!hash)
			continue;
		ftrace_hash_remove(hash, FTRACE_HASH_NOTHING);
		if (ftrace_match_records(&hash, p->func, p->mod, false) > 0)
			ftrace_ops_set_hash(p->ops, p->exclude, hash);
		else
			ftrace_hash_free(hash);
		pending_free(p);
	}
}

/*
 * The function on line @index (from 1) of available_filter_functions,
 * which lists the usable records in order: 1 if found, else 0.
 */
static int match_index(struct ftrace_hash **hashp, unsigned long index,
		       bool remove)
{
	struct ftrace_rec_group *grp;
	struct dyn_ftrace *rec;

	list_for_each_entry(grp, &ftrace_groups, list) {
		if (!grp->live)
			continue;
		for (rec = grp->recs; rec < grp->recs + grp->count; rec++) {
			if ((rec->flags & FTRACE_FL_DISABLED) || --index)
				continue;
			if (!remove)
				return ftrace_hash_add(hashp, rec->ip) ? : 1;
			ftrace_hash_remove(*hashp, rec->ip);
			return 1;
		}
	}
	return 0;
}

/**
 * ftrace_match_records - add or remove the sites of matching functions
 * @hashp: a private hash, which may be replaced by a bigger one
 * @pattern: a function-name glob, "" for every function, or a number:
 *	     the line of that function in available_filter_functions
 * @mod: a module-name glob the function must be in, or NULL for any
 *	 code ("" is not allowed); "[kernel]" means vmlinux
 * @remove: remove the matches instead of adding them
 *
 * Call with ftrace_lock held.
 *
 * Return: the number of matching functions, or -ENOMEM.
 */
int ftrace_match_records(struct ftrace_hash **hashp, const char *pattern,
			 const char *mod, bool remove)
{
	struct ftrace_glob *fg, *mg = NULL;
	struct ftrace_rec_group *grp;
	struct dyn_ftrace *rec;
	const char *modname;
	unsigned long index;
	char *name;
	int n = 0, err = 0;

	/* No function name is a number: select by index, no string work. */
	if (!mod && isdigit(*pattern) && !kstrtoul(pattern, 10, &index))
		return index ? match_index(hashp, index, remove) : 0;

	fg = kmalloc(sizeof(*fg) * 2 + KSYM_NAME_LEN, GFP_KERNEL);
	if (!fg)
		return -ENOMEM;
	name = (char *)(fg + 2);
	ftrace_glob_parse(fg, *pattern ? pattern : "*");
	if (mod) {
		mg = fg + 1;
		ftrace_glob_parse(mg, mod);
	}
	list_for_each_entry(grp, &ftrace_groups, list) {
		if (!grp->live)
			continue;
		if (mg && !ftrace_glob_match(mg, grp->mod ? grp->mod->name :
					     "[kernel]"))
			continue;
		for (rec = grp->recs; rec < grp->recs + grp->count; rec++) {
			if ((rec->flags & FTRACE_FL_DISABLED) ||
			    !ftrace_rec_name(rec, name, &modname) ||
			    !ftrace_glob_match(fg, name))
				continue;
			if (remove) {
				ftrace_hash_remove(*hashp, rec->ip);
			} else {
				err = ftrace_hash_add(hashp, rec->ip);
				if (err)
					goto out;
			}
			n++;
		}
	}
out:
	kfree(fg);
	return err ? err : n;
}

/* Apply whitespace-separated patterns of @buf to a copy of a hash. */
static int set_patterns(struct ftrace_ops *ops, bool exclude,
			unsigned char *buf, int len, bool reset)
{
	struct ftrace_hash *hash;
	char *copy, *s, *tok;
	bool remove;
	int ret = 0;

	copy = kmemdup_nul(buf ? (char *)buf : "", buf ? len : 0, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	mutex_lock(&ftrace_lock);
	hash = reset ? EMPTY_HASH : ftrace_hash_copy(ftrace_ops_hash(ops, exclude));
	if (!hash) {
		ret = -ENOMEM;
		goto out;
	}
	s = copy;
	while ((tok = strsep(&s, " \t\n"))) {
		if (!*tok)
			continue;
		remove = *tok == '!';
		ret = ftrace_match_records(&hash, tok + remove, NULL, remove);
		if (ret <= 0) {
			ret = ret ? ret : -EINVAL;
			ftrace_hash_free(hash);
			goto out;
		}
	}
	ret = ftrace_ops_set_hash(ops, exclude, hash);
out:
	mutex_unlock(&ftrace_lock);
	kfree(copy);
	return ret;
}

/**
 * ftrace_set_filter - choose an ops' functions by name
 * @ops: the ops
 * @buf: patterns separated by white space; "!pattern" removes
 * @len: length of @buf
 * @reset: start from an empty filter (all functions) instead of the
 *	   current one
 *
 * Return: 0, -EINVAL if a pattern matches nothing, or -ENOMEM.
 */
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len,
		      int reset)
{
	return set_patterns(ops, false, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter);

/**
 * ftrace_set_notrace - exclude functions from an ops by name
 * @ops: the ops
 * @buf: patterns separated by white space; "!pattern" removes
 * @len: length of @buf
 * @reset: start from an empty notrace hash instead of the current one
 *
 * Return: 0, -EINVAL if a pattern matches nothing, or -ENOMEM.
 */
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len,
		       int reset)
{
	return set_patterns(ops, true, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_notrace);

/**
 * ftrace_set_filter_ips - add or remove functions of an ops by address
 * @ops: the ops
 * @ips: call sites or function addresses
 * @cnt: how many
 * @remove: remove them instead
 * @reset: start from an empty filter
 *
 * Return: 0, -ENOENT for an address that is not a call site, or -ENOMEM.
 */
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset)
{
	struct ftrace_hash *hash;
	unsigned long ip;
	unsigned int i;
	int ret = 0;

	mutex_lock(&ftrace_lock);
	hash = reset ? EMPTY_HASH : ftrace_hash_copy(ftrace_ops_hash(ops, false));
	if (!hash) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < cnt && !ret; i++) {
		ip = ftrace_location(ips[i]);
		if (!ip)
			ret = -ENOENT;
		else if (remove)
			ftrace_hash_remove(hash, ip);
		else
			ret = ftrace_hash_add(&hash, ip);
	}
	if (ret)
		ftrace_hash_free(hash);
	else
		ret = ftrace_ops_set_hash(ops, false, hash);
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ips);

/**
 * ftrace_set_filter_ip - add or remove one function of an ops by address
 * @ops: the ops
 * @ip: the call site or the function's address
 * @remove: remove it instead
 * @reset: start from an empty filter
 *
 * Return: as ftrace_set_filter_ips().
 */
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset)
{
	return ftrace_set_filter_ips(ops, &ip, 1, remove, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ip);

/**
 * ftrace_free_filter - drop an unregistered ops' hashes
 * @ops: the ops, about to be freed
 */
void ftrace_free_filter(struct ftrace_ops *ops)
{
	mutex_lock(&ftrace_lock);
	ops_init(ops);
	if (WARN_ON(ops->flags & FTRACE_OPS_FL_ENABLED)) {
		mutex_unlock(&ftrace_lock);
		return;
	}
	ftrace_ops_set_hash(ops, false, EMPTY_HASH);
	ftrace_ops_set_hash(ops, true, EMPTY_HASH);
	ftrace_mod_pending_clear(ops, false);
	ftrace_mod_pending_clear(ops, true);
	list_del_init(&ops->list);
	mutex_unlock(&ftrace_lock);
	synchronize_rcu();
}
EXPORT_SYMBOL_GPL(ftrace_free_filter);
