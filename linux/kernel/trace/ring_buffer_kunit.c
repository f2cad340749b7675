// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the ring buffer, through its public API only.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/irq_work.h>
#include <linux/kthread.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>

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
	{}
};

static struct kunit_suite ring_buffer_suite = {
	.name = "ring_buffer",
	.test_cases = ring_buffer_cases,
};

kunit_test_suites(&ring_buffer_suite);

MODULE_DESCRIPTION("KUnit tests of the ring buffer");
MODULE_LICENSE("GPL");
