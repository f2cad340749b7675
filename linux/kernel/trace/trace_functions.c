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

static void function_trace_call(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op,
				struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct ring_buffer_event *ev;
	struct ftrace_entry *e;
	unsigned int ctx;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (unlikely(trace_pids_set(tr)) && !trace_pid_allowed(tr))
		goto out;
	ctx = tracing_gen_ctx_dec();
	ev = trace_reserve(tr, TRACE_ENTRY_FN, sizeof(*e), ctx);
	if (!ev)
		goto out;
	e = trace_event_payload(ev);
	e->ip = ip;
	e->parent_ip = parent_ip;
	trace_commit(tr, ev);
	if (unlikely(trace_opt(tr, TRACE_OPT_FUNC_STACK_TRACE)))
		trace_record_func_stack(tr, ctx, ip);
out:
	ftrace_test_recursion_unlock(bit);
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
