// SPDX-License-Identifier: GPL-2.0
/*
 * The irqsoff, preemptoff and preemptirqsoff tracers: the longest stretch
 * a CPU ran with interrupts off, with preemption off, or with either,
 * kept with its trace in the max buffer (trace_snapshot.c).
 *
 * They are probes on the preemptirq events (trace_preemptirq.c), which
 * report each CPU's transitions: a section starts when the CPU enters the
 * state the tracer watches and ends when it leaves it.  Each section's
 * entries go into the CPU's buffer as it runs: its first and last call
 * sites, with function-trace the functions it ran (with display-graph
 * as a call graph, entries and exits), and a stack trace at its end.  A
 * section longer than tracing_max_latency (or, with tracing_thresh set,
 * any at least that long) is swapped, that CPU's buffer only, into the
 * max buffer, which trace then shows, from the section's start (what an
 * earlier section left there is older).
 *
 * Idle is no section: stop_critical_timings() and start_critical_timings()
 * frame it.  One instance at a time may run one of these tracers.
 */
#define pr_fmt(fmt) "irqsoff: " fmt

#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/trace_recursion.h>
#include <trace/events/preemptirq.h>

#include "trace.h"
#include "ftrace_internal.h"

/* What a tracer watches: interrupts off, preemption off, or both. */
#define LAT_IRQS	BIT(0)
#define LAT_PREEMPT	BIT(1)

/**
 * struct lat_cpu - a CPU's state as the events told it
 * @start_ts:	the buffer clock when the section started
 * @start_ip:	where it started
 * @irqs_off:	interrupts are off
 * @preempt_off: preemption is off
 * @in_section:	a section is being timed
 * @paused:	idle: no section until start_critical_timings()
 * @busy:	the probes are running on this CPU (recording a section may
 *		take a lock and report a change of its own)
 */
struct lat_cpu {
	u64		start_ts;
	unsigned long	start_ip;
	bool		irqs_off;
	bool		preempt_off;
	bool		in_section;
	bool		paused;
	int		busy;
};
static DEFINE_PER_CPU(struct lat_cpu, lat_cpu);

/* The instance a latency tracer runs in (tracer_mutex); NULL if none. */
static struct trace_array *lat_tr;
/* What it watches. */
static unsigned int lat_mode;
/* What records the functions run in sections (function-trace). */
enum lat_hook {
	LAT_HOOK_NONE,
	LAT_HOOK_FUNC,		/* lat_ops: function entries */
	LAT_HOOK_GRAPH,		/* lat_gops: a graph (display-graph) */
};
static enum lat_hook lat_hooked;
/* latency-format as it was before the tracer set it. */
static bool lat_saved_fmt;

static bool lat_watched(struct lat_cpu *c)
{
	return ((lat_mode & LAT_IRQS) && c->irqs_off) ||
	       ((lat_mode & LAT_PREEMPT) && c->preempt_off);
}

static void section_start(struct trace_array *tr, struct lat_cpu *c,
			  unsigned long ip, unsigned long parent)
{
	struct trace_buffer *buffer = READ_ONCE(tr->buffer);

	if (!buffer)
		return;
	/* First the time: the start entry must not be older. */
	c->start_ts = ring_buffer_time_stamp(buffer);
	c->start_ip = ip;
	/* Seen by the function callback of this CPU only. */
	WRITE_ONCE(c->in_section, true);
	trace_lat_record_call(tr, ip, parent, tracing_gen_ctx());
}

/* Whether a section of @delta ns is kept. */
static bool section_counts(struct trace_array *tr, u64 delta)
{
	unsigned long thresh = READ_ONCE(tracing_thresh);

	if (thresh)
		return delta >= thresh;
	return delta > READ_ONCE(tr->max.latency);
}

static void section_end(struct trace_array *tr, struct lat_cpu *c,
			unsigned long ip, unsigned long parent)
{
	struct trace_buffer *buffer = READ_ONCE(tr->buffer);
	struct task_struct *p = current;
	struct trace_max_data d;
	unsigned int ctx;
	u64 delta;

	WRITE_ONCE(c->in_section, false);
	if (!buffer || !tracing_is_recording(tr))
		return;
	delta = ring_buffer_time_stamp(buffer) - c->start_ts;
	if (!section_counts(tr, delta))
		return;
	ctx = tracing_gen_ctx();
	trace_lat_record_call(tr, ip, parent, ctx);
	/* From the code that ended the section out: ours left out. */
	trace_record_stack(tr, ctx, 4);
	d = (struct trace_max_data) {
		.latency	= delta,
		.cpu		= smp_processor_id(),
		.start		= c->start_ip,
		.end		= ip,
		.ts		= c->start_ts,
	};
	trace_max_data_task(&d, p);
	/* Kept if it still beats the max (another CPU may have won). */
	trace_max_swap_cpu(tr, &d);
}

/*
 * One of the watched states changed on this CPU: @what went @off at @ip.
 * A section starts or ends if the CPU enters or leaves the tracer's
 * state.  Interrupts go off meanwhile (the preemption events come with
 * them on), so that an interrupt cannot interleave its own change.
 */
static void lat_change(unsigned int what, bool off, unsigned long ip,
		       unsigned long parent)
{
	struct trace_array *tr = READ_ONCE(lat_tr);
	unsigned long flags;
	struct lat_cpu *c;
	bool was;

	if (!tr)
		return;
	raw_local_irq_save(flags);
	c = this_cpu_ptr(&lat_cpu);
	if (c->busy)
		goto out;
	c->busy++;
	was = c->in_section;
	if (what == LAT_IRQS)
		c->irqs_off = off;
	else
		c->preempt_off = off;
	if (!c->paused) {
		if (!was && lat_watched(c))
			section_start(tr, c, ip, parent);
		else if (was && !lat_watched(c))
			section_end(tr, c, ip, parent);
	}
	c->busy--;
out:
	raw_local_irq_restore(flags);
}

static void probe_irqs_off(void *data, unsigned long ip, unsigned long parent)
{
	lat_change(LAT_IRQS, true, ip, parent);
}

static void probe_irqs_on(void *data, unsigned long ip, unsigned long parent)
{
	lat_change(LAT_IRQS, false, ip, parent);
}

static void probe_preempt_off(void *data, unsigned long ip,
			      unsigned long parent)
{
	lat_change(LAT_PREEMPT, true, ip, parent);
}

static void probe_preempt_on(void *data, unsigned long ip,
			     unsigned long parent)
{
	lat_change(LAT_PREEMPT, false, ip, parent);
}

/**
 * stop_critical_timings - the CPU is about to idle
 *
 * A section under way ends here (and counts, if long enough); none
 * starts until start_critical_timings().  Interrupts are off.
 */
void stop_critical_timings(void)
{
	struct trace_array *tr = READ_ONCE(lat_tr);
	unsigned long flags;
	struct lat_cpu *c;

	if (!tr)
		return;
	raw_local_irq_save(flags);
	c = this_cpu_ptr(&lat_cpu);
	if (!c->busy) {
		c->busy++;
		if (c->in_section)
			section_end(tr, c, CALLER_ADDR0, CALLER_ADDR1);
		c->paused = true;
		c->busy--;
	}
	raw_local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(stop_critical_timings);
NOKPROBE_SYMBOL(stop_critical_timings);

/**
 * start_critical_timings - the CPU is back from idle
 *
 * The events did not follow what idle did to the interrupt flag: the
 * state is read afresh, and a section starts if the CPU is in it.
 */
void start_critical_timings(void)
{
	struct trace_array *tr = READ_ONCE(lat_tr);
	unsigned long flags;
	struct lat_cpu *c;

	if (!tr)
		return;
	raw_local_irq_save(flags);
	c = this_cpu_ptr(&lat_cpu);
	if (!c->busy) {
		c->busy++;
		c->paused = false;
		c->irqs_off = raw_irqs_disabled_flags(flags);
		c->preempt_off = preempt_count() != 0;
		if (lat_watched(c))
			section_start(tr, c, CALLER_ADDR0, CALLER_ADDR1);
		c->busy--;
	}
	raw_local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(start_critical_timings);
NOKPROBE_SYMBOL(start_critical_timings);

/* --- function-trace: the functions run inside a section ------------------ */

static void lat_func_call(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	int bit;

	if (!this_cpu_read(lat_cpu.in_section))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	trace_function_record(tr, ip, parent_ip, tracing_gen_ctx_dec());
	ftrace_test_recursion_unlock(bit);
}

/*
 * It borrows the hashes of the instance it runs in (func_hash), which go
 * with the instance: no FTRACE_OPS_FL_TRACE_ARRAY, which would keep it
 * where module unloads clean hashes after it is unregistered.
 */
static struct ftrace_ops lat_ops = {
	.func	= lat_func_call,
};

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * display-graph: calls made in a section, and the returns of those while
 * it lasts.  The graph core holds the recursion bit around both.
 */
static int lat_graph_entry(struct ftrace_graph_ent *trace,
			   struct fgraph_ops *gops)
{
	if (!this_cpu_read(lat_cpu.in_section))
		return 0;
	return trace_graph_record_entry(gops->ops.private, trace,
					tracing_gen_ctx_dec());
}

static void lat_graph_return(struct ftrace_graph_ret *trace,
			     struct fgraph_ops *gops)
{
	/* After the section the call stays open in its trace. */
	if (this_cpu_read(lat_cpu.in_section))
		trace_graph_record_return(gops->ops.private, trace,
					  tracing_gen_ctx_dec());
}

static struct fgraph_ops lat_gops = {
	.entryfunc	= lat_graph_entry,
	.retfunc	= lat_graph_return,
	.idx		= -1,
};

static int lat_graph_register(struct trace_array *tr)
{
	lat_gops.ops.func_hash = tr->func_ops->func_hash;
	lat_gops.ops.private = tr;
	return register_ftrace_graph(&lat_gops);
}
#else
static int lat_graph_register(struct trace_array *tr)
{
	return -ENODEV;
}
#endif

/* Stop recording the functions of sections. */
static void lat_unhook(void)
{
	if (lat_hooked == LAT_HOOK_FUNC)
		unregister_ftrace_function(&lat_ops);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	else if (lat_hooked == LAT_HOOK_GRAPH)
		unregister_ftrace_graph(&lat_gops);
#endif
	lat_hooked = LAT_HOOK_NONE;
}

/*
 * Record the functions of sections as @how says (none, function entries
 * or a graph), with set_ftrace_filter and _notrace of the instance.
 */
static int lat_hook(struct trace_array *tr, enum lat_hook how)
{
	int ret;

	if (how == lat_hooked)
		return 0;
	lat_unhook();
	if (how == LAT_HOOK_NONE)
		return 0;
	mutex_lock(&ftrace_lock);
	ftrace_ops_hash(tr->func_ops, false);
	mutex_unlock(&ftrace_lock);
	if (how == LAT_HOOK_GRAPH) {
		ret = lat_graph_register(tr);
	} else {
		lat_ops.func_hash = tr->func_ops->func_hash;
		lat_ops.private = tr;
		ret = register_ftrace_function(&lat_ops);
	}
	if (!ret)
		lat_hooked = how;
	return ret;
}

/* The hook that function-trace (@funcs) and display-graph (@graph) ask for. */
static enum lat_hook lat_hook_for(bool funcs, bool graph)
{
	if (!funcs)
		return LAT_HOOK_NONE;
	return graph ? LAT_HOOK_GRAPH : LAT_HOOK_FUNC;
}

/* --- The tracers ------------------------------------------------------------ */

static int lat_probes(bool on)
{
	int ret = 0;

	if (!on) {
		if (lat_mode & LAT_IRQS) {
			unregister_trace_irq_disable(probe_irqs_off, NULL);
			unregister_trace_irq_enable(probe_irqs_on, NULL);
		}
		if (lat_mode & LAT_PREEMPT) {
			unregister_trace_preempt_disable(probe_preempt_off, NULL);
			unregister_trace_preempt_enable(probe_preempt_on, NULL);
		}
		return 0;
	}
	if (lat_mode & LAT_IRQS) {
		ret = register_trace_irq_disable(probe_irqs_off, NULL);
		if (!ret)
			ret = register_trace_irq_enable(probe_irqs_on, NULL);
	}
	if (!ret && (lat_mode & LAT_PREEMPT)) {
		ret = register_trace_preempt_disable(probe_preempt_off, NULL);
		if (!ret)
			ret = register_trace_preempt_enable(probe_preempt_on,
							    NULL);
	}
	if (ret)
		lat_probes(false);
	return ret;
}

static int lat_init(struct trace_array *tr, unsigned int mode)
{
	int cpu, ret;

	if (lat_tr)
		return -EBUSY;
	if (!tr->func_ops)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(&lat_cpu, cpu), 0, sizeof(struct lat_cpu));
	lat_mode = mode;
	lat_saved_fmt = trace_option_force(tr, TRACE_OPT_LATENCY_FMT, true);
	ret = lat_hook(tr, lat_hook_for(trace_opt(tr, TRACE_OPT_FUNCTION_TRACE),
					trace_opt(tr, TRACE_OPT_DISPLAY_GRAPH)));
	if (ret)
		goto fail;
	ret = lat_probes(true);
	if (ret)
		goto fail;
	/* The probes find the instance from now on. */
	WRITE_ONCE(lat_tr, tr);
	return 0;
fail:
	lat_unhook();
	trace_option_force(tr, TRACE_OPT_LATENCY_FMT, lat_saved_fmt);
	return ret;
}

static void lat_reset(struct trace_array *tr)
{
	WRITE_ONCE(lat_tr, NULL);
	lat_probes(false);
	lat_unhook();
	/* Probes and callbacks under way are done before the state goes. */
	tracepoint_synchronize_unregister();
	trace_option_force(tr, TRACE_OPT_LATENCY_FMT, lat_saved_fmt);
}

/*
 * function-trace switches the recording of functions in sections,
 * display-graph their form; a new form starts with a new worst case.
 */
static int lat_flag_changed(struct trace_array *tr, int opt, bool on)
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
	ret = lat_hook(tr, lat_hook_for(funcs, graph));
	if (ret) {
		/* As the options still say, if it can be. */
		lat_hook(tr, lat_hook_for(trace_opt(tr, TRACE_OPT_FUNCTION_TRACE),
					  trace_opt(tr, TRACE_OPT_DISPLAY_GRAPH)));
		return ret;
	}
	if (opt == TRACE_OPT_DISPLAY_GRAPH)
		trace_max_latency_set(tr, 0);
	return 0;
}

static int __maybe_unused irqs_init(struct trace_array *tr)
{
	return lat_init(tr, LAT_IRQS);
}

static int __maybe_unused preempt_init(struct trace_array *tr)
{
	return lat_init(tr, LAT_PREEMPT);
}

static int __maybe_unused both_init(struct trace_array *tr)
{
	return lat_init(tr, LAT_IRQS | LAT_PREEMPT);
}

/* The three differ only in what they watch. */
#define LAT_TRACER(_name, _init) {		\
	.name		= _name,		\
	.init		= _init,		\
	.reset		= lat_reset,		\
	.flag_changed	= lat_flag_changed,	\
	.open		= trace_lat_open,	\
	.close		= trace_lat_close,	\
	.print_line	= trace_lat_print_line,	\
	.print_header	= trace_lat_print_header, \
	.use_max_tr	= true,			\
	.print_max	= true,			\
}

/* Those this kernel has: irqsoff, preemptoff, and with both the two. */
static struct tracer lat_tracers[] = {
#ifdef CONFIG_IRQSOFF_TRACER
	LAT_TRACER("irqsoff", irqs_init),
#endif
#ifdef CONFIG_PREEMPT_TRACER
	LAT_TRACER("preemptoff", preempt_init),
#endif
#if defined(CONFIG_IRQSOFF_TRACER) && defined(CONFIG_PREEMPT_TRACER)
	LAT_TRACER("preemptirqsoff", both_init),
#endif
};

static __init int lat_tracers_register(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lat_tracers); i++)
		register_tracer(&lat_tracers[i]);
	return 0;
}
core_initcall(lat_tracers_register);
