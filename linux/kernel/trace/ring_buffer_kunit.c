// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the ring buffer, through its public API only.
 */
#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/kthread.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>

#define RBT_PAGES	4
#define RBT_SIZE	(RBT_PAGES * (PAGE_SIZE - 16))

struct rbt_payload {
	u32	seq;
	u32	pad[3];
};

/* The sequence number an event of the tests carries. */
static u32 ev_seq(struct ring_buffer_event *ev)
{
	return ((struct rbt_payload *)ring_buffer_event_data(ev))->seq;
}

static u64 rbt_now;

static u64 rbt_clock(void)
{
	return READ_ONCE(rbt_now);
}

static struct trace_buffer *rbt_alloc(struct kunit *test, unsigned int flags)
{
	struct trace_buffer *b = ring_buffer_alloc(RBT_SIZE, flags);

	KUNIT_ASSERT_NOT_NULL(test, b);
	rbt_now = 1000;
	ring_buffer_set_clock(b, rbt_clock);
	/* Sub-buffers start at the fake clock's time, not the boot clock's. */
	ring_buffer_reset(b);
	return b;
}

static int rbt_write(struct trace_buffer *b, u32 seq)
{
	struct rbt_payload p = { .seq = seq };

	return ring_buffer_write(b, sizeof(p), &p);
}

/* Consume everything of @cpu; check the sequence; return the count. */
static unsigned long rbt_drain(struct kunit *test, struct trace_buffer *b,
			       int cpu, u32 *first, u32 *last,
			       unsigned long *lost_total)
{
	struct ring_buffer_event *ev;
	struct rbt_payload *p;
	unsigned long n = 0, lost;
	u32 prev = 0;

	*lost_total = 0;
	while ((ev = ring_buffer_consume(b, cpu, NULL, &lost))) {
		p = ring_buffer_event_data(ev);
		KUNIT_ASSERT_GE(test, ring_buffer_event_length(ev),
				sizeof(*p));
		if (!n)
			*first = p->seq;
		else
			KUNIT_ASSERT_GT(test, p->seq, prev);
		*lost_total += lost;
		prev = p->seq;
		n++;
	}
	*last = prev;
	return n;
}

static void overwrite_test(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, RB_FL_OVERWRITE);
	unsigned long n, lost, total = 10 * RBT_PAGES * (PAGE_SIZE / 20);
	u32 first, last, i;
	int cpu;

	migrate_disable();
	cpu = raw_smp_processor_id();
	for (i = 0; i < total; i++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, i), 0);

	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu) +
			ring_buffer_overrun_cpu(b, cpu), total);
	KUNIT_EXPECT_GT(test, ring_buffer_overrun_cpu(b, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(b, cpu), 0);

	n = rbt_drain(test, b, cpu, &first, &last, &lost);
	/* Exactly the newest events survive, with no gap. */
	KUNIT_EXPECT_EQ(test, last, total - 1);
	KUNIT_EXPECT_EQ(test, first, ring_buffer_overrun_cpu(b, cpu));
	KUNIT_EXPECT_EQ(test, n, total - first);
	KUNIT_EXPECT_EQ(test, lost, ring_buffer_overrun_cpu(b, cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(b, cpu), n);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu), 0);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(b, cpu));
	migrate_enable();
	ring_buffer_free(b);
}

static void producer_consumer_test(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 0);
	unsigned long n, lost, total = 10 * RBT_PAGES * (PAGE_SIZE / 20);
	unsigned long failed = 0;
	u32 first, last, i;
	int cpu;

	migrate_disable();
	cpu = raw_smp_processor_id();
	for (i = 0; i < total; i++)
		failed += rbt_write(b, i) != 0;

	KUNIT_EXPECT_GT(test, failed, 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(b, cpu), failed);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(b, cpu), 0);

	n = rbt_drain(test, b, cpu, &first, &last, &lost);
	/* The oldest events are kept, and every event is accounted for. */
	KUNIT_EXPECT_EQ(test, first, 0);
	KUNIT_EXPECT_EQ(test, last, n - 1);
	KUNIT_EXPECT_EQ(test, n + failed, total);
	KUNIT_EXPECT_EQ(test, lost, 0);

	/* Reading made room again. */
	KUNIT_EXPECT_EQ(test, rbt_write(b, 7), 0);
	migrate_enable();
	ring_buffer_free(b);
}

struct rbt_irq {
	struct irq_work		work;
	struct trace_buffer	*b;
	int			ret;
	bool			done;
};

static void rbt_irq_writer(struct irq_work *work)
{
	struct rbt_irq *w = container_of(work, struct rbt_irq, work);

	WRITE_ONCE(rbt_now, 2000);
	w->ret = rbt_write(w->b, 2);
	WRITE_ONCE(w->done, true);
}

static void irq_nesting_test(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, RB_FL_OVERWRITE);
	struct rbt_irq w = { .b = b };
	struct ring_buffer_event *ev;
	struct rbt_payload *p;
	unsigned long timeout;
	u64 ts;
	int cpu;

	init_irq_work(&w.work, rbt_irq_writer);
	migrate_disable();
	cpu = raw_smp_processor_id();

	ev = ring_buffer_lock_reserve(b, sizeof(*p));
	KUNIT_ASSERT_NOT_NULL(test, ev);
	p = ring_buffer_event_data(ev);
	p->seq = 1;
	/* An interrupt writes on this CPU while we hold the reservation. */
	irq_work_queue(&w.work);
	for (timeout = 0; !READ_ONCE(w.done) && timeout < 1000; timeout++)
		udelay(100);
	KUNIT_EXPECT_TRUE(test, READ_ONCE(w.done));
	KUNIT_EXPECT_EQ(test, w.ret, 0);
	/* Not visible before the outer writer commits. */
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(b, cpu));
	ring_buffer_unlock_commit(b);
	irq_work_sync(&w.work);

	ev = ring_buffer_consume(b, cpu, &ts, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_EQ(test, ev_seq(ev), 1);
	KUNIT_EXPECT_EQ(test, ts, 1000);
	ev = ring_buffer_consume(b, cpu, &ts, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_EQ(test, ev_seq(ev), 2);
	KUNIT_EXPECT_EQ(test, ts, 2000);
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(b, cpu, NULL, NULL));
	migrate_enable();
	ring_buffer_free(b);
}

struct rbt_racer {
	struct trace_buffer	*b;
	unsigned long		written;
};

static int rbt_racer_fn(void *arg)
{
	struct rbt_racer *r = arg;

	while (!kthread_should_stop()) {
		if (!rbt_write(r->b, r->written))
			r->written++;
		if (!(r->written % 64))
			cond_resched();
	}
	return 0;
}

static void reader_race_test(struct kunit *test)
{
	struct rbt_racer r = { };
	struct task_struct *t;
	struct ring_buffer_event *ev;
	unsigned long read = 0, lost, lost_total = 0, deadline;
	u32 seq, prev = 0;
	int cpu = cpumask_next(smp_processor_id(), cpu_online_mask);

	if (cpu >= nr_cpu_ids)
		cpu = cpumask_first(cpu_online_mask);
	if (cpu == smp_processor_id() || num_online_cpus() < 2)
		kunit_skip(test, "needs two online CPUs");

	r.b = ring_buffer_alloc(RBT_SIZE, RB_FL_OVERWRITE);
	KUNIT_ASSERT_NOT_NULL(test, r.b);
	t = kthread_create(rbt_racer_fn, &r, "rbt_racer");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	kthread_bind(t, cpu);
	wake_up_process(t);

	/* Read while the writer runs: swaps and copies race its moves. */
	deadline = jiffies + HZ / 2;
	while (time_before(jiffies, deadline)) {
		ev = ring_buffer_consume(r.b, cpu, NULL, &lost);
		if (!ev) {
			cpu_relax();
			continue;
		}
		seq = ev_seq(ev);
		if (read)
			KUNIT_ASSERT_GT(test, seq, prev);
		prev = seq;
		lost_total += lost;
		read++;
	}
	kthread_stop(t);
	while ((ev = ring_buffer_consume(r.b, cpu, NULL, &lost))) {
		seq = ev_seq(ev);
		KUNIT_ASSERT_GT(test, seq, prev);
		prev = seq;
		lost_total += lost;
		read++;
	}
	kunit_info(test, "written %lu, read %lu, overrun %lu\n", r.written,
		   read, ring_buffer_overrun_cpu(r.b, cpu));
	KUNIT_EXPECT_GT(test, read, 0);
	KUNIT_EXPECT_EQ(test, prev, r.written - 1);
	KUNIT_EXPECT_EQ(test, read + ring_buffer_overrun_cpu(r.b, cpu) +
			ring_buffer_dropped_events_cpu(r.b, cpu), r.written);
	KUNIT_EXPECT_EQ(test, lost_total, ring_buffer_overrun_cpu(r.b, cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(r.b, cpu), read);
	ring_buffer_free(r.b);
}

static void resize_test(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, RB_FL_OVERWRITE);
	unsigned long n, lost, per_page = (PAGE_SIZE - 16) / 20;
	u32 first, last, i;
	int cpu;

	/* Empty: the size follows, in whole sub-buffers. */
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(b, 8 * (PAGE_SIZE - 16),
						 RING_BUFFER_ALL_CPUS), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(b, 0), 8 * (PAGE_SIZE - 16));

	migrate_disable();
	cpu = raw_smp_processor_id();
	for (i = 0; i < 5 * per_page; i++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, i), 0);
	/* Growing keeps everything. */
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(b, 16 * (PAGE_SIZE - 16),
						 cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu), 5 * per_page);
	KUNIT_EXPECT_EQ(test, rbt_write(b, i++), 0);
	/* Shrinking keeps the newest two sub-buffers' worth. */
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(b, 2 * (PAGE_SIZE - 16),
						 cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(b, cpu), 2 * (PAGE_SIZE - 16));
	n = rbt_drain(test, b, cpu, &first, &last, &lost);
	KUNIT_EXPECT_EQ(test, last, i - 1);
	KUNIT_EXPECT_EQ(test, n, i - first);
	KUNIT_EXPECT_EQ(test, n + ring_buffer_overrun_cpu(b, cpu), i);
	KUNIT_EXPECT_LE(test, n, 2 * per_page);
	/* And it still works. */
	for (i = 0; i < 3 * per_page; i++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, i), 0);
	n = rbt_drain(test, b, cpu, &first, &last, &lost);
	KUNIT_EXPECT_EQ(test, last, 3 * per_page - 1);
	migrate_enable();
	ring_buffer_free(b);
}

static void timestamp_test(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, RB_FL_OVERWRITE);
	static const u64 when[] = {
		5,
		5 + (1ULL << 27) + 123,		/* needs a time extend */
		5 + (1ULL << 27) + 124,		/* a small delta again */
		(1ULL << 45) + 77,		/* a big jump */
	};
	u64 ts;
	int cpu, i;

	migrate_disable();
	cpu = raw_smp_processor_id();
	rbt_now = 1;
	ring_buffer_reset_cpu(b, cpu);
	for (i = 0; i < ARRAY_SIZE(when); i++) {
		rbt_now = when[i];
		KUNIT_ASSERT_EQ(test, rbt_write(b, i), 0);
	}
	ring_buffer_set_time_stamp_abs(b, true);
	KUNIT_EXPECT_TRUE(test, ring_buffer_time_stamp_abs(b));
	rbt_now = 0x123456789abcULL;
	KUNIT_ASSERT_EQ(test, rbt_write(b, i), 0);

	for (i = 0; i < ARRAY_SIZE(when); i++) {
		KUNIT_ASSERT_NOT_NULL(test, ring_buffer_consume(b, cpu, &ts,
								NULL));
		KUNIT_EXPECT_EQ(test, ts, when[i]);
	}
	KUNIT_ASSERT_NOT_NULL(test, ring_buffer_consume(b, cpu, &ts, NULL));
	KUNIT_EXPECT_EQ(test, ts, 0x123456789abcULL);
	migrate_enable();
	ring_buffer_free(b);
}

static void read_page_test(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, RB_FL_OVERWRITE);
	struct buffer_data_read_page *rp;
	struct ring_buffer_event *ev;
	unsigned long commit, per_page = (PAGE_SIZE - 16) / 20;
	void *data;
	int cpu, i;

	migrate_disable();
	cpu = raw_smp_processor_id();
	KUNIT_ASSERT_EQ(test, ring_buffer_alloc_read_page(b, cpu, &rp), 0);
	for (i = 0; i < 3; i++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, i), 0);

	/* The writer's page: only a partial copy, and not when full. */
	KUNIT_EXPECT_LT(test, ring_buffer_read_page(b, rp, PAGE_SIZE, cpu, 1), 0);
	KUNIT_ASSERT_EQ(test, ring_buffer_read_page(b, rp, PAGE_SIZE, cpu, 0), 0);
	data = ring_buffer_read_page_data(rp);
	commit = *(unsigned long *)(data + 8);
	KUNIT_EXPECT_EQ(test, commit, 3 * 20);
	KUNIT_EXPECT_EQ(test, *(u64 *)data, 1000);
	ev = data + 16 + 20;
	KUNIT_EXPECT_EQ(test, (u32)ev->type_len, 4);
	KUNIT_EXPECT_EQ(test, ev_seq(ev), 1);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(b, cpu));

	/* The rest of that page, once finished, starts where the copy ended. */
	for (i = 0; i < per_page + 1; i++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, 100 + i), 0);
	KUNIT_ASSERT_EQ(test, ring_buffer_read_page(b, rp, PAGE_SIZE, cpu, 1), 0);
	data = ring_buffer_read_page_data(rp);
	KUNIT_EXPECT_EQ(test, *(unsigned long *)(data + 8), (per_page - 3) * 20);
	ev = data + 16;
	KUNIT_EXPECT_EQ(test, ev_seq(ev), 100);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu), 4);

	/* A finished, untouched page comes whole. */
	for (i = 0; i < per_page; i++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, 1000 + i), 0);
	KUNIT_ASSERT_EQ(test, ring_buffer_read_page(b, rp, PAGE_SIZE, cpu, 1), 0);
	data = ring_buffer_read_page_data(rp);
	KUNIT_EXPECT_EQ(test, *(unsigned long *)(data + 8), per_page * 20);
	ev = data + 16;
	KUNIT_EXPECT_EQ(test, ev_seq(ev), 100 + per_page - 3);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu), 4);
	ring_buffer_free_read_page(b, cpu, rp);
	migrate_enable();
	ring_buffer_free(b);
}

static void iterator_test(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, RB_FL_OVERWRITE);
	struct ring_buffer_iter *it;
	struct ring_buffer_event *ev;
	unsigned long per_page = (PAGE_SIZE - 16) / 20;
	u32 n = 0;
	int cpu, i;

	migrate_disable();
	cpu = raw_smp_processor_id();
	for (i = 0; i < 2 * per_page + 5; i++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, i), 0);
	/* Consume a few, so the walk starts inside the reader page. */
	for (i = 0; i < 3; i++)
		KUNIT_ASSERT_NOT_NULL(test, ring_buffer_consume(b, cpu, NULL, NULL));
	migrate_enable();

	it = ring_buffer_read_start(b, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, it);
	while ((ev = ring_buffer_iter_peek(it, NULL))) {
		KUNIT_EXPECT_EQ(test, ev_seq(ev), n + 3);
		ring_buffer_iter_advance(it);
		n++;
	}
	KUNIT_EXPECT_EQ(test, n, 2 * per_page + 2);
	KUNIT_EXPECT_TRUE(test, ring_buffer_iter_empty(it));

	/* Writers are not paused: a new event shows up at the end. */
	migrate_disable();
	KUNIT_EXPECT_EQ(test, cpu, raw_smp_processor_id());
	KUNIT_ASSERT_EQ(test, rbt_write(b, 1000), 0);
	migrate_enable();
	ev = ring_buffer_iter_peek(it, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_EQ(test, ev_seq(ev), 1000);
	KUNIT_EXPECT_FALSE(test, ring_buffer_iter_dropped(it));
	/* Nothing was consumed by the walk. */
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu), n + 1);

	/*
	 * Overwriting the pages under the walk is reported, not misread.
	 * Walk past the reader's page first: writers never recycle that one.
	 */
	ring_buffer_iter_reset(it);
	for (i = 0; i < per_page - 3 + 1; i++)
		ring_buffer_iter_advance(it);
	ev = ring_buffer_iter_peek(it, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_EQ(test, ev_seq(ev), per_page + 1);
	migrate_disable();
	for (i = 0; i < 3 * RBT_PAGES * per_page; i++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, 2000 + i), 0);
	migrate_enable();
	ev = ring_buffer_iter_peek(it, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_TRUE(test, ring_buffer_iter_dropped(it));
	KUNIT_EXPECT_GE(test, ev_seq(ev), 2000);
	ring_buffer_read_finish(it);
	ring_buffer_free(b);
}

static void discard_test(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, RB_FL_OVERWRITE);
	struct ring_buffer_event *ev;
	struct rbt_payload *p;
	int cpu;

	migrate_disable();
	cpu = raw_smp_processor_id();
	KUNIT_ASSERT_EQ(test, rbt_write(b, 1), 0);
	ev = ring_buffer_lock_reserve(b, sizeof(*p));
	KUNIT_ASSERT_NOT_NULL(test, ev);
	ring_buffer_discard_commit(b, ev);
	KUNIT_ASSERT_EQ(test, rbt_write(b, 3), 0);
	/* The discarded event is skipped and not counted. */
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu), 2);
	ev = ring_buffer_consume(b, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_EQ(test, ev_seq(ev), 1);
	ev = ring_buffer_consume(b, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_EQ(test, ev_seq(ev), 3);
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(b, cpu, NULL, NULL));
	migrate_enable();
	ring_buffer_free(b);
}

struct rbt_swap {
	struct trace_buffer	*a;
	struct trace_buffer	*b;
	int			ret;
};

static void rbt_swap_fn(void *arg)
{
	struct rbt_swap *s = arg;

	s->ret = ring_buffer_swap_cpu(s->a, s->b, smp_processor_id());
}

/* Swap @cpu's data as the per-CPU snapshot file does: in an IPI on @cpu. */
static int rbt_swap(struct trace_buffer *a, struct trace_buffer *b, int cpu)
{
	struct rbt_swap s = { .a = a, .b = b, .ret = -ENXIO };
	int ret = smp_call_function_single(cpu, rbt_swap_fn, &s, 1);

	return ret ? ret : s.ret;
}

static void swap_test(struct kunit *test)
{
	struct trace_buffer *a = rbt_alloc(test, RB_FL_OVERWRITE);
	struct trace_buffer *b = rbt_alloc(test, RB_FL_OVERWRITE);
	unsigned long per_page = (PAGE_SIZE - 16) / 20;
	unsigned long total = 2 * RBT_PAGES * per_page;
	unsigned long ea, oa, ra, eb, lost, lost_a = 0, n;
	struct ring_buffer_iter *it;
	struct ring_buffer_event *ev;
	u32 first, last, next = 0, i;
	int cpu;

	migrate_disable();
	cpu = raw_smp_processor_id();
	/* A: twice its size (it overruns), three events read; B: five. */
	for (i = 0; i < total; i++)
		KUNIT_ASSERT_EQ(test, rbt_write(a, i), 0);
	for (i = 0; i < 3; i++) {
		ev = ring_buffer_consume(a, cpu, NULL, &lost);
		KUNIT_ASSERT_NOT_NULL(test, ev);
		next = ev_seq(ev) + 1;
		lost_a += lost;
	}
	for (i = 0; i < 5; i++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, 100000 + i), 0);
	ea = ring_buffer_entries_cpu(a, cpu);
	oa = ring_buffer_overrun_cpu(a, cpu);
	ra = ring_buffer_read_events_cpu(a, cpu);
	eb = ring_buffer_entries_cpu(b, cpu);
	KUNIT_EXPECT_GT(test, oa, 0);
	KUNIT_EXPECT_EQ(test, ra, 3);
	KUNIT_EXPECT_EQ(test, eb, 5);

	/* An iterator of B, one event in. */
	it = ring_buffer_read_start(b, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, it);
	ev = ring_buffer_iter_peek(it, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_EQ(test, ev_seq(ev), 100000);
	ring_buffer_iter_advance(it);

	KUNIT_ASSERT_EQ(test, rbt_swap(a, b, cpu), 0);

	/* The statistics went with the data. */
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(a, cpu), eb);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(a, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(a, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu), ea);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(b, cpu), oa);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(b, cpu), ra);

	/* The iterator's data left: it goes on at B's new oldest event. */
	ev = ring_buffer_iter_peek(it, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_EQ(test, ev_seq(ev), next);
	KUNIT_EXPECT_TRUE(test, ring_buffer_iter_dropped(it));
	ring_buffer_read_finish(it);

	/* Writers go on after the data swapped in. */
	KUNIT_ASSERT_EQ(test, rbt_write(a, 200000), 0);
	KUNIT_ASSERT_EQ(test, rbt_write(b, 300000), 0);
	n = rbt_drain(test, a, cpu, &first, &last, &lost);
	KUNIT_EXPECT_EQ(test, n, 6);
	KUNIT_EXPECT_EQ(test, first, 100000);
	KUNIT_EXPECT_EQ(test, last, 200000);
	KUNIT_EXPECT_EQ(test, lost, 0);
	n = rbt_drain(test, b, cpu, &first, &last, &lost);
	KUNIT_EXPECT_EQ(test, n, ea + 1);
	KUNIT_EXPECT_EQ(test, first, next);
	KUNIT_EXPECT_EQ(test, last, 300000);
	/* Every overwritten event of A's data is reported lost once. */
	KUNIT_EXPECT_EQ(test, lost_a + lost, oa);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(a, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu), 0);

	/* And back: A's data is A's again. */
	KUNIT_ASSERT_EQ(test, rbt_write(a, 7), 0);
	KUNIT_ASSERT_EQ(test, rbt_swap(a, b, cpu), 0);
	KUNIT_ASSERT_EQ(test, rbt_swap(b, a, cpu), 0);
	ev = ring_buffer_consume(a, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_EQ(test, ev_seq(ev), 7);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(b, cpu));
	migrate_enable();
	ring_buffer_free(a);
	ring_buffer_free(b);
}

struct rbt_waiter {
	struct trace_buffer	*b;
	int			cpu;
	int			full;
	int			ret;
	struct completion	done;
};

static int rbt_waiter_fn(void *arg)
{
	struct rbt_waiter *w = arg;

	w->ret = ring_buffer_wait(w->b, w->cpu, w->full, NULL, NULL);
	complete(&w->done);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ);
	return 0;
}

/* A reader waiting for A's fill wakes when a swap brings it. */
static void swap_wake_test(struct kunit *test)
{
	struct trace_buffer *a = rbt_alloc(test, RB_FL_OVERWRITE);
	struct trace_buffer *b = rbt_alloc(test, RB_FL_OVERWRITE);
	unsigned long per_page = (PAGE_SIZE - 16) / 20, i;
	struct rbt_waiter w = { .b = a, .full = 50 };
	struct task_struct *t;
	bool woken;

	migrate_disable();
	w.cpu = raw_smp_processor_id();
	for (i = 0; i < 3 * per_page; i++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, i), 0);
	migrate_enable();
	init_completion(&w.done);
	t = kthread_run(rbt_waiter_fn, &w, "rbt_waiter");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	/* Let it go to sleep on A, which is empty. */
	for (i = 0; i < 100 && READ_ONCE(t->__state) != TASK_INTERRUPTIBLE;
	     i++)
		msleep(20);
	msleep(20);
	KUNIT_EXPECT_FALSE(test, completion_done(&w.done));

	KUNIT_EXPECT_EQ(test, rbt_swap(a, b, w.cpu), 0);
	woken = wait_for_completion_timeout(&w.done, 5 * HZ);
	if (!woken) {
		ring_buffer_wake_waiters(a, w.cpu);
		wait_for_completion(&w.done);
	}
	KUNIT_EXPECT_TRUE(test, woken);
	KUNIT_EXPECT_EQ(test, w.ret, 0);
	kthread_stop(t);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(a, w.cpu), 3 * per_page);
	ring_buffer_free(a);
	ring_buffer_free(b);
}

static void swap_errors_test(struct kunit *test)
{
	struct trace_buffer *a = rbt_alloc(test, RB_FL_OVERWRITE);
	struct trace_buffer *b = rbt_alloc(test, RB_FL_OVERWRITE);
	struct trace_buffer *big = rbt_alloc(test, RB_FL_OVERWRITE);
	struct trace_buffer *order1 = rbt_alloc(test, RB_FL_OVERWRITE);
	struct ring_buffer_event *ev;
	int cpu, c, ret;

	KUNIT_ASSERT_EQ(test, ring_buffer_resize(big, 2 * RBT_SIZE,
						 RING_BUFFER_ALL_CPUS), 0);
	/* As many sub-buffers as A, of two pages each. */
	KUNIT_ASSERT_EQ(test, ring_buffer_subbuf_order_set(order1, 1), 0);
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(order1, RBT_PAGES *
						 (2 * PAGE_SIZE - 16),
						 RING_BUFFER_ALL_CPUS), 0);

	migrate_disable();
	cpu = raw_smp_processor_id();
	KUNIT_ASSERT_EQ(test, ring_buffer_size(order1, cpu),
			RBT_PAGES * (2 * PAGE_SIZE - 16));
	KUNIT_EXPECT_EQ(test, rbt_swap(a, big, cpu), -EINVAL);
	KUNIT_EXPECT_EQ(test, rbt_swap(a, order1, cpu), -EINVAL);
	KUNIT_EXPECT_EQ(test, rbt_swap(a, a, cpu), -EINVAL);
	/* One CPU's size differs; made equal again, it swaps. */
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(b, 2 * RBT_SIZE, cpu), 0);
	KUNIT_EXPECT_EQ(test, rbt_swap(a, b, cpu), -EINVAL);
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(b, RBT_SIZE, cpu), 0);
	KUNIT_EXPECT_EQ(test, rbt_swap(a, b, cpu), 0);

	/* No CPU buffer, or not running on the CPU: */
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, b, -1), -EINVAL);
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, b, nr_cpu_ids), -EINVAL);
	for_each_possible_cpu(c) {
		if (!cpu_online(c))
			KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, b, c),
					-EINVAL);
	}

	/* Recording disabled, in either buffer, whole or on the CPU. */
	ring_buffer_record_disable(a);
	KUNIT_EXPECT_EQ(test, rbt_swap(a, b, cpu), -EAGAIN);
	ring_buffer_record_enable(a);
	ring_buffer_record_disable_cpu(b, cpu);
	KUNIT_EXPECT_EQ(test, rbt_swap(a, b, cpu), -EAGAIN);
	ring_buffer_record_enable_cpu(b, cpu);
	ring_buffer_record_off(b);
	KUNIT_EXPECT_EQ(test, rbt_swap(a, b, cpu), -EAGAIN);
	ring_buffer_record_on(b);
	KUNIT_EXPECT_EQ(test, rbt_swap(a, b, cpu), 0);

	/* A reservation open on either side. */
	ev = ring_buffer_lock_reserve(a, sizeof(struct rbt_payload));
	KUNIT_ASSERT_NOT_NULL(test, ev);
	((struct rbt_payload *)ring_buffer_event_data(ev))->seq = 42;
	ret = rbt_swap(a, b, cpu);
	ring_buffer_unlock_commit(a);
	KUNIT_EXPECT_EQ(test, ret, -EBUSY);
	ev = ring_buffer_lock_reserve(b, sizeof(struct rbt_payload));
	KUNIT_ASSERT_NOT_NULL(test, ev);
	((struct rbt_payload *)ring_buffer_event_data(ev))->seq = 43;
	ret = rbt_swap(b, a, cpu);
	ring_buffer_unlock_commit(b);
	KUNIT_EXPECT_EQ(test, ret, -EBUSY);
	/* Committed, they swap. */
	KUNIT_EXPECT_EQ(test, rbt_swap(a, b, cpu), 0);
	ev = ring_buffer_consume(b, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_EQ(test, ev_seq(ev), 42);
	ev = ring_buffer_consume(a, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	KUNIT_EXPECT_EQ(test, ev_seq(ev), 43);
	migrate_enable();
	ring_buffer_free(a);
	ring_buffer_free(b);
	ring_buffer_free(big);
	ring_buffer_free(order1);
}

/* Sequence numbers per writer, at most; each writer has a bitmap of them. */
#define RBT_SEQ_MAX	(1U << 22)

/*
 * A writer of swap_race_test: even sequence numbers go to one buffer,
 * odd ones to the other; its id rides in the payload.
 */
struct rbt_swap_writer {
	struct trace_buffer	*buf[2];
	u32			id;
	u32			seq;
	unsigned long		ok;
	unsigned long		failed;
	unsigned long		*seen;
	u32			last;
	struct hrtimer		timer;
};

static void rbt_swap_write(struct rbt_swap_writer *w)
{
	struct rbt_payload p = { .seq = w->seq, .pad = { w->id } };

	if (w->seq >= RBT_SEQ_MAX)
		return;
	if (ring_buffer_write(w->buf[w->seq & 1], sizeof(p), &p))
		w->failed++;
	else
		w->ok++;
	w->seq++;
}

static int rbt_swap_writer_fn(void *arg)
{
	struct rbt_swap_writer *w = arg;

	while (!kthread_should_stop()) {
		rbt_swap_write(w);
		if (w->seq >= RBT_SEQ_MAX)
			schedule_timeout_interruptible(1);
		else if (!(w->seq % 64))
			cond_resched();
	}
	return 0;
}

#define RBT_TIMER_NS	(50 * NSEC_PER_USEC)

/* Writes in hardirq on the CPU whose data is swapped, into its writers. */
static enum hrtimer_restart rbt_swap_timer_fn(struct hrtimer *timer)
{
	struct rbt_swap_writer *w = container_of(timer, struct rbt_swap_writer,
						 timer);

	rbt_swap_write(w);
	hrtimer_forward_now(timer, ns_to_ktime(RBT_TIMER_NS));
	return HRTIMER_RESTART;
}

static void rbt_swap_timer_start(void *arg)
{
	struct rbt_swap_writer *w = arg;

	hrtimer_start(&w->timer, ns_to_ktime(RBT_TIMER_NS),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

struct rbt_swap_check {
	struct rbt_swap_writer	*w;
	unsigned int		nr;
	unsigned long		read;
	unsigned long		dups;
	unsigned long		disorder;
	unsigned long		bad;
};

/*
 * Consume up to @max events of @cpu in @b (all with ULONG_MAX).  Each
 * writer's sequence numbers rise within one ring; a reader of a buffer
 * sees two rings in turn while swaps go on, so @order only for a drain.
 */
static void rbt_swap_consume(struct rbt_swap_check *c, struct trace_buffer *b,
			     int cpu, unsigned long max, bool order)
{
	struct ring_buffer_event *ev;
	struct rbt_payload *p;
	unsigned int i;

	for (i = 0; i < c->nr; i++)
		c->w[i].last = U32_MAX;
	while (max-- && (ev = ring_buffer_consume(b, cpu, NULL, NULL))) {
		p = ring_buffer_event_data(ev);
		c->read++;
		if (p->pad[0] >= c->nr || p->seq >= RBT_SEQ_MAX) {
			c->bad++;
			continue;
		}
		if (test_and_set_bit(p->seq, c->w[p->pad[0]].seen))
			c->dups++;
		if (order && c->w[p->pad[0]].last != U32_MAX &&
		    p->seq <= c->w[p->pad[0]].last)
			c->disorder++;
		c->w[p->pad[0]].last = p->seq;
	}
}

/*
 * Writers on every CPU, and in hardirq on the swapped CPU, while that
 * CPU's data is swapped back and forth in IPIs and read in between: no
 * event is lost, duplicated or reordered, and every one is accounted for.
 */
static void swap_race_test(struct kunit *test)
{
	struct rbt_swap_check c = { .nr = nr_cpu_ids + 1 };
	unsigned long deadline, giveup, swapped = 0, busy = 0, other = 0;
	unsigned long ok = 0, failed = 0, overrun = 0, lost = 0;
	struct rbt_swap_writer *timer;
	struct trace_buffer *buf[2];
	struct task_struct **t;
	int cpu, c0, i, ret;

	migrate_disable();
	c0 = raw_smp_processor_id();
	cpu = cpumask_next(c0, cpu_online_mask);
	if (cpu >= nr_cpu_ids)
		cpu = cpumask_first(cpu_online_mask);
	if (cpu == c0 || num_online_cpus() < 2) {
		migrate_enable();
		kunit_skip(test, "needs two online CPUs");
	}

	buf[0] = ring_buffer_alloc(RBT_SIZE, RB_FL_OVERWRITE);
	buf[1] = ring_buffer_alloc(RBT_SIZE, RB_FL_OVERWRITE);
	c.w = kunit_kcalloc(test, c.nr, sizeof(*c.w), GFP_KERNEL);
	t = kunit_kcalloc(test, nr_cpu_ids, sizeof(*t), GFP_KERNEL);
	if (!buf[0] || !buf[1] || !c.w || !t) {
		KUNIT_FAIL(test, "out of memory");
		goto out_free;
	}
	for (i = 0; i < c.nr; i++) {
		c.w[i].buf[0] = buf[0];
		c.w[i].buf[1] = buf[1];
		c.w[i].id = i;
		c.w[i].seen = kvcalloc(BITS_TO_LONGS(RBT_SEQ_MAX),
				       sizeof(long), GFP_KERNEL);
		if (!c.w[i].seen) {
			KUNIT_FAIL(test, "out of memory");
			goto out_free;
		}
	}
	timer = &c.w[nr_cpu_ids];
	hrtimer_init(&timer->timer, CLOCK_MONOTONIC,
		     HRTIMER_MODE_REL_PINNED_HARD);
	timer->timer.function = rbt_swap_timer_fn;

	for_each_online_cpu(i) {
		t[i] = kthread_create(rbt_swap_writer_fn, &c.w[i], "rbt_sw/%d",
				      i);
		if (IS_ERR(t[i])) {
			t[i] = NULL;
			KUNIT_FAIL(test, "no writer thread");
			goto out_stop;
		}
		kthread_bind(t[i], i);
		wake_up_process(t[i]);
	}
	smp_call_function_single(cpu, rbt_swap_timer_start, timer, 1);

	/* Half a second at least, and until some swaps got through. */
	deadline = jiffies + HZ / 2;
	giveup = jiffies + 20 * HZ;
	while (time_before(jiffies, giveup) &&
	       (time_before(jiffies, deadline) || swapped < 20)) {
		ret = rbt_swap(buf[0], buf[1], cpu);
		if (!ret)
			swapped++;
		else if (ret == -EBUSY)
			busy++;
		else
			other++;
		rbt_swap_consume(&c, buf[0], cpu, 16, false);
		rbt_swap_consume(&c, buf[1], cpu, 16, false);
		cond_resched();
	}
out_stop:
	hrtimer_cancel(&timer->timer);
	for_each_online_cpu(i) {
		if (t[i])
			kthread_stop(t[i]);
	}
	/* Quiet now: drain everything, each CPU's ring in order. */
	for_each_online_cpu(i) {
		rbt_swap_consume(&c, buf[0], i, ULONG_MAX, true);
		rbt_swap_consume(&c, buf[1], i, ULONG_MAX, true);
	}
	for (i = 0; i < c.nr; i++) {
		ok += c.w[i].ok;
		failed += c.w[i].failed;
	}
	for_each_possible_cpu(i) {
		overrun += ring_buffer_overrun_cpu(buf[0], i) +
			   ring_buffer_overrun_cpu(buf[1], i);
		lost += ring_buffer_dropped_events_cpu(buf[0], i) +
			ring_buffer_dropped_events_cpu(buf[1], i) +
			ring_buffer_commit_overrun_cpu(buf[0], i) +
			ring_buffer_commit_overrun_cpu(buf[1], i);
	}
	kunit_info(test, "cpu %d: %lu swaps, %lu -EBUSY, %lu other\n", cpu,
		   swapped, busy, other);
	kunit_info(test, "written %lu (in hardirq %lu), failed %lu\n", ok,
		   timer->ok, failed);
	kunit_info(test, "read %lu, overrun %lu, dropped %lu\n", c.read,
		   overrun, lost);
	KUNIT_EXPECT_GT(test, swapped, 0);
	KUNIT_EXPECT_EQ(test, other, 0);
	KUNIT_EXPECT_GT(test, timer->ok, 0);
	KUNIT_EXPECT_EQ(test, c.dups, 0);
	KUNIT_EXPECT_EQ(test, c.disorder, 0);
	KUNIT_EXPECT_EQ(test, c.bad, 0);
	/* Exactly: each event written is read or counted overwritten. */
	KUNIT_EXPECT_EQ(test, ok, c.read + overrun);
	KUNIT_EXPECT_EQ(test, failed, lost);
out_free:
	for (i = 0; c.w && i < c.nr; i++)
		kvfree(c.w[i].seen);
	ring_buffer_free(buf[0]);
	ring_buffer_free(buf[1]);
	migrate_enable();
}

static struct kunit_case ring_buffer_cases[] = {
	KUNIT_CASE(discard_test),
	KUNIT_CASE(overwrite_test),
	KUNIT_CASE(producer_consumer_test),
	KUNIT_CASE(irq_nesting_test),
	KUNIT_CASE(reader_race_test),
	KUNIT_CASE(resize_test),
	KUNIT_CASE(timestamp_test),
	KUNIT_CASE(read_page_test),
	KUNIT_CASE(iterator_test),
	KUNIT_CASE(swap_test),
	KUNIT_CASE(swap_wake_test),
	KUNIT_CASE(swap_errors_test),
	KUNIT_CASE(swap_race_test),
	{}
};

static struct kunit_suite ring_buffer_suite = {
	.name = "ring_buffer",
	.test_cases = ring_buffer_cases,
};

kunit_test_suites(&ring_buffer_suite);

MODULE_DESCRIPTION("KUnit tests of the ring buffer");
MODULE_LICENSE("GPL");
