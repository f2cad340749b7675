// SPDX-License-Identifier: GPL-2.0
/*
 * The wakeup, wakeup_rt and wakeup_dl tracers: the longest time a task
 * waited between its wakeup and the moment it was switched in, kept with
 * its trace in the max buffer (trace_snapshot.c).
 *
 * They follow one task at a time, the most urgent woken so far: wakeup
 * any task, wakeup_rt real-time (and deadline) tasks, wakeup_dl deadline
 * tasks.  A wakeup of a task more urgent than the one followed (or the
 * first one, when none is) makes it the followed task: the time and the
 * CPU it will run on are noted, and a wakeup entry is written.  With
 * function-trace, the functions that CPU runs meanwhile are recorded
 * (with display-graph as a call graph).
 * When the scheduler switches it in, a context_switch entry is written
 * and the time since the wakeup is its latency: one longer than
 * tracing_max_latency (or, with tracing_thresh set, any at least that
 * long) swaps the whole buffer into the max buffer, which trace then
 * shows from the wakeup on.  Then no task is followed until the next
 * wakeup.
 *
 * One instance at a time may run one of these tracers.
 */
#define pr_fmt(fmt) "wakeup: " fmt

#include <linux/ftrace.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/deadline.h>
#include <linux/sched/rt.h>
#include <linux/sched/task.h>
#include <linux/trace_recursion.h>
#include <trace/events/sched.h>

#include "trace.h"
#include "trace_entries.h"
#include "ftrace_internal.h"

/* Which tasks a tracer follows. */
enum wk_class {
	WK_ANY,		/* wakeup: every task */
	WK_RT,		/* wakeup_rt: real-time and deadline tasks */
	WK_DL,		/* wakeup_dl: deadline tasks */
};

/*
 * The followed task and its wakeup, under wk_lock (taken with interrupts
 * off, by the scheduler probes only).  wk_task and wk_cpu are also read
 * without it: by the switch probe's first check, and by the function
 * callback, which only needs to know whether its CPU is the one to watch.
 */
static arch_spinlock_t wk_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static struct task_struct *wk_task;
static int wk_prio;
static int wk_cpu = -1;
static u64 wk_ts;

/* The instance a wakeup tracer runs in (tracer_mutex); NULL if none. */
static struct trace_array *wk_tr;
/* The class it follows. */
static enum wk_class wk_class;
/* What records the functions run on the followed task's CPU. */
enum wk_hook {
	WK_HOOK_NONE,
	WK_HOOK_FUNC,		/* wk_ops: function entries */
	WK_HOOK_GRAPH,		/* wk_gops: a graph (display-graph) */
};
static enum wk_hook wk_hooked;
/* latency-format as it was before the tracer set it. */
static bool wk_saved_fmt;

/* A probe of this CPU is running (its entries may not call it again). */
static DEFINE_PER_CPU(int, wk_busy);

/*
 * Whether the tracer's class takes @p at all.  A task that is not more
 * urgent than the waker is no scheduling latency (it is not meant to
 * preempt anything), unless it is a deadline task.
 */
static bool wk_wants(struct task_struct *p)
{
	if (!dl_task(p) && p->prio >= current->prio)
		return false;
	switch (wk_class) {
	case WK_RT:
		return rt_or_dl_task(p);
	case WK_DL:
		return dl_task(p);
	default:
		return true;
	}
}

/* Whether @p is on a CPU, running or being switched out. */
static bool task_on_cpu_now(struct task_struct *p)
{
#ifdef CONFIG_SMP
	return READ_ONCE(p->on_cpu);
#else
	return false;
#endif
}

/* Write a context_switch or wakeup entry: @prev then @next. */
static void wk_record(struct trace_array *tr, int type,
		      struct task_struct *prev, struct task_struct *next,
		      unsigned int ctx)
{
	struct ring_buffer_event *ev;
	struct ctx_switch_entry *e;
	struct trace_buffer *buf;

	ev = trace_reserve(tr, &buf, type, sizeof(*e), ctx);
	if (!ev)
		return;
	e = trace_event_payload(ev);
	e->prev_pid = prev->pid;
	e->prev_prio = prev->prio;
	e->prev_state = task_state_index(prev);
	e->next_pid = next->pid;
	e->next_prio = next->prio;
	e->next_state = task_state_index(next);
	e->next_cpu = task_cpu(next);
	trace_commit(tr, buf, ev);
}

/* The function a probe was called from, as a function entry. */
static void wk_record_caller(struct trace_array *tr, unsigned long ip,
			     unsigned int ctx)
{
	trace_lat_record_call(tr, ip, 0, ctx);
}

/* Follow nothing any more; wk_lock held. */
static void wk_drop_locked(void)
{
	struct task_struct *p = wk_task;

	WRITE_ONCE(wk_task, NULL);
	WRITE_ONCE(wk_cpu, -1);
	WRITE_ONCE(wk_prio, MAX_PRIO);
	/* Not the last reference of a task that is running or runnable. */
	if (p)
		put_task_struct(p);
}

/* Take the lock and this CPU's probe slot, or return false. */
static bool wk_enter(unsigned long *flags)
{
	local_irq_save(*flags);
	if (__this_cpu_inc_return(wk_busy) != 1) {
		__this_cpu_dec(wk_busy);
		local_irq_restore(*flags);
		return false;
	}
	arch_spin_lock(&wk_lock);
	return true;
}

static void wk_leave(unsigned long flags)
{
	arch_spin_unlock(&wk_lock);
	__this_cpu_dec(wk_busy);
	local_irq_restore(flags);
}

/* A task was woken: follow it if it is more urgent than the one followed. */
static void wk_probe_wakeup(void *data, struct task_struct *p)
{
	struct trace_array *tr = READ_ONCE(wk_tr);
	struct trace_buffer *buffer;
	unsigned long flags;
	unsigned int ctx;

	if (!tr || !tracing_is_recording(tr) || !wk_wants(p))
		return;
	/* Woken while it runs (before it slept): it waits for nothing. */
	if (p == current || task_on_cpu_now(p))
		return;
	/* Unlocked first look: most wakeups are of no interest. */
	if (READ_ONCE(wk_task) && p->prio >= READ_ONCE(wk_prio))
		return;
	if (!wk_enter(&flags))
		return;
	buffer = READ_ONCE(tr->buffer);
	if (!buffer || (wk_task && p->prio >= wk_prio) || p == wk_task)
		goto out;
	wk_drop_locked();
	get_task_struct(p);
	WRITE_ONCE(wk_prio, p->prio);
	/* The time first: no entry of this wakeup may be older. */
	wk_ts = ring_buffer_time_stamp(buffer);
	WRITE_ONCE(wk_cpu, task_cpu(p));
	WRITE_ONCE(wk_task, p);
	/* The woken task's name, for the comm column of its entries. */
	trace_save_cmdline(p);
	ctx = tracing_gen_ctx_flags(flags);
	wk_record(tr, TRACE_ENTRY_WAKE, current, p, ctx);
	wk_record_caller(tr, CALLER_ADDR0, ctx);
	/* The waker's stack, from the code that woke the task out. */
	trace_record_stack(tr, ctx, 1);
out:
	wk_leave(flags);
}

static void wk_probe_wakeup_new(void *data, struct task_struct *p)
{
	wk_probe_wakeup(data, p);
}

/* Whether a latency of @delta ns is kept. */
static bool wk_counts(struct trace_array *tr, u64 delta)
{
	unsigned long thresh = READ_ONCE(tracing_thresh);

	if (thresh)
		return delta >= thresh;
	return delta > READ_ONCE(tr->max.latency);
}

/* The followed task is switched in: its latency is measured. */
static void wk_probe_switch(void *data, bool preempt, struct task_struct *prev,
			    struct task_struct *next, unsigned int prev_state)
{
	struct trace_array *tr = READ_ONCE(wk_tr);
	struct trace_buffer *buffer;
	struct trace_max_data d;
	unsigned long flags;
	unsigned int ctx;
	u64 now;
	s64 delta;

	if (!tr)
		return;
	/*
	 * The followed task leaving a CPU was on one since its wakeup (it
	 * was woken while it ran): it waited for nothing, forget it.
	 */
	if (READ_ONCE(wk_task) == prev) {
		if (wk_enter(&flags)) {
			if (wk_task == prev)
				wk_drop_locked();
			wk_leave(flags);
		}
	}
	if (READ_ONCE(wk_task) != next)
		return;
	if (!wk_enter(&flags))
		return;
	buffer = READ_ONCE(tr->buffer);
	if (wk_task != next)
		goto out;
	if (!buffer || !tracing_is_recording(tr))
		goto drop;
	now = ring_buffer_time_stamp(buffer);
	/* Another CPU's clock took the wakeup's time: it may be ahead. */
	delta = max_t(s64, now - wk_ts, 0);
	if (!wk_counts(tr, delta))
		goto drop;
	trace_save_cmdline(next);
	ctx = tracing_gen_ctx_flags(flags);
	wk_record_caller(tr, CALLER_ADDR0, ctx);
	wk_record(tr, TRACE_ENTRY_CTX, prev, next, ctx);
	trace_record_stack(tr, ctx, 1);
	d = (struct trace_max_data) {
		.latency	= delta,
		.cpu		= smp_processor_id(),
		.ts		= wk_ts,
	};
	trace_max_data_task(&d, next);
	/* Kept if it still beats the max (tracing_max_latency may change). */
	trace_max_swap(tr, &d);
drop:
	wk_drop_locked();
out:
	wk_leave(flags);
}

/* The followed task moves before it runs: watch its new CPU. */
static void wk_probe_migrate(void *data, struct task_struct *p, int cpu)
{
	unsigned long flags;

	if (READ_ONCE(wk_task) != p || !wk_enter(&flags))
		return;
	if (wk_task == p)
		WRITE_ONCE(wk_cpu, cpu);
	wk_leave(flags);
}

/* --- function-trace: the functions run on the woken task's CPU ---------- */

#ifdef CONFIG_FUNCTION_TRACER

static void wk_func_call(unsigned long ip, unsigned long parent_ip,
			 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	int bit;

	if (READ_ONCE(wk_cpu) < 0)
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	/* The lock disabled preemption: the CPU stays.  Not our probes. */
	if (READ_ONCE(wk_cpu) == smp_processor_id() &&
	    !this_cpu_read(wk_busy))
		trace_function_record(tr, ip, parent_ip, tracing_gen_ctx_dec());
	ftrace_test_recursion_unlock(bit);
}

/*
 * It borrows the hashes of the instance it runs in (func_hash), which go
 * with the instance: no FTRACE_OPS_FL_TRACE_ARRAY, which would keep it
 * where module unloads clean hashes after it is unregistered.
 */
static struct ftrace_ops wk_ops = {
	.func	= wk_func_call,
};

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* Whether this CPU's calls are recorded: the followed task's, not ours. */
static bool wk_graph_cpu(void)
{
	return READ_ONCE(wk_cpu) == smp_processor_id() &&
	       !this_cpu_read(wk_busy);
}

/*
 * display-graph: the calls on the followed task's CPU and their returns
 * there.  The graph core holds the recursion bit and preemption off.
 */
static int wk_graph_entry(struct ftrace_graph_ent *trace,
			  struct fgraph_ops *gops)
{
	if (!wk_graph_cpu())
		return 0;
	return trace_graph_record_entry(gops->ops.private, trace,
					tracing_gen_ctx_dec());
}

static void wk_graph_return(struct ftrace_graph_ret *trace,
			    struct fgraph_ops *gops)
{
	if (wk_graph_cpu())
		trace_graph_record_return(gops->ops.private, trace,
					  tracing_gen_ctx_dec());
}

static struct fgraph_ops wk_gops = {
	.entryfunc	= wk_graph_entry,
	.retfunc	= wk_graph_return,
	.idx		= -1,
};

static int wk_graph_register(struct trace_array *tr)
{
	wk_gops.ops.func_hash = tr->func_ops->func_hash;
	wk_gops.ops.private = tr;
	return register_ftrace_graph(&wk_gops);
}
#else
static int wk_graph_register(struct trace_array *tr)
{
	return -ENODEV;
}
#endif

/* Stop recording the functions run on the followed task's CPU. */
static void wk_unhook(void)
{
	if (wk_hooked == WK_HOOK_FUNC)
		unregister_ftrace_function(&wk_ops);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	else if (wk_hooked == WK_HOOK_GRAPH)
		unregister_ftrace_graph(&wk_gops);
#endif
	wk_hooked = WK_HOOK_NONE;
}

/*
 * Record those functions as @how says (none, function entries or a
 * graph), with set_ftrace_filter and _notrace of the instance.
 */
static int wk_hook(struct trace_array *tr, enum wk_hook how)
{
	int ret;

	if (how == wk_hooked)
		return 0;
	wk_unhook();
	if (how == WK_HOOK_NONE)
		return 0;
	if (!tr->func_ops)
		return -ENOMEM;
	mutex_lock(&ftrace_lock);
	ftrace_ops_hash(tr->func_ops, false);
	mutex_unlock(&ftrace_lock);
	if (how == WK_HOOK_GRAPH) {
		ret = wk_graph_register(tr);
	} else {
		wk_ops.func_hash = tr->func_ops->func_hash;
		wk_ops.private = tr;
		ret = register_ftrace_function(&wk_ops);
	}
	if (!ret)
		wk_hooked = how;
	return ret;
}
#else
static void wk_unhook(void)
{
}

static int wk_hook(struct trace_array *tr, enum wk_hook how)
{
	return 0;
}
#endif

/* The hook that function-trace (@funcs) and display-graph (@graph) ask for. */
static enum wk_hook wk_hook_for(bool funcs, bool graph)
{
	if (!funcs)
		return WK_HOOK_NONE;
	return graph ? WK_HOOK_GRAPH : WK_HOOK_FUNC;
}

/* --- The tracers ------------------------------------------------------------ */

static void wk_probes_off(void)
{
	unregister_trace_sched_migrate_task(wk_probe_migrate, NULL);
	unregister_trace_sched_switch(wk_probe_switch, NULL);
	unregister_trace_sched_wakeup_new(wk_probe_wakeup_new, NULL);
	unregister_trace_sched_wakeup(wk_probe_wakeup, NULL);
}

static int wk_probes_on(void)
{
	int ret;

	ret = register_trace_sched_wakeup(wk_probe_wakeup, NULL);
	if (ret)
		return ret;
	ret = register_trace_sched_wakeup_new(wk_probe_wakeup_new, NULL);
	if (ret)
		goto fail_new;
	ret = register_trace_sched_switch(wk_probe_switch, NULL);
	if (ret)
		goto fail_switch;
	ret = register_trace_sched_migrate_task(wk_probe_migrate, NULL);
	if (!ret)
		return 0;
	unregister_trace_sched_switch(wk_probe_switch, NULL);
fail_switch:
	unregister_trace_sched_wakeup_new(wk_probe_wakeup_new, NULL);
fail_new:
	unregister_trace_sched_wakeup(wk_probe_wakeup, NULL);
	return ret;
}

/* Forget the followed task; no probe runs any more. */
static void wk_forget(void)
{
	unsigned long flags;

	local_irq_save(flags);
	arch_spin_lock(&wk_lock);
	wk_drop_locked();
	arch_spin_unlock(&wk_lock);
	local_irq_restore(flags);
}

static int wk_init(struct trace_array *tr, enum wk_class class)
{
	int ret;

	if (wk_tr)
		return -EBUSY;
	wk_class = class;
	wk_forget();
	wk_saved_fmt = trace_option_force(tr, TRACE_OPT_LATENCY_FMT, true);
	ret = wk_hook(tr, wk_hook_for(trace_opt(tr, TRACE_OPT_FUNCTION_TRACE),
				      trace_opt(tr, TRACE_OPT_DISPLAY_GRAPH)));
	if (ret)
		goto fail;
	/* The probes find the instance from now on. */
	WRITE_ONCE(wk_tr, tr);
	ret = wk_probes_on();
	if (ret)
		goto fail;
	return 0;
fail:
	WRITE_ONCE(wk_tr, NULL);
	wk_unhook();
	tracepoint_synchronize_unregister();
	wk_forget();
	trace_option_force(tr, TRACE_OPT_LATENCY_FMT, wk_saved_fmt);
	return ret;
}

static void wk_reset(struct trace_array *tr)
{
	WRITE_ONCE(wk_tr, NULL);
	wk_probes_off();
	wk_unhook();
	/* Probes and callbacks under way are done before the task goes. */
	tracepoint_synchronize_unregister();
	wk_forget();
	trace_option_force(tr, TRACE_OPT_LATENCY_FMT, wk_saved_fmt);
}

/*
 * function-trace switches the recording of functions, display-graph
 * their form; a new form starts with a new worst case.
 */
static int wk_flag_changed(struct trace_array *tr, int opt, bool on)
{
	bool funcs = trace_opt(tr, TRACE_OPT_FUNCTION_TRACE);
	bool graph = trace_opt(tr, TRACE_OPT_DISPLAY_GRAPH);
	int ret;

	if (opt == TRACE_OPT_FUNCTION_TRACE)
		funcs = on;
	else if (opt == TRACE_OPT_DISPLAY_GRAPH)
		graph = on;
	else
		return 0;
	ret = wk_hook(tr, wk_hook_for(funcs, graph));
	if (ret) {
		/* As the options still say, if it can be. */
		wk_hook(tr, wk_hook_for(trace_opt(tr, TRACE_OPT_FUNCTION_TRACE),
					trace_opt(tr, TRACE_OPT_DISPLAY_GRAPH)));
		return ret;
	}
	if (opt == TRACE_OPT_DISPLAY_GRAPH)
		trace_max_latency_set(tr, 0);
	return 0;
}

static int wakeup_init(struct trace_array *tr)
{
	return wk_init(tr, WK_ANY);
}

static int wakeup_rt_init(struct trace_array *tr)
{
	return wk_init(tr, WK_RT);
}

static int wakeup_dl_init(struct trace_array *tr)
{
	return wk_init(tr, WK_DL);
}

static struct tracer wakeup_tracer = {
	.name		= "wakeup",
	.init		= wakeup_init,
	.reset		= wk_reset,
	.flag_changed	= wk_flag_changed,
	.open		= trace_lat_open,
	.close		= trace_lat_close,
	.print_line	= trace_lat_print_line,
	.print_header	= trace_lat_print_header,
	.use_max_tr	= true,
	.print_max	= true,
};

static struct tracer wakeup_rt_tracer = {
	.name		= "wakeup_rt",
	.init		= wakeup_rt_init,
	.reset		= wk_reset,
	.flag_changed	= wk_flag_changed,
	.open		= trace_lat_open,
	.close		= trace_lat_close,
	.print_line	= trace_lat_print_line,
	.print_header	= trace_lat_print_header,
	.use_max_tr	= true,
	.print_max	= true,
};

static struct tracer wakeup_dl_tracer = {
	.name		= "wakeup_dl",
	.init		= wakeup_dl_init,
	.reset		= wk_reset,
	.flag_changed	= wk_flag_changed,
	.open		= trace_lat_open,
	.close		= trace_lat_close,
	.print_line	= trace_lat_print_line,
	.print_header	= trace_lat_print_header,
	.use_max_tr	= true,
	.print_max	= true,
};

static __init int wk_tracers_register(void)
{
	register_tracer(&wakeup_tracer);
	register_tracer(&wakeup_rt_tracer);
	register_tracer(&wakeup_dl_tracer);
	return 0;
}
core_initcall(wk_tracers_register);
