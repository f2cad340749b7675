// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer: an entry when a traced function is called
 * and an exit, with its times, when it returns; trace shows them as a
 * call graph (trace_graph_output.c).
 *
 * Each instance has its own graph user (fgraph_ops), whose ftrace_ops
 * shares the hashes of the instance's function ops: set_ftrace_filter
 * and set_ftrace_notrace decide which functions reach it, as for the
 * function tracer.  set_graph_function names the functions a graph may
 * start from (the calls below them are traced whatever their name), and
 * set_graph_notrace those whose whole subtree is left out; they live in
 * an ftrace_ops that is never registered, only edited by those files.
 * max_graph_depth and tracing_thresh (both top level) apply to all.
 */
#define pr_fmt(fmt) "function_graph: " fmt

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/trace_clock.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>
#include <asm/setup.h>

#include "trace.h"
#include "trace_entries.h"
#include "ftrace_internal.h"
#include "fgraph_internal.h"

/* The task variable's bit: inside a set_graph_notrace function. */
#define GRAPH_VAR_NOTRACE	BIT(0)

/**
 * struct trace_graph - an instance's function_graph tracer
 * @gops:	its graph user; gops.ops shares the function ops' hashes
 * @sets:	set_graph_function (filter) and set_graph_notrace (notrace)
 * @tr:		the instance
 */
struct trace_graph {
	struct fgraph_ops	gops;
	struct ftrace_ops	sets;
	struct trace_array	*tr;
};

/* max_graph_depth: 0 for no limit. */
static unsigned int graph_max_depth;

static struct trace_graph *graph_of(struct fgraph_ops *gops)
{
	return container_of(gops, struct trace_graph, gops);
}

/* Whether @func may start a graph (set_graph_function). */
static bool graph_starts_at(struct trace_graph *g, unsigned long func)
{
	struct ftrace_hash *h = rcu_dereference_raw(g->sets.func_hash->filter_hash);

	return ftrace_hash_empty(h) || ftrace_hash_contains(h, func);
}

static bool graph_notrace(struct trace_graph *g, unsigned long func)
{
	struct ftrace_hash *h = rcu_dereference_raw(g->sets.func_hash->notrace_hash);

	return !ftrace_hash_empty(h) && ftrace_hash_contains(h, func);
}

/**
 * trace_graph_record_entry - write a call's funcgraph_entry
 * @tr: the instance
 * @trace: the call
 * @ctx: from tracing_gen_ctx()
 *
 * Return: whether the entry was written.
 */
bool trace_graph_record_entry(struct trace_array *tr,
			      struct ftrace_graph_ent *trace, unsigned int ctx)
{
	struct ring_buffer_event *ev;
	struct trace_buffer *buf;
	struct fgraph_ent_entry *e;

	ev = trace_reserve(tr, &buf, TRACE_ENTRY_GRAPH_ENT, sizeof(*e), ctx);
	if (!ev)
		return false;
	e = trace_event_payload(ev);
	e->graph_ent = *trace;
	trace_commit(tr, buf, ev);
	return true;
}

/**
 * trace_graph_record_return - write a call's funcgraph_exit
 * @tr: the instance
 * @trace: the return, with the call's times
 * @ctx: from tracing_gen_ctx()
 */
void trace_graph_record_return(struct trace_array *tr,
			       struct ftrace_graph_ret *trace, unsigned int ctx)
{
	struct ring_buffer_event *ev;
	struct trace_buffer *buf;
	struct fgraph_ret_entry *e;

	ev = trace_reserve(tr, &buf, TRACE_ENTRY_GRAPH_RET, sizeof(*e), ctx);
	if (!ev)
		return;
	e = trace_event_payload(ev);
	e->ret = *trace;
	trace_commit(tr, buf, ev);
}

/**
 * trace_graph_record_call - a call as a graph leaf that took no time
 * @tr: the instance
 * @ip: the function
 * @ctx: from tracing_gen_ctx()
 *
 * An entry and its exit at depth 0, both now: in a latency tracer's
 * graph (display-graph), where its section started and ended.
 */
void trace_graph_record_call(struct trace_array *tr, unsigned long ip,
			     unsigned int ctx)
{
	u64 now = trace_clock_local();
	struct ftrace_graph_ent ent = { .func = ip };
	struct ftrace_graph_ret ret = {
		.func		= ip,
		.calltime	= now,
		.rettime	= now,
	};

	if (trace_graph_record_entry(tr, &ent, ctx))
		trace_graph_record_return(tr, &ret, ctx);
}

static int graph_entry(struct ftrace_graph_ent *trace, struct fgraph_ops *gops)
{
	struct trace_graph *g = graph_of(gops);
	struct trace_array *tr = g->tr;
	unsigned long *var;
	unsigned int max;

	var = fgraph_get_task_var(gops);
	if (unlikely(!var || (*var & GRAPH_VAR_NOTRACE)))
		return 0;
	if (!tracing_is_recording(tr))
		return 0;
	if (unlikely(trace_pids_set(tr)) && !trace_pid_allowed(tr))
		return 0;
	if (!trace->depth && !graph_starts_at(g, trace->func))
		return 0;
	max = READ_ONCE(graph_max_depth);
	if (max && trace->depth >= max)
		return 0;
	if (!trace_opt(tr, TRACE_OPT_GRAPH_IRQS) && in_hardirq())
		return 0;
	if (unlikely(graph_notrace(g, trace->func))) {
		/* Its return clears the bit; what it calls is left out. */
		*var |= GRAPH_VAR_NOTRACE;
		return 1;
	}
	/* With tracing_thresh only returns are recorded, long ones. */
	if (READ_ONCE(tracing_thresh))
		return 1;
	return trace_graph_record_entry(tr, trace, tracing_gen_ctx_dec());
}

static void graph_return(struct ftrace_graph_ret *trace,
			 struct fgraph_ops *gops)
{
	struct trace_graph *g = graph_of(gops);
	unsigned long *var, thresh;

	var = fgraph_get_task_var(gops);
	if (var && (*var & GRAPH_VAR_NOTRACE)) {
		*var &= ~GRAPH_VAR_NOTRACE;
		return;
	}
	thresh = READ_ONCE(tracing_thresh);
	if (thresh && trace->rettime - trace->calltime < thresh)
		return;
	trace_graph_record_return(g->tr, trace, tracing_gen_ctx_dec());
}

static int graph_init(struct trace_array *tr)
{
	struct trace_graph *g = tr->graph;

	if (!g || !tr->func_ops)
		return -ENOMEM;
	/* The function ops' hashes: set_ftrace_filter and _notrace. */
	mutex_lock(&ftrace_lock);
	ftrace_ops_hash(tr->func_ops, false);
	mutex_unlock(&ftrace_lock);
	g->gops.ops.func_hash = tr->func_ops->func_hash;
	return register_ftrace_graph(&g->gops);
}

static void graph_reset(struct trace_array *tr)
{
	unregister_ftrace_graph(&tr->graph->gops);
}

static struct tracer graph_tracer = {
	.name		= "function_graph",
	.init		= graph_init,
	.reset		= graph_reset,
	.print_line	= trace_graph_print_line,
	.print_header	= trace_graph_print_header,
	.open		= trace_graph_open,
	.close		= trace_graph_close,
};

/* --- set_graph_function and set_graph_notrace ------------------------------ */

static struct ftrace_ops *graph_sets(struct trace_array *tr)
{
	return tr->graph ? &tr->graph->sets : NULL;
}

static const struct ftrace_set_desc graph_filter_desc = {
	.log_name	= "graph_filter",
	.ops		= graph_sets,
};

static const struct ftrace_set_desc graph_notrace_desc = {
	.log_name	= "graph_notrace",
	.exclude	= true,
	.ops		= graph_sets,
};

static int graph_filter_open(struct inode *inode, struct file *file)
{
	return ftrace_set_open(inode, file, &graph_filter_desc);
}

static int graph_notrace_open(struct inode *inode, struct file *file)
{
	return ftrace_set_open(inode, file, &graph_notrace_desc);
}

static const struct file_operations graph_filter_fops =
	FTRACE_SET_FOPS(graph_filter_open);
static const struct file_operations graph_notrace_fops =
	FTRACE_SET_FOPS(graph_notrace_open);

/* --- max_graph_depth ---------------------------------------------------------- */

static ssize_t depth_read(struct file *file, char __user *ubuf, size_t cnt,
			  loff_t *ppos)
{
	char buf[16];
	int n = scnprintf(buf, sizeof(buf), "%u\n", READ_ONCE(graph_max_depth));

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, n);
}

static ssize_t depth_write(struct file *file, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	unsigned long v;
	int ret;

	ret = tracing_parse_ulong(ubuf, cnt, INT_MAX, &v);
	if (ret)
		return ret;
	WRITE_ONCE(graph_max_depth, v);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations depth_fops = {
	.read	= depth_read,
	.write	= depth_write,
	.llseek	= default_llseek,
};

/* --- Instances --------------------------------------------------------------- */

/**
 * trace_graph_instance_init - give an instance its function_graph state
 * @tr: the instance, whose function ops exist
 *
 * Return: 0 or -ENOMEM.
 */
int trace_graph_instance_init(struct trace_array *tr)
{
	struct trace_graph *g;

	if (!tr->func_ops)
		return 0;
	g = kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g)
		return -ENOMEM;
	g->tr = tr;
	g->gops.entryfunc = graph_entry;
	g->gops.retfunc = graph_return;
	g->gops.idx = -1;
	g->gops.ops.private = tr;
	g->gops.ops.flags = FTRACE_OPS_FL_PID;
	/* Kept in the core's list while unregistered: modules leave it. */
	g->sets.flags = FTRACE_OPS_FL_TRACE_ARRAY;
	/* Read by the entry callback before any file has set them. */
	g->sets.func_hash = &g->sets.local_hash;
	tr->graph = g;
	return 0;
}

/**
 * trace_graph_files_init - create an instance's function_graph files
 * @tr: the instance
 * @dir: its directory (NULL for the tracefs root)
 *
 * set_graph_function and set_graph_notrace, and at the top level
 * max_graph_depth (tracing_thresh is the core's, trace_latency.c).
 */
void trace_graph_files_init(struct trace_array *tr, struct dentry *dir)
{
	if (ftrace_disabled || !tr->graph)
		return;
	tracefs_create_file("set_graph_function", TRACE_MODE_WRITE, dir,
			    tr->files_all, &graph_filter_fops);
	tracefs_create_file("set_graph_notrace", TRACE_MODE_WRITE, dir,
			    tr->files_all, &graph_notrace_fops);
	if (dir)
		return;
	tracefs_create_file("max_graph_depth", TRACE_MODE_WRITE, NULL, NULL,
			    &depth_fops);
}

/**
 * trace_graph_instance_free - drop an instance's function_graph state
 * @tr: the instance, whose tracer has been reset
 */
void trace_graph_instance_free(struct trace_array *tr)
{
	struct trace_graph *g = tr->graph;

	if (!g)
		return;
	tr->graph = NULL;
	mutex_lock(&ftrace_lock);
	ftrace_mod_pending_clear(&g->sets, false);
	ftrace_mod_pending_clear(&g->sets, true);
	ftrace_ops_set_hash(&g->sets, false, EMPTY_HASH);
	ftrace_ops_set_hash(&g->sets, true, EMPTY_HASH);
	mutex_unlock(&ftrace_lock);
	ftrace_free_filter(&g->sets);
	kfree(g);
}

/* --- Boot parameters --------------------------------------------------------- */

static char boot_graph_filter[COMMAND_LINE_SIZE] __initdata;
static char boot_graph_notrace[COMMAND_LINE_SIZE] __initdata;

static int __init set_boot_graph_filter(char *str)
{
	strscpy(boot_graph_filter, str, sizeof(boot_graph_filter));
	return 1;
}
__setup("ftrace_graph_filter=", set_boot_graph_filter);

static int __init set_boot_graph_notrace(char *str)
{
	strscpy(boot_graph_notrace, str, sizeof(boot_graph_notrace));
	return 1;
}
__setup("ftrace_graph_notrace=", set_boot_graph_notrace);

static int __init set_boot_graph_depth(char *str)
{
	unsigned int v;

	if (kstrtouint(str, 0, &v) || v > INT_MAX)
		return 0;
	graph_max_depth = v;
	return 1;
}
__setup("ftrace_graph_max_depth=", set_boot_graph_depth);

static void __init apply_boot_graph_list(struct ftrace_ops *sets, char *list,
					 bool exclude)
{
	char *s = list, *tok;

	while ((tok = strsep(&s, ","))) {
		if (!*tok)
			continue;
		if (exclude ? ftrace_set_notrace(sets, tok, strlen(tok), 0)
			    : ftrace_set_filter(sets, tok, strlen(tok), 0))
			pr_warn("ftrace_graph_%s=: no function matches '%s'\n",
				exclude ? "notrace" : "filter", tok);
	}
}

/*
 * Registered once the scheduler runs (every CPU's idle task gets a
 * shadow stack), so ftrace=function_graph starts here.
 */
static int __init trace_graph_register(void)
{
	struct trace_graph *g = global_trace.graph;

	if (ftrace_disabled || !g)
		return 0;
	apply_boot_graph_list(&g->sets, boot_graph_filter, false);
	apply_boot_graph_list(&g->sets, boot_graph_notrace, true);
	register_tracer(&graph_tracer);
	return 0;
}
core_initcall(trace_graph_register);
