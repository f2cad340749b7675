// SPDX-License-Identifier: GPL-2.0
/*
 * Reading the trace: trace (a non-consuming view, CPUs merged by
 * timestamp), trace_pipe (consuming, blocking) and trace_pipe_raw (whole
 * binary sub-buffers of one CPU), for all CPUs or, under per_cpu/cpuN/,
 * one.
 */
#include <linux/fs.h>
#include <linux/pipe_fs_i.h>
#include <linux/poll.h>
#include <linux/refcount.h>
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/splice.h>
#include <linux/trace_seq.h>
#include <linux/uaccess.h>
#include <linux/uio.h>

#include "trace.h"
#include "ring_buffer_ext.h"

/**
 * struct trace_reader - the state of one open trace file
 * @tr:		the instance
 * @cpu:	the CPU read, or RING_BUFFER_ALL_CPUS
 * @iter:	the formatting state: @iter.seq holds text not yet copied
 *		to user space
 * @iters:	trace: per-CPU iterators (writers pause while they live)
 * @pos:	trace: seq_file position of @cur (0 is the header)
 * @cur_cpu:	trace: the CPU of the next entry to show
 * @cur:	trace: the next entry to show
 * @cur_ts:	trace: its timestamp
 * @end_ts:	trace: the time the file was opened; entries written after
 *		are not shown, so that a read ends even while writers go on
 * @lost_shown:	trace: a CPU's lost-events line was printed
 * @started:	trace, annotate: CPUs whose entries have shown
 * @annotate:	trace: mark where each CPU's entries start (the buffer
 *		lost entries, so CPUs cover different spans of time)
 * @shown:	trace: an entry has been shown
 * @pending:	trace: @iter.seq holds the text of position @pos, which
 *		seq_file had no room for: shown again as it is, since
 *		formatting may have moved the iterators (a tracer's leaf)
 * @claimed:	trace_pipe(_raw): the reader holds its CPUs in tr->pipe_mask
 * @paused:	trace: recording is paused while the file is open
 * @walking:	trace: counted in tr->walkers
 * @snapshot:	the snapshot files: the max buffer is read
 * @buffer:	trace and snapshot: the buffer read, chosen at open; NULL for
 *		the consuming readers, which follow swaps (reader_buffer())
 * @min_ts:	trace of a latency tracer: entries older than its worst
 *		case's start are from earlier cases and not shown
 * @lock:	trace_pipe(_raw): one read of the file at a time
 * @rpage:	trace_pipe_raw: the sub-buffer being copied out
 * @raw_off:	trace_pipe_raw: bytes of @rpage already copied
 */
struct trace_reader {
	struct trace_array		*tr;
	int				cpu;
	struct trace_iterator		iter;
	struct ring_buffer_iter		**iters;
	loff_t				pos;
	int				cur_cpu;
	struct ring_buffer_event	*cur;
	u64				cur_ts;
	u64				end_ts;
	unsigned long			*lost_shown;
	unsigned long			*started;
	bool				annotate;
	bool				shown;
	bool				pending;
	bool				claimed;
	bool				paused;
	bool				walking;
	bool				snapshot;
	struct trace_buffer		*buffer;
	u64				min_ts;
	struct mutex			lock;
	struct buffer_data_read_page	*rpage;
	size_t				raw_off;
	struct buffer_data_read_page	*spare;
	struct raw_splice_page		*spare_sp;
};

static bool reader_has_cpu(struct trace_reader *r, int cpu)
{
	return r->cpu == RING_BUFFER_ALL_CPUS || r->cpu == cpu;
}

/*
 * The buffer a reader reads.  trace and snapshot keep the one they
 * opened on: their iterators live in it, and both buffers live as long
 * as the instance.  Consuming readers look again at each step, so that
 * trace_pipe goes on reading what writers write after a snapshot swap;
 * a page they hold is of either buffer's sub-buffer order, which the
 * two share.
 */
static struct trace_buffer *reader_buffer(struct trace_reader *r)
{
	if (r->buffer)
		return r->buffer;
	if (r->snapshot)
		return trace_max_buffer(r->tr);
	return READ_ONCE(r->tr->buffer);
}

/* A reader of the file of @inode, holding its instance; ERR_PTR on error. */
static struct trace_reader *reader_get(struct inode *inode)
{
	struct trace_array *tr = trace_array_get_inode(inode);
	struct trace_cpu_file *f;
	struct trace_reader *r;

	if (IS_ERR(tr))
		return ERR_CAST(tr);
	f = inode->i_private;
	r = kvzalloc(sizeof(*r), GFP_KERNEL);
	if (!r) {
		trace_array_put(tr);
		return ERR_PTR(-ENOMEM);
	}
	r->tr = tr;
	r->iter.tr = tr;
	r->cpu = f->cpu;
	r->iter.cpu_file = f->cpu;
	mutex_init(&r->lock);
	trace_seq_init(&r->iter.seq);
	return r;
}

/*
 * Format with the instance's current tracer: its print_line() and
 * header, and its state for this reader from its open().
 */
static int reader_set_tracer(struct trace_reader *r)
{
	struct trace_iterator *iter = &r->iter;
	struct tracer *t;
	int ret = 0;

	mutex_lock(&tracer_mutex);
	t = r->tr->current_trace;
	if (t == iter->trace)
		goto out;
	if (iter->trace && iter->trace->close)
		iter->trace->close(iter);
	iter->trace = NULL;
	iter->private = NULL;
	if (t && t->open)
		ret = t->open(iter);
	if (!ret)
		iter->trace = t;
out:
	mutex_unlock(&tracer_mutex);
	return ret;
}

static DEFINE_SPINLOCK(pipe_claim_lock);

/*
 * A consuming reader takes its CPUs (one, or all): a CPU has one at a
 * time, and a second one gets -EBUSY, as upstream does.
 */
static int reader_claim(struct trace_reader *r)
{
	struct cpumask *mask = r->tr->pipe_mask;
	int cpu, ret = 0;

	spin_lock(&pipe_claim_lock);
	for_each_possible_cpu(cpu) {
		if (reader_has_cpu(r, cpu) && cpumask_test_cpu(cpu, mask))
			ret = -EBUSY;
	}
	if (!ret) {
		for_each_possible_cpu(cpu) {
			if (reader_has_cpu(r, cpu))
				cpumask_set_cpu(cpu, mask);
		}
		r->claimed = true;
	}
	spin_unlock(&pipe_claim_lock);
	return ret;
}

static void reader_unclaim(struct trace_reader *r)
{
	int cpu;

	if (!r->claimed)
		return;
	spin_lock(&pipe_claim_lock);
	for_each_possible_cpu(cpu) {
		if (reader_has_cpu(r, cpu))
			cpumask_clear_cpu(cpu, r->tr->pipe_mask);
	}
	spin_unlock(&pipe_claim_lock);
}

/* Free a reader from reader_get() and release its instance. */
static void reader_put(struct trace_reader *r)
{
	struct trace_array *tr = r->tr;
	int cpu;

	reader_unclaim(r);
	if (r->iter.trace && r->iter.trace->close)
		r->iter.trace->close(&r->iter);
	if (r->walking)
		atomic_dec(&tr->walkers);
	if (r->iters) {
		for_each_possible_cpu(cpu) {
			if (r->iters[cpu])
				ring_buffer_read_finish(r->iters[cpu]);
		}
	}
	kfree(r->iters);
	bitmap_free(r->lost_shown);
	bitmap_free(r->started);
	if (r->rpage)
		ring_buffer_free_read_page(reader_buffer(r), r->cpu, r->rpage);
	if (r->spare)
		ring_buffer_free_read_page(reader_buffer(r), r->cpu, r->spare);
	kfree(r->spare_sp);
	kfree(r->iter.fmt);
	kvfree(r);
	trace_array_put(tr);
}

/*
 * An entry whose text does not fit a trace_seq page is shown as one line
 * saying so, as upstream does, and the reader goes on past it.
 */
static void trace_seq_line_too_big(struct trace_seq *s, unsigned int saved)
{
	s->seq.len = saved;
	s->full = 0;
	trace_seq_puts(s, "[LINE TOO BIG]\n");
}

/*
 * Format @ev, of @cpu at @ts, into the reader's text; @next_ts is the
 * time of the entry after it, 0 if unknown (the latency format's delay).
 */
static void reader_format(struct trace_reader *r, struct ring_buffer_event *ev,
			  int cpu, u64 ts, u64 next_ts)
{
	r->iter.ent = ring_buffer_event_data(ev);
	r->iter.ent_size = ring_buffer_event_length(ev);
	r->iter.cpu = cpu;
	r->iter.ts = ts;
	trace_format_entry(&r->iter, next_ts);
	r->iter.idx++;
}

/* --- trace ---------------------------------------------------------------- */

/* Find the oldest entry among the iterators; NULL when all are done. */
static void *trace_find_next(struct trace_reader *r)
{
	struct ring_buffer_event *ev;
	int cpu;
	u64 ts;

	r->cur = NULL;
	for_each_possible_cpu(cpu) {
		if (!r->iters[cpu])
			continue;
		ev = ring_buffer_iter_peek(r->iters[cpu], &ts);
		if (ev && ts <= r->end_ts && (!r->cur || ts < r->cur_ts)) {
			r->cur = ev;
			r->cur_ts = ts;
			r->cur_cpu = cpu;
		}
	}
	return r->cur ? r : NULL;
}

/*
 * The time of the entry shown after the current one: the oldest among
 * the other CPUs' next and the current CPU's second.  0 if none.
 */
static u64 trace_next_ts(struct trace_reader *r)
{
	u64 best = 0, ts;
	int cpu;

	for_each_possible_cpu(cpu) {
		if (!r->iters[cpu])
			continue;
		if (cpu == r->cur_cpu) {
			if (!ring_buffer_iter_next_ts(r->iters[cpu], &ts))
				continue;
		} else if (!ring_buffer_iter_peek(r->iters[cpu], &ts)) {
			continue;
		}
		if (ts <= r->end_ts && (!best || ts < best))
			best = ts;
	}
	return best;
}

/*
 * Where @r's iterators start: the oldest entry, or for the worst case of
 * a latency tracer the first of that case (its max buffer also holds
 * what earlier cases left on other CPUs or before it began).
 */
static void reader_rewind(struct trace_reader *r)
{
	u64 ts;
	int cpu;

	for_each_possible_cpu(cpu) {
		if (!r->iters[cpu])
			continue;
		ring_buffer_iter_reset(r->iters[cpu]);
		while (r->min_ts && ring_buffer_iter_peek(r->iters[cpu], &ts) &&
		       ts < r->min_ts)
			ring_buffer_iter_advance(r->iters[cpu]);
	}
}

static void *trace_seq_start(struct seq_file *m, loff_t *pos)
{
	struct trace_reader *r = m->private;
	loff_t i;

	if (*pos != r->pos || !*pos) {
		reader_rewind(r);
		bitmap_zero(r->started, nr_cpu_ids);
		r->shown = false;
		r->pending = false;
		trace_seq_init(&r->iter.seq);
		for (i = 1; i < *pos; i++) {
			if (!trace_find_next(r))
				return NULL;
			ring_buffer_iter_advance(r->iters[r->cur_cpu]);
		}
		r->pos = *pos;
	}
	if (!*pos)
		return SEQ_START_TOKEN;
	/*
	 * The text of the entry at r->cur_cpu waits to be written.  Looking
	 * again could pick another CPU's entry (a tracer's print_line() may
	 * have moved r->cur_cpu's iterator past the one it showed).
	 */
	if (r->pending)
		return r;
	return trace_find_next(r);
}

static void *trace_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_reader *r = m->private;

	if (v != SEQ_START_TOKEN)
		ring_buffer_iter_advance(r->iters[r->cur_cpu]);
	r->pos = ++*pos;
	return trace_find_next(r);
}

static void trace_seq_stop(struct seq_file *m, void *v)
{
}

static int trace_seq_show(struct seq_file *m, void *v)
{
	struct trace_reader *r = m->private;
	unsigned int saved;

	if (v == SEQ_START_TOKEN) {
		trace_print_header(m, &r->iter, r->buffer,
				   !trace_find_next(r));
		return 0;
	}
	if (r->pending)
		goto write;
	if (ring_buffer_iter_dropped(r->iters[r->cur_cpu]) &&
	    !test_and_set_bit(r->cur_cpu, r->lost_shown))
		trace_seq_printf(&r->iter.seq, "CPU:%d [LOST EVENTS]\n", r->cur_cpu);
	if (r->annotate && !test_and_set_bit(r->cur_cpu, r->started) &&
	    r->shown)
		trace_seq_printf(&r->iter.seq,
				 "##### CPU %u buffer started ####\n",
				 r->cur_cpu);
	r->shown = true;
	saved = r->iter.seq.seq.len;
	r->iter.idx = r->pos - 1;
	reader_format(r, r->cur, r->cur_cpu, r->cur_ts,
		      trace_opt(r->tr, TRACE_OPT_LATENCY_FMT) ?
		      trace_next_ts(r) : 0);
	if (r->iter.seq.full)
		trace_seq_line_too_big(&r->iter.seq, saved);
write:
	r->pending = seq_write(m, r->iter.seq.buffer,
			       trace_seq_used(&r->iter.seq)) != 0;
	if (!r->pending)
		trace_seq_init(&r->iter.seq);
	return 0;
}

static const struct seq_operations trace_seq_ops = {
	.start	= trace_seq_start,
	.next	= trace_seq_next,
	.stop	= trace_seq_stop,
	.show	= trace_seq_show,
};

/*
 * What the current tracer does with the max buffer: keeps its worst case
 * there (@shown: and trace shows it), read under tracer_mutex.
 */
static bool tracer_uses_max(struct trace_array *tr, bool shown)
{
	struct tracer *t;
	bool ret;

	mutex_lock(&tracer_mutex);
	t = tr->current_trace;
	ret = shown ? t->print_max : t->use_max_tr;
	mutex_unlock(&tracer_mutex);
	return ret;
}

/* echo > trace: empty what trace shows (the CPU's or all). */
static void trace_truncate(struct trace_array *tr, int cpu, bool max)
{
	struct trace_buffer *b = max ? trace_max_buffer(tr) : tr->buffer;

	if (cpu != RING_BUFFER_ALL_CPUS)
		ring_buffer_reset_cpu(b, cpu);
	else if (max)
		ring_buffer_reset(b);
	else
		trace_buffer_empty_all(tr);
}

/*
 * trace and snapshot: a view of the buffer (or the max buffer) as it is
 * at open, CPUs merged by time.
 */
static int trace_view_open(struct inode *inode, struct file *file,
			   bool snapshot)
{
	struct trace_cpu_file *f = inode->i_private;
	bool max = snapshot || tracer_uses_max(f->tr, true);
	struct trace_reader *r;
	int cpu, ret;

	/* A writer truncating (echo > trace) holds the instance as well. */
	r = reader_get(inode);
	if (IS_ERR(r))
		return PTR_ERR(r);
	r->snapshot = snapshot;
	r->iter.snapshot = snapshot;
	if (!snapshot && (file->f_mode & FMODE_WRITE) &&
	    (file->f_flags & O_TRUNC))
		trace_truncate(f->tr, f->cpu, max);
	if (!(file->f_mode & FMODE_READ)) {
		file->private_data = r;
		return 0;
	}

	/*
	 * Counted before the iterators size their copies: a sub-buffer
	 * order change waits for walkers to leave (buffer_subbuf_size_kb).
	 */
	mutex_lock(&r->tr->buffer_mutex);
	atomic_inc(&r->tr->walkers);
	mutex_unlock(&r->tr->buffer_mutex);
	r->walking = true;
	r->buffer = max ? trace_max_buffer(r->tr) : READ_ONCE(r->tr->buffer);
#ifdef CONFIG_TRACER_MAX_TRACE
	if (max) {
		r->iter.iter_flags |= TRACE_FILE_MAX;
		r->min_ts = READ_ONCE(r->tr->max.ts);
	}
#endif
	ret = -ENOMEM;
	r->iters = kcalloc(nr_cpu_ids, sizeof(*r->iters), GFP_KERNEL);
	r->lost_shown = bitmap_zalloc(nr_cpu_ids, GFP_KERNEL);
	r->started = bitmap_zalloc(nr_cpu_ids, GFP_KERNEL);
	if (!r->iters || !r->lost_shown || !r->started)
		goto fail;
	/* What was written up to now: the iterators start at the oldest. */
	r->end_ts = ring_buffer_time_stamp(r->buffer);
	r->annotate = trace_opt(r->tr, TRACE_OPT_ANNOTATE) &&
		      ring_buffer_overruns(r->buffer);
	for_each_possible_cpu(cpu) {
		/* A CPU that has never been online has no buffer. */
		if (!reader_has_cpu(r, cpu) ||
		    !ring_buffer_size(r->buffer, cpu))
			continue;
		r->iters[cpu] = ring_buffer_read_start(r->buffer, cpu,
						       GFP_KERNEL);
		if (!r->iters[cpu])
			goto fail;
	}
	reader_rewind(r);
	r->iter.buffer_iter = r->iters;
	ret = reader_set_tracer(r);
	if (ret)
		goto fail;
	ret = seq_open(file, &trace_seq_ops);
	if (ret)
		goto fail;
	((struct seq_file *)file->private_data)->private = r;
	/* pause-on-trace: a reader does not chase the writers. */
	if (trace_opt(r->tr, TRACE_OPT_PAUSE_ON_TRACE)) {
		ring_buffer_record_disable(r->buffer);
		r->paused = true;
	}
	return 0;
fail:
	reader_put(r);
	return ret;
}

static int trace_open(struct inode *inode, struct file *file)
{
	return trace_view_open(inode, file, false);
}

static int trace_release(struct inode *inode, struct file *file)
{
	struct trace_reader *r;
	struct seq_file *m;

	if (!(file->f_mode & FMODE_READ)) {
		reader_put(file->private_data);
		return 0;
	}
	m = file->private_data;
	r = m->private;
	if (r->paused)
		ring_buffer_record_enable(r->buffer);
	reader_put(m->private);
	return seq_release(inode, file);
}

/* Writing to trace only serves to truncate it, which open() did. */
static ssize_t trace_write(struct file *file, const char __user *ubuf,
			   size_t count, loff_t *ppos)
{
	return count;
}

const struct file_operations trace_fops = {
	.open		= trace_open,
	.read		= seq_read,
	.write		= trace_write,
	.llseek		= trace_lseek,
	.release	= trace_release,
};

#ifdef CONFIG_TRACER_MAX_TRACE
/* --- snapshot, per_cpu/cpuN/snapshot ------------------------------------ */

/* A latency tracer owns the max buffer: no snapshot file opens meanwhile. */
static int snapshot_open(struct inode *inode, struct file *file)
{
	struct trace_cpu_file *f = inode->i_private;

	if (tracer_uses_max(f->tr, false))
		return -EBUSY;
	return trace_view_open(inode, file, true);
}

/* A number: 0 frees, 1 swaps, others empty (trace_snapshot_command()). */
static ssize_t snapshot_write(struct file *file, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct trace_reader *r;
	unsigned long val;
	int ret;

	if (file->f_mode & FMODE_READ)
		r = ((struct seq_file *)file->private_data)->private;
	else
		r = file->private_data;
	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	ret = tracing_update_buffers(r->tr);
	if (ret)
		return ret;
	ret = trace_snapshot_command(r->tr, r->cpu, val);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations trace_snapshot_fops = {
	.open		= snapshot_open,
	.read		= seq_read,
	.write		= snapshot_write,
	.llseek		= trace_lseek,
	.release	= trace_release,
};
#endif

/* --- trace_pipe --------------------------------------------------------- */

/* The room a line needs to start in trace_pipe's text (see above). */
#define PIPE_LINE_ROOM	512

/*
 * A consuming reader holds tr->pipe_sem shared from peeking an event to
 * consuming it, and for a whole trace_pipe_raw page: a sub-buffer order
 * change, which frees the pages, takes it exclusive.  Readers of other
 * CPUs or instances do not contend; r->lock orders reads of one file.
 */
static void reader_lock(struct trace_reader *r)
{
	mutex_lock(&r->lock);
	down_read(&r->tr->pipe_sem);
}

static void reader_unlock(struct trace_reader *r)
{
	up_read(&r->tr->pipe_sem);
	mutex_unlock(&r->lock);
}

/*
 * Wait with neither lock held for data, or for @percent of the CPU's
 * sub-buffers to fill (trace_pipe_raw's buffer_percent).
 */
static int reader_wait(struct trace_reader *r, int percent)
{
	int ret;

	reader_unlock(r);
	ret = ring_buffer_wait(reader_buffer(r), r->cpu, percent, NULL, NULL);
	reader_lock(r);
	return ret;
}

/*
 * The oldest entry of the reader's CPUs, in *@buf: the one buffer the
 * caller consumes it from, whatever a swap does meanwhile.
 */
static struct ring_buffer_event *pipe_peek(struct trace_reader *r, int *cpu,
					   u64 *ts, unsigned long *lost,
					   struct trace_buffer **buf)
{
	struct ring_buffer_event *ev, *best = NULL;
	unsigned long l;
	u64 t;
	int c;

	*buf = reader_buffer(r);
	for_each_possible_cpu(c) {
		if (!reader_has_cpu(r, c))
			continue;
		ev = ring_buffer_peek(*buf, c, &t, &l);
		if (ev && (!best || t < *ts)) {
			best = ev;
			*ts = t;
			*cpu = c;
			*lost = l;
		}
	}
	return best;
}

static bool pipe_has_data(struct trace_reader *r)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		if (reader_has_cpu(r, cpu) &&
		    !ring_buffer_empty_cpu(reader_buffer(r), cpu))
			return true;
	}
	return false;
}

static int trace_pipe_open(struct inode *inode, struct file *file)
{
	struct trace_reader *r = reader_get(inode);
	int ret;

	if (IS_ERR(r))
		return PTR_ERR(r);
	ret = reader_claim(r);
	if (!ret)
		ret = reader_set_tracer(r);
	if (ret) {
		reader_put(r);
		return ret;
	}
	file->private_data = r;
	return nonseekable_open(inode, file);
}

/* Release of trace_pipe and trace_pipe_raw. */
static int trace_reader_release(struct inode *inode, struct file *file)
{
	reader_put(file->private_data);
	return 0;
}

static ssize_t trace_pipe_read(struct file *file, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_reader *r = file->private_data;
	struct ring_buffer_event *ev;
	struct trace_buffer *buf;
	unsigned long lost;
	unsigned int saved;
	ssize_t ret;
	int cpu;
	u64 ts;

	reader_lock(r);
	ret = trace_seq_to_user(&r->iter.seq, ubuf, cnt);
	if (ret != -EBUSY)
		goto out;
	trace_seq_init(&r->iter.seq);

	while (!pipe_has_data(r)) {
		if (file->f_flags & O_NONBLOCK) {
			ret = -EAGAIN;
			goto out;
		}
		ret = reader_wait(r, 0);
		if (ret)
			goto out;
	}

	/*
	 * A new tracer formats from the next read on.  tracer_mutex comes
	 * before pipe_sem (a tracer switch resizes buffers).
	 */
	up_read(&r->tr->pipe_sem);
	ret = reader_set_tracer(r);
	down_read(&r->tr->pipe_sem);
	if (ret)
		goto out;
	cnt = min_t(size_t, cnt, TRACE_SEQ_BUFFER_SIZE - 1);
	while ((ev = pipe_peek(r, &cpu, &ts, &lost, &buf))) {
		saved = r->iter.seq.seq.len;
		/*
		 * A tracer may consume an entry while formatting it: its
		 * line must then fit, so it starts only with room to spare.
		 */
		if (saved && TRACE_SEQ_BUFFER_SIZE - saved < PIPE_LINE_ROOM)
			break;
		if (lost)
			trace_seq_printf(&r->iter.seq, "CPU:%d [LOST %lu EVENTS]\n",
					 cpu, lost);
		r->iter.iter_flags &= ~TRACE_FILE_CONSUMED;
		reader_format(r, ev, cpu, ts, 0);
		if (r->iter.seq.full && (r->iter.iter_flags & TRACE_FILE_CONSUMED)) {
			/* Consumed already: as much of it as fits. */
			r->iter.seq.full = 0;
			break;
		}
		if (r->iter.seq.full) {
			/*
			 * No room for the whole line.  After other lines it
			 * waits for the next read; alone, it never fits, and
			 * leaving it would stall the reader on it for ever.
			 */
			if (saved) {
				r->iter.seq.seq.len = saved;
				r->iter.seq.full = 0;
				break;
			}
			trace_seq_line_too_big(&r->iter.seq, 0);
		}
		if (!(r->iter.iter_flags & TRACE_FILE_CONSUMED))
			ring_buffer_consume(buf, cpu, NULL, NULL);
		if (trace_seq_used(&r->iter.seq) >= cnt)
			break;
	}
	ret = trace_seq_to_user(&r->iter.seq, ubuf, cnt);
	if (ret == -EBUSY)
		ret = 0;
out:
	reader_unlock(r);
	return ret;
}

static __poll_t trace_pipe_poll(struct file *file, poll_table *pt)
{
	struct trace_reader *r = file->private_data;

	/* The block option: a poll never waits, as upstream. */
	if (r->iter.seq.readpos < trace_seq_used(&r->iter.seq) ||
	    trace_opt(r->tr, TRACE_OPT_BLOCK))
		return EPOLLIN | EPOLLRDNORM;
	return ring_buffer_poll_wait(reader_buffer(r), r->cpu, file, pt, 0);
}

const struct file_operations trace_pipe_fops = {
	.open		= trace_pipe_open,
	.read		= trace_pipe_read,
	.poll		= trace_pipe_poll,
	.release	= trace_reader_release,
};

/* --- trace_pipe_raw ------------------------------------------------------- */

static int raw_open(struct inode *inode, struct file *file, bool snapshot)
{
	struct trace_reader *r = reader_get(inode);
	int ret = 0;

	if (IS_ERR(r))
		return PTR_ERR(r);
	r->snapshot = snapshot;
	/*
	 * trace_pipe_raw has one reader a CPU; snapshot_raw reads what no
	 * writer touches, and the ring buffer's reader lock orders readers.
	 */
	if (snapshot && tracer_uses_max(r->tr, false))
		ret = -EBUSY;
	else if (!snapshot)
		ret = reader_claim(r);
	if (!ret)
		ret = ring_buffer_alloc_read_page(reader_buffer(r), r->cpu,
						  &r->rpage);
	if (ret) {
		reader_put(r);
		return ret;
	}
	r->raw_off = ring_buffer_read_page_size(r->rpage);
	file->private_data = r;
	return nonseekable_open(inode, file);
}

static int trace_pipe_raw_open(struct inode *inode, struct file *file)
{
	return raw_open(inode, file, false);
}

/*
 * At most the rest of one sub-buffer per call, as a page of the layout
 * trace-cmd reads.  Through read() and, by copy_splice_read(), splice().
 */
static ssize_t trace_pipe_raw_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	struct file *file = iocb->ki_filp;
	struct trace_reader *r = file->private_data;
	struct trace_buffer *buffer = reader_buffer(r);
	size_t cnt = iov_iter_count(to);
	size_t size, n;
	ssize_t ret;

	if (!cnt)
		return 0;
	reader_lock(r);
	for (;;) {
		/* The sub-buffer size may have changed since open, or a wait. */
		if (!r->rpage || ring_buffer_read_page_size(r->rpage) !=
		    PAGE_SIZE << ring_buffer_subbuf_order_get(buffer)) {
			ring_buffer_free_read_page(buffer, r->cpu, r->rpage);
			r->rpage = NULL;
			ret = ring_buffer_alloc_read_page(buffer, r->cpu,
							  &r->rpage);
			if (ret)
				goto out;
			r->raw_off = ring_buffer_read_page_size(r->rpage);
		}
		size = ring_buffer_read_page_size(r->rpage);
		if (r->raw_off < size)
			break;
		ret = ring_buffer_read_page(buffer, r->rpage, size, r->cpu, 0);
		if (!ret) {
			r->raw_off = 0;
			break;
		}
		if (ret == -EINVAL) {
			/* An order change is under way: its new order. */
			cond_resched();
			continue;
		}
		if ((file->f_flags & O_NONBLOCK) ||
		    (iocb->ki_flags & IOCB_NOWAIT)) {
			ret = -EAGAIN;
			goto out;
		}
		ret = reader_wait(r, READ_ONCE(r->tr->buffer_percent));
		if (ret)
			goto out;
	}
	n = min(cnt, size - r->raw_off);
	n = copy_to_iter(ring_buffer_read_page_data(r->rpage) + r->raw_off,
			 n, to);
	if (!n) {
		ret = -EFAULT;
		goto out;
	}
	r->raw_off += n;
	ret = n;
out:
	reader_unlock(r);
	return ret;
}

/* Part of the sub-buffer read last is still to be copied out. */
static bool raw_page_unread(struct trace_reader *r)
{
	return r->rpage && r->raw_off < ring_buffer_read_page_size(r->rpage);
}

/* Whether a read would find data now. */
static bool trace_pipe_raw_ready(struct trace_reader *r)
{
	bool ready;

	reader_lock(r);
	ready = raw_page_unread(r) ||
		!ring_buffer_empty_cpu(reader_buffer(r), r->cpu);
	reader_unlock(r);
	return ready;
}

/*
 * What a spliced sub-buffer carries into the pipe: the page, freed when
 * the pipe lets go of it.  It does not refer to the ring buffer, so it
 * may outlive the file, its buffer and its instance.
 */
struct raw_splice_page {
	struct buffer_data_read_page	*rpage;
	refcount_t			ref;
};

static void raw_splice_release(struct pipe_inode_info *pipe,
			       struct pipe_buffer *buf)
{
	struct raw_splice_page *sp = (void *)buf->private;

	if (refcount_dec_and_test(&sp->ref)) {
		ring_buffer_free_read_page(NULL, -1, sp->rpage);
		kfree(sp);
	}
	buf->private = 0;
}

static bool raw_splice_get(struct pipe_inode_info *pipe,
			   struct pipe_buffer *buf)
{
	struct raw_splice_page *sp = (void *)buf->private;

	return refcount_inc_not_zero(&sp->ref);
}

static const struct pipe_buf_operations raw_splice_ops = {
	.release	= raw_splice_release,
	.get		= raw_splice_get,
};

/*
 * Move one whole sub-buffer (a finished one, or with @partial whatever
 * the CPU holds) into the pipe without copying: the ring takes a fresh
 * page in its place.  Return: bytes moved, 0 if there was nothing, or a
 * negative errno.
 */
static ssize_t raw_splice_one(struct trace_reader *r,
			      struct pipe_inode_info *pipe, bool partial)
{
	struct trace_buffer *buffer = reader_buffer(r);
	struct buffer_data_read_page *rpage = r->spare;
	struct raw_splice_page *sp = r->spare_sp;
	struct pipe_buffer buf = {};
	ssize_t ret;

	/*
	 * What found nothing stays for the next try: a recorder polling
	 * an idle (or self-traced) buffer allocates nothing.
	 */
	if (!sp) {
		sp = kzalloc(sizeof(*sp), GFP_KERNEL);
		if (!sp)
			return -ENOMEM;
		r->spare_sp = sp;
	}
	r->spare = NULL;
	/* One of another sub-buffer order is of no use any more. */
	if (rpage && ring_buffer_read_page_size(rpage) != PAGE_SIZE) {
		ring_buffer_free_read_page(buffer, r->cpu, rpage);
		rpage = NULL;
	}
	if (!rpage) {
		ret = ring_buffer_alloc_read_page(buffer, r->cpu, &rpage);
		if (ret)
			return ret;
	}
	if (ring_buffer_read_page_size(rpage) != PAGE_SIZE ||
	    ring_buffer_read_page(buffer, rpage, PAGE_SIZE, r->cpu, !partial)) {
		r->spare = rpage;
		return 0;
	}
	r->spare_sp = NULL;
	sp->rpage = rpage;
	refcount_set(&sp->ref, 1);
	buf.page = virt_to_page(ring_buffer_read_page_data(rpage));
	buf.len = PAGE_SIZE;
	buf.ops = &raw_splice_ops;
	buf.private = (unsigned long)sp;
	ret = add_to_pipe(pipe, &buf);
	/* add_to_pipe() released the buffer on failure. */
	return ret < 0 ? ret : PAGE_SIZE;
}

/*
 * splice() hands the pipe whole sub-buffers, moved out of the ring, as
 * trace-cmd's recorder expects: page-sized and page-aligned requests
 * only.  It waits (unless SPLICE_F_NONBLOCK) for buffer_percent of the
 * CPU's sub-buffers to fill; a reader that has read part of a page
 * with read(), or a buffer of larger sub-buffers, gets copies.
 */
static ssize_t trace_pipe_raw_splice_read(struct file *in, loff_t *ppos,
					  struct pipe_inode_info *pipe,
					  size_t len, unsigned int flags)
{
	struct trace_reader *r = in->private_data;
	bool nonblock = (flags & SPLICE_F_NONBLOCK) ||
			(in->f_flags & O_NONBLOCK);
	bool copy = false;
	ssize_t ret = 0, n;

	if (nonblock && !trace_pipe_raw_ready(r))
		return -EAGAIN;
	if (raw_page_unread(r) ||
	    ring_buffer_subbuf_order_get(reader_buffer(r)) != 0)
		return copy_splice_read(in, ppos, pipe, len, flags);
	if (*ppos & (PAGE_SIZE - 1))
		return -EINVAL;
	if (len < PAGE_SIZE)
		return -EINVAL;
	len &= PAGE_MASK;

	reader_lock(r);
	while (len && !pipe_full(pipe->head, pipe->tail, pipe->max_usage)) {
		/*
		 * The sub-buffer size may change while this waits: pages of
		 * another size are copied, never handed over.
		 */
		if (ring_buffer_subbuf_order_get(reader_buffer(r)) != 0) {
			copy = !ret;
			break;
		}
		/*
		 * Finished sub-buffers first; the one being written only
		 * after a wait (below), not to a non-blocking poll nor to
		 * fill up a splice: handing it over half empty costs a page
		 * in the pipe for a few entries, and a recorder that traces
		 * itself would feed on its own splices.
		 */
		n = raw_splice_one(r, pipe, false);
		if (n < 0) {
			ret = ret ?: n;
			break;
		}
		if (n) {
			ret += n;
			len -= n;
			continue;
		}
		if (ret || nonblock) {
			ret = ret ?: -EAGAIN;
			break;
		}
		n = reader_wait(r, READ_ONCE(r->tr->buffer_percent));
		if (n) {
			ret = n;
			break;
		}
		/*
		 * After a wait, what is there is enough, full or not: the
		 * fill counts the sub-buffer being written, and a small
		 * buffer may reach buffer_percent with no finished one.
		 */
		n = raw_splice_one(r, pipe, true);
		if (n < 0) {
			ret = n;
			break;
		}
		ret += n;
		len -= n;
	}
	reader_unlock(r);
	if (copy)
		return copy_splice_read(in, ppos, pipe, len, flags);
	return ret;
}

static __poll_t trace_pipe_raw_poll(struct file *file, poll_table *pt)
{
	struct trace_reader *r = file->private_data;

	if (raw_page_unread(r))
		return EPOLLIN | EPOLLRDNORM;
	return ring_buffer_poll_wait(reader_buffer(r), r->cpu, file, pt,
				     READ_ONCE(r->tr->buffer_percent));
}

const struct file_operations trace_pipe_raw_fops = {
	.open		= trace_pipe_raw_open,
	.read_iter	= trace_pipe_raw_read_iter,
	.splice_read	= trace_pipe_raw_splice_read,
	.poll		= trace_pipe_raw_poll,
	.release	= trace_reader_release,
};

#ifdef CONFIG_TRACER_MAX_TRACE
static int snapshot_raw_open(struct inode *inode, struct file *file)
{
	return raw_open(inode, file, true);
}

/* per_cpu/cpuN/snapshot_raw: trace_pipe_raw of the max buffer. */
const struct file_operations trace_snapshot_raw_fops = {
	.open		= snapshot_raw_open,
	.read_iter	= trace_pipe_raw_read_iter,
	.splice_read	= trace_pipe_raw_splice_read,
	.poll		= trace_pipe_raw_poll,
	.release	= trace_reader_release,
};
#endif
