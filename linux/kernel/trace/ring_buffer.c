// SPDX-License-Identifier: GPL-2.0
/*
 * The trace ring buffer: one ring of sub-buffers per CPU, written without
 * locks from any context on that CPU and read by one reader at a time.
 *
 * Layout.  A CPU buffer owns nr_pages + 1 sub-buffers, numbered by id.
 * nr_pages of them form the ring; the extra one belongs to the reader.
 * Ring positions count up forever; position p lives in slot p % nr_pages.
 * A slot holds a tagged id: the sub-buffer's id, the lap (p / nr_pages)
 * it was placed for, and a CLAIMED bit.  Positions head..tail hold data,
 * oldest first; the writer writes at tail.
 *
 * Writing.  Only code running on the buffer's CPU writes, possibly nested:
 * task, softirq, hardirq and NMI each interrupt the one before.  A writer
 * reserves space with a local cmpxchg on the tail sub-buffer's write
 * offset, so a nested writer that got in first just makes it retry.  The
 * writer also remembers where the last event ended and its timestamp; an
 * event that starts exactly there stores a delta, any other (its
 * predecessor was written by an interrupted context) an absolute
 * timestamp.  A full sub-buffer is closed (the FULL bit in its write
 * offset) and the tail moves on.  When the ring is full the writer either
 * drops the event (producer/consumer mode) or recycles the head
 * sub-buffer (overwrite mode), claiming its slot first.  Events become
 * visible to readers when the outermost writer on the CPU commits.
 *
 * Reading.  The reader owns one sub-buffer.  To read on, it swaps that
 * one into the head slot with a cmpxchg that fails if the slot changed,
 * taking the old head whole.  A head sub-buffer that is still being
 * written is not taken; its committed part is copied instead, and the
 * copy is kept only if the writer has not recycled the sub-buffer
 * meanwhile.  Writers never wait for readers.
 *
 * Swapping.  ring_buffer_swap_cpu() exchanges the data of one CPU's
 * buffers in two trace_buffers, not the buffers: the rb_cpu stay where
 * they are, with their writers' state, reader lock and waiters.  It runs
 * on that CPU with interrupts off, so writers there are either interrupted
 * by it or NMIs; it refuses while one of the former holds a reservation.
 */
#define pr_fmt(fmt) "ring-buffer: " fmt

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/local_lock.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/ring_buffer.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/trace_clock.h>
#include <linux/trace_seq.h>
#include <linux/wait.h>
#include <asm/local.h>

#include "ring_buffer_internal.h"

/* --- Events ------------------------------------------------------------ */

/**
 * rb_event_total - bytes an event occupies in its sub-buffer
 * @ev: the event
 *
 * Return: the size, or 0 for padding that runs to the end of the page.
 */
unsigned int rb_event_total(struct ring_buffer_event *ev)
{
	switch (ev->type_len) {
	case RINGBUF_TYPE_PADDING:
		return ev->time_delta ? RB_EVNT_HDR_SIZE + ev->array[0] : 0;
	case RINGBUF_TYPE_TIME_EXTEND:
	case RINGBUF_TYPE_TIME_STAMP:
		return RB_EVNT_HDR_SIZE + sizeof(u32);
	case 0:
		return RB_EVNT_HDR_SIZE + ev->array[0];
	default:
		return RB_EVNT_HDR_SIZE + ev->type_len * RB_ALIGNMENT;
	}
}

/* Bytes a data event with @length bytes of payload needs. */
static inline unsigned int rb_data_size(unsigned long length)
{
	unsigned int aligned = ALIGN(length ? length : 1, RB_ALIGNMENT);

	if (aligned <= RB_MAX_SMALL_DATA)
		return RB_EVNT_HDR_SIZE + aligned;
	return RB_EVNT_HDR_SIZE + sizeof(u32) + aligned;
}

static inline u64 rb_stamp_value(struct ring_buffer_event *ev)
{
	return (u64)ev->array[0] << RB_TS_BITS | ev->time_delta;
}

static inline void rb_put_stamp(struct ring_buffer_event *ev, int type, u64 v)
{
	ev->type_len = type;
	ev->time_delta = v & RB_TS_MASK;
	ev->array[0] = v >> RB_TS_BITS;
}

/**
 * rb_event_advance_ts - fold a timestamp event into a running timestamp
 * @ev: the event just read
 * @ts: the running timestamp, updated
 *
 * Return: true if @ev carries data (its timestamp is then *@ts).
 */
bool rb_event_advance_ts(struct ring_buffer_event *ev, u64 *ts)
{
	switch (ev->type_len) {
	case RINGBUF_TYPE_PADDING:
		return false;
	case RINGBUF_TYPE_TIME_EXTEND:
		*ts += rb_stamp_value(ev);
		return false;
	case RINGBUF_TYPE_TIME_STAMP:
		/* The stamp holds 59 bits; the rest comes from the page. */
		*ts = (*ts & ~RB_STAMP_MASK) | rb_stamp_value(ev);
		return false;
	default:
		*ts += ev->time_delta;
		return true;
	}
}

/**
 * ring_buffer_event_length - payload length of a data event
 * @event: the event
 *
 * Return: the length reserved for the event's data (rounded up to 4).
 */
unsigned int ring_buffer_event_length(struct ring_buffer_event *event)
{
	if (event->type_len > RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
		return rb_event_total(event);
	if (!event->type_len)
		return event->array[0] - sizeof(u32);
	return event->type_len * RB_ALIGNMENT;
}
EXPORT_SYMBOL_GPL(ring_buffer_event_length);

/**
 * ring_buffer_event_data - the payload of a data event
 * @event: the event
 *
 * Return: a pointer to the data.
 */
void *ring_buffer_event_data(struct ring_buffer_event *event)
{
	WARN_ON_ONCE(event->type_len > RINGBUF_TYPE_DATA_TYPE_LEN_MAX);
	return event->type_len ? (void *)&event->array[0] :
				 (void *)&event->array[1];
}
EXPORT_SYMBOL_GPL(ring_buffer_event_data);

/* Writer position: sub-buffer position << RB_POS_SHIFT | offset. */
#define RB_POS_SHIFT		24

/* --- Writing --------------------------------------------------------------- */

/*
 * Recursion guard: one bit per context level (task, softirq, hardirq,
 * NMI), shifted while ring_buffer_nest_start() is in effect.  A context
 * that finds its own bit set is recursing and its event is dropped.
 */
static __always_inline bool rb_enter_context(struct rb_cpu *cb)
{
	unsigned int bit = interrupt_context_level() + cb->nest;

	if (unlikely(cb->context & (1U << bit)))
		return false;
	cb->context |= 1U << bit;
	return true;
}

static __always_inline void rb_leave_context(struct rb_cpu *cb)
{
	/* The innermost context holds the highest bit. */
	cb->context &= ~(1U << (fls(cb->context) - 1));
}

/* Publish everything reserved so far, if we are the outermost writer. */
static void rb_end_commit(struct rb_cpu *cb)
{
	struct rb_page *page;
	unsigned long pos;

	if (local_read(&cb->committing) != 1) {
		local_dec(&cb->committing);
		return;
	}
again:
	for (pos = cb->commit_pos; pos != READ_ONCE(cb->tail); pos++) {
		page = rb_page_at(cb, pos);
		/* The events are written before the commit covers them. */
		smp_wmb();
		local_set(&page->data->commit, rb_page_write(page));
		/* Pairs with rb_committed_pos(): the page is complete. */
		smp_store_release(&cb->commit_pos, pos + 1);
	}
	page = READ_ONCE(cb->tail_page);
	/* Pairs with the smp_rmb() in rb_data_commit(). */
	smp_wmb();
	local_set(&page->data->commit, rb_page_write(page));
	local_dec(&cb->committing);
	barrier();
	/* An NMI may have reserved after the loop but before the decrement. */
	page = READ_ONCE(cb->tail_page);
	if (unlikely(cb->commit_pos != READ_ONCE(cb->tail) ||
		     rb_data_commit(page->data) != rb_page_write(page))) {
		if (local_inc_return(&cb->committing) == 1)
			goto again;
		local_dec(&cb->committing);
	}
}

/*
 * Close the tail sub-buffer @page and move the tail to the next position,
 * recycling the head in overwrite mode.  Returns 0 when the caller should
 * retry its reservation, or a negative errno when its event is dropped.
 */
static int rb_move_tail(struct rb_cpu *cb, struct rb_page *page)
{
	struct trace_buffer *buffer = cb->buffer;
	unsigned long next, head, slot, s, lost;
	struct rb_page *np;


	/* A nested writer interrupting a move drops its event. */
	if (local_cmpxchg(&cb->moving, 0, 1) != 0) {
		local_inc(&cb->dropped);
		return -EBUSY;
	}
	if (READ_ONCE(cb->tail_page) != page)
		goto out;		/* someone nested did it */

	next = cb->tail + 1;
	s = next % cb->nr_pages;
	for (;;) {
		head = READ_ONCE(cb->head);
		slot = READ_ONCE(cb->slots[s]);
		if (next - head < cb->nr_pages)
			break;		/* a free sub-buffer */
		if (!(buffer->flags & RB_FL_OVERWRITE)) {
			local_inc(&cb->dropped);
			local_set(&cb->moving, 0);
			return -ENOSPC;
		}
		if (head >= rb_committed_pos(cb)) {
			/* The oldest data is not even committed yet. */
			local_inc(&cb->commit_overrun);
			local_set(&cb->moving, 0);
			return -EBUSY;
		}
		if (rb_slot_lap(slot) != rb_lap(cb, head))
			continue;	/* the reader just swapped */
		if (cmpxchg(&cb->slots[s], slot, slot | RB_SLOT_CLAIMED) != slot)
			continue;
		/* The reader may have advanced head after its swap. */
		cmpxchg(&cb->head, head, head + 1);
		/*
		 * Take the count of events the reader already copied out and
		 * retire this incarnation, which fails the reader's copy
		 * if one is under way.
		 */
		np = cb->pages[rb_slot_id(slot)];
		lost = xchg(&np->consumed, rb_consumed(next, 0));
		local_add(local_read(&np->entries) - rb_consumed_count(lost),
			  &cb->overrun);
		break;
	}
	np = cb->pages[rb_slot_id(slot)];
	rb_page_reset(np, next, buffer->clock());
	/* A reader finding the page in its slot finds it reset. */
	smp_wmb();
	WRITE_ONCE(cb->slots[s], rb_slot(np->id, rb_lap(cb, next)));
	WRITE_ONCE(cb->tail, next);
	WRITE_ONCE(cb->tail_page, np);
out:
	local_set(&cb->moving, 0);
	return 0;
}

/*
 * Reserve @size bytes of payload on this CPU.  The caller holds
 * cb->committing.
 */
static struct ring_buffer_event *rb_reserve(struct rb_cpu *cb,
					    unsigned long length)
{
	struct trace_buffer *buffer = cb->buffer;
	unsigned int dsize = rb_data_size(length);
	struct ring_buffer_event *ev;
	struct rb_page *page;
	unsigned long w, pos, size;
	u64 ts, base, delta;
	int stamp;

	for (;;) {
		page = READ_ONCE(cb->tail_page);
		w = local_read(&page->write);
		if (w & RB_PAGE_FULL) {
			if (rb_move_tail(cb, page))
				return NULL;
			continue;
		}
		ts = buffer->clock();
		pos = page->pos << RB_POS_SHIFT | w;
		stamp = 0;
		delta = 0;
		if (buffer->time_stamp_abs) {
			stamp = RINGBUF_TYPE_TIME_STAMP;
		} else {
			if (!w) {
				base = page->data->time_stamp;
			} else if (READ_ONCE(cb->last_pos) == pos) {
				base = READ_ONCE(cb->last_ts);
			} else {
				stamp = RINGBUF_TYPE_TIME_STAMP;
				base = ts;
			}
			/* Time read before a nested writer's: no going back. */
			if (ts < base)
				ts = base;
			delta = ts - base;
			if (!stamp && delta > RB_TS_MASK)
				stamp = RINGBUF_TYPE_TIME_EXTEND;
		}
		size = dsize + (stamp ? RB_EVNT_HDR_SIZE + sizeof(u32) : 0);
		if (w + size > buffer->subbuf_size) {
			if (local_cmpxchg(&page->write, w, w | RB_PAGE_FULL) != w)
				continue;
			if (rb_move_tail(cb, page))
				return NULL;
			continue;
		}
		if (local_cmpxchg(&page->write, w, w + size) != w)
			continue;
		break;
	}

	ev = (struct ring_buffer_event *)(page->data->data + w);
	if (stamp) {
		rb_put_stamp(ev, stamp, stamp == RINGBUF_TYPE_TIME_STAMP ?
			     ts & RB_STAMP_MASK : delta);
		ev = (void *)ev + RB_EVNT_HDR_SIZE + sizeof(u32);
		delta = 0;
	}
	ev->time_delta = delta;
	if (dsize - RB_EVNT_HDR_SIZE <= RB_MAX_SMALL_DATA) {
		ev->type_len = (dsize - RB_EVNT_HDR_SIZE) / RB_ALIGNMENT;
	} else {
		ev->type_len = 0;
		ev->array[0] = dsize - RB_EVNT_HDR_SIZE;
	}
	WRITE_ONCE(cb->last_ts, ts);
	barrier();
	WRITE_ONCE(cb->last_pos, pos + size);
	cb->last_event = ev;
	local_inc(&page->entries);
	local_inc(&cb->written);
	return ev;
}

static inline bool rb_may_record(struct trace_buffer *buffer,
				 struct rb_cpu *cb)
{
	return !atomic_read(&buffer->record_disabled) &&
		!atomic_read(&cb->record_disabled);
}

/**
 * ring_buffer_lock_reserve - reserve space for an event on this CPU
 * @buffer: the buffer
 * @length: the payload length
 *
 * Preemption stays disabled until ring_buffer_unlock_commit() or
 * ring_buffer_discard_commit().  Safe in any context, NMI included.
 *
 * Return: the event, whose payload ring_buffer_event_data() returns, or
 * NULL if recording is off, the event is too big, the buffer is full in
 * producer/consumer mode, or this context is already writing.
 */
struct ring_buffer_event *
ring_buffer_lock_reserve(struct trace_buffer *buffer, unsigned long length)
{
	struct ring_buffer_event *ev;
	struct rb_cpu *cb;

	preempt_disable_notrace();
	cb = buffer->cpus[raw_smp_processor_id()];
	if (unlikely(!rb_may_record(buffer, cb) ||
		     length > buffer->max_payload))
		goto out;
	if (unlikely(!rb_enter_context(cb)))
		goto out;
	local_inc(&cb->committing);
	/*
	 * ring_buffer_swap_cpu() may run in an interrupt on this CPU and
	 * exchange the ring under us until it sees @committing raised: the
	 * compiler must not read any of the ring's state before that.
	 */
	barrier();
	ev = rb_reserve(cb, length);
	if (likely(ev))
		return ev;
	rb_end_commit(cb);
	rb_leave_context(cb);
out:
	preempt_enable_notrace();
	return NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_lock_reserve);

/*
 * Has the CPU filled what its waiters want?  Without the reader lock: a
 * waiter checks again under it, and fills only grow between its checks
 * (it is the reader), so a commit that crosses the mark sees it.
 */
static bool rb_wait_full_hit(struct rb_cpu *cb)
{
	int full = READ_ONCE(cb->wait_full);

	if (!full)
		return true;
	return full != RB_WAIT_FULL_NONE && rb_fill_reached(cb, full);
}

static void rb_wake_readers(struct rb_cpu *cb)
{
	/*
	 * Pairs with the smp_mb() in rb_wait_ready(): either the waiter sees
	 * our commit, or we see its flag.  A waiter for a fill (a recorder
	 * at buffer_percent) is woken once it is reached, not per commit.
	 */
	smp_mb();
	/* Acquire: pairs with the waiter's release, after its fill. */
	if ((smp_load_acquire(&cb->waiters_pending) && rb_wait_full_hit(cb)) ||
	    READ_ONCE(cb->buffer->waiters_pending))
		irq_work_queue(&cb->wake_work);
}

/**
 * ring_buffer_unlock_commit - make the reserved event visible
 * @buffer: the buffer the event was reserved in
 *
 * Return: 0.
 */
int ring_buffer_unlock_commit(struct trace_buffer *buffer)
{
	struct rb_cpu *cb = buffer->cpus[raw_smp_processor_id()];

	rb_end_commit(cb);
	rb_wake_readers(cb);
	rb_leave_context(cb);
	preempt_enable_notrace();
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_unlock_commit);

/**
 * ring_buffer_discard_commit - drop a reserved event instead of committing
 * @buffer: the buffer
 * @event: the event from ring_buffer_lock_reserve()
 *
 * The space stays behind as padding that readers skip.
 */
void ring_buffer_discard_commit(struct trace_buffer *buffer,
				struct ring_buffer_event *event)
{
	struct rb_cpu *cb = buffer->cpus[raw_smp_processor_id()];
	unsigned int total = rb_event_total(event);
	unsigned long data;
	unsigned int i;

	event->type_len = RINGBUF_TYPE_PADDING;
	event->time_delta = 1;
	event->array[0] = total - RB_EVNT_HDR_SIZE;
	/*
	 * The event's sub-buffer may no longer be the tail (a nested writer
	 * can have moved on); sub-buffers are aligned to their size.
	 */
	data = (unsigned long)event & ~((PAGE_SIZE << cb->order) - 1);
	for (i = 0; i <= cb->nr_pages; i++) {
		if ((unsigned long)cb->pages[i]->data == data) {
			local_dec(&cb->pages[i]->entries);
			break;
		}
	}
	local_dec(&cb->written);
	rb_end_commit(cb);
	rb_leave_context(cb);
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_discard_commit);

/**
 * ring_buffer_write - write a whole event in one call
 * @buffer: the buffer
 * @length: the data length
 * @data: the data
 *
 * Return: 0, or -EBUSY if the event could not be reserved.
 */
int ring_buffer_write(struct trace_buffer *buffer, unsigned long length,
		      void *data)
{
	struct ring_buffer_event *ev;

	ev = ring_buffer_lock_reserve(buffer, length);
	if (!ev)
		return -EBUSY;
	memcpy(ring_buffer_event_data(ev), data, length);
	return ring_buffer_unlock_commit(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_write);

/**
 * ring_buffer_nest_start - allow one more event inside a reserved one
 * @buffer: the buffer
 *
 * For code that must write a second event while it holds a reservation
 * in the same context.  Pair with ring_buffer_nest_end().
 */
void ring_buffer_nest_start(struct trace_buffer *buffer)
{
	preempt_disable_notrace();
	buffer->cpus[raw_smp_processor_id()]->nest += RB_NEST_SHIFT;
}
EXPORT_SYMBOL_GPL(ring_buffer_nest_start);

/**
 * ring_buffer_nest_end - end ring_buffer_nest_start()
 * @buffer: the buffer
 */
void ring_buffer_nest_end(struct trace_buffer *buffer)
{
	buffer->cpus[raw_smp_processor_id()]->nest -= RB_NEST_SHIFT;
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_nest_end);

/**
 * ring_buffer_event_time_stamp - timestamp of an event being written
 * @buffer: the buffer
 * @event: an event reserved on this CPU and not yet committed
 *
 * Return: its timestamp, or the current time for any other event.
 */
u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event)
{
	struct rb_cpu *cb = buffer->cpus[raw_smp_processor_id()];

	if (READ_ONCE(cb->last_event) == event)
		return READ_ONCE(cb->last_ts);
	return buffer->clock();
}
EXPORT_SYMBOL_GPL(ring_buffer_event_time_stamp);

#ifdef CONFIG_RING_BUFFER_ALLOW_SWAP
/* --- Swapping a CPU's data between two buffers ----------------------------- */

static void rb_swap_local(local_t *x, local_t *y)
{
	long v = local_read(x);

	local_set(x, local_read(y));
	local_set(y, v);
}

/*
 * Exchange the data of @x and @y, as struct rb_cpu divides it.  Both
 * reader locks are held, and no writer is between reserve and commit on
 * either.
 */
static void rb_cpu_swap_data(struct rb_cpu *x, struct rb_cpu *y)
{
	swap(x->slots, y->slots);
	swap(x->pages, y->pages);
	swap(x->tail_page, y->tail_page);
	swap(x->tail, y->tail);
	swap(x->commit_pos, y->commit_pos);
	swap(x->head, y->head);
	swap(x->last_pos, y->last_pos);
	swap(x->last_ts, y->last_ts);
	swap(x->last_event, y->last_event);
	rb_swap_local(&x->written, &y->written);
	rb_swap_local(&x->overrun, &y->overrun);
	rb_swap_local(&x->commit_overrun, &y->commit_overrun);
	rb_swap_local(&x->dropped, &y->dropped);
	swap(x->read, y->read);
	swap(x->reader_page, y->reader_page);
	swap(x->read_off, y->read_off);
	swap(x->read_ts, y->read_ts);
	swap(x->last_overrun, y->last_overrun);
	swap(x->lost, y->lost);
	/* Both reader pages have new contents; iterators start over. */
	x->reader_seq++;
	y->reader_seq++;
	x->swaps++;
	y->swaps++;
}

/**
 * ring_buffer_swap_cpu - exchange what one CPU recorded in two buffers
 * @buffer_a: one buffer
 * @buffer_b: the other
 * @cpu: the CPU; this must run on it
 *
 * Afterwards what @cpu recorded in @buffer_a is read from @buffer_b, and
 * the other way round, statistics included (entries, overrun, dropped,
 * read).  Each buffer keeps its own recording switches, readers and
 * waiters: a waiter is woken to look at its buffer's new data, and an
 * iterator whose data left starts over at the new data's oldest unread
 * event and reports ring_buffer_iter_dropped().  The buffers' clocks and
 * timestamp modes are the caller's to keep alike.
 *
 * The latency tracers call this for the CPU they run on, the per-CPU
 * snapshot files through smp_call_function_single().  A whole-buffer
 * swap is the caller's: it exchanges its trace_buffer pointers instead.
 *
 * Context: on @cpu, in any context but NMI.  Interrupts are disabled
 * inside; the reader locks of both CPU buffers are taken.
 *
 * Return: 0 on success; -EINVAL if @cpu has no CPU buffer in either
 * buffer, the two differ in the number or size of sub-buffers, both
 * buffers are the same, or this does not run on @cpu; -EAGAIN if
 * recording is disabled on either buffer or on @cpu of either (as it
 * also is while a resize, reset or sub-buffer order change runs);
 * -EBUSY if a writer on @cpu has a reservation open in either buffer,
 * or if called in NMI.
 */
int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
			 struct trace_buffer *buffer_b, int cpu)
{
	struct rb_cpu *ca, *cb, *lo, *hi;
	unsigned long flags;
	int ret = 0;

	if (cpu < 0 || cpu >= nr_cpu_ids || buffer_a == buffer_b)
		return -EINVAL;
	/* Both pair with the release in trace_rb_cpu_prepare(). */
	ca = smp_load_acquire(&buffer_a->cpus[cpu]);
	cb = smp_load_acquire(&buffer_b->cpus[cpu]); /* as above */
	if (!ca || !cb)
		return -EINVAL;
	/* An NMI may have interrupted a reader lock holder on this CPU. */
	if (in_nmi())
		return -EBUSY;

	local_irq_save(flags);
	if (cpu != smp_processor_id()) {
		/* Writers on @cpu would go on under the swap. */
		WARN_ON_ONCE(cpu_online(cpu));
		ret = -EINVAL;
		goto out_irq;
	}
	/*
	 * The reader locks keep out readers and iterators of both, and the
	 * ring changes of resizes and resets, which hold them too.  One lock
	 * class: nest them by address.
	 */
	lo = ca < cb ? ca : cb;
	hi = ca < cb ? cb : ca;
	raw_spin_lock(&lo->reader_lock);
	raw_spin_lock_nested(&hi->reader_lock, SINGLE_DEPTH_NESTING);
	if (ca->nr_pages != cb->nr_pages || ca->order != cb->order) {
		ret = -EINVAL;
		goto out_unlock;
	}
	/*
	 * A resize, reset or sub-buffer order change pauses recording on
	 * its buffer first, then waits for a grace period before it changes
	 * anything outside the reader lock.  With interrupts off we are in
	 * an RCU read-side section: either we see recording paused here, or
	 * it waits for us.
	 */
	if (!rb_may_record(buffer_a, ca) || !rb_may_record(buffer_b, cb)) {
		ret = -EAGAIN;
		goto out_unlock;
	}
	/*
	 * With interrupts off only an NMI can still write on this CPU.  One
	 * that comes from here on finds recording off and touches neither
	 * ring, so it cannot see one half swapped.
	 */
	atomic_inc(&ca->record_disabled);
	atomic_inc(&cb->record_disabled);
	/* Program order on one CPU: an NMI after this sees the increments. */
	barrier();
	/*
	 * A writer we interrupted between reserve and commit would commit
	 * its event into the other buffer's ring.  One interrupted before
	 * it raised @committing reads the ring only after we return (see
	 * ring_buffer_lock_reserve()), and finds its buffer's new one.
	 */
	if (local_read(&ca->committing) || local_read(&cb->committing)) {
		ret = -EBUSY;
		goto out_enable;
	}
	/*
	 * An NMI's event reserved while the writer it interrupted was
	 * publishing is complete but maybe not published: that writer's
	 * re-check (in rb_end_commit()) would look at the swapped ring.
	 * Publish both rings now, as an outermost writer does.
	 */
	local_inc(&ca->committing);
	rb_end_commit(ca);
	local_inc(&cb->committing);
	rb_end_commit(cb);
	rb_cpu_swap_data(ca, cb);
out_enable:
	/* No NMI may write before the swap is complete. */
	barrier();
	atomic_dec(&cb->record_disabled);
	atomic_dec(&ca->record_disabled);
out_unlock:
	raw_spin_unlock(&hi->reader_lock);
	raw_spin_unlock(&lo->reader_lock);
	/*
	 * Waiters look at the data they wait on only under the reader lock,
	 * after raising their flags.  One that looked before the swap set
	 * its flag before we took the lock, so we see it here and wake it
	 * to look again; one that looks after sees the new data.
	 */
	if (!ret) {
		if (READ_ONCE(ca->waiters_pending) ||
		    READ_ONCE(buffer_a->waiters_pending))
			irq_work_queue(&ca->wake_work);
		if (READ_ONCE(cb->waiters_pending) ||
		    READ_ONCE(buffer_b->waiters_pending))
			irq_work_queue(&cb->wake_work);
	}
out_irq:
	local_irq_restore(flags);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_swap_cpu);
#endif /* CONFIG_RING_BUFFER_ALLOW_SWAP */
