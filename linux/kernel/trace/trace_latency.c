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

/* A latency tracer keeps a case only if it beats this (0: any). */
static ssize_t max_latency_write(struct file *file, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;
	unsigned long flags, ns;
	int ret;

	ret = parse_us(ubuf, cnt, &ns);
	if (ret)
		return ret;
	local_irq_save(flags);
	arch_spin_lock(&f->tr->max_lock);
	WRITE_ONCE(f->tr->max.latency, ns);
	arch_spin_unlock(&f->tr->max_lock);
	local_irq_restore(flags);
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
