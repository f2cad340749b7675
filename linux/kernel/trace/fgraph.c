// SPDX-License-Identifier: GPL-2.0
/*
 * The function graph: a callback when a traced function is entered and
 * another when it returns.
 *
 * Every graph user (struct fgraph_ops) has its own ftrace_ops, so the
 * function-tracing core decides per user which functions reach it, with
 * its own filter and, when alone on a function, its own trampoline.  The
 * ops' function is ftrace_graph_func() (the architecture's), which finds
 * the slot holding the traced function's return address and calls
 * fgraph_enter_ops().  When the user's entry callback wants the return,
 * a frame goes onto the task's shadow stack and the architecture points
 * the return address at return_to_handler, which comes back here through
 * ftrace_return_to_handler() to run the return callback, pop the frame
 * and learn where to really return.
 *
 * The shadow stack of a task (task_struct.ret_stack, FGRAPH_STACK_WORDS
 * words, allocated for every task while any user is registered and kept
 * until the task is freed) holds:
 *
 *   [0, FGRAPH_ARRAY_SIZE)			one variable per user slot
 *						(fgraph_get_task_var())
 *   [FGRAPH_DEPTHS, FGRAPH_GENS)		the depth of each user's frames
 *   [FGRAPH_GENS, FGRAPH_FRAMES)		the slot generation the two
 *						words above belong to
 *   [FGRAPH_FRAMES, curr_ret_stack)		frames, oldest first
 *
 * A frame is a struct ftrace_ret_stack, a meta word (magic, user slot,
 * the slot's generation, words of data), the user's data if it reserved
 * any, and a tail word (magic and the frame's size) on top, so that the
 * frame below any valid top can be found.  curr_ret_stack moves down
 * only after a frame is done with, and up only over words that already
 * hold a frame's bounds (meta and tail), since an interrupt's stack
 * trace may walk the frames at any time (ftrace_graph_ret_addr()); the
 * rest of a frame is written once it is claimed, so that an interrupt
 * or NMI that traces functions in between pushes and pops above it.
 * One that pushes and pops before the claim leaves bounds of the same
 * shape; they are written again after it.
 *
 * A slot's variable and depth are the task's own business: when the task
 * first runs for a new user of the slot it zeroes them itself
 * (slot_sync()), so nothing a previous user left there (a notrace bit,
 * the depth of frames still on the stack) reaches the new one.
 */
#define pr_fmt(fmt) "fgraph: " fmt

#include <linux/cpuhotplug.h>
#include <linux/ftrace.h>
#include <linux/ftrace_graph.h>
#include <linux/irq_work.h>
#include <linux/jump_label.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/trace_clock.h>
#include <linux/trace_recursion.h>
#include <linux/workqueue.h>
#include <trace/events/sched.h>
#include <asm/sections.h>

#include "fgraph_internal.h"
#include "ftrace_internal.h"

static_assert(BITS_PER_LONG == 64);

#define FGRAPH_STACK_WORDS	(FGRAPH_STACK_BYTES / sizeof(long))
#define FGRAPH_DEPTHS		FGRAPH_ARRAY_SIZE
#define FGRAPH_GENS		(2 * FGRAPH_ARRAY_SIZE)
#define FGRAPH_FRAMES		(3 * FGRAPH_ARRAY_SIZE)

/* The words of a frame without data: ret_stack, meta, tail. */
#define RS_WORDS		(sizeof(struct ftrace_ret_stack) / sizeof(long))
#define FRAME_WORDS		(RS_WORDS + 2)
/* The most a user may reserve per call. */
#define FGRAPH_DATA_WORDS	16

#define MAGIC_MASK		(0xffffUL << 48)
#define TAIL_MAGIC		(0x7a11UL << 48)
#define META_MAGIC		(0x3e7aUL << 48)

#define META(idx, gen, words)	(META_MAGIC | (unsigned long)(gen) << 16 | \
				 (unsigned long)(words) << 8 | (idx))
#define META_IDX(m)		((m) & 0xff)
#define META_WORDS(m)		(((m) >> 8) & 0xff)
#define META_GEN(m)		(((m) >> 16) & 0xffff)
/* The recursion bit the entry took: the return runs in the same context. */
#define META_RBIT(m)		(((m) >> 32) & 0xff)
#define META_RBIT_SET(bit)	((unsigned long)(bit) << 32)

static_assert(RS_WORDS * sizeof(long) == sizeof(struct ftrace_ret_stack));
static_assert(FGRAPH_ARRAY_SIZE <= 256 && FGRAPH_DATA_WORDS < 256);

DEFINE_STATIC_KEY_FALSE(kill_ftrace_graph);

bool fgraph_sleep_time = true;
bool fgraph_graph_time = true;

/* Set at once by ftrace_graph_stop(); the static key follows. */
static bool fgraph_dead;

static DEFINE_MUTEX(fgraph_lock);
/* The registered users by slot, and each slot's generation. */
static struct fgraph_ops *fgraph_array[FGRAPH_ARRAY_SIZE];
static u16 fgraph_gen[FGRAPH_ARRAY_SIZE];
static unsigned int fgraph_users;
/* Tasks forked from now on get a shadow stack. */
static bool fgraph_stacks_on;
static DEFINE_PER_CPU(unsigned long *, idle_stack);

/* --- Frames --------------------------------------------------------------- */

/*
 * The start of the frame whose tail is just below @top, or -1 if the
 * words there are not a frame.  Safe on another task's stack: it only
 * reads, within bounds.
 */
static __always_inline int frame_below(const unsigned long *stk, int top)
{
	unsigned long tail, meta;
	int start;

	if (top <= FGRAPH_FRAMES || top > FGRAPH_STACK_WORDS)
		return -1;
	tail = READ_ONCE(stk[top - 1]);
	if ((tail & MAGIC_MASK) != TAIL_MAGIC)
		return -1;
	start = top - (int)(tail & 0xffff);
	if (start < FGRAPH_FRAMES || top - start < FRAME_WORDS)
		return -1;
	meta = READ_ONCE(stk[start + RS_WORDS]);
	if ((meta & MAGIC_MASK) != META_MAGIC ||
	    META_IDX(meta) >= FGRAPH_ARRAY_SIZE)
		return -1;
	if (top - start == FRAME_WORDS + META_WORDS(meta) + !!META_WORDS(meta))
		return start;
	/* Data being reserved: claimed, not yet counted in the meta word. */
	if (!META_WORDS(meta) && top - start > FRAME_WORDS + 1 &&
	    top - start <= FRAME_WORDS + FGRAPH_DATA_WORDS + 1)
		return start;
	return -1;
}

static struct ftrace_ret_stack *frame_rs(unsigned long *stk, int start)
{
	return (struct ftrace_ret_stack *)&stk[start];
}

static unsigned long frame_meta(const unsigned long *stk, int start)
{
	return READ_ONCE(stk[start + RS_WORDS]);
}

/*
 * Make stk[@start, @top) a frame an unwinder can step over, matching no
 * return: its meta word and its tail.
 */
static __always_inline void frame_set_bounds(unsigned long *stk, int start,
					     int top, unsigned long meta)
{
	WRITE_ONCE(frame_rs(stk, start)->retp, NULL);
	WRITE_ONCE(stk[start + RS_WORDS], meta);
	WRITE_ONCE(stk[top - 1], TAIL_MAGIC | (top - start));
	barrier();
}

/* A reserved area sits above the first tail, and has its own tail. */
static void *frame_data(unsigned long *stk, int start, int *size)
{
	unsigned long words = META_WORDS(frame_meta(stk, start));

	if (!words)
		return NULL;
	if (size)
		*size = words * sizeof(long);
	return &stk[start + FRAME_WORDS];
}

/*
 * The current task's variable and depth of slot @idx, zeroed the first
 * time the task runs for the slot's present user.  An interrupt that
 * comes in between does the same and leaves the depth as it found it.
 */
static void slot_sync(unsigned long *stk, int idx)
{
	unsigned long gen = READ_ONCE(fgraph_gen[idx]);

	if (likely(stk[FGRAPH_GENS + idx] == gen))
		return;
	stk[idx] = 0;
	stk[FGRAPH_DEPTHS + idx] = 0;
	barrier();
	stk[FGRAPH_GENS + idx] = gen;
}

/*
 * trace_clock_local() where preemption is disabled already: the same
 * clock (the ring buffer's, the sleep-time probe's), which is what
 * sched_clock() reads once it has disabled preemption itself.
 */
static __always_inline u64 fgraph_clock(void)
{
	return sched_clock_noinstr();
}

/* One bad frame stops graph tracing for good, with one message. */
static void fgraph_corrupt(const char *what)
{
	ftrace_graph_stop();
	pr_err_once("%s: shadow stack of %s/%d corrupted; graph tracing stopped\n",
		    what, current->comm, current->pid);
}

/**
 * fgraph_enter_ops - a traced function is entered, for one graph user
 * @gops: the user
 * @func: the function (its call site)
 * @ret: its return address
 * @retp: the address the unwinders give ftrace_graph_ret_addr() for
 *	  this return (x86: the stack slot holding @ret; arm64: the
 *	  frame pointer at the function's entry)
 * @fregs: its registers (unused yet; for future callbacks)
 *
 * Called by the architecture's ftrace_graph_func() with preemption
 * disabled.  Return: 0 if the caller must make the function return to
 * return_to_handler instead of @ret, else a negative errno (nothing was
 * pushed).
 */
int fgraph_enter_ops(struct fgraph_ops *gops, unsigned long func,
		     unsigned long ret, unsigned long *retp,
		     struct ftrace_regs *fregs)
{
	struct task_struct *t = current;
	struct ftrace_ret_stack *rs;
	unsigned long *stk, meta;
	int bit, start, top, idx = gops->idx, err = -EBUSY;

	/* Set before kill_ftrace_graph, which follows later. */
	if (unlikely(READ_ONCE(fgraph_dead)))
		return -EBUSY;
	/* Pairs with stack_install(): the stack's state before the stack. */
	stk = smp_load_acquire(&t->ret_stack);
	if (unlikely(!stk || atomic_read(&t->tracing_graph_pause)))
		return -EBUSY;
	bit = ftrace_test_recursion_trylock(func, ret);
	if (bit < 0)
		return -EBUSY;
	/*
	 * A task preempted before the lock may come here after @gops went
	 * and its slot has a new user: that user never asked for this call.
	 */
	if (unlikely(READ_ONCE(fgraph_array[idx]) != gops))
		goto out;
	slot_sync(stk, idx);

	start = READ_ONCE(t->curr_ret_stack);
	top = start + FRAME_WORDS;
	if (unlikely(start < FGRAPH_FRAMES || top > FGRAPH_STACK_WORDS)) {
		atomic_inc(&t->trace_overrun);
		goto out;
	}
	/*
	 * The bounds, and no retp an unwinder could match (the function
	 * returns to return_to_handler only after this), before the claim;
	 * again after it, in case a nested push and pop came in between.
	 * Then the rest: a nested push lands above the claimed words.
	 */
	rs = frame_rs(stk, start);
	meta = META(idx, stk[FGRAPH_GENS + idx], 0) | META_RBIT_SET(bit);
	frame_set_bounds(stk, start, top, meta);
	WRITE_ONCE(t->curr_ret_stack, top);
	barrier();
	frame_set_bounds(stk, start, top, meta);
	rs->ret = ret;
	rs->func = func;
	rs->calltime = fgraph_clock();
	/* Nothing reads subtime (the profiler keeps its own) or fp. */
	WRITE_ONCE(rs->retp, retp);
	barrier();

	{
		/* Filled whole: no zeroing of it on the stack first. */
		struct ftrace_graph_ent trace = {
			.func	= func,
			.depth	= stk[FGRAPH_DEPTHS + idx],
		};

		if (!gops->entryfunc(&trace, gops)) {
			barrier();
			WRITE_ONCE(t->curr_ret_stack, start);
			goto out;
		}
	}
	stk[FGRAPH_DEPTHS + idx]++;
	t->curr_ret_depth++;
	err = 0;
out:
	ftrace_test_recursion_unlock(bit);
	return err;
}

/**
 * function_graph_enter - a traced function is entered, for every user
 * @ret: its return address
 * @func: the function
 * @frame_pointer: unused
 * @retp: where its return address is
 *
 * For an architecture whose callback does not know the user: each user
 * whose filter takes @func pushes its own frame.
 *
 * Return: 0 if *@retp must point at return_to_handler.
 */
int function_graph_enter(unsigned long ret, unsigned long func,
			 unsigned long frame_pointer, unsigned long *retp)
{
	unsigned long orig = *retp;
	struct fgraph_ops *gops;
	int i, pushed = 0;

	for (i = 0; i < FGRAPH_ARRAY_SIZE; i++) {
		gops = READ_ONCE(fgraph_array[i]);
		if (!gops || !ftrace_ops_traces(&gops->ops, func))
			continue;
		/* A second frame returns into the first. */
		if (!fgraph_enter_ops(gops, func, *retp, retp, NULL)) {
			*retp = (unsigned long)return_to_handler;
			pushed++;
		}
	}
	*retp = orig;
	return pushed ? 0 : -EBUSY;
}

/*
 * The top frame is not one: there is no return address to go back to.
 * Graph tracing stops for every other task; this one cannot go on.
 */
static unsigned long fgraph_lost(void)
{
	fgraph_corrupt("return");
	panic("fgraph: no return address for %s/%d\n", current->comm,
	      current->pid);
}

/**
 * ftrace_return_to_handler - a graph-traced function has returned
 * @fregs: its return registers (the return value, the stack pointer)
 *
 * Called by return_to_handler.  Runs the frame's return callback and
 * pops the frame.
 *
 * Return: the address the function really returns to.
 */
unsigned long ftrace_return_to_handler(struct ftrace_regs *fregs)
{
	struct task_struct *t = current;
	unsigned long *stk = t->ret_stack;
	struct ftrace_ret_stack *rs;
	struct fgraph_ops *gops;
	unsigned long meta, ret;
	int start, idx, bit, depth;

	start = stk ? frame_below(stk, READ_ONCE(t->curr_ret_stack)) : -1;
	if (unlikely(start < 0))
		return fgraph_lost();
	rs = frame_rs(stk, start);
	meta = frame_meta(stk, start);
	idx = META_IDX(meta);
	ret = rs->ret;

	/* A frame of the slot's previous user: its depth was zeroed. */
	if (META_GEN(meta) == stk[FGRAPH_GENS + idx] &&
	    stk[FGRAPH_DEPTHS + idx])
		stk[FGRAPH_DEPTHS + idx]--;
	t->curr_ret_depth--;
	depth = stk[FGRAPH_DEPTHS + idx];

	/*
	 * Functions the callback calls are not graph traced: the return
	 * holds the recursion bit of its context, which is the one the
	 * entry took, as ftrace_test_recursion_trylock() would.
	 * Unregistering waits out the preemption-disabled callback.
	 */
	bit = META_RBIT(meta);
	preempt_disable_notrace();
	if (!trace_recursion_test(bit)) {
		struct ftrace_graph_ret trace = {
			.func		= rs->func,
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
			.retval		= fregs ?
					  ftrace_regs_get_return_value(fregs) : 0,
#endif
			.depth		= depth,
			.overrun	= atomic_read(&t->trace_overrun),
			.calltime	= rs->calltime,
			.rettime	= fgraph_clock(),
		};

		trace_recursion_set(bit);
		gops = READ_ONCE(fgraph_array[idx]);
		if (gops && META_GEN(meta) == fgraph_gen[idx] &&
		    !READ_ONCE(fgraph_dead))
			gops->retfunc(&trace, gops);
		trace_recursion_clear(bit);
	}
	preempt_enable_notrace();

	barrier();
	WRITE_ONCE(t->curr_ret_stack, start);
	return ret;
}

/**
 * fgraph_reserve_data - reserve data for the return callback
 * @idx: the user's slot (fgraph_ops.idx)
 * @size_bytes: how much, at most FGRAPH_DATA_WORDS words
 *
 * Only from the user's entry callback, once per call.
 *
 * Return: the area, or NULL.
 */
void *fgraph_reserve_data(int idx, int size_bytes)
{
	struct task_struct *t = current;
	unsigned long *stk = t->ret_stack;
	int start, top, words;
	unsigned long meta;

	words = DIV_ROUND_UP(size_bytes, sizeof(long));
	if (!stk || size_bytes <= 0 || words > FGRAPH_DATA_WORDS)
		return NULL;
	top = READ_ONCE(t->curr_ret_stack);
	start = frame_below(stk, top);
	if (start < 0)
		return NULL;
	meta = frame_meta(stk, start);
	if (META_IDX(meta) != idx || META_WORDS(meta) ||
	    top + words + 1 > FGRAPH_STACK_WORDS)
		return NULL;
	/*
	 * The new tail before the claim and again after it, as for a frame;
	 * frame_below() takes the frame while its meta word does not count
	 * the words yet.
	 */
	WRITE_ONCE(stk[top + words], TAIL_MAGIC | (top + words + 1 - start));
	barrier();
	WRITE_ONCE(t->curr_ret_stack, top + words + 1);
	barrier();
	WRITE_ONCE(stk[top + words], TAIL_MAGIC | (top + words + 1 - start));
	barrier();
	WRITE_ONCE(stk[start + RS_WORDS], meta | (unsigned long)words << 8);
	return &stk[top];
}

/**
 * fgraph_retrieve_data - the data reserved at the entry of this call
 * @idx: the user's slot
 * @size_bytes: set to its size
 *
 * Only from the user's return callback.  Return: the area, or NULL.
 */
void *fgraph_retrieve_data(int idx, int *size_bytes)
{
	return fgraph_retrieve_parent_data(idx, size_bytes, 0);
}

/**
 * fgraph_retrieve_parent_data - the data of an enclosing call
 * @idx: the user's slot
 * @size_bytes: set to its size
 * @depth: 0 for this call, 1 for the user's enclosing call, ...
 *
 * From the user's return callback.  Return: the area, or NULL.
 */
void *fgraph_retrieve_parent_data(int idx, int *size_bytes, int depth)
{
	struct task_struct *t = current;
	unsigned long *stk = t->ret_stack;
	int start = READ_ONCE(t->curr_ret_stack);

	if (!stk)
		return NULL;
	while ((start = frame_below(stk, start)) >= 0) {
		if (META_IDX(frame_meta(stk, start)) != idx)
			continue;
		if (!depth--)
			return frame_data(stk, start, size_bytes);
	}
	return NULL;
}

/**
 * fgraph_get_task_var - a graph user's variable in the current task
 * @gops: the user
 *
 * Only from the user's callbacks: fgraph_enter_ops() has synced the
 * slot before the entry callback, and a return callback runs only for a
 * frame of the slot's present user, pushed after that.
 *
 * Return: the variable (0 until the user sets it in this task), or NULL
 * if the task has no shadow stack.
 */
unsigned long *fgraph_get_task_var(struct fgraph_ops *gops)
{
	unsigned long *stk = current->ret_stack;

	return stk ? &stk[gops->idx] : NULL;
}

/**
 * ftrace_graph_get_ret_stack - a frame of a task's shadow stack
 * @task: the task
 * @skip: how many frames to skip from the newest
 *
 * Return: the frame, or NULL.
 */
struct ftrace_ret_stack *ftrace_graph_get_ret_stack(struct task_struct *task,
						    int skip)
{
	unsigned long *stk = READ_ONCE(task->ret_stack);
	int start;

	if (!stk)
		return NULL;
	start = READ_ONCE(task->curr_ret_stack);
	while ((start = frame_below(stk, start)) >= 0) {
		if (!skip--)
			return frame_rs(stk, start);
	}
	return NULL;
}

/**
 * ftrace_graph_ret_addr - the real return address behind return_to_handler
 * @task: the task whose stack is unwound
 * @idx: the unwinder's state: frames already matched (start at 0)
 * @ret: the return address found on the stack
 * @retp: where it was found
 *
 * Return: the address the function will really return to, or @ret if
 * it is not return_to_handler or no frame is known for @retp.
 */
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp)
{
	unsigned long *stk = READ_ONCE(task->ret_stack);
	unsigned long handler = (unsigned long)return_to_handler;
	struct ftrace_ret_stack *rs;
	int start, n = 0;

	handler = (unsigned long)dereference_kernel_function_descriptor((void *)handler);
	if (ret != handler || !stk)
		return ret;
	start = READ_ONCE(task->curr_ret_stack);
	while ((start = frame_below(stk, start)) >= 0) {
		n++;
		rs = frame_rs(stk, start);
		/* Several users' frames share a slot: the oldest is real. */
		if (READ_ONCE(rs->retp) == retp &&
		    READ_ONCE(rs->ret) != handler) {
			if (idx)
				*idx = n;
			return READ_ONCE(rs->ret);
		}
	}
	return ret;
}

/* --- Sleep time ------------------------------------------------------------ */

/*
 * Without sleep-time, a call's time leaves out the time its task was
 * switched out: when the task runs again its frames' call times move
 * forward by that much.
 */
static void fgraph_switch_probe(void *data, bool preempt,
				struct task_struct *prev,
				struct task_struct *next,
				unsigned int prev_state)
{
	unsigned long *stk;
	u64 now, delta;
	int start;

	/*
	 * A stamp from before sleep-time was set must not move frames
	 * later: every switch in clears it.
	 */
	if (READ_ONCE(fgraph_sleep_time)) {
		next->ftrace_timestamp = 0;
		return;
	}
	now = trace_clock_local();
	prev->ftrace_timestamp = now;
	stk = READ_ONCE(next->ret_stack);
	if (!stk || !next->ftrace_timestamp)
		return;
	delta = now - next->ftrace_timestamp;
	next->ftrace_timestamp = 0;
	start = READ_ONCE(next->curr_ret_stack);
	while ((start = frame_below(stk, start)) >= 0)
		frame_rs(stk, start)->calltime += delta;
}

/* --- Shadow stacks --------------------------------------------------------- */

static unsigned long *stack_alloc(gfp_t gfp)
{
	unsigned long *stk = kmalloc(FGRAPH_STACK_BYTES, gfp);

	if (stk)
		memset(stk, 0, FGRAPH_FRAMES * sizeof(long));
	return stk;
}

/* A task's graph state with an empty stack (or none). */
static void task_state_reset(struct task_struct *t)
{
	t->curr_ret_stack = FGRAPH_FRAMES;
	t->curr_ret_depth = 0;
	t->ftrace_timestamp = 0;
	atomic_set(&t->trace_overrun, 0);
}

/* Give @t an empty shadow stack @stk; it starts using it at once. */
static void stack_install(struct task_struct *t, unsigned long *stk)
{
	task_state_reset(t);
	/* Pairs with fgraph_enter_ops(): the state is seen with the stack. */
	smp_store_release(&t->ret_stack, stk);
}

/* Shadow stacks for every task that has none; the lock is held. */
static int stacks_install_all(void)
{
	unsigned long *batch[32];
	struct task_struct *g, *t;
	int n, used, cpu;
	bool more;

	do {
		for (n = 0; n < ARRAY_SIZE(batch); n++) {
			batch[n] = stack_alloc(GFP_KERNEL);
			if (!batch[n])
				break;
		}
		if (!n)
			return -ENOMEM;
		used = 0;
		more = false;
		read_lock(&tasklist_lock);
		for_each_process_thread(g, t) {
			if (t->ret_stack) {
				/* No stamp of an earlier session counts. */
				t->ftrace_timestamp = 0;
				continue;
			}
			if (used == n) {
				more = true;
				goto unlock;
			}
			stack_install(t, batch[used++]);
		}
unlock:
		read_unlock(&tasklist_lock);
		while (n > used)
			kfree(batch[--n]);
	} while (more);

	for_each_online_cpu(cpu) {
		t = idle_task(cpu);
		if (!t->ret_stack)
			ftrace_graph_init_idle_task(t, cpu);
	}
	return 0;
}

/**
 * ftrace_graph_init_task - a forked task's shadow stack
 * @t: the new task, a copy of its parent
 */
void ftrace_graph_init_task(struct task_struct *t)
{
	unsigned long *stk;

	t->ret_stack = NULL;
	task_state_reset(t);
	atomic_set(&t->tracing_graph_pause, 0);
	if (!READ_ONCE(fgraph_stacks_on))
		return;
	stk = stack_alloc(GFP_KERNEL);
	if (stk)
		stack_install(t, stk);
}

/**
 * ftrace_graph_init_idle_task - an idle task's shadow stack
 * @t: the idle task of @cpu
 * @cpu: the CPU
 *
 * Idle tasks keep a per-CPU stack, never freed.
 */
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
	unsigned long *stk;

	t->ret_stack = NULL;
	task_state_reset(t);
	atomic_set(&t->tracing_graph_pause, 0);
	if (!READ_ONCE(fgraph_stacks_on))
		return;
	stk = per_cpu(idle_stack, cpu);
	if (!stk) {
		stk = stack_alloc(GFP_KERNEL);
		if (!stk)
			return;
		per_cpu(idle_stack, cpu) = stk;
	}
	memset(stk, 0, FGRAPH_FRAMES * sizeof(long));
	stack_install(t, stk);
}

/*
 * A CPU coming back online restarts its idle task from the top, but the
 * frames of the functions it was in when the CPU went down (never to
 * return) would stay on its stack.  Before the CPU runs, give its idle
 * task an empty stack (or a first one, if it was offline when the first
 * user registered).  Nothing else runs that task meanwhile.
 */
static int fgraph_cpu_prepare(unsigned int cpu)
{
	ftrace_graph_init_idle_task(idle_task(cpu), cpu);
	return 0;
}

static int __init fgraph_hotplug_init(void)
{
	int ret;

	ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN,
					"trace/fgraph:prepare",
					fgraph_cpu_prepare, NULL);
	return ret < 0 ? ret : 0;
}
core_initcall(fgraph_hotplug_init);

/**
 * ftrace_graph_exit_task - free a task's shadow stack
 * @t: the task, being freed
 */
void ftrace_graph_exit_task(struct task_struct *t)
{
	unsigned long *stk = t->ret_stack;

	t->ret_stack = NULL;
	/* An idle task's stack stays with its CPU. */
	if (stk && !is_idle_task(t))
		kfree(stk);
}

/* --- Users ------------------------------------------------------------------ */

/**
 * register_ftrace_graph - start calling a graph user
 * @gops: the user: entryfunc, retfunc and its ftrace_ops (filters, flags,
 *	  private); gops->idx is set here
 *
 * Return: 0, -EBUSY if FGRAPH_ARRAY_SIZE users are registered, -ENOMEM,
 * or what registering the ftrace_ops returned.
 */
int register_ftrace_graph(struct fgraph_ops *gops)
{
	static unsigned int next_slot;
	int i, idx = -1, ret;

	if (!gops->entryfunc || !gops->retfunc)
		return -EINVAL;
	mutex_lock(&fgraph_lock);
	ret = -ENODEV;
	if (READ_ONCE(fgraph_dead))
		goto out;
	/* Slots are taken round robin, so that a freed one rests. */
	for (i = 0; i < FGRAPH_ARRAY_SIZE; i++) {
		int s = (next_slot + i) % FGRAPH_ARRAY_SIZE;

		if (fgraph_array[s] == gops) {
			ret = -EBUSY;
			goto out;
		}
		if (idx < 0 && !fgraph_array[s])
			idx = s;
	}
	ret = -EBUSY;
	if (idx < 0)
		goto out;
	next_slot = idx + 1;
	if (!fgraph_users) {
		WRITE_ONCE(fgraph_stacks_on, true);
		/* A fork after this allocates; one before is in the list. */
		smp_mb();
		ret = stacks_install_all();
		if (!ret)
			ret = register_trace_sched_switch(fgraph_switch_probe,
							  NULL);
		if (ret) {
			WRITE_ONCE(fgraph_stacks_on, false);
			goto out;
		}
	}
	gops->idx = idx;
	/* 0 is a fresh stack's: no user has it. */
	if (!++fgraph_gen[idx])
		fgraph_gen[idx] = 1;
	gops->ops.func = ftrace_graph_func;
	WRITE_ONCE(fgraph_array[idx], gops);
	fgraph_users++;
	ret = register_ftrace_function(&gops->ops);
	if (ret) {
		WRITE_ONCE(fgraph_array[idx], NULL);
		if (!--fgraph_users) {
			WRITE_ONCE(fgraph_stacks_on, false);
			unregister_trace_sched_switch(fgraph_switch_probe, NULL);
		}
	}
out:
	mutex_unlock(&fgraph_lock);
	return ret;
}

/**
 * unregister_ftrace_graph - stop calling a graph user
 * @gops: the user
 *
 * When this returns no callback of @gops runs, and none will: frames it
 * left on stacks return without it.
 */
void unregister_ftrace_graph(struct fgraph_ops *gops)
{
	int idx;

	mutex_lock(&fgraph_lock);
	idx = gops->idx;
	if (idx < 0 || idx >= FGRAPH_ARRAY_SIZE || fgraph_array[idx] != gops)
		goto out;
	unregister_ftrace_function(&gops->ops);
	WRITE_ONCE(fgraph_array[idx], NULL);
	/*
	 * Callbacks run with preemption disabled, some where RCU is not
	 * watching (the idle loop's traced functions): wait for every CPU
	 * to schedule.
	 */
	synchronize_rcu_tasks_rude();
	if (!--fgraph_users) {
		/* Tasks keep their stacks; new ones need none. */
		WRITE_ONCE(fgraph_stacks_on, false);
		unregister_trace_sched_switch(fgraph_switch_probe, NULL);
		tracepoint_synchronize_unregister();
	}
out:
	mutex_unlock(&fgraph_lock);
}

static void fgraph_kill_work_fn(struct work_struct *work)
{
	static_branch_enable(&kill_ftrace_graph);
}
static DECLARE_WORK(fgraph_kill_work, fgraph_kill_work_fn);

/* From any context (NMI too): an irq_work, which queues the work. */
static void fgraph_kill_irq_work_fn(struct irq_work *work)
{
	schedule_work(&fgraph_kill_work);
}
static DEFINE_IRQ_WORK(fgraph_kill_irq_work, fgraph_kill_irq_work_fn);

/**
 * ftrace_graph_stop - stop graph tracing for good
 *
 * For when a shadow stack is found corrupted; safe in any context.
 * Frames already pushed still return through their stack.
 */
void ftrace_graph_stop(void)
{
	if (xchg(&fgraph_dead, true))
		return;
	irq_work_queue(&fgraph_kill_irq_work);
}

/**
 * ftrace_graph_entry_stub - an entry callback that refuses every call
 * @trace: the call
 * @gops: the user
 *
 * Return: 0.
 */
int ftrace_graph_entry_stub(struct ftrace_graph_ent *trace,
			    struct fgraph_ops *gops)
{
	return 0;
}
