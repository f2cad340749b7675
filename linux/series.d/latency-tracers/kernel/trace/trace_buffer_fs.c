// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs files of an instance's buffer: its sizes, clock and mode,
 * the markers that user space writes into it, saved_cmdlines, the
 * per_cpu/ directories, and the formats under events/ that trace-cmd
 * needs to decode the raw pages.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <linux/trace_seq.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_entries.h"


static ssize_t read_ulong(char __user *ubuf, size_t cnt, loff_t *ppos,
			  unsigned long val)
{
	char buf[24];
	int len = snprintf(buf, sizeof(buf), "%lu\n", val);

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* --- buffer_size_kb, buffer_total_size_kb, buffer_subbuf_size_kb -------- */

static ssize_t buffer_size_read(struct file *file, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;
	struct trace_buffer *buffer = f->tr->buffer;
	unsigned long size = 0, s;
	bool same = true;
	char buf[64];
	int cpu, len;

	if (f->cpu != RING_BUFFER_ALL_CPUS)
		return read_ulong(ubuf, cnt, ppos,
				  ring_buffer_size(buffer, f->cpu) >> 10);
	for_each_possible_cpu(cpu) {
		s = ring_buffer_size(buffer, cpu);
		/* A CPU that has never been online has no buffer. */
		if (!s)
			continue;
		if (size && s != size)
			same = false;
		size = s;
	}
	if (same && !READ_ONCE(f->tr->buffer_expanded)) {
		/* As upstream: the size it will grow to on first use. */
		len = snprintf(buf, sizeof(buf), "%lu (expanded: %lu)\n",
			       size >> 10, tracing_buf_size() >> 10);
		return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
	}
	if (same)
		return read_ulong(ubuf, cnt, ppos, size >> 10);
	len = snprintf(buf, sizeof(buf), "X\n");
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t buffer_size_write(struct file *file, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;
	unsigned long kb;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &kb);
	if (ret)
		return ret;
	if (!kb || kb > (ULONG_MAX >> 10))
		return -EINVAL;
	mutex_lock(&f->tr->buffer_mutex);
	ret = trace_buffers_resize(f->tr, kb << 10, f->cpu);
	/* A size the user chose is not grown on first use. */
	if (!ret)
		WRITE_ONCE(f->tr->buffer_expanded, true);
	mutex_unlock(&f->tr->buffer_mutex);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations buffer_size_fops = {
	.open		= trace_open_generic,
	.read		= buffer_size_read,
	.write		= buffer_size_write,
	.llseek		= default_llseek,
	.release	= trace_release_generic,
};

static ssize_t buffer_total_read(struct file *file, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;
	unsigned long total = 0, s;
	int cpu, len, cpus = 0;
	char buf[64];

	for_each_possible_cpu(cpu) {
		s = ring_buffer_size(f->tr->buffer, cpu);
		total += s;
		cpus += !!s;
	}
	if (READ_ONCE(f->tr->buffer_expanded))
		return read_ulong(ubuf, cnt, ppos, total >> 10);
	len = snprintf(buf, sizeof(buf), "%lu (expanded: %lu)\n", total >> 10,
		       (tracing_buf_size() >> 10) * cpus);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations buffer_total_fops = {
	.open		= trace_open_generic,
	.read		= buffer_total_read,
	.llseek		= default_llseek,
	.release	= trace_release_generic,
};

static ssize_t subbuf_size_read(struct file *file, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;
	int order = ring_buffer_subbuf_order_get(f->tr->buffer);

	return read_ulong(ubuf, cnt, ppos, (PAGE_SIZE << order) >> 10);
}

static ssize_t subbuf_size_write(struct file *file, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;
	unsigned long kb, pages;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &kb);
	if (ret)
		return ret;
	if (!kb || kb > (PAGE_SIZE << 8) >> 10)
		return -EINVAL;
	pages = DIV_ROUND_UP(kb << 10, PAGE_SIZE);
	mutex_lock(&f->tr->buffer_mutex);
	/* As upstream: not while a trace file is being read. */
	if (atomic_read(&f->tr->walkers)) {
		ret = -EBUSY;
	} else {
		/* Consuming readers wait: the pages they read are freed. */
		down_write(&f->tr->pipe_sem);
		ret = trace_buffers_subbuf_order(f->tr,
						 pages > 1 ? fls(pages - 1) : 0);
		up_write(&f->tr->pipe_sem);
	}
	mutex_unlock(&f->tr->buffer_mutex);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations subbuf_size_fops = {
	.open		= trace_open_generic,
	.read		= subbuf_size_read,
	.write		= subbuf_size_write,
	.llseek		= default_llseek,
	.release	= trace_release_generic,
};

/* buffer_percent: the fill level that wakes trace_pipe_raw's readers. */
static ssize_t buffer_percent_read(struct file *file, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;

	return read_ulong(ubuf, cnt, ppos, READ_ONCE(f->tr->buffer_percent));
}

static ssize_t buffer_percent_write(struct file *file,
				    const char __user *ubuf, size_t cnt,
				    loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;
	unsigned long val;
	int ret;

	ret = tracing_parse_ulong(ubuf, cnt, 100, &val);
	if (ret)
		return ret;
	WRITE_ONCE(f->tr->buffer_percent, val);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations buffer_percent_fops = {
	.open		= trace_open_generic,
	.read		= buffer_percent_read,
	.write		= buffer_percent_write,
	.llseek		= default_llseek,
	.release	= trace_release_generic,
};

/* free_buffer: closing it shrinks the buffer to its minimum. */
static ssize_t free_buffer_write(struct file *file, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	*ppos += cnt;
	return cnt;
}

static int free_buffer_release(struct inode *inode, struct file *file)
{
	struct trace_cpu_file *f = inode->i_private;

	if (trace_opt(f->tr, TRACE_OPT_DISABLE_ON_FREE))
		tracer_tracing_off(f->tr);
	mutex_lock(&f->tr->buffer_mutex);
	trace_buffers_resize(f->tr, 0, RING_BUFFER_ALL_CPUS);
	mutex_unlock(&f->tr->buffer_mutex);
	return trace_release_generic(inode, file);
}

static const struct file_operations free_buffer_fops = {
	.open		= trace_open_generic,
	.write		= free_buffer_write,
	.release	= free_buffer_release,
	.llseek		= default_llseek,
};

/* --- trace_clock ------------------------------------------------------------ */

static int trace_clock_show(struct seq_file *m, void *v)
{
	struct trace_cpu_file *f = m->private;
	int i;

	for (i = 0; i < nr_trace_clocks; i++)
		seq_printf(m, i == f->tr->clock_id ? "%s[%s]" : "%s%s",
			   i ? " " : "", trace_clocks[i].name);
	seq_putc(m, '\n');
	return 0;
}

static int trace_clock_open(struct inode *inode, struct file *file)
{
	return trace_open_single(inode, file, trace_clock_show);
}

static ssize_t trace_clock_write(struct file *file, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = ((struct seq_file *)file->private_data)->private;
	char buf[32], *word;
	int ret;

	word = tracing_user_word(ubuf, cnt, buf, sizeof(buf));
	if (IS_ERR(word))
		return PTR_ERR(word);
	ret = tracing_set_clock(f->tr, word);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_clock_fops = {
	.open		= trace_clock_open,
	.read		= seq_read,
	.write		= trace_clock_write,
	.llseek		= seq_lseek,
	.release	= trace_release_single,
};

/* --- tracing_cpumask -------------------------------------------------------- */

static int cpumask_show(struct seq_file *m, void *v)
{
	struct trace_cpu_file *f = m->private;

	mutex_lock(&f->tr->buffer_mutex);
	seq_printf(m, "%*pb\n", cpumask_pr_args(f->tr->cpumask));
	mutex_unlock(&f->tr->buffer_mutex);
	return 0;
}

static int cpumask_open(struct inode *inode, struct file *file)
{
	return trace_open_single(inode, file, cpumask_show);
}

/* Only the CPUs in the mask record; the others' buffers keep their data. */
static ssize_t cpumask_write(struct file *file, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = ((struct seq_file *)file->private_data)->private;
	struct trace_array *tr = f->tr;
	cpumask_var_t mask;
	int cpu, ret;

	/* As upstream: nothing to parse is not an empty mask. */
	if (!cnt || cnt > KMALLOC_MAX_SIZE)
		return -EINVAL;
	if (!zalloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;
	ret = cpumask_parse_user(ubuf, cnt, mask);
	if (ret)
		goto out;
	mutex_lock(&tr->buffer_mutex);
	for_each_possible_cpu(cpu) {
		bool was = cpumask_test_cpu(cpu, tr->cpumask);
		bool now = cpumask_test_cpu(cpu, mask);

		/*
		 * A CPU without a buffer (never online) has no switch to
		 * count; as upstream, it records once it comes up.
		 */
		if (!ring_buffer_size(tr->buffer, cpu))
			continue;
		if (was != now)
			trace_buffers_record_cpu(tr, cpu, now);
	}
	cpumask_and(tr->cpumask, mask, cpu_possible_mask);
	mutex_unlock(&tr->buffer_mutex);
	*ppos += cnt;
	ret = cnt;
out:
	free_cpumask_var(mask);
	return ret;
}

static const struct file_operations cpumask_fops = {
	.open		= cpumask_open,
	.read		= seq_read,
	.write		= cpumask_write,
	.llseek		= seq_lseek,
	.release	= trace_release_single,
};

/* --- trace_marker, trace_marker_raw ---------------------------------------- */

/* The most a marker write records, as upstream: longer writes are cut. */
#define TRACE_MARKER_MAX	4096
#define FAULTED_LEN		(sizeof("<faulted>") - 1)

/*
 * The name shows in every marker line ("tracing_mark_write: text"), as
 * the %ps of the entry's ip.  One write is one entry: what does not fit
 * (TRACE_MARKER_MAX, or an event of the buffer) is cut off and the short
 * count tells user space to write the rest again.
 */
static noinline ssize_t tracing_mark_write(struct file *file,
					   const char __user *ubuf,
					   size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;
	struct trace_array *tr = f->tr;
	struct ring_buffer_event *ev;
	struct trace_buffer *buf;
	struct print_entry *e;
	ssize_t ret;
	size_t max;
	bool nl;

	/* The markers option off: markers are refused, as upstream. */
	if ((ssize_t)cnt < 0 || !trace_opt(tr, TRACE_OPT_MARKERS))
		return -EINVAL;
	if (!cnt)
		return 0;
	ret = tracing_update_buffers(tr);
	if (ret)
		return ret;
	max = ring_buffer_max_event_size(tr->buffer) - sizeof(*e) - 2;
	cnt = min3(cnt, max, (size_t)TRACE_MARKER_MAX);
	/* Room for "<faulted>" in place of what cannot be read. */
	ev = trace_reserve(tr, &buf, TRACE_ENTRY_PRINT,
			   sizeof(*e) + max(cnt, FAULTED_LEN) + 2,
			   tracing_gen_ctx());
	if (!ev)
		return -EBADF;
	e = trace_event_payload(ev);
	e->ip = _THIS_IP_;
	ret = cnt;
	if (copy_from_user_nofault(e->buf, ubuf, cnt)) {
		cnt = FAULTED_LEN;
		memcpy(e->buf, "<faulted>", cnt);
		ret = -EFAULT;
	}
	nl = e->buf[cnt - 1] != '\n';
	if (nl)
		e->buf[cnt] = '\n';
	e->buf[cnt + nl] = '\0';
	trace_commit(tr, buf, ev);
	if (ret > 0)
		*ppos += ret;
	return ret;
}

static const struct file_operations trace_marker_fops = {
	.open		= trace_open_generic,
	.write		= tracing_mark_write,
	.llseek		= generic_file_llseek,
	.release	= trace_release_generic,
};

static ssize_t tracing_mark_raw_write(struct file *file,
				      const char __user *ubuf,
				      size_t cnt, loff_t *ppos)
{
	struct trace_cpu_file *f = file->private_data;
	struct trace_array *tr = f->tr;
	struct ring_buffer_event *ev;
	struct trace_buffer *buf;
	struct raw_data_entry *e;
	size_t len;

	if (cnt < sizeof(unsigned int) || !trace_opt(tr, TRACE_OPT_MARKERS))
		return -EINVAL;
	if (tracing_update_buffers(tr))
		return -ENOMEM;
	len = offsetof(struct raw_data_entry, id) + cnt;
	if (len > ring_buffer_max_event_size(tr->buffer))
		return -EINVAL;
	ev = trace_reserve(tr, &buf, TRACE_ENTRY_RAW_DATA, len, tracing_gen_ctx());
	if (!ev)
		return -EBADF;
	e = trace_event_payload(ev);
	/* The id and the data follow each other, as user space wrote them. */
	if (copy_from_user_nofault(&e->id, ubuf, cnt)) {
		e->id = -1;
		memset(e->buf, 0, cnt - sizeof(e->id));
	}
	trace_commit(tr, buf, ev);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_marker_raw_fops = {
	.open		= trace_open_generic,
	.write		= tracing_mark_raw_write,
	.llseek		= generic_file_llseek,
	.release	= trace_release_generic,
};

/* --- saved_cmdlines, saved_cmdlines_size --------------------------------- */

static int saved_cmdlines_show(struct seq_file *m, void *v)
{
	trace_cmdlines_show(m);
	return 0;
}

static int saved_cmdlines_open(struct inode *inode, struct file *file)
{
	return single_open(file, saved_cmdlines_show, NULL);
}

static int saved_tgids_show(struct seq_file *m, void *v)
{
	trace_tgids_show(m);
	return 0;
}

static int saved_tgids_open(struct inode *inode, struct file *file)
{
	return single_open(file, saved_tgids_show, NULL);
}

static const struct file_operations saved_tgids_fops = {
	.open		= saved_tgids_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static const struct file_operations saved_cmdlines_fops = {
	.open		= saved_cmdlines_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static int printk_formats_show(struct seq_file *m, void *v)
{
	trace_printk_formats_show(m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(printk_formats);

static ssize_t cmdlines_size_read(struct file *file, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return read_ulong(ubuf, cnt, ppos, trace_cmdlines_size());
}

static ssize_t cmdlines_size_write(struct file *file, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	unsigned int n;
	int ret;

	ret = kstrtouint_from_user(ubuf, cnt, 10, &n);
	if (ret)
		return ret;
	ret = trace_cmdlines_resize(n);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations cmdlines_size_fops = {
	.open		= simple_open,
	.read		= cmdlines_size_read,
	.write		= cmdlines_size_write,
	.llseek		= default_llseek,
};

/* --- per_cpu/cpuN/stats ------------------------------------------------------ */

static void stats_ts(struct seq_file *m, struct trace_array *tr,
		     const char *what, u64 ts)
{
	unsigned long usec;

	if (!trace_clocks[tr->clock_id].in_ns) {
		seq_printf(m, "%s: %llu\n", what, ts);
		return;
	}
	usec = do_div(ts, NSEC_PER_SEC) / NSEC_PER_USEC;
	seq_printf(m, "%s: %5llu.%06lu\n", what, ts, usec);
}

static int stats_show(struct seq_file *m, void *v)
{
	struct trace_cpu_file *f = m->private;
	struct trace_buffer *b = f->tr->buffer;
	int cpu = f->cpu;

	seq_printf(m, "entries: %lu\n", ring_buffer_entries_cpu(b, cpu));
	seq_printf(m, "overrun: %lu\n", ring_buffer_overrun_cpu(b, cpu));
	seq_printf(m, "commit overrun: %lu\n",
		   ring_buffer_commit_overrun_cpu(b, cpu));
	seq_printf(m, "bytes: %lu\n", ring_buffer_bytes_cpu(b, cpu));
	stats_ts(m, f->tr, "oldest event ts", ring_buffer_oldest_event_ts(b, cpu));
	stats_ts(m, f->tr, "now ts", ring_buffer_time_stamp(b));
	seq_printf(m, "dropped events: %lu\n",
		   ring_buffer_dropped_events_cpu(b, cpu));
	seq_printf(m, "read events: %lu\n", ring_buffer_read_events_cpu(b, cpu));
	return 0;
}

static int stats_open(struct inode *inode, struct file *file)
{
	return trace_open_single(inode, file, stats_show);
}

static const struct file_operations stats_fops = {
	.open		= stats_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= trace_release_single,
};

/* --- Creation --------------------------------------------------------------- */

static void create_file(const char *name, umode_t mode, struct dentry *parent,
			void *data, const struct file_operations *fops)
{
	if (!tracefs_create_file(name, mode, parent, data, fops))
		pr_warn("could not create tracefs file '%s'\n", name);
}

static void create_per_cpu(struct trace_array *tr, struct dentry *dir)
{
	struct trace_cpu_file *files;
	struct dentry *per_cpu, *d;
	char name[16];
	int cpu;

	files = kcalloc(nr_cpu_ids, sizeof(*files), GFP_KERNEL);
	per_cpu = tracefs_create_dir("per_cpu", dir);
	if (!files || !per_cpu) {
		kfree(files);
		return;
	}
	tr->files_cpu = files;
	for_each_possible_cpu(cpu) {
		files[cpu].tr = tr;
		files[cpu].cpu = cpu;
		snprintf(name, sizeof(name), "cpu%d", cpu);
		d = tracefs_create_dir(name, per_cpu);
		if (!d)
			continue;
		create_file("trace", TRACE_MODE_WRITE, d, &files[cpu],
			    &trace_fops);
		create_file("trace_pipe", TRACE_MODE_READ, d, &files[cpu],
			    &trace_pipe_fops);
		create_file("trace_pipe_raw", TRACE_MODE_READ, d, &files[cpu],
			    &trace_pipe_raw_fops);
		create_file("stats", TRACE_MODE_READ, d, &files[cpu],
			    &stats_fops);
		create_file("buffer_size_kb", TRACE_MODE_WRITE, d, &files[cpu],
			    &buffer_size_fops);
		trace_snapshot_files_init(&files[cpu], d);
	}
}

/**
 * trace_buffer_fs_init - create the buffer files of an instance
 * @tr: the instance, with files_all set
 * @dir: its directory (NULL for the tracefs root)
 *
 * Return: 0.
 */
int trace_buffer_fs_init(struct trace_array *tr, struct dentry *dir)
{
	struct trace_cpu_file *all = tr->files_all;

	create_file("trace", TRACE_MODE_WRITE, dir, all, &trace_fops);
	create_file("trace_pipe", TRACE_MODE_READ, dir, all, &trace_pipe_fops);
	create_file("buffer_size_kb", TRACE_MODE_WRITE, dir, all,
		    &buffer_size_fops);
	create_file("buffer_total_size_kb", TRACE_MODE_READ, dir, all,
		    &buffer_total_fops);
	create_file("buffer_subbuf_size_kb", TRACE_MODE_WRITE, dir, all,
		    &subbuf_size_fops);
	create_file("free_buffer", 0200, dir, all, &free_buffer_fops);
	create_file("buffer_percent", TRACE_MODE_WRITE, dir, all,
		    &buffer_percent_fops);
	create_file("trace_clock", TRACE_MODE_WRITE, dir, all,
		    &trace_clock_fops);
	create_file("tracing_cpumask", TRACE_MODE_WRITE, dir, all,
		    &cpumask_fops);
	create_file("trace_marker", 0220, dir, all, &trace_marker_fops);
	create_file("trace_marker_raw", 0220, dir, all,
		    &trace_marker_raw_fops);
	trace_snapshot_files_init(all, dir);
	trace_latency_files_init(tr, dir);
	if (!dir) {
		create_file("saved_cmdlines", TRACE_MODE_READ, dir, NULL,
			    &saved_cmdlines_fops);
		create_file("saved_tgids", TRACE_MODE_READ, dir, NULL,
			    &saved_tgids_fops);
		create_file("saved_cmdlines_size", TRACE_MODE_WRITE, dir, NULL,
			    &cmdlines_size_fops);
		create_file("printk_formats", TRACE_MODE_READ, dir, NULL,
			    &printk_formats_fops);
	}
	create_per_cpu(tr, dir);
	return 0;
}
