/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Structures shared by the files of the ring buffer.  See the comment at
 * the top of ring_buffer.c for the design.
 */
#ifndef _KERNEL_TRACE_RING_BUFFER_INTERNAL_H
#define _KERNEL_TRACE_RING_BUFFER_INTERNAL_H

#include <linux/irq_work.h>
#include <linux/mutex.h>
#include <linux/ring_buffer.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <asm/local.h>

#define RB_EVNT_HDR_SIZE	4U
#define RB_ALIGNMENT		4U
#define RB_MAX_SMALL_DATA	(RB_ALIGNMENT * RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
#define RB_TS_BITS		27
#define RB_TS_MASK		((1ULL << RB_TS_BITS) - 1)
#define RB_STAMP_MASK		((1ULL << 59) - 1)
/* Context bits used by one ring_buffer_nest_start() level. */
#define RB_NEST_SHIFT		4
/* Largest sub-buffer order: offsets must fit the writer's position word. */
#define RB_MAX_SUBBUF_ORDER	8

/* page->consumed: ring position << RB_CONSUMED_SHIFT | events consumed. */
#define RB_CONSUMED_SHIFT	20

/*
 * The sub-buffer as trace-cmd reads it (events/header_page): a timestamp,
 * the number of data bytes, then the events.
 */
struct rb_data_page {
	u64		time_stamp;
	local_t		commit;
	unsigned char	data[] __aligned(sizeof(local_t));
};

/**
 * struct rb_page - one sub-buffer and its bookkeeping
 * @data:	the sub-buffer
 * @write:	bytes reserved; RB_PAGE_FULL set once closed
 * @entries:	data events reserved on it
 * @pos:	the ring position it was last placed at
 * @consumed:	@pos and the number of its events the reader copied out
 *		while the writer still owned it; the writer replaces it when
 *		recycling the page, which is how a racing copy notices
 * @read_pos:	the position @read_off and @read_ts belong to
 * @read_off:	bytes of it the reader copied out at @read_pos
 * @read_ts:	timestamp of the event before @read_off
 * @id:		index in rb_cpu.pages
 * @copy:	the reader page holds a copy of part of a ring page
 */
struct rb_page {
	struct rb_data_page	*data;
	local_t			write;
	local_t			entries;
	unsigned long		pos;
	unsigned long		consumed;
	unsigned long		read_pos;
	unsigned int		read_off;
	u64			read_ts;
	unsigned int		id;
	bool			copy;
};

static inline unsigned long rb_consumed(unsigned long pos, unsigned long n)
{
	return pos << RB_CONSUMED_SHIFT | n;
}

static inline unsigned long rb_consumed_count(unsigned long v)
{
	return v & ((1UL << RB_CONSUMED_SHIFT) - 1);
}

/**
 * struct rb_cpu - the buffer of one CPU
 * @buffer:	the buffer it belongs to
 * @cpu:	its CPU
 * @order:	page order of its sub-buffers
 * @nr_pages:	sub-buffers in the ring
 * @slots:	tagged ids by ring position modulo @nr_pages
 * @pages:	all sub-buffers by id; the reader's is one of them
 * @tail_page:	the sub-buffer the writer writes in
 * @tail:	its ring position
 * @commit_pos:	positions before it are committed completely
 * @head:	the oldest position with unread data
 * @committing:	writers between reserve and commit on this CPU
 * @moving:	set while a writer moves the tail
 * @context:	recursion guard bits
 * @nest:	shift of @context bits by ring_buffer_nest_start()
 * @last_pos:	where the last reserved event ended
 * @last_ts:	its timestamp
 * @last_event:	the last reserved event
 * @written:	events reserved (minus discarded)
 * @overrun:	events lost to overwrite
 * @commit_overrun: events dropped because the ring was full of
 *		uncommitted data
 * @dropped:	events dropped because the buffer was full or busy
 * @read:	events consumed by the reader
 * @record_disabled: writes to this CPU are off while non-zero
 * @reader_lock: serialises readers
 * @reader_page: the reader's sub-buffer
 * @read_off:	bytes of @reader_page consumed
 * @read_ts:	timestamp of the event before @read_off
 * @reader_seq:	bumped whenever @reader_page gets new contents
 * @last_overrun: @overrun when lost events were last reported
 * @lost:	events lost since the last read, not yet reported
 * @waitq:	readers waiting for data
 * @waiters_pending: a reader waits; writers kick @wake_work
 * @wait_full:	the least fill (percent of sub-buffers) a waiter wants
 *		before it is woken: writers do not wake it for less
 *		(RB_WAIT_FULL_NONE while nobody waits)
 * @wake_work:	wakes @waitq from any context
 * @swaps:	bumped by ring_buffer_swap_cpu(), under @reader_lock: an
 *		iterator that sees it change knows its walk's data left
 *
 * ring_buffer_swap_cpu() exchanges the data of two rb_cpu of the same CPU
 * and leaves each where it is.  The data are the ring and everything
 * that describes it: @slots, @pages, @tail_page, @tail, @commit_pos,
 * @head, @last_pos, @last_ts, @last_event, the counters from @written to
 * @read, and the reader's @reader_page, @read_off, @read_ts,
 * @last_overrun and @lost (@order and @nr_pages are equal, or there is
 * no swap).  The rest belongs to the (buffer, CPU) pair and stays: the
 * writers' @committing, @moving, @context and @nest, @record_disabled,
 * @reader_lock, and the waiters.  A field added here must go to one side
 * or the other in rb_cpu_swap_data().
 */
struct rb_cpu {
	struct trace_buffer	*buffer;
	int			cpu;
	unsigned int		order;
	unsigned int		nr_pages;
	unsigned long		*slots;
	struct rb_page		**pages;

	struct rb_page		*tail_page;
	unsigned long		tail;
	unsigned long		commit_pos;
	unsigned long		head;
	local_t			committing;
	local_t			moving;
	unsigned int		context;
	unsigned int		nest;
	unsigned long		last_pos;
	u64			last_ts;
	struct ring_buffer_event *last_event;

	local_t			written;
	local_t			overrun;
	local_t			commit_overrun;
	local_t			dropped;
	unsigned long		read;
	atomic_t		record_disabled;

	raw_spinlock_t		reader_lock;
	struct rb_page		*reader_page;
	unsigned int		read_off;
	u64			read_ts;
	unsigned long		reader_seq;
	unsigned long		last_overrun;
	unsigned long		lost;

	wait_queue_head_t	waitq;
	bool			waiters_pending;
	int			wait_full;
	struct irq_work		wake_work;
	unsigned long		swaps;
};

#define RB_WAIT_FULL_NONE	INT_MAX

/*
 * Do @full percent of the CPU's sub-buffers hold data?  The sub-buffer
 * being written counts: the ring is full at nr_pages - 1 sub-buffers
 * ahead of the head.  Exact under the reader lock; writers read it
 * without, to decide whether a waiter's fill is reached.
 */
static inline bool rb_fill_reached(struct rb_cpu *cb, int full)
{
	unsigned long used = READ_ONCE(cb->tail) - READ_ONCE(cb->head) + 1;

	return used * 100 >= (unsigned long)full * READ_ONCE(cb->nr_pages);
}

/**
 * struct trace_buffer - a ring buffer: one rb_cpu per possible CPU
 * @flags:	RB_FL_OVERWRITE
 * @subbuf_order: page order of each sub-buffer
 * @subbuf_size: data bytes per sub-buffer
 * @max_payload: the largest payload one event can carry
 * @record_disabled: writes are off while non-zero (RB_RECORD_OFF is the
 *		ring_buffer_record_off() switch)
 * @time_stamp_abs: every event carries an absolute timestamp
 * @clock:	the timestamp source
 * @mutex:	serialises resizing and resets
 * @cpus:	per-CPU buffers, indexed by CPU number: NULL for a CPU that
 *		has never been online
 * @waitq:	readers waiting on any CPU
 * @waiters_pending: a reader waits on @waitq
 * @wake_seq:	bumped by ring_buffer_wake_waiters()
 * @new_cpu_pages: sub-buffers a CPU coming online for the first time gets
 * @hp_node:	the buffer's CPU hotplug instance (CPUHP_TRACE_RB_PREPARE)
 */
struct trace_buffer {
	unsigned int		flags;
	unsigned int		subbuf_order;
	unsigned int		subbuf_size;
	unsigned int		max_payload;
	atomic_t		record_disabled;
	bool			time_stamp_abs;
	u64			(*clock)(void);
	struct mutex		mutex;
	struct rb_cpu		**cpus;
	wait_queue_head_t	waitq;
	bool			waiters_pending;
	atomic_t		wake_seq;
	unsigned int		new_cpu_pages;
	struct hlist_node	hp_node;
};

/* ring_buffer_record_off() sets this bit of record_disabled. */
#define RB_RECORD_OFF		(1 << 20)

/**
 * struct buffer_data_read_page - a sub-buffer handed to read_page callers
 * @order:	its page order
 * @data:	the sub-buffer
 */
struct buffer_data_read_page {
	unsigned int		order;
	struct rb_data_page	*data;
};

/* The write offset of a closed sub-buffer carries this bit. */
#define RB_PAGE_FULL		(1UL << 30)

/* Flags of the commit word in pages handed out by read_page. */
#define RB_MISSED_EVENTS	(1UL << 31)
#define RB_MISSED_STORED	(1UL << 30)

/* Slot words: id << 32 | lap << 1 | CLAIMED. */
#define RB_SLOT_CLAIMED		1UL
#define RB_SLOT_LAP_MASK	0x7fffffffUL

static inline unsigned long rb_slot(unsigned int id, unsigned long lap)
{
	return (unsigned long)id << 32 | (lap & RB_SLOT_LAP_MASK) << 1;
}

static inline unsigned int rb_slot_id(unsigned long slot)
{
	return slot >> 32;
}

static inline unsigned long rb_slot_lap(unsigned long slot)
{
	return (slot >> 1) & RB_SLOT_LAP_MASK;
}

static inline unsigned long rb_lap(struct rb_cpu *cb, unsigned long pos)
{
	return (pos / cb->nr_pages) & RB_SLOT_LAP_MASK;
}

/* The sub-buffer in the slot of ring position @pos. */
static inline struct rb_page *rb_page_at(struct rb_cpu *cb, unsigned long pos)
{
	return cb->pages[rb_slot_id(READ_ONCE(cb->slots[pos % cb->nr_pages]))];
}

/* Positions before the one returned are committed, their data visible. */
static inline unsigned long rb_committed_pos(struct rb_cpu *cb)
{
	/* Pairs with the release in rb_end_commit(). */
	return smp_load_acquire(&cb->commit_pos);
}

static inline bool rb_consumed_at(unsigned long v, unsigned long pos)
{
	return v >> RB_CONSUMED_SHIFT == (pos << RB_CONSUMED_SHIFT) >>
		RB_CONSUMED_SHIFT;
}

/* Bytes reserved in a sub-buffer. */
static inline unsigned long rb_page_write(struct rb_page *page)
{
	return local_read(&page->write) & ~RB_PAGE_FULL;
}

/* Bytes committed in a sub-buffer, ordered before reading them. */
static inline unsigned long rb_data_commit(struct rb_data_page *d)
{
	unsigned long c = local_read(&d->commit);

	smp_rmb();	/* pairs with the writer's smp_wmb() before commit */
	return c & ~(RB_MISSED_EVENTS | RB_MISSED_STORED);
}

/* Make @page empty for ring position @pos, starting at time @ts. */
static inline void rb_page_reset(struct rb_page *page, unsigned long pos,
				 u64 ts)
{
	local_set(&page->write, 0);
	local_set(&page->entries, 0);
	page->pos = pos;
	WRITE_ONCE(page->consumed, rb_consumed(pos, 0));
	page->copy = false;
	page->data->time_stamp = ts;
	local_set(&page->data->commit, 0);
}

unsigned int rb_event_total(struct ring_buffer_event *ev);
bool rb_event_advance_ts(struct ring_buffer_event *ev, u64 *ts);
bool rb_cpu_has_data(struct rb_cpu *cb);

/*
 * Every CPU buffer of @buffer: those of the CPUs that have been online
 * (the others are skipped).
 */
static inline int rb_next_cpu(struct trace_buffer *buffer, int cpu,
			      struct rb_cpu **cb)
{
	for (cpu = cpumask_next(cpu, cpu_possible_mask); cpu < nr_cpu_ids;
	     cpu = cpumask_next(cpu, cpu_possible_mask)) {
		/* Pairs with the release in trace_rb_cpu_prepare(). */
		*cb = smp_load_acquire(&buffer->cpus[cpu]);
		if (*cb)
			break;
	}
	return cpu;
}

#define for_each_rb_cpu(buffer, cb, cpu)				\
	for ((cpu) = rb_next_cpu(buffer, -1, &(cb)); (cpu) < nr_cpu_ids;	\
	     (cpu) = rb_next_cpu(buffer, cpu, &(cb)))

#endif /* _KERNEL_TRACE_RING_BUFFER_INTERNAL_H */
