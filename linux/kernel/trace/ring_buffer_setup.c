// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer management: allocation, sizing, resets, the recording
 * switches, statistics, and the header descriptions trace-cmd reads.
 * See ring_buffer.c for the design.
 */
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/ring_buffer.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/trace_clock.h>
#include <linux/trace_seq.h>

#include "ring_buffer_internal.h"

#define RB_MIN_PAGES	2
/*
 * Sub-buffers of one CPU buffer at most: ring indexes and page ids are
 * unsigned int, and the slot words keep the id in 32 bits.
 */
#define RB_MAX_PAGES	(UINT_MAX / 2)

/*
 * Data pages may fail quietly: a size too large for memory is the
 * caller's -ENOMEM, not a warning or the OOM killer.
 */
#define RB_GFP		(GFP_KERNEL | __GFP_RETRY_MAYFAIL | __GFP_NOWARN)

static void rb_wake_work(struct irq_work *work)
{
	struct rb_cpu *cb = container_of(work, struct rb_cpu, wake_work);
	struct trace_buffer *buffer = cb->buffer;

	if (READ_ONCE(cb->waiters_pending)) {
		/*
		 * Waiters woken now register again, with their fill, if
		 * they must go on waiting.
		 */
		WRITE_ONCE(cb->waiters_pending, false);
		WRITE_ONCE(cb->wait_full, RB_WAIT_FULL_NONE);
		wake_up_all(&cb->waitq);
	}
	if (READ_ONCE(buffer->waiters_pending)) {
		WRITE_ONCE(buffer->waiters_pending, false);
		wake_up_all(&buffer->waitq);
	}
}

static struct rb_page *rb_page_new(unsigned int order, int cpu,
				   unsigned int id)
{
	struct rb_page *page;
	struct page *pg;

	page = kzalloc_node(sizeof(*page), RB_GFP, cpu_to_node(cpu));
	if (!page)
		return NULL;
	pg = alloc_pages_node(cpu_to_node(cpu), RB_GFP | __GFP_ZERO, order);
	if (!pg) {
		kfree(page);
		return NULL;
	}
	page->data = page_address(pg);
	page->id = id;
	page->read_pos = ULONG_MAX;
	return page;
}

static void rb_page_free(unsigned int order, struct rb_page *page)
{
	if (!page)
		return;
	free_pages((unsigned long)page->data, order);
	kfree(page);
}

/* Lay @n pages out as an empty ring; pages[n] becomes the reader page. */
static void rb_cpu_init_ring(struct rb_cpu *cb, unsigned int n)
{
	struct trace_buffer *buffer = cb->buffer;
	struct rb_page *rp = cb->reader_page;
	unsigned int i;

	/*
	 * The reader's page stays the reader's: a consuming reader may be
	 * formatting an event of it, which writers must not overwrite.
	 */
	if (rp && rp->id < n && cb->pages[rp->id] == rp)
		swap(cb->pages[rp->id], cb->pages[n]);
	cb->nr_pages = n;
	for (i = 0; i < n; i++) {
		cb->pages[i]->id = i;
		rb_page_reset(cb->pages[i], i, 0);
		cb->slots[i] = rb_slot(i, 0);
	}
	cb->pages[n]->id = n;
	rb_page_reset(cb->pages[n], ULONG_MAX, 0);
	cb->reader_page = cb->pages[n];
	cb->reader_seq++;
	cb->read_off = 0;
	cb->read_ts = 0;
	cb->head = 0;
	cb->tail = 0;
	cb->commit_pos = 0;
	cb->tail_page = cb->pages[0];
	cb->tail_page->data->time_stamp = buffer->clock();
	cb->last_pos = ULONG_MAX;
	cb->last_event = NULL;
}

static void rb_cpu_zero_counters(struct rb_cpu *cb)
{
	local_set(&cb->written, 0);
	local_set(&cb->overrun, 0);
	local_set(&cb->commit_overrun, 0);
	local_set(&cb->dropped, 0);
	cb->read = 0;
	cb->last_overrun = 0;
	cb->lost = 0;
}

static void rb_cpu_free(struct rb_cpu *cb)
{
	unsigned int i;

	if (!cb)
		return;
	irq_work_sync(&cb->wake_work);
	for (i = 0; cb->pages && i <= cb->nr_pages; i++)
		rb_page_free(cb->order, cb->pages[i]);
	kvfree(cb->pages);
	kvfree(cb->slots);
	kfree(cb);
}

/*
 * The arrays of a ring of @n sub-buffers: one slot word per ring
 * position, one page pointer per sub-buffer plus the reader's.  Large
 * buffers outgrow kmalloc, hence kvcalloc.
 */
static int rb_arrays_alloc(unsigned int n, unsigned long **slots,
			   struct rb_page ***pages)
{
	*slots = kvcalloc(n, sizeof(**slots), RB_GFP);
	*pages = kvcalloc(n + 1, sizeof(**pages), RB_GFP);
	if (*slots && *pages)
		return 0;
	kvfree(*slots);
	kvfree(*pages);
	*slots = NULL;
	*pages = NULL;
	return -ENOMEM;
}

/*
 * Allocating @pages pages of @order, once per CPU of @nr_cpus, must leave
 * the rest of the system its memory: more than is available fails at
 * once with -ENOMEM instead of draining the page allocator.
 */
static int rb_check_memory(unsigned long pages, unsigned int order,
			   unsigned int nr_cpus)
{
	unsigned long total;

	if (pages > RB_MAX_PAGES)
		return -ENOMEM;
	if (check_mul_overflow(pages << order, (unsigned long)nr_cpus, &total))
		return -ENOMEM;
	if (total > si_mem_available())
		return -ENOMEM;
	return 0;
}

/* A user asking for a huge buffer may give up: stop allocating then. */
static bool rb_alloc_interrupted(void)
{
	cond_resched();
	return !(current->flags & PF_KTHREAD) && fatal_signal_pending(current);
}

static struct rb_cpu *rb_cpu_alloc(struct trace_buffer *buffer, int cpu,
				   unsigned int order, unsigned int n)
{
	struct rb_cpu *cb;
	unsigned int i;

	cb = kzalloc_node(sizeof(*cb), GFP_KERNEL, cpu_to_node(cpu));
	if (!cb)
		return NULL;
	cb->buffer = buffer;
	cb->cpu = cpu;
	cb->order = order;
	cb->nr_pages = n;
	raw_spin_lock_init(&cb->reader_lock);
	init_waitqueue_head(&cb->waitq);
	init_irq_work(&cb->wake_work, rb_wake_work);
	cb->wait_full = RB_WAIT_FULL_NONE;
	if (rb_arrays_alloc(n, &cb->slots, &cb->pages))
		goto fail;
	for (i = 0; i <= n; i++) {
		cb->pages[i] = rb_page_new(order, cpu, i);
		if (!cb->pages[i] || rb_alloc_interrupted())
			goto fail;
	}
	rb_cpu_init_ring(cb, n);
	return cb;
fail:
	rb_cpu_free(cb);
	return NULL;
}

/* Data bytes of a sub-buffer of @order pages. */
static unsigned long rb_subbuf_size(unsigned int order)
{
	return (PAGE_SIZE << order) - offsetof(struct rb_data_page, data);
}

/*
 * Sub-buffers of @order for @size bytes of data; above RB_MAX_PAGES means
 * too many.
 */
static unsigned long rb_pages_for(unsigned int order, unsigned long size)
{
	unsigned long sub = rb_subbuf_size(order);

	return max_t(unsigned long, RB_MIN_PAGES, size / sub + !!(size % sub));
}

static void rb_set_order(struct trace_buffer *buffer, unsigned int order)
{
	buffer->subbuf_order = order;
	buffer->subbuf_size = rb_subbuf_size(order);
	/* Room for a data event with a length word and a timestamp. */
	buffer->max_payload = buffer->subbuf_size - 2 * RB_EVNT_HDR_SIZE -
			      2 * sizeof(u32);
}

/* Free the CPU buffers and the buffer, which hotplug no longer knows. */
static void ring_buffer_free_cpus(struct trace_buffer *buffer)
{
	struct rb_cpu *cb;
	int cpu;

	for_each_rb_cpu(buffer, cb, cpu)
		rb_cpu_free(cb);
	kfree(buffer->cpus);
	kfree(buffer);
}

/* Whether the CPU hotplug state of ring buffers is set up. */
static bool rb_hp_ready;
static DEFINE_MUTEX(rb_hp_mutex);

/**
 * trace_rb_cpu_prepare - give a buffer a CPU buffer for a CPU coming up
 * @cpu: the CPU
 * @node: the buffer's hotplug instance
 *
 * The CPU hotplug callback of every ring buffer (CPUHP_TRACE_RB_PREPARE),
 * also run for the online CPUs when a buffer is allocated.  A CPU buffer
 * stays when its CPU goes offline: its data can still be read, and the
 * CPU finds it again when it comes back.
 *
 * Return: 0 or -ENOMEM (the CPU then does not come up).
 */
int trace_rb_cpu_prepare(unsigned int cpu, struct hlist_node *node)
{
	struct trace_buffer *buffer = container_of(node, struct trace_buffer,
						   hp_node);
	struct rb_cpu *cb;
	int ret = 0;

	mutex_lock(&buffer->mutex);
	if (!buffer->cpus[cpu]) {
		cb = rb_cpu_alloc(buffer, cpu, buffer->subbuf_order,
				  buffer->new_cpu_pages);
		if (cb)
			/* Readers look it up without the mutex. */
			smp_store_release(&buffer->cpus[cpu], cb);
		else
			ret = -ENOMEM;
	}
	mutex_unlock(&buffer->mutex);
	return ret;
}

static int rb_hp_setup(void)
{
	int ret = 0;

	mutex_lock(&rb_hp_mutex);
	if (!rb_hp_ready) {
		ret = cpuhp_setup_state_multi(CPUHP_TRACE_RB_PREPARE,
					      "trace/RB:prepare",
					      trace_rb_cpu_prepare, NULL);
		rb_hp_ready = !ret;
	}
	mutex_unlock(&rb_hp_mutex);
	return ret;
}

/**
 * __ring_buffer_alloc - allocate a ring buffer
 * @size: bytes of data per CPU
 * @flags: RB_FL_OVERWRITE to recycle the oldest data when full
 * @key: lockdep class (unused)
 *
 * A CPU buffer is allocated for every online CPU, and for each CPU that
 * comes online later by the CPU hotplug callback, at the size the
 * buffer's CPUs last got all together.
 *
 * Return: the buffer or NULL.
 */
struct trace_buffer *__ring_buffer_alloc(unsigned long size, unsigned int flags,
					 struct lock_class_key *key)
{
	struct trace_buffer *buffer;
	unsigned long n;

	if (rb_hp_setup())
		return NULL;
	n = rb_pages_for(0, size);
	if (rb_check_memory(n, 0, num_online_cpus()))
		return NULL;
	buffer = kzalloc(sizeof(*buffer), GFP_KERNEL);
	if (!buffer)
		return NULL;
	buffer->cpus = kcalloc(nr_cpu_ids, sizeof(*buffer->cpus), GFP_KERNEL);
	if (!buffer->cpus) {
		kfree(buffer);
		return NULL;
	}
	buffer->flags = flags;
	buffer->clock = trace_clock_local;
	mutex_init(&buffer->mutex);
	init_waitqueue_head(&buffer->waitq);
	rb_set_order(buffer, 0);
	buffer->new_cpu_pages = n;
	/* Runs trace_rb_cpu_prepare() for every CPU that is up. */
	if (cpuhp_state_add_instance(CPUHP_TRACE_RB_PREPARE, &buffer->hp_node)) {
		ring_buffer_free_cpus(buffer);
		return NULL;
	}
	return buffer;
}
EXPORT_SYMBOL_GPL(__ring_buffer_alloc);

/**
 * ring_buffer_free - free a ring buffer
 * @buffer: the buffer; nobody may use it any more
 */
void ring_buffer_free(struct trace_buffer *buffer)
{
	if (!buffer)
		return;
	cpuhp_state_remove_instance(CPUHP_TRACE_RB_PREPARE, &buffer->hp_node);
	ring_buffer_free_cpus(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_free);

/* Pause writers of @buffer (all CPUs) and wait for those under way. */
static void rb_quiesce(struct trace_buffer *buffer)
{
	atomic_inc(&buffer->record_disabled);
	synchronize_rcu();
}

static void rb_unquiesce(struct trace_buffer *buffer)
{
	atomic_dec(&buffer->record_disabled);
}

/*
 * Rebuild @cb's ring with @n sub-buffers, keeping the newest data.  The
 * writers are quiesced and the reader lock is held.  @extra holds new
 * pages to add; pages no longer needed are returned in @spare.  The new
 * arrays in *@slotsp and *@pagesp are swapped with the old ones, which
 * the caller frees after dropping the lock (vfree() may sleep).
 */
static void rb_cpu_relayout(struct rb_cpu *cb, unsigned int n,
			    struct rb_page **extra, unsigned int nr_extra,
			    struct rb_page **spare, unsigned int *nr_spare,
			    unsigned long **slotsp, struct rb_page ***pagesp)
{
	unsigned long *slots = *slotsp;
	struct rb_page **pages = *pagesp;
	unsigned long used = cb->tail - cb->head + 1;
	unsigned long pos, first, c;
	unsigned int i = 0, j, k;
	struct rb_page *page;

	first = used > n ? cb->tail + 1 - n : cb->head;
	*nr_spare = 0;
	/* Oldest data beyond the new size is lost. */
	for (pos = cb->head; pos < first; pos++) {
		page = rb_page_at(cb, pos);
		c = rb_consumed_count(page->consumed);
		local_add(local_read(&page->entries) - c, &cb->overrun);
		spare[(*nr_spare)++] = page;
	}
	for (pos = first; pos <= cb->tail; pos++, i++) {
		page = rb_page_at(cb, pos);
		c = rb_consumed_count(page->consumed);
		if (page->read_pos == page->pos)
			page->read_pos = i;
		page->pos = i;
		page->consumed = rb_consumed(i, c);
		pages[i] = page;
	}
	k = i;
	/* Then the free pages, old ones first. */
	for (pos = cb->tail + 1; pos < cb->head + cb->nr_pages; pos++) {
		page = rb_page_at(cb, pos);
		if (i < n)
			pages[i++] = page;
		else
			spare[(*nr_spare)++] = page;
	}
	for (j = 0; j < nr_extra; j++) {
		if (i < n)
			pages[i++] = extra[j];
		else
			spare[(*nr_spare)++] = extra[j];
	}
	pages[n] = cb->reader_page;
	for (j = 0; j <= n; j++) {
		pages[j]->id = j;
		if (j < n)
			slots[j] = rb_slot(j, 0);
		if (j >= k && j < n)
			rb_page_reset(pages[j], j, 0);
	}
	/* The caller frees the old arrays once the lock is dropped. */
	swap(cb->slots, *slotsp);
	swap(cb->pages, *pagesp);
	cb->nr_pages = n;
	cb->head = 0;
	cb->tail = k - 1;
	cb->commit_pos = k - 1;
	cb->tail_page = pages[k - 1];
	cb->last_pos = ULONG_MAX;
	cb->last_event = NULL;
}

static int rb_cpu_resize(struct rb_cpu *cb, unsigned int n)
{
	unsigned int nr_extra = n > cb->nr_pages ? n - cb->nr_pages : 0;
	unsigned int nr_spare = 0, i;
	struct rb_page **extra, **spare;
	unsigned long *slots = NULL;
	struct rb_page **pages = NULL;
	int ret = -ENOMEM;

	if (n == cb->nr_pages)
		return 0;
	extra = kvcalloc(nr_extra + 1, sizeof(*extra), RB_GFP);
	spare = kvcalloc(cb->nr_pages + 1, sizeof(*spare), RB_GFP);
	if (!extra || !spare || rb_arrays_alloc(n, &slots, &pages))
		goto out;
	for (i = 0; i < nr_extra; i++) {
		extra[i] = rb_page_new(cb->order, cb->cpu, 0);
		if (!extra[i] || rb_alloc_interrupted())
			goto out;
	}
	raw_spin_lock_irq(&cb->reader_lock);
	rb_cpu_relayout(cb, n, extra, nr_extra, spare, &nr_spare, &slots,
			&pages);
	raw_spin_unlock_irq(&cb->reader_lock);
	/* slots and pages now hold the old arrays, freed below. */
	nr_extra = 0;
	for (i = 0; i < nr_spare; i++)
		rb_page_free(cb->order, spare[i]);
	ret = 0;
out:
	for (i = 0; extra && i < nr_extra; i++)
		rb_page_free(cb->order, extra[i]);
	kvfree(extra);
	kvfree(spare);
	kvfree(slots);
	kvfree(pages);
	return ret;
}

/**
 * ring_buffer_resize - change the size of one or all CPU buffers
 * @buffer: the buffer
 * @size: bytes of data per CPU (rounded up to whole sub-buffers, at
 *	least two)
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS
 *
 * The newest data is kept; what no longer fits counts as overrun.
 * Writers pause while the buffer is rebuilt.
 *
 * Return: 0, -EINVAL for a bad CPU, or -ENOMEM (also for a size that
 * memory cannot hold: no CPU buffer is then changed).
 */
int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size,
		       int cpu)
{
	unsigned long n = rb_pages_for(buffer->subbuf_order, size);
	unsigned long grow = 0;
	struct rb_cpu *cb;
	int c, ret = 0;

	if (cpu != RING_BUFFER_ALL_CPUS &&
	    (cpu < 0 || cpu >= nr_cpu_ids || !buffer->cpus[cpu]))
		return -EINVAL;
	if (n > RB_MAX_PAGES)
		return -ENOMEM;
	mutex_lock(&buffer->mutex);
	for_each_rb_cpu(buffer, cb, c) {
		if ((cpu == RING_BUFFER_ALL_CPUS || c == cpu) && n > cb->nr_pages)
			grow = max(grow, n - cb->nr_pages);
	}
	ret = rb_check_memory(grow, buffer->subbuf_order,
			      cpu == RING_BUFFER_ALL_CPUS ?
			      num_online_cpus() : 1);
	if (ret) {
		mutex_unlock(&buffer->mutex);
		return ret;
	}
	rb_quiesce(buffer);
	for_each_rb_cpu(buffer, cb, c) {
		if (cpu != RING_BUFFER_ALL_CPUS && c != cpu)
			continue;
		ret = rb_cpu_resize(cb, n);
		if (ret)
			break;
	}
	if (!ret && cpu == RING_BUFFER_ALL_CPUS)
		buffer->new_cpu_pages = n;
	rb_unquiesce(buffer);
	mutex_unlock(&buffer->mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_resize);

/* Irqsave: a boot tracer empties the buffer before interrupts are on. */
static void rb_cpu_reset(struct rb_cpu *cb)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	rb_cpu_init_ring(cb, cb->nr_pages);
	rb_cpu_zero_counters(cb);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
}

/**
 * ring_buffer_reset_cpu - empty one CPU buffer and zero its statistics
 * @buffer: the buffer
 * @cpu: the CPU
 */
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu)
{
	if (cpu < 0 || cpu >= nr_cpu_ids || !buffer->cpus[cpu])
		return;
	mutex_lock(&buffer->mutex);
	rb_quiesce(buffer);
	rb_cpu_reset(buffer->cpus[cpu]);
	rb_unquiesce(buffer);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_cpu);

/**
 * ring_buffer_reset - empty every CPU buffer
 * @buffer: the buffer
 */
void ring_buffer_reset(struct trace_buffer *buffer)
{
	struct rb_cpu *cb;
	int cpu;

	mutex_lock(&buffer->mutex);
	rb_quiesce(buffer);
	for_each_rb_cpu(buffer, cb, cpu)
		rb_cpu_reset(cb);
	rb_unquiesce(buffer);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset);

/**
 * ring_buffer_reset_online_cpus - empty the buffers of the online CPUs
 * @buffer: the buffer
 *
 * Buffers exist for every possible CPU; all of them are emptied.
 */
void ring_buffer_reset_online_cpus(struct trace_buffer *buffer)
{
	ring_buffer_reset(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_online_cpus);

/**
 * ring_buffer_subbuf_order_get - page order of the sub-buffers
 * @buffer: the buffer
 *
 * Return: the order.
 */
int ring_buffer_subbuf_order_get(struct trace_buffer *buffer)
{
	return buffer ? buffer->subbuf_order : -EINVAL;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_get);

/**
 * ring_buffer_subbuf_size_get - bytes of data per sub-buffer
 * @buffer: the buffer
 *
 * Return: the size.
 */
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer)
{
	return buffer ? buffer->subbuf_size : -EINVAL;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_size_get);

/* New sub-buffers for one CPU buffer, prepared before they are swapped in. */
struct rb_fresh_pages {
	unsigned long	*slots;
	struct rb_page	**pages;
	unsigned int	n;
};

static void rb_free_pages(struct rb_page **pages, unsigned int n,
			  unsigned int order)
{
	unsigned int i;

	for (i = 0; pages && i <= n; i++)
		rb_page_free(order, pages[i]);
	kvfree(pages);
}

static int rb_fresh_alloc(struct rb_fresh_pages *f, int cpu,
			  unsigned int order, unsigned int n)
{
	unsigned int i;

	f->n = n;
	if (rb_arrays_alloc(n, &f->slots, &f->pages))
		return -ENOMEM;
	for (i = 0; i <= n; i++) {
		f->pages[i] = rb_page_new(order, cpu, i);
		if (!f->pages[i] || rb_alloc_interrupted())
			return -ENOMEM;
	}
	return 0;
}

/**
 * ring_buffer_subbuf_order_set - change the page order of the sub-buffers
 * @buffer: the buffer
 * @order: the new order, 0 to RB_MAX_SUBBUF_ORDER
 *
 * Every CPU buffer gets new sub-buffers holding about as many data bytes
 * as before; their contents are discarded.  The CPU buffers themselves
 * stay, so readers waiting on them are not disturbed.
 *
 * Return: 0, -EINVAL for a bad order, or -ENOMEM (the buffer is then
 * unchanged).
 */
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order)
{
	struct rb_fresh_pages *fresh;
	unsigned long bytes, n;
	unsigned int old_order;
	struct rb_cpu *cb;
	int cpu, ret = 0;

	if (!buffer || order < 0 || order > RB_MAX_SUBBUF_ORDER)
		return -EINVAL;
	if (order == buffer->subbuf_order)
		return 0;
	fresh = kcalloc(nr_cpu_ids, sizeof(*fresh), GFP_KERNEL);
	if (!fresh)
		return -ENOMEM;

	mutex_lock(&buffer->mutex);
	old_order = buffer->subbuf_order;
	for_each_rb_cpu(buffer, cb, cpu) {
		/* Writers run on: buffer->subbuf_size stays until they pause. */
		bytes = (unsigned long)cb->nr_pages * buffer->subbuf_size;
		n = rb_pages_for(order, bytes);
		ret = rb_check_memory(n, order, 1);
		if (!ret)
			ret = rb_fresh_alloc(&fresh[cpu], cpu, order, n);
		if (ret)
			break;
	}
	if (!ret) {
		rb_quiesce(buffer);
		buffer->new_cpu_pages =
			rb_pages_for(order, (unsigned long)buffer->new_cpu_pages *
					    buffer->subbuf_size);
		rb_set_order(buffer, order);
		for_each_rb_cpu(buffer, cb, cpu) {
			raw_spin_lock_irq(&cb->reader_lock);
			swap(cb->slots, fresh[cpu].slots);
			swap(cb->pages, fresh[cpu].pages);
			swap(cb->nr_pages, fresh[cpu].n);
			cb->order = order;
			rb_cpu_init_ring(cb, cb->nr_pages);
			rb_cpu_zero_counters(cb);
			raw_spin_unlock_irq(&cb->reader_lock);
		}
		rb_unquiesce(buffer);
	}
	mutex_unlock(&buffer->mutex);

	/* The old sub-buffers, or the new ones if an allocation failed. */
	for_each_possible_cpu(cpu) {
		rb_free_pages(fresh[cpu].pages, fresh[cpu].n,
			      ret ? order : old_order);
		kvfree(fresh[cpu].slots);
	}
	kfree(fresh);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_set);

/**
 * ring_buffer_size - bytes of data a CPU buffer holds when full
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the size, or 0 for a bad CPU.
 */
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu)
{
	if (cpu < 0 || cpu >= nr_cpu_ids || !buffer->cpus[cpu])
		return 0;
	return (unsigned long)buffer->cpus[cpu]->nr_pages * buffer->subbuf_size;
}
EXPORT_SYMBOL_GPL(ring_buffer_size);

/**
 * ring_buffer_max_event_size - the largest payload one event can hold
 * @buffer: the buffer
 *
 * Return: bytes.
 */
unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer)
{
	return buffer->max_payload;
}
EXPORT_SYMBOL_GPL(ring_buffer_max_event_size);

/**
 * ring_buffer_change_overwrite - choose overwrite or producer/consumer mode
 * @buffer: the buffer
 * @val: non-zero to recycle the oldest data when full
 */
void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val)
{
	mutex_lock(&buffer->mutex);
	if (val)
		buffer->flags |= RB_FL_OVERWRITE;
	else
		buffer->flags &= ~RB_FL_OVERWRITE;
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_change_overwrite);

/* --- Recording switches ------------------------------------------------- */

/**
 * ring_buffer_record_disable - pause writes (nests)
 * @buffer: the buffer
 */
void ring_buffer_record_disable(struct trace_buffer *buffer)
{
	atomic_inc(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable);

/**
 * ring_buffer_record_enable - undo one ring_buffer_record_disable()
 * @buffer: the buffer
 */
void ring_buffer_record_enable(struct trace_buffer *buffer)
{
	atomic_dec(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable);

/**
 * ring_buffer_record_off - switch writes off until ring_buffer_record_on()
 * @buffer: the buffer
 */
void ring_buffer_record_off(struct trace_buffer *buffer)
{
	int v;

	do {
		v = atomic_read(&buffer->record_disabled);
	} while (atomic_cmpxchg(&buffer->record_disabled, v,
				v | RB_RECORD_OFF) != v);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_off);

/**
 * ring_buffer_record_on - undo ring_buffer_record_off()
 * @buffer: the buffer
 */
void ring_buffer_record_on(struct trace_buffer *buffer)
{
	int v;

	do {
		v = atomic_read(&buffer->record_disabled);
	} while (atomic_cmpxchg(&buffer->record_disabled, v,
				v & ~RB_RECORD_OFF) != v);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_on);

/**
 * ring_buffer_record_is_on - are writes allowed right now?
 * @buffer: the buffer
 *
 * Return: true if neither switched off nor paused.
 */
bool ring_buffer_record_is_on(struct trace_buffer *buffer)
{
	return !atomic_read(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_on);

/**
 * ring_buffer_record_is_set_on - is the record_on switch on?
 * @buffer: the buffer
 *
 * Return: true unless ring_buffer_record_off() is in effect, whether or
 * not writes are paused.
 */
bool ring_buffer_record_is_set_on(struct trace_buffer *buffer)
{
	return !(atomic_read(&buffer->record_disabled) & RB_RECORD_OFF);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_set_on);

/**
 * ring_buffer_record_disable_cpu - pause writes on one CPU (nests)
 * @buffer: the buffer
 * @cpu: the CPU
 */
void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu)
{
	if (cpu >= 0 && cpu < nr_cpu_ids && buffer->cpus[cpu])
		atomic_inc(&buffer->cpus[cpu]->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable_cpu);

/**
 * ring_buffer_record_enable_cpu - undo ring_buffer_record_disable_cpu()
 * @buffer: the buffer
 * @cpu: the CPU
 */
void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu)
{
	if (cpu >= 0 && cpu < nr_cpu_ids && buffer->cpus[cpu])
		atomic_dec(&buffer->cpus[cpu]->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable_cpu);

/* --- Statistics ---------------------------------------------------------- */

static struct rb_cpu *rb_cpu_of(struct trace_buffer *buffer, int cpu)
{
	if (cpu < 0 || cpu >= nr_cpu_ids)
		return NULL;
	return buffer->cpus[cpu];
}

/**
 * ring_buffer_entries_cpu - events a CPU buffer holds
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: events written minus those overwritten and those read.
 */
unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);
	unsigned long flags, n;

	if (!cb)
		return 0;
	/*
	 * The reader lock keeps ring_buffer_swap_cpu() out: three counters
	 * of two different rings could make a huge difference.
	 */
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	n = local_read(&cb->written) - local_read(&cb->overrun) - cb->read;
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return n;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries_cpu);

/**
 * ring_buffer_overrun_cpu - events a CPU buffer lost to overwriting
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the count.
 */
unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	return cb ? local_read(&cb->overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_overrun_cpu);

/**
 * ring_buffer_commit_overrun_cpu - events dropped for uncommitted data
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the count.
 */
unsigned long ring_buffer_commit_overrun_cpu(struct trace_buffer *buffer,
					     int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	return cb ? local_read(&cb->commit_overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_commit_overrun_cpu);

/**
 * ring_buffer_dropped_events_cpu - events dropped because the buffer was
 * full (producer/consumer mode) or busy
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the count.
 */
unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer,
					     int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	return cb ? local_read(&cb->dropped) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_dropped_events_cpu);

/**
 * ring_buffer_read_events_cpu - events consumed from a CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the count.
 */
unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	return cb ? READ_ONCE(cb->read) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_events_cpu);

/**
 * ring_buffer_entries - events held, all CPUs
 * @buffer: the buffer
 *
 * Return: the sum of ring_buffer_entries_cpu().
 */
unsigned long ring_buffer_entries(struct trace_buffer *buffer)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += ring_buffer_entries_cpu(buffer, cpu);
	return sum;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries);

/**
 * ring_buffer_overruns - events lost to overwriting, all CPUs
 * @buffer: the buffer
 *
 * Return: the sum of ring_buffer_overrun_cpu().
 */
unsigned long ring_buffer_overruns(struct trace_buffer *buffer)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += ring_buffer_overrun_cpu(buffer, cpu);
	return sum;
}
EXPORT_SYMBOL_GPL(ring_buffer_overruns);

/**
 * ring_buffer_bytes_cpu - bytes of unread events in a CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: committed bytes not yet consumed, event headers included.
 */
unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);
	unsigned long bytes, pos, flags;
	struct rb_page *page;

	if (!cb)
		return 0;
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	bytes = rb_data_commit(cb->reader_page->data) - cb->read_off;
	for (pos = READ_ONCE(cb->head); pos <= READ_ONCE(cb->tail); pos++) {
		page = rb_page_at(cb, pos);
		bytes += rb_data_commit(page->data);
		if (page->read_pos == page->pos)
			bytes -= min_t(unsigned long, page->read_off,
				       rb_data_commit(page->data));
	}
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return bytes;
}
EXPORT_SYMBOL_GPL(ring_buffer_bytes_cpu);

/**
 * ring_buffer_nr_dirty_pages - sub-buffers with unread data
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the count.
 */
size_t ring_buffer_nr_dirty_pages(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);
	unsigned long flags;
	size_t n;

	if (!cb)
		return 0;
	/* Head and tail of one ring, not of two a swap exchanges. */
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	n = READ_ONCE(cb->tail) - READ_ONCE(cb->head);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return n;
}
EXPORT_SYMBOL_GPL(ring_buffer_nr_dirty_pages);

/**
 * ring_buffer_oldest_event_ts - timestamp of the oldest unread data
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the timestamp at the read position, or 0 if there is none.
 */
u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);
	unsigned long flags;
	u64 ts = 0;

	if (!cb)
		return 0;
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	if (cb->read_off < rb_data_commit(cb->reader_page->data))
		ts = cb->read_ts;
	else if (rb_cpu_has_data(cb))
		ts = rb_page_at(cb, READ_ONCE(cb->head))->data->time_stamp;
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_oldest_event_ts);

/**
 * ring_buffer_empty_cpu - does a CPU buffer hold no unread event?
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: true if empty.
 */
bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_of(buffer, cpu);

	return !cb || !ring_buffer_peek(buffer, cpu, NULL, NULL);
}
EXPORT_SYMBOL_GPL(ring_buffer_empty_cpu);

/**
 * ring_buffer_empty - does the buffer hold no unread event?
 * @buffer: the buffer
 *
 * Return: true if every CPU buffer is empty.
 */
bool ring_buffer_empty(struct trace_buffer *buffer)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		if (!ring_buffer_empty_cpu(buffer, cpu))
			return false;
	}
	return true;
}
EXPORT_SYMBOL_GPL(ring_buffer_empty);

/* --- Clocks ---------------------------------------------------------------- */

/**
 * ring_buffer_set_clock - choose the timestamp source
 * @buffer: the buffer
 * @clock: the clock; the buffer should be empty
 */
void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void))
{
	buffer->clock = clock;
}
EXPORT_SYMBOL_GPL(ring_buffer_set_clock);

/**
 * ring_buffer_time_stamp - the buffer's clock, now
 * @buffer: the buffer
 *
 * Return: the time.
 */
u64 ring_buffer_time_stamp(struct trace_buffer *buffer)
{
	u64 ts;

	preempt_disable_notrace();
	ts = buffer->clock();
	preempt_enable_notrace();
	return ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp);

/**
 * ring_buffer_normalize_time_stamp - convert a timestamp to the clock's
 * units
 * @buffer: the buffer
 * @cpu: the CPU it came from
 * @ts: the timestamp
 *
 * Timestamps are stored as the clock returns them: nothing to do.
 */
void ring_buffer_normalize_time_stamp(struct trace_buffer *buffer, int cpu,
				      u64 *ts)
{
}
EXPORT_SYMBOL_GPL(ring_buffer_normalize_time_stamp);

/**
 * ring_buffer_set_time_stamp_abs - store absolute timestamps in events
 * @buffer: the buffer
 * @abs: true to give every event an absolute timestamp
 */
void ring_buffer_set_time_stamp_abs(struct trace_buffer *buffer, bool abs)
{
	WRITE_ONCE(buffer->time_stamp_abs, abs);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_time_stamp_abs);

/**
 * ring_buffer_time_stamp_abs - do events carry absolute timestamps?
 * @buffer: the buffer
 *
 * Return: the ring_buffer_set_time_stamp_abs() setting.
 */
bool ring_buffer_time_stamp_abs(struct trace_buffer *buffer)
{
	return READ_ONCE(buffer->time_stamp_abs);
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp_abs);

/* --- Formats ------------------------------------------------------------- */

static const char rb_entry_header_text[] =
	"# compressed entry header\n"
	"\ttype_len    :    5 bits\n"
	"\ttime_delta  :   27 bits\n"
	"\tarray       :   32 bits\n"
	"\n"
	"\tpadding     : type == 29\n"
	"\ttime_extend : type == 30\n"
	"\ttime_stamp : type == 31\n"
	"\tdata max type_len  == 28\n";

/**
 * ring_buffer_print_entry_header - describe the event header
 * @s: where to print
 *
 * Prints the text of events/header_event.
 *
 * Return: non-zero if @s overflowed.
 */
int ring_buffer_print_entry_header(struct trace_seq *s)
{
	trace_seq_puts(s, rb_entry_header_text);
	return !trace_seq_has_overflowed(s);
}

/**
 * ring_buffer_print_page_header - describe the sub-buffer header
 * @buffer: the buffer
 * @s: where to print
 *
 * Prints the text of events/header_page.
 *
 * Return: non-zero if @s overflowed.
 */
int ring_buffer_print_page_header(struct trace_buffer *buffer,
				  struct trace_seq *s)
{
	struct rb_data_page *d = NULL;

	trace_seq_printf(s, "\tfield: u64 timestamp;\toffset:0;\tsize:%zu;\tsigned:%u;\n",
			 sizeof(d->time_stamp), 0);
	trace_seq_printf(s, "\tfield: local_t commit;\toffset:%zu;\tsize:%zu;\tsigned:%u;\n",
			 offsetof(struct rb_data_page, commit),
			 sizeof(d->commit), 1);
	trace_seq_printf(s, "\tfield: int overwrite;\toffset:%zu;\tsize:%u;\tsigned:%u;\n",
			 offsetof(struct rb_data_page, commit), 1, 1);
	trace_seq_printf(s, "\tfield: char data;\toffset:%zu;\tsize:%u;\tsigned:%u;\n",
			 offsetof(struct rb_data_page, data),
			 buffer->subbuf_size, 1);
	return !trace_seq_has_overflowed(s);
}
