// SPDX-License-Identifier: GPL-2.0
/*
 * Direct calls: register_ftrace_direct() attaches a custom trampoline
 * (BPF's, or the samples') to the functions of an ops' filter.
 *
 * A direct ops is an ftrace_ops with FTRACE_OPS_FL_DIRECT and its
 * trampoline in ->direct_call.  While it is the only ops on a function,
 * the function's site calls the trampoline itself (ftrace_apply_records()
 * sees to that).  While other ops trace the function too, the site calls
 * ftrace_regs_caller, the dispatcher calls call_direct_funcs() along with
 * the others, and it names the trampoline in the saved registers
 * (arch_ftrace_set_direct_caller()), through which ftrace_regs_caller
 * leaves.  A function has at most one direct ops, and shares it with an
 * IPMODIFY ops only if the direct ops' ops_func agrees (ftrace_ops.c).
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/mutex.h>

#include "ftrace_internal.h"

/*
 * A direct ops goes through ftrace_regs_caller where one is built; where
 * not (arm64), ftrace_caller's ftrace_regs carry the trampoline.
 */
#define DIRECT_OPS_REGS	(IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS) ? \
			 FTRACE_OPS_FL_SAVE_REGS : 0)

static void call_direct_funcs(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *ops, struct ftrace_regs *fregs)
{
	unsigned long addr = READ_ONCE(ops->direct_call);

	if (addr)
		arch_ftrace_set_direct_caller(fregs, addr);
}

static bool is_direct(struct ftrace_ops *ops)
{
	return (ops->flags & (FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_ENABLED)) ==
	       (FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_ENABLED);
}

/**
 * ftrace_find_rec_direct - the direct trampoline attached to a function
 * @ip: the function's call site
 *
 * Return: the trampoline of the direct ops that traces @ip, or 0.
 */
unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	struct ftrace_ops *ops;
	unsigned long addr = 0;

	rcu_read_lock();
	ops = ftrace_ops_find_direct(ip);
	if (ops)
		addr = READ_ONCE(ops->direct_call);
	rcu_read_unlock();
	return addr;
}

/**
 * register_ftrace_direct - call a trampoline from an ops' functions
 * @ops: an ops that is not registered, its filter set to the functions
 *	 (ftrace_set_filter_ip() and friends)
 * @addr: the trampoline; the traced function's site calls it, so it
 *	  finds the site's return address on top of its stack
 *
 * Return: 0; -EINVAL if @addr is 0 or the filter is empty (a direct ops
 * never traces every function); -EBUSY if @ops is registered, another
 * direct ops traces one of the functions, or an IPMODIFY ops does and
 * @ops has no ops_func; the error of its ops_func
 * (FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF); -ENODEV when function
 * tracing is disabled.
 */
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	unsigned long flags = ops->flags;
	bool empty;
	int ret;

	if (!addr)
		return -EINVAL;
	mutex_lock(&ftrace_direct_mutex);
	mutex_lock(&ftrace_lock);
	empty = ftrace_hash_empty(ftrace_ops_hash(ops, false));
	mutex_unlock(&ftrace_lock);
	if (empty) {
		ret = -EINVAL;
		goto out;
	}
	if (ops->flags & FTRACE_OPS_FL_ENABLED) {
		ret = -EBUSY;
		goto out;
	}
	ops->func = call_direct_funcs;
	ops->direct_call = addr;
	ops->flags |= FTRACE_OPS_FL_DIRECT | DIRECT_OPS_REGS;
	ret = register_ftrace_function(ops);
	if (ret) {
		ops->flags = flags;
		ops->direct_call = 0;
	}
out:
	mutex_unlock(&ftrace_direct_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_direct);

/**
 * unregister_ftrace_direct - detach a direct ops' trampoline
 * @ops: the ops register_ftrace_direct() took
 * @addr: its trampoline (kept for the API; the ops knows it)
 * @free_filters: also free the ops' filter and notrace hashes
 *
 * When this returns no function calls the trampoline any more.
 *
 * Return: 0, or -EINVAL if @ops is not a registered direct ops.
 */
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters)
{
	int ret;

	mutex_lock(&ftrace_direct_mutex);
	if (!is_direct(ops)) {
		ret = -EINVAL;
		goto out;
	}
	ret = unregister_ftrace_function(ops);
	if (ret)
		goto out;
	ops->flags &= ~(FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS);
	ops->direct_call = 0;
	if (free_filters)
		ftrace_free_filter(ops);
out:
	mutex_unlock(&ftrace_direct_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_direct);

/**
 * modify_ftrace_direct_nolock - move a direct ops to another trampoline
 * @ops: a registered direct ops
 * @addr: the new trampoline
 *
 * For callers that serialise direct-call changes themselves.  While the
 * address changes, a stand-in ops on the same functions sends their
 * sites through ftrace_regs_caller, where call_direct_funcs() names
 * either trampoline; without it the sites then call @addr directly.
 * When this returns no task runs the old trampoline.
 *
 * Return: 0, -EINVAL if @ops is not a registered direct ops, or the
 * error of registering the stand-in.
 */
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr)
{
	struct ftrace_ops stand_in = {
		.func		= ftrace_stub,
		.flags		= DIRECT_OPS_REGS,
		.func_hash	= ops->func_hash,
	};
	int ret;

	if (!is_direct(ops) || !addr)
		return -EINVAL;
	if (READ_ONCE(ops->direct_call) == addr)
		return 0;
	ret = register_ftrace_function(&stand_in);
	if (ret)
		return ret;
	WRITE_ONCE(ops->direct_call, addr);
	return unregister_ftrace_function(&stand_in);
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct_nolock);

/**
 * modify_ftrace_direct - move a direct ops to another trampoline
 * @ops: a registered direct ops
 * @addr: the new trampoline
 *
 * Return: as modify_ftrace_direct_nolock().
 */
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	int ret;

	mutex_lock(&ftrace_direct_mutex);
	ret = modify_ftrace_direct_nolock(ops, addr);
	mutex_unlock(&ftrace_direct_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct);
