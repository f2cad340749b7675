// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the tracer registry and the tracefs input parsers.
 */
#include <kunit/test.h>
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_seq.h>

#include "trace.h"
#include "trace_entries.h"

static void name_check_test(struct kunit *test)
{
	char longest[TRACER_NAME_MAX];

	KUNIT_EXPECT_TRUE(test, tracer_name_valid("nop"));
	KUNIT_EXPECT_TRUE(test, tracer_name_valid("function_graph"));
	KUNIT_EXPECT_TRUE(test, tracer_name_valid("wakeup_rt2"));
	KUNIT_EXPECT_FALSE(test, tracer_name_valid(NULL));
	KUNIT_EXPECT_FALSE(test, tracer_name_valid(""));
	KUNIT_EXPECT_FALSE(test, tracer_name_valid("two words"));
	KUNIT_EXPECT_FALSE(test, tracer_name_valid("nop\n"));
	KUNIT_EXPECT_FALSE(test, tracer_name_valid("a/b"));

	memset(longest, 'x', sizeof(longest));
	longest[TRACER_NAME_MAX - 1] = '\0';
	KUNIT_EXPECT_TRUE(test, tracer_name_valid(longest));
	longest[TRACER_NAME_MAX - 1] = 'x';
	KUNIT_EXPECT_FALSE(test, tracer_name_valid(longest));
}

/* Tracers that log their callbacks and can be told to fail init. */
struct probe_tracer {
	struct tracer	tracer;
	int		init_ret;
	char		log[64];
};

static struct probe_tracer probe_a, probe_b;

static int probe_init(struct probe_tracer *p)
{
	strlcat(p->log, "I", sizeof(p->log));
	return p->init_ret;
}

static int probe_a_init(struct trace_array *tr)
{
	return probe_init(&probe_a);
}

static int probe_b_init(struct trace_array *tr)
{
	return probe_init(&probe_b);
}

static void probe_a_reset(struct trace_array *tr)
{
	strlcat(probe_a.log, "R", sizeof(probe_a.log));
}

static void probe_b_reset(struct trace_array *tr)
{
	strlcat(probe_b.log, "R", sizeof(probe_b.log));
}

static int probe_test_init(struct kunit *test)
{
	memset(&probe_a, 0, sizeof(probe_a));
	memset(&probe_b, 0, sizeof(probe_b));
	probe_a.tracer = (struct tracer) { .name = "kunit_probe_a",
		.init = probe_a_init, .reset = probe_a_reset };
	probe_b.tracer = (struct tracer) { .name = "kunit_probe_b",
		.init = probe_b_init, .reset = probe_b_reset };
	KUNIT_ASSERT_EQ(test, register_tracer(&probe_a.tracer), 0);
	KUNIT_ASSERT_EQ(test, register_tracer(&probe_b.tracer), 0);
	return 0;
}

static void probe_test_exit(struct kunit *test)
{
	unregister_tracer(&probe_a.tracer);
	unregister_tracer(&probe_b.tracer);
}

static void register_errors_test(struct kunit *test)
{
	struct tracer dup = { .name = "kunit_probe_a" };
	struct tracer bad = { .name = "bad name" };
	struct tracer unnamed = { };

	KUNIT_EXPECT_EQ(test, register_tracer(&dup), -EBUSY);
	KUNIT_EXPECT_EQ(test, register_tracer(&bad), -EINVAL);
	KUNIT_EXPECT_EQ(test, register_tracer(&unnamed), -EINVAL);
	KUNIT_EXPECT_EQ(test, register_tracer(NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, unregister_tracer(&dup), -ENOENT);
	KUNIT_EXPECT_EQ(test, unregister_tracer(NULL), -ENOENT);
}

static void listing_test(struct kunit *test)
{
	struct seq_file m = { };
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	m.buf = buf;
	m.size = PAGE_SIZE;
	tracing_show_tracers(&m, &global_trace);
	/* Newest first, nop (registered first) last, one line. */
	KUNIT_EXPECT_TRUE(test, str_has_prefix(buf, "kunit_probe_b kunit_probe_a "));
	KUNIT_ASSERT_GE(test, m.count, 5);
	KUNIT_EXPECT_STREQ(test, buf + m.count - 5, " nop\n");
	KUNIT_EXPECT_EQ(test, strchr(buf, '\n') - buf, (long)m.count - 1);
}

static void switch_test(struct kunit *test)
{
	struct trace_array tr = { .current_trace = &nop_tracer };

	KUNIT_EXPECT_EQ(test, tracing_set_tracer(&tr, "no_such_tracer"), -EINVAL);
	KUNIT_EXPECT_PTR_EQ(test, tr.current_trace, &nop_tracer);

	KUNIT_EXPECT_EQ(test, tracing_set_tracer(&tr, "kunit_probe_a"), 0);
	KUNIT_EXPECT_PTR_EQ(test, tr.current_trace, &probe_a.tracer);
	/* Setting the current tracer again does not restart it. */
	KUNIT_EXPECT_EQ(test, tracing_set_tracer(&tr, "kunit_probe_a"), 0);
	KUNIT_EXPECT_STREQ(test, probe_a.log, "I");

	KUNIT_EXPECT_EQ(test, tracing_set_tracer(&tr, "kunit_probe_b"), 0);
	KUNIT_EXPECT_STREQ(test, probe_a.log, "IR");
	KUNIT_EXPECT_STREQ(test, probe_b.log, "I");
	KUNIT_EXPECT_PTR_EQ(test, tr.current_trace, &probe_b.tracer);

	KUNIT_EXPECT_EQ(test, tracing_set_tracer(&tr, "nop"), 0);
	KUNIT_EXPECT_STREQ(test, probe_b.log, "IR");
	KUNIT_EXPECT_PTR_EQ(test, tr.current_trace, &nop_tracer);
}

static void failed_init_test(struct kunit *test)
{
	struct trace_array tr = { .current_trace = &nop_tracer };

	KUNIT_ASSERT_EQ(test, tracing_set_tracer(&tr, "kunit_probe_a"), 0);
	probe_b.init_ret = -ENOMEM;
	KUNIT_EXPECT_EQ(test, tracing_set_tracer(&tr, "kunit_probe_b"), -ENOMEM);
	/* The old tracer was reset and nop took over. */
	KUNIT_EXPECT_STREQ(test, probe_a.log, "IR");
	KUNIT_EXPECT_PTR_EQ(test, tr.current_trace, &nop_tracer);
}

static void busy_unregister_test(struct kunit *test)
{
	struct tracer *old;

	mutex_lock(&tracer_mutex);
	old = global_trace.current_trace;
	global_trace.current_trace = &probe_b.tracer;
	mutex_unlock(&tracer_mutex);

	KUNIT_EXPECT_EQ(test, unregister_tracer(&probe_b.tracer), -EBUSY);

	mutex_lock(&tracer_mutex);
	global_trace.current_trace = old;
	mutex_unlock(&tracer_mutex);
	KUNIT_EXPECT_EQ(test, unregister_tracer(&probe_b.tracer), 0);
	KUNIT_EXPECT_EQ(test, unregister_tracer(&probe_b.tracer), -ENOENT);
}

static struct kunit_case tracer_registry_cases[] = {
	KUNIT_CASE(name_check_test),
	KUNIT_CASE(register_errors_test),
	KUNIT_CASE(listing_test),
	KUNIT_CASE(switch_test),
	KUNIT_CASE(failed_init_test),
	KUNIT_CASE(busy_unregister_test),
	{}
};

static struct kunit_suite tracer_registry_suite = {
	.name = "tracer_registry",
	.init = probe_test_init,
	.exit = probe_test_exit,
	.test_cases = tracer_registry_cases,
};

static void bool_parse_test(struct kunit *test)
{
	bool v = false;

	KUNIT_EXPECT_EQ(test, tracing_bool_from_str("1", &v), 0);
	KUNIT_EXPECT_TRUE(test, v);
	KUNIT_EXPECT_EQ(test, tracing_bool_from_str("0\n", &v), 0);
	KUNIT_EXPECT_FALSE(test, v);
	v = true;
	KUNIT_EXPECT_EQ(test, tracing_bool_from_str("2", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, tracing_bool_from_str("", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, tracing_bool_from_str("on", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, tracing_bool_from_str("-1", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, tracing_bool_from_str("1 1", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, tracing_bool_from_str("99999999999", &v), -EINVAL);
	/* A rejected value leaves the old one alone. */
	KUNIT_EXPECT_TRUE(test, v);
}

static void stop_start_test(struct kunit *test)
{
	struct trace_array tr = { .record_on = true };

	KUNIT_EXPECT_TRUE(test, tracing_is_recording(&tr));
	tracing_stop();
	tracing_stop();
	KUNIT_EXPECT_FALSE(test, tracing_is_recording(&tr));
	tracing_start();
	KUNIT_EXPECT_FALSE(test, tracing_is_recording(&tr));
	tracing_start();
	KUNIT_EXPECT_TRUE(test, tracing_is_recording(&tr));

	tracer_tracing_off(&tr);
	KUNIT_EXPECT_FALSE(test, tracer_tracing_is_on(&tr));
	KUNIT_EXPECT_FALSE(test, tracing_is_recording(&tr));
	tracer_tracing_on(&tr);
	KUNIT_EXPECT_TRUE(test, tracing_is_recording(&tr));
}

/* Consume the next entry of this CPU and format it as trace_pipe does. */
static void format_next(struct kunit *test, int cpu,
			struct trace_iterator *it)
{
	struct trace_seq *s = &it->seq;
	struct ring_buffer_event *ev;
	u64 ts;

	trace_seq_init(s);
	ev = ring_buffer_consume(global_trace.buffer, cpu, &ts, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	it->tr = &global_trace;
	it->ent = ring_buffer_event_data(ev);
	it->ent_size = ring_buffer_event_length(ev);
	it->cpu = cpu;
	it->ts = ts;
	trace_format_entry(it, 0);
	s->buffer[trace_seq_used(s)] = '\0';
}

static void trace_printk_test(struct kunit *test)
{
	struct trace_iterator *it = kunit_kzalloc(test, sizeof(*it), GFP_KERNEL);
	struct trace_seq *s = it ? &it->seq : NULL;
	/* Not a constant: trace_printk() formats it at once. */
	char fmt[] = "kunit print %d\n";
	char want[64];
	int cpu;

	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_ASSERT_NOT_NULL(test, global_trace.buffer);
	/* Not grown later by the first trace_printk(), under the reads. */
	KUNIT_ASSERT_EQ(test, tracing_update_buffers(&global_trace), 0);
	migrate_disable();
	cpu = raw_smp_processor_id();
	ring_buffer_reset_cpu(global_trace.buffer, cpu);
	trace_printk("kunit bprint %d %s\n", 42, "forty-two");
	trace_puts("kunit bputs\n");
	trace_printk(fmt, 7);

	format_next(test, cpu, it);
	snprintf(want, sizeof(want), "%s: kunit bprint 42 forty-two\n", __func__);
	KUNIT_EXPECT_NOT_NULL(test, strstr(s->buffer, want));
	format_next(test, cpu, it);
	snprintf(want, sizeof(want), "%s: kunit bputs\n", __func__);
	KUNIT_EXPECT_NOT_NULL(test, strstr(s->buffer, want));
	format_next(test, cpu, it);
	snprintf(want, sizeof(want), "%s: kunit print 7\n", __func__);
	KUNIT_EXPECT_NOT_NULL(test, strstr(s->buffer, want));
	/* The common columns: task, pid, CPU. */
	KUNIT_EXPECT_NOT_NULL(test, strstr(s->buffer, current->comm));
	migrate_enable();
}

static void line_format_test(struct kunit *test)
{
	struct trace_iterator *it = kunit_kzalloc(test, sizeof(*it), GFP_KERNEL);
	struct trace_seq *s = it ? &it->seq : NULL;
	struct print_entry *e = kunit_kzalloc(test, sizeof(*e) + 8, GFP_KERNEL);
	static const struct {
		unsigned char flags, pc;
		const char *cols;
	} cases[] = {
		{ 0, 0, "....." },
		{ TRACE_FLAG_IRQS_OFF | TRACE_FLAG_NEED_RESCHED |
		  TRACE_FLAG_HARDIRQ, 0x21, "dnh12" },
		{ TRACE_FLAG_IRQS_OFF | TRACE_FLAG_BH_OFF |
		  TRACE_FLAG_PREEMPT_RESCHED | TRACE_FLAG_SOFTIRQ, 0x0f, "Dpsf." },
		{ TRACE_FLAG_NMI | TRACE_FLAG_HARDIRQ | TRACE_FLAG_NEED_RESCHED |
		  TRACE_FLAG_PREEMPT_RESCHED, 0x03, ".NZ3." },
		{ TRACE_FLAG_BH_OFF | TRACE_FLAG_HARDIRQ | TRACE_FLAG_SOFTIRQ,
		  0, "b.H.." },
	};
	char want[128];
	int i;

	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_ASSERT_NOT_NULL(test, e);
	e->ent.type = TRACE_ENTRY_PRINT;
	e->ent.pid = 0;
	e->ip = (unsigned long)line_format_test;
	strscpy(e->buf, "hi\n", 8);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		e->ent.flags = cases[i].flags;
		e->ent.preempt_count = cases[i].pc;
		trace_seq_init(s);
		it->tr = &global_trace;
		it->ent = &e->ent;
		it->ent_size = sizeof(*e) + 8;
		it->cpu = 3;
		it->ts = 1234567891ULL;
		trace_format_entry(it, 0);
		s->buffer[trace_seq_used(s)] = '\0';
		snprintf(want, sizeof(want),
			 "          <idle>-0       [003] %s     1.234567: %s: hi\n",
			 cases[i].cols, __func__);
		KUNIT_EXPECT_STREQ(test, s->buffer, want);
	}
}

static struct kunit_case tracing_switch_cases[] = {
	KUNIT_CASE(bool_parse_test),
	KUNIT_CASE(stop_start_test),
	KUNIT_CASE(trace_printk_test),
	KUNIT_CASE(line_format_test),
	{}
};

static struct kunit_suite tracing_switch_suite = {
	.name = "tracing_switches",
	.test_cases = tracing_switch_cases,
};

kunit_test_suites(&tracer_registry_suite, &tracing_switch_suite);

MODULE_DESCRIPTION("KUnit tests of the tracing core");
MODULE_LICENSE("GPL");
