// SPDX-License-Identifier: GPL-2.0
/*
 * Return hooks (include/linux/rethook.h): what kretprobes and fprobes use
 * to run a handler when a function returns.
 *
 * At the function's entry the user takes a node from its rethook's pool
 * (rethook_try_get()) and hooks it (rethook_hook()): the arch saves the
 * real return address and the stack slot that held it in the node and
 * puts arch_rethook_trampoline there instead; the node goes on top of the
 * task's own list, a shadow stack only the task itself changes.  When the
 * function returns into the trampoline, rethook_trampoline_handler() pops
 * the nodes of that stack slot (one per rethook on the function), runs
 * their handlers and gives the real return address back to the arch.
 *
 * A rethook lives until its last node is back: rethook_free() stops it
 * and, after an RCU grace period (nobody is between reading the handler
 * and pushing a node back any more), lets its pool go; nodes still out on
 * some task's list come back later and the last one frees the rethook.
 */
#define pr_fmt(fmt) "rethook: " fmt

#include <linux/err.h>
#include <linux/kprobes.h>
#include <linux/preempt.h>
#include <linux/rethook.h>
#include <linux/sched.h>
#include <linux/slab.h>

static __always_inline rethook_handler_t rethook_handler(struct rethook *rh)
{
	return (rethook_handler_t)rcu_dereference_check(rh->handler,
							rcu_read_lock_any_held());
}

static int rethook_node_init(void *obj, void *context)
{
	struct rethook_node *node = obj;

	node->rethook = context;
	return 0;
}

/* The pool's last reference is gone: so is the rethook. */
static int rethook_release(struct objpool_head *pool, void *context)
{
	kfree(context);
	return 0;
}

/**
 * rethook_alloc - a rethook and its pool of nodes
 * @data: what the handler gets as its second argument
 * @handler: called when a hooked function returns
 * @size: the size of a node: struct rethook_node, or a structure that
 *	  embeds it followed by the user's data
 * @num: how many nodes: how many returns may be pending at once
 *
 * Return: the rethook, or ERR_PTR(-EINVAL) for a bad argument,
 * ERR_PTR(-ENOMEM).
 */
struct rethook *rethook_alloc(void *data, rethook_handler_t handler,
			      int size, int num)
{
	struct rethook *rh;
	int err;

	if (!handler || num <= 0 || size < (int)sizeof(struct rethook_node))
		return ERR_PTR(-EINVAL);
	rh = kzalloc(sizeof(*rh), GFP_KERNEL);
	if (!rh)
		return ERR_PTR(-ENOMEM);
	rh->data = data;
	rcu_assign_pointer(rh->handler, handler);
	err = objpool_init(&rh->pool, num, size, GFP_KERNEL, rh,
			   rethook_node_init, rethook_release);
	if (err) {
		kfree(rh);
		return ERR_PTR(err);
	}
	return rh;
}

/**
 * rethook_stop - stop calling a rethook's handler
 * @rh: the rethook
 *
 * Hooked functions that return later skip the handler; no new node can
 * be taken.
 */
void rethook_stop(struct rethook *rh)
{
	rcu_assign_pointer(rh->handler, NULL);
}

static void rethook_put_pool(struct rcu_head *head)
{
	struct rethook *rh = container_of(head, struct rethook, rcu);

	objpool_fini(&rh->pool);
}

/**
 * rethook_free - stop a rethook and free it once its nodes are back
 * @rh: the rethook, not used by the caller afterwards
 */
void rethook_free(struct rethook *rh)
{
	rethook_stop(rh);
	call_rcu(&rh->rcu, rethook_put_pool);
}

/**
 * rethook_try_get - a free node of a running rethook
 * @rh: the rethook
 *
 * Call with preemption disabled, from the hooked function's entry.
 *
 * Return: the node, or NULL if the rethook is stopped, all its nodes are
 * in use, or RCU does not watch this CPU (the rethook's lifetime relies
 * on it).
 */
struct rethook_node *rethook_try_get(struct rethook *rh)
{
	if (unlikely(!rcu_is_watching()) || unlikely(!rethook_handler(rh)))
		return NULL;
	return objpool_pop(&rh->pool);
}
NOKPROBE_SYMBOL(rethook_try_get);

static void rethook_drop_node(struct rcu_head *head)
{
	struct rethook_node *node = container_of(head, struct rethook_node, rcu);

	objpool_drop(node, &node->rethook->pool);
}

/**
 * rethook_recycle - give a node back
 * @node: a node rethook_try_get() returned, not hooked or popped already
 *
 * Call with preemption disabled.  A node of a stopped rethook goes away,
 * after a grace period, instead of back into the pool.
 */
void rethook_recycle(struct rethook_node *node)
{
	if (likely(rethook_handler(node->rethook)))
		objpool_push(node, &node->rethook->pool);
	else
		call_rcu(&node->rcu, rethook_drop_node);
}
NOKPROBE_SYMBOL(rethook_recycle);

/* Recycle the nodes of a list from @pos up to @stop (not included). */
static __always_inline void recycle_nodes(struct llist_node *pos,
					  struct llist_node *stop)
{
	struct llist_node *next;

	/* A recycled node may at once be another task's: read on first. */
	for (; pos != stop; pos = next) {
		next = pos->next;
		rethook_recycle(container_of(pos, struct rethook_node, llist));
	}
}

/**
 * rethook_hook - run the node's handler when this function returns
 * @node: a node from rethook_try_get()
 * @regs: the registers at the function's entry
 * @mcount: whether @regs come from an mcount/fentry call (ftrace) rather
 *	    than a breakpoint at the function's first instruction
 *
 * Call with preemption disabled, in the hooked function's task.
 */
void rethook_hook(struct rethook_node *node, struct pt_regs *regs, bool mcount)
{
	arch_rethook_prepare(node, regs, mcount);
	/*
	 * Only this task adds and removes its nodes; an NMI that hooks a
	 * function here also returns from it before we go on.
	 */
	__llist_add(&node->llist, &current->rethooks);
}
NOKPROBE_SYMBOL(rethook_hook);

/*
 * From *@cur on (the task's newest node if NULL), the node of the stack
 * slot @frame that holds the real return address; *@cur is left on it.
 * With several rethooks on one function, every node of the slot but the
 * oldest saved the trampoline.
 */
static unsigned long find_ret_addr(struct task_struct *tsk,
				   unsigned long frame,
				   struct llist_node **cur)
{
	struct llist_node *pos = *cur ? (*cur)->next : tsk->rethooks.first;
	struct rethook_node *node;

	for (; pos; pos = pos->next) {
		node = container_of(pos, struct rethook_node, llist);
		if (node->frame == frame &&
		    !is_rethook_trampoline(node->ret_addr)) {
			*cur = pos;
			return node->ret_addr;
		}
	}
	return 0;
}
NOKPROBE_SYMBOL(find_ret_addr);

/**
 * rethook_find_ret_addr - the real return address behind a trampoline
 * @tsk: the task whose stack is unwound: current, or one not running
 * @frame: the stack slot that holds arch_rethook_trampoline
 * @cur: the search's position: NULL for the first lookup of an unwind,
 *	 then left as this call leaves it
 *
 * For unwinders, which meet the trampoline in the stack.
 *
 * Return: the address, or 0 if @tsk is running elsewhere or no node
 * holds one for @frame.
 */
unsigned long rethook_find_ret_addr(struct task_struct *tsk,
				    unsigned long frame,
				    struct llist_node **cur)
{
	struct llist_node *start;
	unsigned long ret;

	if (WARN_ON_ONCE(!cur))
		return 0;
	if (tsk != current && task_is_running(tsk))
		return 0;
	/* Resume after *cur only if it found the same slot's address. */
	start = *cur;
	ret = find_ret_addr(tsk, frame, cur);
	if (!ret && start) {
		*cur = NULL;
		ret = find_ret_addr(tsk, frame, cur);
	}
	return ret;
}
NOKPROBE_SYMBOL(rethook_find_ret_addr);

/**
 * arch_rethook_fixup_return - fix the return registers after the handlers
 * @regs: the registers at the return
 * @correct_ret_addr: the real return address
 *
 * For an arch whose trampoline leaves something to correct once the
 * handlers have run (x86: the return address slot it made); nothing by
 * default.
 */
void __weak arch_rethook_fixup_return(struct pt_regs *regs,
				      unsigned long correct_ret_addr)
{
}
NOKPROBE_SYMBOL(arch_rethook_fixup_return);

/**
 * rethook_trampoline_handler - a hooked function returned
 * @regs: the registers at the return, built by the arch's trampoline
 * @frame: the stack slot that held the real return address
 *
 * Runs the handlers of the slot's nodes, newest first, with
 * instruction_pointer(@regs) the real return address, then pops and
 * recycles the nodes.  Called by arch_rethook_trampoline's code.
 *
 * Return: the real return address.
 */
unsigned long rethook_trampoline_handler(struct pt_regs *regs,
					 unsigned long frame)
{
	struct llist_node *found = NULL, *pos, *rest;
	struct rethook_node *node;
	rethook_handler_t handler;
	unsigned long ret_addr;

	ret_addr = find_ret_addr(current, frame, &found);
	if (!ret_addr) {
		/* Nowhere to return to: the shadow stack is corrupted. */
		pr_emerg("no return address for frame %lx in %s/%d\n",
			 frame, current->comm, current->pid);
		BUG();
	}
	instruction_pointer_set(regs, ret_addr);

	preempt_disable_notrace();
	/*
	 * The nodes stay on the list while their handlers run, so that an
	 * unwind from a handler still finds the real return address.
	 */
	for (pos = current->rethooks.first; pos; pos = pos->next) {
		node = container_of(pos, struct rethook_node, llist);
		handler = rethook_handler(node->rethook);
		/*
		 * A node of another slot above ours belongs to a function
		 * that left without returning: dropped without a call.
		 */
		if (handler && !WARN_ON_ONCE(node->frame != frame))
			handler(node, node->rethook->data, ret_addr, regs);
		if (pos == found)
			break;
	}
	arch_rethook_fixup_return(regs, ret_addr);

	/* Read before recycling: @found may at once be another task's. */
	rest = found->next;
	pos = current->rethooks.first;
	current->rethooks.first = rest;
	recycle_nodes(pos, rest);
	preempt_enable_notrace();
	return ret_addr;
}
NOKPROBE_SYMBOL(rethook_trampoline_handler);

/**
 * rethook_flush_task - give back the nodes of a dead task
 * @tk: the task, being freed
 */
void rethook_flush_task(struct task_struct *tk)
{
	struct llist_node *pos = __llist_del_all(&tk->rethooks);

	preempt_disable();
	recycle_nodes(pos, NULL);
	preempt_enable();
}
