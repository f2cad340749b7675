// SPDX-License-Identifier: GPL-2.0
/*
 * tracing_thresh and tracing_max_latency: the two numbers the latency
 * tracers (and function_graph, for tracing_thresh) are steered by.  Both
 * read and take microseconds and are kept in nanoseconds.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"

/*
 * Only latencies (or function_graph durations) at least this long are
 * traced, each one, rather than the worst alone.  0: unset.
 */
unsigned long tracing_thresh;

static ssize_t read_us(char __user *ubuf, size_t cnt, loff_t *ppos,
		       unsigned long ns)
{
	char buf[24];
	int n = scnprintf(buf, sizeof(buf), "%lu\n", ns / NSEC_PER_USEC);

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, n);
}

/* A number of microseconds that fits in nanoseconds. */
static int parse_us(const char __user *ubuf, size_t cnt, unsigned long *ns)
{
	unsigned long us;
	int ret;

	ret = tracing_parse_ulong(ubuf, cnt, ULONG_MAX / NSEC_PER_USEC, &us);
	if (!ret)
		*ns = us * NSEC_PER_USEC;
	return ret;
}

static ssize_t thresh_read(struct file *file, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	return read_us(ubuf, cnt, ppos, READ_ONCE(tracing_thresh));
}

static ssize_t thresh_write(struct file *file, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	unsigned long ns;
	int ret;

	ret = parse_us(ubuf, cnt, &ns);
	if (ret)
		return ret;
	WRITE_ONCE(tracing_thresh, ns);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations thresh_fops = {
	.read	= thresh_read,
	.write	= thresh_write,
	.llseek	= default_llseek,
};

#ifdef CONFIG_TRACER_MAX_TRACE
static ssize_t max_latency_read(struct file *file, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;

	return read_us(ubuf, cnt, ppos, READ_ONCE(f->tr->max.latency));
}

/**
 * trace_max_latency_set - set an instance's tracing_max_latency
 * @tr: the instance
 * @ns: the new value: a latency tracer keeps a case only if it beats it
 *	(0: any)
 */
void trace_max_latency_set(struct trace_array *tr, unsigned long ns)
{
	unsigned long flags;

	local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	WRITE_ONCE(tr->max.latency, ns);
	arch_spin_unlock(&tr->max_lock);
	local_irq_restore(flags);
}

static ssize_t max_latency_write(struct file *file, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;
	unsigned long ns;
	int ret;

	ret = parse_us(ubuf, cnt, &ns);
	if (ret)
		return ret;
	trace_max_latency_set(f->tr, ns);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations max_latency_fops = {
	.open		= trace_open_generic,
	.read		= max_latency_read,
	.write		= max_latency_write,
	.llseek		= default_llseek,
	.release	= trace_release_generic,
};
#endif

/**
 * trace_latency_files_init - create tracing_thresh and tracing_max_latency
 * @tr: the instance
 * @dir: its directory (NULL for the tracefs root)
 *
 * tracing_thresh is one for all, in the root; each instance has its own
 * tracing_max_latency.
 */
void trace_latency_files_init(struct trace_array *tr, struct dentry *dir)
{
	if (!dir)
		tracefs_create_file("tracing_thresh", TRACE_MODE_WRITE, NULL,
				    NULL, &thresh_fops);
#ifdef CONFIG_TRACER_MAX_TRACE
	tracefs_create_file("tracing_max_latency", TRACE_MODE_WRITE, dir,
			    tr->files_all, &max_latency_fops);
#endif
}

/**
 * trace_lat_record_call - a latency tracer's entry for a call
 * @tr: the instance
 * @ip: the function
 * @parent_ip: its caller
 * @ctx: from tracing_gen_ctx()
 *
 * A function entry, or with display-graph a graph leaf: where a section
 * started or ended, what woke or switched in a task.
 */
void trace_lat_record_call(struct trace_array *tr, unsigned long ip,
			   unsigned long parent_ip, unsigned int ctx)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (trace_opt(tr, TRACE_OPT_DISPLAY_GRAPH)) {
		trace_graph_record_call(tr, ip, ctx);
		return;
	}
#endif
#ifdef CONFIG_FUNCTION_TRACER
	trace_function_record(tr, ip, parent_ip, ctx);
#endif
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The latency tracers' output with display-graph: function_graph's lines
 * with their own columns.  Each reader gets the graph's state, so that
 * the option may change while it is open.
 */

/**
 * trace_lat_open - a latency tracer's open(): the reader's graph state
 * @iter: the reader
 *
 * Return: 0 or -ENOMEM.
 */
int trace_lat_open(struct trace_iterator *iter)
{
	return trace_graph_lat_open(iter);
}

/**
 * trace_lat_close - a latency tracer's close()
 * @iter: the reader
 */
void trace_lat_close(struct trace_iterator *iter)
{
	trace_graph_close(iter);
}

/**
 * trace_lat_print_line - a latency tracer's print_line()
 * @iter: the reader, with the entry
 *
 * Return: TRACE_TYPE_UNHANDLED without display-graph (the latency
 * format then), and for the entries a graph does not show itself.
 */
enum print_line_t trace_lat_print_line(struct trace_iterator *iter)
{
	if (!trace_opt(iter->tr, TRACE_OPT_DISPLAY_GRAPH))
		return TRACE_TYPE_UNHANDLED;
	return trace_graph_print_lat_line(iter, trace_latency_time_base(iter));
}

/**
 * trace_lat_print_header - a latency tracer's print_header()
 * @m: the seq_file
 * @tr: the instance
 *
 * Called with display-graph only (trace_print_header()).
 */
void trace_lat_print_header(struct seq_file *m, struct trace_array *tr)
{
	trace_graph_print_lat_header(m, tr);
}
#endif
