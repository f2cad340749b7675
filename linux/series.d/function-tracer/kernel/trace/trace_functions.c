// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer: one entry per call of a traced function, printed
 * as "func <-parent".  Each instance has its own ftrace_ops, whose
 * filter and notrace hashes are the instance's set_ftrace_filter and
 * set_ftrace_notrace.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/trace_recursion.h>
#include <asm/setup.h>

#include "trace.h"
#include "trace_entries.h"
#include "ftrace_internal.h"

/**
 * struct func_repeats - the last call a context level recorded
 * @ip:		the function
 * @parent_ip:	its caller
 * @count:	calls of the same pair since, not yet recorded
 * @ts:		the buffer's clock at the last of them
 */
struct func_repeats {
	unsigned long	ip;
	unsigned long	parent_ip;
	unsigned long	count;
	u64		ts;
};

/* One per context level: a nested context cannot disturb another's. */
#define FUNC_REPEATS_LEVELS	4

/* The pending repeats of @last as one entry, before another call's. */
static void write_repeats(struct trace_array *tr, struct func_repeats *last,
			  unsigned int ctx)
{
	struct ring_buffer_event *ev;
	struct func_repeats_entry *e;
	u64 delta;

	ev = trace_reserve(tr, TRACE_ENTRY_FUNC_REPEATS, sizeof(*e), ctx);
	if (!ev)
		return;
	e = trace_event_payload(ev);
	e->ip = last->ip;
	e->parent_ip = last->parent_ip;
	e->count = min_t(unsigned long, last->count, U16_MAX);
	delta = ring_buffer_time_stamp(tr->buffer) - last->ts;
	e->top_delta_ts = min_t(u64, delta >> 32, U16_MAX);
	e->bottom_delta_ts = lower_32_bits(delta);
	trace_commit(tr, ev);
}

/*
 * func-no-repeats: a call of the same function from the same caller as
 * the last one of this CPU and context level is counted, not recorded;
 * the count goes in before the next different call.
 *
 * Return: true if the call was counted.
 */
static bool count_repeat(struct trace_array *tr, unsigned long ip,
			 unsigned long parent_ip, unsigned int ctx)
{
	struct func_repeats __percpu *all = READ_ONCE(tr->func_repeats);
	struct func_repeats *last;

	if (!all || !tr->buffer)
		return false;
	last = per_cpu_ptr(all, smp_processor_id()) +
	       interrupt_context_level();
	if (last->ip == ip && last->parent_ip == parent_ip &&
	    last->count < U16_MAX) {
		last->count++;
		last->ts = ring_buffer_time_stamp(tr->buffer);
		return true;
	}
	if (last->count)
		write_repeats(tr, last, ctx);
	last->ip = ip;
	last->parent_ip = parent_ip;
	last->count = 0;
	return false;
}

static void function_trace_call(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op,
				struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct ring_buffer_event *ev;
	struct ftrace_entry *e;
	unsigned long flags;
	unsigned int ctx;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (unlikely(trace_pids_set(tr)) && !trace_pid_allowed(tr))
		goto out;
	ctx = tracing_gen_ctx_dec();
	flags = READ_ONCE(tr->trace_flags);
	if (unlikely(flags & BIT(TRACE_OPT_FUNC_NO_REPEATS)) &&
	    count_repeat(tr, ip, parent_ip, ctx))
		goto out;
	ev = trace_reserve(tr, TRACE_ENTRY_FN, sizeof(*e), ctx);
	if (!ev)
		goto out;
	e = trace_event_payload(ev);
	e->ip = ip;
	e->parent_ip = parent_ip;
	trace_commit(tr, ev);
	if (unlikely(flags & BIT(TRACE_OPT_FUNC_STACK_TRACE)))
		trace_record_func_stack(tr, ctx, ip);
out:
	ftrace_test_recursion_unlock(bit);
}

/**
 * trace_func_repeats_alloc - give an instance its func-no-repeats state
 * @tr: the instance
 *
 * Called with the options lock held, before the option is set.  The
 * state lives until the instance is freed.
 *
 * Return: 0 or -ENOMEM.
 */
int trace_func_repeats_alloc(struct trace_array *tr)
{
	struct func_repeats __percpu *all;

	if (tr->func_repeats)
		return 0;
	all = __alloc_percpu(sizeof(struct func_repeats) * FUNC_REPEATS_LEVELS,
			     __alignof__(struct func_repeats));
	if (!all)
		return -ENOMEM;
	WRITE_ONCE(tr->func_repeats, all);
	return 0;
}

static int function_init(struct trace_array *tr)
{
	if (!tr->func_ops)
		return -ENOMEM;
	return register_ftrace_function(tr->func_ops);
}

static void function_reset(struct trace_array *tr)
{
	unregister_ftrace_function(tr->func_ops);
}

static struct tracer function_tracer = {
	.name	= "function",
	.init	= function_init,
	.reset	= function_reset,
};

static struct ftrace_ops global_func_ops = {
	.func		= function_trace_call,
	.private	= &global_trace,
	.flags		= FTRACE_OPS_FL_PID | FTRACE_OPS_FL_TRACE_ARRAY,
};

/**
 * trace_functions_instance_init - give an instance its function ops
 * @tr: the instance
 * @dir: its directory (NULL for the top level)
 *
 * Return: 0 or -ENOMEM.
 */
int trace_functions_instance_init(struct trace_array *tr, struct dentry *dir)
{
	struct ftrace_ops *ops = &global_func_ops;

	if (tr != &global_trace) {
		ops = kzalloc(sizeof(*ops), GFP_KERNEL);
		if (!ops)
			return -ENOMEM;
		ops->func = function_trace_call;
		ops->private = tr;
		ops->flags = FTRACE_OPS_FL_PID | FTRACE_OPS_FL_TRACE_ARRAY;
	}
	tr->func_ops = ops;
	return 0;
}

/**
 * trace_functions_instance_free - drop an instance's function ops
 * @tr: the instance, whose tracer has been reset
 */
void trace_functions_instance_free(struct trace_array *tr)
{
	free_percpu(tr->func_repeats);
	tr->func_repeats = NULL;
	if (!tr->func_ops || tr->func_ops == &global_func_ops)
		return;
	ftrace_free_filter(tr->func_ops);
	kfree(tr->func_ops);
	tr->func_ops = NULL;
}

/* ftrace_filter= and ftrace_notrace= on the command line */
static char boot_filter[COMMAND_LINE_SIZE] __initdata;
static char boot_notrace[COMMAND_LINE_SIZE] __initdata;

static int __init set_boot_filter(char *str)
{
	strscpy(boot_filter, str, sizeof(boot_filter));
	return 1;
}
__setup("ftrace_filter=", set_boot_filter);

static int __init set_boot_notrace(char *str)
{
	strscpy(boot_notrace, str, sizeof(boot_notrace));
	return 1;
}
__setup("ftrace_notrace=", set_boot_notrace);

static void __init apply_boot_list(char *list, bool exclude)
{
	char *s = list, *tok;

	while ((tok = strsep(&s, ","))) {
		if (!*tok)
			continue;
		if (exclude ? ftrace_set_notrace(&global_func_ops, tok,
						 strlen(tok), 0)
			    : ftrace_set_filter(&global_func_ops, tok,
						strlen(tok), 0))
			pr_warn("ftrace_%s=: no function matches '%s'\n",
				exclude ? "notrace" : "filter", tok);
	}
}

/**
 * trace_functions_register - register the function tracer
 *
 * Called from early_trace_init(), so that ftrace=function (with
 * ftrace_filter= and ftrace_notrace=) traces the boot from there on.
 */
void __init trace_functions_register(void)
{
	if (ftrace_disabled)
		return;
	apply_boot_list(boot_filter, false);
	apply_boot_list(boot_notrace, true);
	register_tracer(&function_tracer);
}
