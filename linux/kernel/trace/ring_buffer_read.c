// SPDX-License-Identifier: GPL-2.0
/*
 * Reading the ring buffer: the consuming reader (peek, consume,
 * read_page), the non-consuming iterators, and waiting for data.
 * See ring_buffer.c for the design.
 */
#include <linux/err.h>
#include <linux/poll.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/sched/signal.h>

#include "ring_buffer_internal.h"
#include "ring_buffer_ext.h"

/* Where the unread part of ring page @page starts, and its timestamp. */
static unsigned int rb_unread_start(struct rb_page *page, u64 *ts)
{
	if (page->read_pos == READ_ONCE(page->pos) &&
	    rb_consumed_count(READ_ONCE(page->consumed))) {
		*ts = page->read_ts;
		return page->read_off;
	}
	*ts = page->data->time_stamp;
	return 0;
}

/* Count the data events in @len bytes at @p, and the timestamp after. */
static unsigned int rb_count_events(void *p, unsigned int len, u64 *ts)
{
	struct ring_buffer_event *ev;
	unsigned int off = 0, n = 0, size;

	while (off < len) {
		ev = p + off;
		size = rb_event_total(ev);
		if (!size)
			break;
		n += rb_event_advance_ts(ev, ts);
		off += size;
	}
	return n;
}

static void rb_note_lost(struct rb_cpu *cb)
{
	unsigned long overrun = local_read(&cb->overrun);

	cb->lost += overrun - cb->last_overrun;
	cb->last_overrun = overrun;
}

/*
 * Swap the reader page into the slot of @head and take the head page.
 * Fails if a writer is recycling the slot or head moved meanwhile.
 */
static bool rb_swap_head(struct rb_cpu *cb, unsigned long head)
{
	unsigned long s = head % cb->nr_pages;
	unsigned long slot = READ_ONCE(cb->slots[s]);
	struct rb_page *spare = cb->reader_page;
	struct rb_page *hp;
	u64 ts;

	if ((slot & RB_SLOT_CLAIMED) || rb_slot_lap(slot) != rb_lap(cb, head))
		return false;
	hp = cb->pages[rb_slot_id(slot)];

	rb_page_reset(spare, head, 0);
	/* A writer recycling the spare from its slot finds it reset. */
	smp_wmb();
	if (cmpxchg(&cb->slots[s], slot, rb_slot(spare->id, rb_lap(cb, head)))
	    != slot)
		return false;
	/* A recycling writer may have moved head past the spare already. */
	cmpxchg(&cb->head, head, head + 1);

	cb->reader_page = hp;
	cb->reader_seq++;
	cb->read_off = rb_unread_start(hp, &ts);
	cb->read_ts = ts;
	hp->copy = false;
	rb_note_lost(cb);
	return true;
}

/*
 * The head page is still being written: copy its committed, unread part
 * into the reader page.  The copy counts only if the page was not
 * recycled while we copied.
 */
static bool rb_copy_head(struct rb_cpu *cb, unsigned long head)
{
	struct rb_page *hp = rb_page_at(cb, head);
	struct rb_page *rp = cb->reader_page;
	unsigned long consumed = READ_ONCE(hp->consumed);
	unsigned int start, end, n;
	u64 ts, ts_start;

	if (!rb_consumed_at(consumed, head))
		return false;
	start = rb_unread_start(hp, &ts);
	end = rb_data_commit(hp->data);
	if (end <= start)
		return false;

	ts_start = ts;
	memcpy(rp->data->data, hp->data->data + start, end - start);
	n = rb_count_events(rp->data->data, end - start, &ts);
	if (cmpxchg(&hp->consumed, consumed, consumed + n) != consumed)
		return false;	/* recycled: the copy may be torn */

	hp->read_pos = head;
	hp->read_off = end;
	hp->read_ts = ts;
	rp->data->time_stamp = ts_start;
	local_set(&rp->data->commit, end - start);
	local_set(&rp->entries, n);
	rp->copy = true;
	cb->reader_seq++;
	cb->read_off = 0;
	cb->read_ts = ts_start;
	rb_note_lost(cb);
	return true;
}

/**
 * rb_reader_page - the reader page, refilled if it is used up
 * @cb: the CPU buffer; its reader_lock is held
 *
 * Return: the reader page if it has unread data, else NULL.
 */
static struct rb_page *rb_reader_page(struct rb_cpu *cb)
{
	unsigned long head;
	int tries;

	for (tries = 0; tries < 1000; tries++) {
		if (cb->read_off < rb_data_commit(cb->reader_page->data))
			return cb->reader_page;
		head = READ_ONCE(cb->head);
		if (head >= rb_committed_pos(cb)) {
			if (!rb_copy_head(cb, head) &&
			    READ_ONCE(cb->head) == head)
				return NULL;
			continue;
		}
		if (!rb_swap_head(cb, head))
			cpu_relax();	/* a writer is recycling that slot */
	}
	/*
	 * A writer holding the head slot can be held up (its vCPU may not
	 * even run); report nothing readable now rather than wait for it.
	 */
	return NULL;
}

/* Skip non-data events at the read position; return the data event. */
static struct ring_buffer_event *rb_reader_event(struct rb_cpu *cb)
{
	struct ring_buffer_event *ev;
	struct rb_page *rp;
	unsigned int size;
	u64 ts;

	while ((rp = rb_reader_page(cb))) {
		ev = (void *)rp->data->data + cb->read_off;
		size = rb_event_total(ev);
		if (!size) {
			cb->read_off = rb_data_commit(rp->data);
			continue;
		}
		ts = cb->read_ts;
		if (rb_event_advance_ts(ev, &ts))
			return ev;
		cb->read_ts = ts;
		cb->read_off += size;
	}
	return NULL;
}

/*
 * With @try, the reader lock is only tried: ERR_PTR(-EBUSY) if it is
 * held, by a reader this CPU interrupted or by a CPU an oops stopped.
 */
static struct ring_buffer_event *
rb_peek(struct rb_cpu *cb, u64 *ts, unsigned long *lost, bool consume,
	bool try)
{
	struct ring_buffer_event *ev;
	unsigned long flags;

	if (!try) {
		raw_spin_lock_irqsave(&cb->reader_lock, flags);
	} else {
		local_irq_save(flags);
		if (!raw_spin_trylock(&cb->reader_lock)) {
			local_irq_restore(flags);
			return ERR_PTR(-EBUSY);
		}
	}
	ev = rb_reader_event(cb);
	if (ev) {
		u64 t = cb->read_ts;

		rb_event_advance_ts(ev, &t);
		if (ts)
			*ts = t;
		if (lost)
			*lost = cb->lost;
		if (consume) {
			cb->lost = 0;
			cb->read_ts = t;
			cb->read_off += rb_event_total(ev);
			cb->read++;
		}
	}
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ev;
}

/**
 * ring_buffer_peek - the next event of a CPU, without consuming it
 * @buffer: the buffer
 * @cpu: the CPU
 * @ts: set to the event's timestamp (may be NULL)
 * @lost_events: set to the events lost before it (may be NULL)
 *
 * Return: the event, valid until the next read of this CPU, or NULL.
 */
struct ring_buffer_event *
ring_buffer_peek(struct trace_buffer *buffer, int cpu, u64 *ts,
		 unsigned long *lost_events)
{
	if (cpu < 0 || cpu >= nr_cpu_ids || !buffer->cpus[cpu])
		return NULL;
	return rb_peek(buffer->cpus[cpu], ts, lost_events, false, false);
}
EXPORT_SYMBOL_GPL(ring_buffer_peek);

/**
 * ring_buffer_consume - take the next event of a CPU
 * @buffer: the buffer
 * @cpu: the CPU
 * @ts: set to the event's timestamp (may be NULL)
 * @lost_events: set to the events lost before it (may be NULL)
 *
 * Return: the event, valid until the next read of this CPU, or NULL.
 */
struct ring_buffer_event *
ring_buffer_consume(struct trace_buffer *buffer, int cpu, u64 *ts,
		    unsigned long *lost_events)
{
	if (cpu < 0 || cpu >= nr_cpu_ids || !buffer->cpus[cpu])
		return NULL;
	return rb_peek(buffer->cpus[cpu], ts, lost_events, true, false);
}
EXPORT_SYMBOL_GPL(ring_buffer_consume);

/**
 * ring_buffer_read_nowait - peek or consume without waiting for the lock
 * @buffer: the buffer
 * @cpu: the CPU
 * @ts: set to the event's timestamp (may be NULL)
 * @lost_events: set to the events lost before it (may be NULL)
 * @consume: consume the event
 *
 * For ftrace_dump(), which may run in NMI, in an oops, or from a traced
 * function called while this CPU holds a reader lock.
 *
 * Return: the event, NULL if there is none, or ERR_PTR(-EBUSY) if the
 * CPU buffer's reader lock is held.
 */
struct ring_buffer_event *
ring_buffer_read_nowait(struct trace_buffer *buffer, int cpu, u64 *ts,
			unsigned long *lost_events, bool consume)
{
	if (cpu < 0 || cpu >= nr_cpu_ids || !buffer->cpus[cpu])
		return NULL;
	return rb_peek(buffer->cpus[cpu], ts, lost_events, consume, true);
}

/**
 * rb_cpu_has_data - does a CPU buffer hold unread events?
 * @cb: the CPU buffer
 *
 * Lockless and approximate while writers run.
 *
 * Return: true if there is something to read.
 */
bool rb_cpu_has_data(struct rb_cpu *cb)
{
	struct rb_page *hp;
	unsigned long head;
	u64 ts;

	if (cb->read_off < rb_data_commit(cb->reader_page->data))
		return true;
	head = READ_ONCE(cb->head);
	if (head < rb_committed_pos(cb))
		return true;
	hp = rb_page_at(cb, head);
	return rb_data_commit(hp->data) > rb_unread_start(hp, &ts);
}

/* --- Whole pages, for trace_pipe_raw ------------------------------------- */

/**
 * ring_buffer_alloc_read_page - a sub-buffer for ring_buffer_read_page()
 * @buffer: the buffer
 * @cpu: the CPU it will be used with
 * @rpage: set to the page
 *
 * Return: 0 or -ENOMEM.
 */
int ring_buffer_alloc_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page **rpage)
{
	struct buffer_data_read_page *r;
	struct page *pg;

	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	pg = alloc_pages_node(cpu_to_node(cpu), GFP_KERNEL | __GFP_ZERO,
			      buffer->subbuf_order);
	if (!pg) {
		kfree(r);
		return -ENOMEM;
	}
	r->order = buffer->subbuf_order;
	r->data = page_address(pg);
	*rpage = r;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_alloc_read_page);

/**
 * ring_buffer_free_read_page - free a page from ring_buffer_alloc_read_page()
 * @buffer: the buffer (not used: the page may outlive it, in a pipe)
 * @cpu: the CPU (not used)
 * @rpage: the page
 */
void ring_buffer_free_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page *rpage)
{
	if (!rpage)
		return;
	free_pages((unsigned long)rpage->data, rpage->order);
	kfree(rpage);
}
EXPORT_SYMBOL_GPL(ring_buffer_free_read_page);

/**
 * ring_buffer_read_page_data - the sub-buffer inside a read page
 * @page: the read page
 *
 * Return: its data, in the layout of events/header_page.
 */
void *ring_buffer_read_page_data(struct buffer_data_read_page *page)
{
	return page->data;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page_data);

/**
 * ring_buffer_read_page_size - bytes in a read page
 * @rpage: the read page
 *
 * Return: PAGE_SIZE << its order.
 */
unsigned int ring_buffer_read_page_size(struct buffer_data_read_page *rpage)
{
	return PAGE_SIZE << rpage->order;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page_size);

/**
 * ring_buffer_read_page - consume a page of events of a CPU
 * @buffer: the buffer
 * @data_page: a page from ring_buffer_alloc_read_page()
 * @len: bytes the caller can take, headers included
 * @cpu: the CPU
 * @full: only hand out sub-buffers the writer has finished
 *
 * An unread, finished sub-buffer is swapped with @data_page whole;
 * otherwise as many events as fit are copied.  Lost events are flagged
 * in the page's commit word (and counted after the data if there is
 * room).
 *
 * Return: 0, -1 if there was nothing (suitable) to read, or -EINVAL if
 * @data_page is not of the buffer's sub-buffer order (it changed).
 */
int ring_buffer_read_page(struct trace_buffer *buffer,
			  struct buffer_data_read_page *data_page,
			  size_t len, int cpu, int full)
{
	struct rb_data_page *dst = data_page->data;
	unsigned int hdr = offsetof(struct rb_data_page, data);
	unsigned int size, off, commit, sub, n = 0;
	struct ring_buffer_event *ev;
	unsigned long flags, lost;
	struct rb_page *rp;
	struct rb_cpu *cb;
	int ret = -1;
	u64 ts;

	if (cpu < 0 || cpu >= nr_cpu_ids || !buffer->cpus[cpu] || len <= hdr)
		return -1;
	cb = buffer->cpus[cpu];
	len -= hdr;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	/*
	 * The order is checked under the lock that an order change holds
	 * while it swaps the sub-buffers: a page of another size must not
	 * be filled, nor swapped into the ring.
	 */
	if (data_page->order != cb->order) {
		ret = -EINVAL;
		goto out;
	}
	sub = (PAGE_SIZE << cb->order) - hdr;
	rp = rb_reader_page(cb);
	if (!rp || (full && rp->copy))
		goto out;
	commit = rb_data_commit(rp->data);

	if (!cb->read_off && !rp->copy && len >= sub) {
		struct rb_data_page *mine = rp->data;

		rp->data = dst;
		cb->reader_seq++;
		data_page->data = mine;
		dst = mine;
		local_set(&rp->data->commit, 0);
		cb->read += local_read(&rp->entries);
		cb->read_off = 0;
		off = commit;
	} else {
		dst->time_stamp = cb->read_ts;
		ts = cb->read_ts;
		for (off = cb->read_off; off < commit; off += size) {
			ev = (void *)rp->data->data + off;
			size = rb_event_total(ev);
			if (!size) {
				off = commit;
				break;
			}
			if (off + size - cb->read_off > len)
				break;
			n += rb_event_advance_ts(ev, &ts);
		}
		if (off == cb->read_off)
			goto out;	/* the next event does not fit */
		memcpy(dst->data, rp->data->data + cb->read_off,
		       off - cb->read_off);
		local_set(&dst->commit, off - cb->read_off);
		cb->read += n;
		cb->read_ts = ts;
		cb->read_off = off;
		off = local_read(&dst->commit);
	}

	lost = cb->lost;
	cb->lost = 0;
	if (lost) {
		unsigned long c = local_read(&dst->commit) | RB_MISSED_EVENTS;

		if (off + sizeof(lost) <= sub) {
			memcpy(dst->data + off, &lost, sizeof(lost));
			c |= RB_MISSED_STORED;
			off += sizeof(lost);
		}
		local_set(&dst->commit, c);
	}
	if (off < sub)
		memset(dst->data + off, 0, sub - off);
	ret = 0;
out:
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page);

/* --- Iterators ------------------------------------------------------------ */

/**
 * struct ring_buffer_iter - a non-consuming walk over one CPU buffer
 * @cb:		the CPU buffer
 * @pos:	ring position of the page walked, or ULONG_MAX for the
 *		reader page
 * @reader_seq:	cb->reader_seq when the walk entered the reader page
 * @swaps:	cb->swaps then: the data walked is still the CPU buffer's
 * @off:	offset of the current event in its page
 * @ts:		timestamp before the current event
 * @size:	bytes of the event in @event, 0 if none is loaded
 * @dropped:	events were overwritten under the walk
 * @cap:	bytes @event can hold
 * @event:	a copy of the current event, stable while writers go on
 *
 * Writers are not paused: each event is copied out and kept only if its
 * page was not recycled meanwhile.  A recycled page makes the walk go on
 * at the oldest data still in the buffer, and ring_buffer_iter_dropped()
 * report it.  So does a ring_buffer_swap_cpu() that takes the data away:
 * the walk goes on at the oldest unread event of the data swapped in.
 */
struct ring_buffer_iter {
	struct rb_cpu		*cb;
	unsigned long		pos;
	unsigned long		reader_seq;
	unsigned long		swaps;
	unsigned int		off;
	u64			ts;
	unsigned int		size;
	bool			dropped;
	unsigned int		cap;
	struct ring_buffer_event event[];
};

static void rb_iter_at_reader(struct ring_buffer_iter *it)
{
	struct rb_cpu *cb = it->cb;

	it->pos = ULONG_MAX;
	it->reader_seq = cb->reader_seq;
	it->swaps = cb->swaps;
	it->off = cb->read_off;
	it->ts = cb->read_ts;
}

static void rb_iter_at_pos(struct ring_buffer_iter *it, unsigned long pos)
{
	it->pos = pos;
	it->off = rb_unread_start(rb_page_at(it->cb, pos), &it->ts);
}

enum rb_iter_state {
	RB_ITER_OK, RB_ITER_CONSUMED, RB_ITER_RECYCLED, RB_ITER_SWAPPED
};

/* Is the page the walk is in still there? */
static enum rb_iter_state rb_iter_check(struct ring_buffer_iter *it,
					struct rb_page **pagep)
{
	struct rb_cpu *cb = it->cb;
	struct rb_page *page;

	/* Positions and the reader's sequence mean nothing in other data. */
	if (it->swaps != cb->swaps)
		return RB_ITER_SWAPPED;
	if (it->pos == ULONG_MAX) {
		*pagep = cb->reader_page;
		return it->reader_seq == cb->reader_seq ? RB_ITER_OK :
							  RB_ITER_CONSUMED;
	}
	page = rb_page_at(cb, it->pos);
	*pagep = page;
	if (READ_ONCE(page->pos) != it->pos)
		return RB_ITER_RECYCLED;
	if (it->pos < READ_ONCE(cb->head))
		return RB_ITER_CONSUMED;	/* the reader took it */
	return RB_ITER_OK;
}

/*
 * Load the next data event into it->event, under the reader lock.
 * Returns false at the end of the buffer.
 */
static bool rb_iter_load(struct ring_buffer_iter *it)
{
	struct rb_cpu *cb = it->cb;
	struct ring_buffer_event *ev;
	struct rb_page *page;
	unsigned int size, end;
	u64 ts;

	for (;;) {
		switch (rb_iter_check(it, &page)) {
		case RB_ITER_CONSUMED:
			/* Go on where the consuming reader is. */
			rb_iter_at_reader(it);
			continue;
		case RB_ITER_RECYCLED:
			it->dropped = true;
			rb_iter_at_pos(it, READ_ONCE(cb->head));
			continue;
		case RB_ITER_SWAPPED:
			/* The data walked went to another buffer. */
			it->dropped = true;
			rb_iter_at_reader(it);
			continue;
		case RB_ITER_OK:
			break;
		}
		end = rb_data_commit(page->data);
		if (it->off >= end) {
			unsigned long next = it->pos == ULONG_MAX ?
				READ_ONCE(cb->head) : it->pos + 1;

			if (next > READ_ONCE(cb->tail))
				return false;
			rb_iter_at_pos(it, next);
			continue;
		}
		ev = (void *)page->data->data + it->off;
		size = rb_event_total(ev);
		if (!size || it->off + size > end || size > it->cap) {
			it->off = end;
			continue;
		}
		memcpy(it->event, ev, size);
		/* Pairs with the smp_wmb() after a page is reset for reuse. */
		smp_rmb();
		if (rb_iter_check(it, &page) != RB_ITER_OK)
			continue;	/* torn copy: recheck and retry */
		ts = it->ts;
		if (rb_event_advance_ts(it->event, &ts)) {
			it->size = size;
			return true;
		}
		it->ts = ts;
		it->off += size;
	}
}

/**
 * ring_buffer_iter_reset - restart an iterator at the oldest unread event
 * @iter: the iterator
 */
void ring_buffer_iter_reset(struct ring_buffer_iter *iter)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&iter->cb->reader_lock, flags);
	rb_iter_at_reader(iter);
	iter->size = 0;
	iter->dropped = false;
	raw_spin_unlock_irqrestore(&iter->cb->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_reset);

/**
 * ring_buffer_iter_peek - the iterator's current event
 * @iter: the iterator
 * @ts: set to the event's timestamp (may be NULL)
 *
 * Return: a copy of the event, valid until the iterator moves, or NULL at
 * the end (events written later show up on later calls).
 */
struct ring_buffer_event *ring_buffer_iter_peek(struct ring_buffer_iter *iter,
						u64 *ts)
{
	unsigned long flags;
	bool found;
	u64 t;

	raw_spin_lock_irqsave(&iter->cb->reader_lock, flags);
	found = rb_iter_load(iter);
	raw_spin_unlock_irqrestore(&iter->cb->reader_lock, flags);
	if (!found) {
		iter->size = 0;
		return NULL;
	}
	if (ts) {
		t = iter->ts;
		rb_event_advance_ts(iter->event, &t);
		*ts = t;
	}
	return iter->event;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_peek);

/**
 * ring_buffer_iter_peek_next - look at the event after the current one
 * @iter: the iterator
 * @buf: where to copy that event's data, or NULL
 * @size: the room in @buf; a longer event is cut
 * @ts: set to that event's timestamp, or NULL
 *
 * The iterator stays at its current event, whose copy (the pointer
 * ring_buffer_iter_peek() returned) is loaded again before this returns.
 *
 * Return: the length of the next event's data (which may exceed @size),
 * or 0 if there is no current event or none after it yet.
 */
unsigned int ring_buffer_iter_peek_next(struct ring_buffer_iter *iter,
					void *buf, unsigned int size, u64 *ts)
{
	unsigned long flags, pos, reader_seq;
	unsigned int off, len = 0;
	bool found, dropped;
	u64 before, t;

	raw_spin_lock_irqsave(&iter->cb->reader_lock, flags);
	found = rb_iter_load(iter);
	if (found) {
		pos = iter->pos;
		reader_seq = iter->reader_seq;
		off = iter->off;
		before = iter->ts;
		dropped = iter->dropped;
		rb_event_advance_ts(iter->event, &iter->ts);
		iter->off += iter->size;
		if (rb_iter_load(iter)) {
			t = iter->ts;
			rb_event_advance_ts(iter->event, &t);
			if (ts)
				*ts = t;
			len = ring_buffer_event_length(iter->event);
			if (buf)
				memcpy(buf, ring_buffer_event_data(iter->event),
				       min(len, size));
		}
		iter->pos = pos;
		iter->reader_seq = reader_seq;
		iter->off = off;
		iter->ts = before;
		iter->dropped = dropped;
		if (!rb_iter_load(iter))
			iter->size = 0;
	}
	raw_spin_unlock_irqrestore(&iter->cb->reader_lock, flags);
	return len;
}

/**
 * ring_buffer_iter_next_ts - the timestamp of the event after the current
 * @iter: the iterator
 * @ts: set to that timestamp
 *
 * Return: false if there is no current event or none after it yet.
 */
bool ring_buffer_iter_next_ts(struct ring_buffer_iter *iter, u64 *ts)
{
	return ring_buffer_iter_peek_next(iter, NULL, 0, ts) != 0;
}

/**
 * ring_buffer_iter_advance - step an iterator past its current event
 * @iter: the iterator
 */
void ring_buffer_iter_advance(struct ring_buffer_iter *iter)
{
	if (!iter->size && !ring_buffer_iter_peek(iter, NULL))
		return;
	rb_event_advance_ts(iter->event, &iter->ts);
	iter->off += iter->size;
	iter->size = 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_advance);

/**
 * ring_buffer_iter_empty - has an iterator reached the end?
 * @iter: the iterator
 *
 * Return: 1 if no event is left right now, else 0.
 */
int ring_buffer_iter_empty(struct ring_buffer_iter *iter)
{
	return !ring_buffer_iter_peek(iter, NULL);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_empty);

/**
 * ring_buffer_iter_dropped - were events overwritten under the iterator?
 * @iter: the iterator
 *
 * Return: true once the walk skipped data a writer recycled.
 */
bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter)
{
	return iter->dropped;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_dropped);

/**
 * ring_buffer_read_start - start a non-consuming walk of a CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU
 * @flags: allocation flags
 *
 * Writers go on while the walk runs.
 *
 * Return: the iterator or NULL.
 */
struct ring_buffer_iter *
ring_buffer_read_start(struct trace_buffer *buffer, int cpu, gfp_t flags)
{
	struct ring_buffer_iter *it;

	if (cpu < 0 || cpu >= nr_cpu_ids || !buffer->cpus[cpu])
		return NULL;
	it = kzalloc(struct_size(it, event, 0) + buffer->subbuf_size, flags);
	if (!it)
		return NULL;
	it->cap = buffer->subbuf_size;
	it->cb = buffer->cpus[cpu];
	ring_buffer_iter_reset(it);
	return it;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_start);

/**
 * ring_buffer_read_finish - end a walk started by ring_buffer_read_start()
 * @iter: the iterator
 */
void ring_buffer_read_finish(struct ring_buffer_iter *iter)
{
	kfree(iter);
}
EXPORT_SYMBOL_GPL(ring_buffer_read_finish);

/* --- Waiting ---------------------------------------------------------------- */

/*
 * Under the reader lock: a resize or a sub-buffer order change frees the
 * arrays and pages this looks at, and holds the lock while it swaps them.
 */
static bool rb_cpu_filled(struct rb_cpu *cb, int full)
{
	unsigned long flags;
	bool ret;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	ret = rb_cpu_has_data(cb);
	if (ret && full)
		ret = rb_fill_reached(cb, full);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ret;
}

static bool rb_wait_ready(struct trace_buffer *buffer, int cpu, int full)
{
	struct rb_cpu *cb;
	int c;

	if (cpu != RING_BUFFER_ALL_CPUS) {
		cb = buffer->cpus[cpu];
		/* The least fill any waiter wants: writers wake for that. */
		c = READ_ONCE(cb->wait_full);
		while (full < c && !try_cmpxchg(&cb->wait_full, &c, full))
			;
		/* A writer that sees the flag sees the fill with it. */
		smp_store_release(&cb->waiters_pending, true);
		/* Flag before checking: a writer checks data, then the flag. */
		smp_mb();
		return rb_cpu_filled(cb, full);
	}
	WRITE_ONCE(buffer->waiters_pending, true);
	/* As above, for waiters on any CPU. */
	smp_mb();
	for_each_rb_cpu(buffer, cb, c) {
		if (rb_cpu_filled(cb, full))
			return true;
	}
	return false;
}

/**
 * ring_buffer_wait - sleep until a CPU (or any CPU) has data
 * @buffer: the buffer
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS
 * @full: for one CPU, the percentage of sub-buffers that must be filled
 * @cond: an extra wake-up condition (may be NULL)
 * @data: its argument
 *
 * The wait is on the buffer's CPU, not on the data it holds: after a
 * ring_buffer_swap_cpu() the waiter is woken and looks at the data
 * swapped in.
 *
 * Return: 0 when there is data, @cond holds or ring_buffer_wake_waiters()
 * was called; -EINTR on a signal; -ENODEV for a bad CPU.
 */
int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data)
{
	wait_queue_head_t *wq;
	int seq = atomic_read(&buffer->wake_seq);

	if (cpu != RING_BUFFER_ALL_CPUS &&
	    (cpu < 0 || cpu >= nr_cpu_ids || !buffer->cpus[cpu]))
		return -ENODEV;
	wq = cpu == RING_BUFFER_ALL_CPUS ? &buffer->waitq :
					   &buffer->cpus[cpu]->waitq;
	if (wait_event_interruptible(*wq, rb_wait_ready(buffer, cpu, full) ||
				     (cond && cond(data)) ||
				     atomic_read(&buffer->wake_seq) != seq))
		return -EINTR;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_wait);

/**
 * ring_buffer_poll_wait - poll support for a CPU (or any CPU)
 * @buffer: the buffer
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS
 * @filp: the file polled
 * @poll_table: the poll table
 * @full: as for ring_buffer_wait()
 *
 * Return: EPOLLIN | EPOLLRDNORM when there is data, else 0.
 */
__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, poll_table *poll_table,
			       int full)
{
	wait_queue_head_t *wq;

	if (cpu != RING_BUFFER_ALL_CPUS &&
	    (cpu < 0 || cpu >= nr_cpu_ids || !buffer->cpus[cpu]))
		return EPOLLERR;
	wq = cpu == RING_BUFFER_ALL_CPUS ? &buffer->waitq :
					   &buffer->cpus[cpu]->waitq;
	poll_wait(filp, wq, poll_table);
	return rb_wait_ready(buffer, cpu, full) ? EPOLLIN | EPOLLRDNORM : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_poll_wait);

/**
 * ring_buffer_wake_waiters - make every ring_buffer_wait() return
 * @buffer: the buffer
 * @cpu: unused; all waiters are woken
 */
void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb;
	int c;

	atomic_inc(&buffer->wake_seq);
	wake_up_all(&buffer->waitq);
	for_each_rb_cpu(buffer, cb, c)
		wake_up_all(&cb->waitq);
}
EXPORT_SYMBOL_GPL(ring_buffer_wake_waiters);
