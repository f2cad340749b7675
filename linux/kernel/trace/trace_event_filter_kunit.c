// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the trace event filter engine (trace_event_filter.c).
 *
 * The tests build an event that is never registered: a trace_event_call
 * whose class lists hand-made fields (integers of every width and
 * signedness, the four kinds of string field, a long "ip" for .function,
 * a __data_loc cpumask_t and an array no operator applies to), and one
 * record laid out to match, starting with its struct trace_entry.  They
 * compile expressions against that event with event_filter_create() and
 * run them on the record with filter_match_preds(), and check the
 * message and position of every kind of parse error, including the
 * incomplete expressions, the nesting and size limits, and the text of
 * the report a refused filter leaves behind.
 */
#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/stdarg.h>
#include <linux/string.h>

#include "trace_event_internal.h"

/* The record of the fake event; dynamic data follows in @data. */
struct kt_rec {
	struct trace_entry	ent;
	u8			u8v;
	s8			s8v;
	u16			u16v;
	s16			s16v;
	u32			u32v;
	s32			sig;
	u64			u64v;
	s64			s64v;
	char			comm[16];
	u32			dstr;
	u32			rstr;
	const char		*pstr;
	unsigned long		ip;
	u32			mask;
	u8			arr[6];
	u8			data[] __aligned(8);
};

#define KT_NUM(_name, _type, _member, _signed) {			\
	.name = _name, .type = _type, .filter_type = FILTER_OTHER,	\
	.offset = offsetof(struct kt_rec, _member),			\
	.size = sizeof_field(struct kt_rec, _member),			\
	.is_signed = _signed,						\
}

#define KT_STR(_name, _type, _member, _ftype, _len) {			\
	.name = _name, .type = _type, .filter_type = _ftype,		\
	.offset = offsetof(struct kt_rec, _member),			\
	.size = sizeof_field(struct kt_rec, _member), .len = _len,	\
}

static const struct ftrace_event_field kt_fields[] = {
	KT_NUM("u8", "u8", u8v, 0),
	KT_NUM("s8", "s8", s8v, 1),
	KT_NUM("u16", "u16", u16v, 0),
	KT_NUM("s16", "s16", s16v, 1),
	KT_NUM("u32", "u32", u32v, 0),
	KT_NUM("sig", "int", sig, 1),
	KT_NUM("u64", "u64", u64v, 0),
	KT_NUM("s64", "s64", s64v, 1),
	KT_STR("comm", "char[16]", comm, FILTER_STATIC_STRING, 16),
	KT_STR("dstr", "__data_loc char[]", dstr, FILTER_DYN_STRING, 0),
	KT_STR("rstr", "__rel_loc char[]", rstr, FILTER_RDYN_STRING, 0),
	KT_STR("pstr", "const char *", pstr, FILTER_PTR_STRING, 0),
	KT_NUM("ip", "unsigned long", ip, 0),
	KT_STR("mask", "__data_loc cpumask_t", mask, FILTER_CPUMASK, 0),
	KT_STR("arr", "u8[6]", arr, FILTER_OTHER, 6),
};

#define KT_DSTR		"kworker/0:1"
#define KT_RSTR		"ksoftirqd/3"
#define KT_PSTR		"hello world"
#define KT_STR_AREA	32

struct kt_ctx {
	struct trace_event_class	class;
	struct trace_event_call		call;
	struct ftrace_event_field	fields[ARRAY_SIZE(kt_fields)];
	struct kt_rec			*rec;
};

static int kt_init(struct kunit *test)
{
	unsigned int dpos, rpos, mpos;
	struct kt_ctx *ctx;
	struct kt_rec *rec;
	size_t k;

	BUILD_BUG_ON(sizeof(struct trace_entry) != 8);
	BUILD_BUG_ON(offsetof(struct kt_rec, u8v) != 8);

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	rec = kunit_kzalloc(test, sizeof(*rec) + 2 * KT_STR_AREA +
			    cpumask_size(), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rec);

	INIT_LIST_HEAD(&ctx->class.fields);
	ctx->class.system = "kunit";
	ctx->call.class = &ctx->class;
	for (k = 0; k < ARRAY_SIZE(kt_fields); k++) {
		ctx->fields[k] = kt_fields[k];
		list_add_tail(&ctx->fields[k].link, &ctx->class.fields);
	}

	rec->ent.type = 1;
	rec->ent.pid = 1234;
	rec->u8v = 200;
	rec->s8v = -1;
	rec->u16v = 0xbeef;
	rec->s16v = -300;
	rec->u32v = 0x80000001;
	rec->sig = 12;
	rec->u64v = 0xfedcba9876543210ULL;
	rec->s64v = -5000000000LL;
	strscpy(rec->comm, "bash", sizeof(rec->comm));

	/* __data_loc: offset from the record, length with the NUL. */
	dpos = offsetof(struct kt_rec, data);
	strscpy((char *)rec + dpos, KT_DSTR, KT_STR_AREA);
	rec->dstr = (sizeof(KT_DSTR) << 16) | dpos;

	/* __rel_loc: offset from the end of the field. */
	rpos = dpos + KT_STR_AREA;
	strscpy((char *)rec + rpos, KT_RSTR, KT_STR_AREA);
	rec->rstr = (sizeof(KT_RSTR) << 16) |
		    (rpos - offsetof(struct kt_rec, rstr) - sizeof(u32));

	rec->pstr = KT_PSTR;

	mpos = rpos + KT_STR_AREA;
	cpumask_set_cpu(0, (struct cpumask *)((char *)rec + mpos));
	rec->mask = (cpumask_size() << 16) | mpos;

	ctx->rec = rec;
	test->priv = ctx;
	return 0;
}

/* Compile @expr, which must be valid, and run it on the record. */
static int kt_match(struct kunit *test, const char *expr)
{
	struct kt_ctx *ctx = test->priv;
	struct filter_error err;
	struct event_filter *f;
	int ret, hit;

	ret = event_filter_create(&ctx->call, expr, &f, &err);
	KUNIT_EXPECT_EQ_MSG(test, ret, 0, "'%s' refused: %s at %u", expr,
			    err.msg ? err.msg : "?", err.pos);
	if (ret) {
		event_filter_free(f);
		return -1;
	}
	KUNIT_EXPECT_TRUE(test, event_filter_usable(f));
	hit = filter_match_preds(f, ctx->rec);
	event_filter_free(f);
	return hit;
}

static void kt_expect(struct kunit *test, const char *expr, int want)
{
	KUNIT_EXPECT_EQ_MSG(test, kt_match(test, expr), want, "filter: %s",
			    expr);
}

static __printf(3, 4) void kt_expectf(struct kunit *test, int want,
				      const char *fmt, ...)
{
	char buf[160];
	va_list args;

	va_start(args, fmt);
	vsnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	kt_expect(test, buf, want);
}

/*
 * @expr must be refused with @msg at @pos and leave a report that matches
 * everything and reads "<expr>\n<pos spaces>^\nparse_error: <msg>\n"
 * (@expr must not start with a blank: the report is trimmed).
 */
static void kt_error(struct kunit *test, const char *expr, const char *msg,
		     unsigned int pos)
{
	struct kt_ctx *ctx = test->priv;
	struct filter_error err = {};
	struct event_filter *f;
	size_t len, size;
	char *want, *p;
	int ret;

	ret = event_filter_create(&ctx->call, expr, &f, &err);
	KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "filter: %s", expr);
	KUNIT_EXPECT_STREQ_MSG(test, err.msg ? err.msg : "(none)", msg,
			       "filter: %s", expr);
	KUNIT_EXPECT_EQ_MSG(test, err.pos, pos, "filter: %s (%s)", expr, msg);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_FALSE(test, event_filter_usable(f));
	KUNIT_EXPECT_EQ(test, filter_match_preds(f, ctx->rec), 1);

	len = strlen(expr);
	while (len && isspace(expr[len - 1]))
		len--;
	size = len + 1 + pos + 2 + strlen("parse_error: ") + strlen(msg) + 2;
	want = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, want);
	memcpy(want, expr, len);
	p = want + len;
	*p++ = '\n';
	memset(p, ' ', pos);
	p += pos;
	snprintf(p, size - (p - want), "^\nparse_error: %s\n", msg);
	KUNIT_EXPECT_STREQ(test, event_filter_string(f), want);

	kunit_kfree(test, want);
	event_filter_free(f);
}

static void kt_numbers_unsigned(struct kunit *test)
{
	kt_expect(test, "u8 == 200", 1);
	kt_expect(test, "u8 == 0xc8", 1);
	kt_expect(test, "u8 != 200", 0);
	kt_expect(test, "u8 > 199", 1);
	kt_expect(test, "u8 >= 201", 0);
	kt_expect(test, "u8 < 201", 1);
	kt_expect(test, "u8 <= 199", 0);
	kt_expect(test, "u8 & 8", 1);
	kt_expect(test, "u8 & 0x37", 0);
	kt_expect(test, "u16 == 48879", 1);
	kt_expect(test, "u16 > 0x8000", 1);
	kt_expect(test, "u16 & 0x0010", 0);
	kt_expect(test, "u32 > 0x7fffffff", 1);
	kt_expect(test, "u32 & 0x80000000", 1);
	kt_expect(test, "u32 == 2147483649", 1);
	kt_expect(test, "u64 == 0xfedcba9876543210", 1);
	kt_expect(test, "u64 > 0x7fffffffffffffff", 1);
	kt_expect(test, "u64 < 1", 0);
	kt_expect(test, "u64 & 0x1", 0);
	kt_expect(test, "u64 & 0x10", 1);
	kt_expect(test, "u8==200", 1);
	kt_expect(test, "u8 == +200", 1);
}

static void kt_numbers_signed(struct kunit *test)
{
	kt_expect(test, "s8 == -1", 1);
	kt_expect(test, "s8 < 0", 1);
	kt_expect(test, "s8 > -2", 1);
	kt_expect(test, "s8 >= 0", 0);
	/* Constants are cut to the field's width, like the field. */
	kt_expect(test, "s8 == 0xff", 1);
	kt_expect(test, "s16 < -299", 1);
	kt_expect(test, "s16 >= -300", 1);
	kt_expect(test, "s16 > 0", 0);
	kt_expect(test, "s16 == -300", 1);
	kt_expect(test, "sig == 12", 1);
	kt_expect(test, "sig > -12", 1);
	kt_expect(test, "sig <= 11", 0);
	kt_expect(test, "sig & 4", 1);
	kt_expect(test, "s64 == -5000000000", 1);
	kt_expect(test, "s64 < -4999999999", 1);
	kt_expect(test, "s64 > 0", 0);
	kt_expect(test, "s64 != -5000000000", 0);
}

static void kt_logic(struct kunit *test)
{
	kt_expect(test, "sig == 12 || sig == 13 && u8 == 0", 1);
	kt_expect(test, "(sig == 12 || sig == 13) && u8 == 0", 0);
	kt_expect(test, "sig == 13 || sig == 12 && u8 == 200", 1);
	kt_expect(test, "sig == 13 || sig == 12 && u8 == 0", 0);
	kt_expect(test, "sig == 1 || sig == 2 || sig == 12", 1);
	kt_expect(test, "sig == 1 || sig == 2 || sig == 3", 0);
	kt_expect(test, "sig == 12 && u8 == 200 && s8 == -1", 1);
	kt_expect(test, "sig == 12 && u8 == 200 && s8 == 0", 0);
	kt_expect(test, "!sig == 12", 0);
	kt_expect(test, "! ! sig == 12", 1);
	kt_expect(test, "!!(sig == 12)", 1);
	kt_expect(test, "!(sig == 12) || u8 == 200", 1);
	kt_expect(test, "!(sig == 12 || u8 == 0)", 0);
	kt_expect(test, "!(sig == 1 && u8 == 200)", 1);
	kt_expect(test, "!(!(!(sig == 12)))", 0);
	kt_expect(test, "((sig >= 10 && sig < 15) || sig == 17) && comm != bash",
		  0);
	kt_expect(test, "((sig >= 10 && sig < 15) || sig == 17) && comm != zsh",
		  1);
	kt_expect(test, "u8 == 1 && u8 == 2 || sig == 12 && !(comm ~ \"z*\")",
		  1);
	kt_expect(test, "(u8 == 1 || (s8 == -1 && (u16 == 1 || sig == 12)))",
		  1);
	kt_expect(test, "(u8 == 1 || (s8 == -1 && (u16 == 1 || sig == 1)))",
		  0);
	kt_expect(test, "((((sig == 12))))", 1);
	kt_expect(test, "(sig==12)&&(u8==200)", 1);
}

static void kt_strings(struct kunit *test)
{
	struct kt_ctx *ctx = test->priv;

	kt_expect(test, "comm == bash", 1);
	kt_expect(test, "comm == \"bash\"", 1);
	kt_expect(test, "comm == 'bash'", 1);
	kt_expect(test, "comm != bash", 0);
	kt_expect(test, "comm == bas", 0);
	kt_expect(test, "comm == bashx", 0);
	kt_expect(test, "comm == \"\"", 0);
	kt_expect(test, "comm ~ \"ba*\"", 1);
	kt_expect(test, "comm ~ \"*sh\"", 1);
	kt_expect(test, "comm ~ *as*", 1);
	kt_expect(test, "comm ~ \"?ash\"", 1);
	kt_expect(test, "comm ~ \"[abc]ash\"", 1);
	kt_expect(test, "comm ~ \"[!b]ash\"", 0);
	kt_expect(test, "comm ~ \"*x*\"", 0);
	kt_expect(test, "comm ~ \"*\"", 1);
	/* Only ~ interprets wildcards. */
	kt_expect(test, "comm == \"ba*\"", 0);

	kt_expect(test, "dstr == \"" KT_DSTR "\"", 1);
	kt_expect(test, "dstr == " KT_DSTR, 1);
	kt_expect(test, "dstr ~ \"kworker/*\"", 1);
	kt_expect(test, "dstr ~ \"*:1\"", 1);
	kt_expect(test, "dstr != \"" KT_DSTR "\"", 0);
	kt_expect(test, "dstr == kworker", 0);

	kt_expect(test, "rstr == \"" KT_RSTR "\"", 1);
	kt_expect(test, "rstr ~ \"ksoft*\"", 1);
	kt_expect(test, "rstr ~ \"*/4\"", 0);

	kt_expect(test, "pstr == \"" KT_PSTR "\"", 1);
	kt_expect(test, "pstr == '" KT_PSTR "'", 1);
	kt_expect(test, "pstr ~ \"hello*\"", 1);
	kt_expect(test, "pstr == hello", 0);
	kt_expect(test, "pstr != hello", 1);

	/* An unreadable pointer compares unequal. */
	ctx->rec->pstr = NULL;
	kt_expect(test, "pstr == \"\"", 0);
	kt_expect(test, "pstr ~ \"*\"", 0);
	kt_expect(test, "pstr != x", 1);

	/* A char[16] without a NUL is read to its end, not further. */
	memcpy(ctx->rec->comm, "0123456789abcdef", 16);
	kt_expect(test, "comm == 0123456789abcdef", 1);
	kt_expect(test, "comm ~ \"*def\"", 1);
	kt_expect(test, "comm == 0123456789abcde", 0);
}

static void kt_generic_fields(struct kunit *test)
{
	char comm[TASK_COMM_LEN];
	int cpu;

	get_task_comm(comm, current);
	kt_expectf(test, 1, "COMM == \"%s\"", comm);
	kt_expectf(test, 0, "COMM != \"%s\"", comm);
	kt_expect(test, "COMM ~ \"*\"", 1);
	/* The event's own "comm" field wins over the generic one. */
	kt_expect(test, "comm == bash", 1);

	kt_expect(test, "CPU >= 0", 1);
	kt_expect(test, "cpu < 0", 0);
	migrate_disable();
	cpu = raw_smp_processor_id();
	kt_expectf(test, 1, "common_cpu == %d", cpu);
	kt_expectf(test, 0, "CPU != %d", cpu);
	migrate_enable();

	kt_expect(test, "common_pid == 1234", 1);
	kt_expect(test, "common_pid != 1234 || sig == 1", 0);
}

static void kt_function(struct kunit *test)
{
	struct kt_ctx *ctx = test->priv;
	unsigned long start, size, offset;

	start = kallsyms_lookup_name("kfree");
	if (!start || !kallsyms_lookup_size_offset(start, &size, &offset) ||
	    size < 2)
		kunit_skip(test, "kallsyms cannot resolve kfree");
	start -= offset;
	ctx->rec->ip = start + size / 2;

	kt_expect(test, "ip.function == kfree", 1);
	kt_expect(test, "ip.function != kfree", 0);
	kt_expect(test, "ip.function == 'kfree'", 1);
	kt_expectf(test, 1, "ip.function == 0x%lx", start);
	kt_expectf(test, 1, "ip.function == 0x%lx", start + size - 1);
	kt_expect(test, "ip.function == vfree", 0);
	kt_expect(test, "ip.function != vfree", 1);
	kt_expectf(test, 1, "ip == %lu", start + size / 2);

	ctx->rec->ip = start + size;
	kt_expect(test, "ip.function == kfree", 0);
	ctx->rec->ip = start;
	kt_expect(test, "ip.function == kfree", 1);
}

static void kt_cpus(struct kunit *test)
{
	int cpu, other;

	kt_expectf(test, 1, "cpu & CPUS{0-%u}", nr_cpu_ids - 1);
	kt_expect(test, "s8 & CPUS{0}", 0);

	migrate_disable();
	cpu = raw_smp_processor_id();
	other = cpu ? 0 : 1;
	kt_expectf(test, 1, "cpu & CPUS{%d}", cpu);
	kt_expectf(test, 1, "CPU == CPUS{%d}", cpu);
	kt_expectf(test, 0, "common_cpu != CPUS{%d}", cpu);
	if (nr_cpu_ids > 1) {
		kt_expectf(test, 0, "cpu & CPUS{%d}", other);
		kt_expectf(test, 1, "cpu != CPUS{%d}", other);
		kt_expect(test, "cpu == CPUS{0-1}", 0);
		kt_expect(test, "cpu & CPUS{0-1}", cpu < 2);
	}
	migrate_enable();

	/* The record's mask holds CPU 0. */
	kt_expect(test, "mask & CPUS{0}", 1);
	kt_expect(test, "mask == CPUS{0}", 1);
	kt_expect(test, "mask != CPUS{0}", 0);
	kt_expect(test, "mask == CPUS{}", 0);
	if (nr_cpu_ids > 1) {
		kt_expect(test, "mask & CPUS{1}", 0);
		kt_expect(test, "mask != CPUS{1}", 1);
		kt_expect(test, "mask == CPUS{0-1}", 0);
		kt_expect(test, "mask & CPUS{0-1}", 1);
	}
}

static void kt_errors(struct kunit *test)
{
	char too_long[8 + MAX_FILTER_STR_VAL + 1];
	char longest[8 + MAX_FILTER_STR_VAL];

	/* ftrace/tracing-error-log.tc: the caret under "==" after "dsig". */
	kt_error(test,
		 "((sig >= 10 && sig < 15) || dsig == 17) && comm != bash",
		 "Field not found", 33);
	/* trigger/trigger-filter.tc */
	kt_error(test, "a", "Field not found", 2);
	kt_error(test, "common_pid=0", "Invalid operator", 11);
	kt_error(test, "common_pid==b", "Invalid value (did you forget quotes)?",
		 13);
	kt_error(test, "common_pid == child_pid",
		 "Invalid value (did you forget quotes)?", 15);

	kt_error(test, "", "No filter found", 0);
	kt_error(test, "== 1", "Field not found", 1);
	kt_error(test, "sig.foo == 1", "Field not found", 8);
	kt_error(test, "sig < 3 5", "Invalid operator", 8);
	kt_error(test, "sig == 1 sig == 2", "Invalid operator", 9);
	kt_error(test, "sig == 1 & sig == 2", "Invalid operator", 9);
	kt_error(test, "sig ==", "Invalid value (did you forget quotes)?", 7);
	kt_error(test, "(sig == 1", "Too many '('", 0);
	kt_error(test, "(sig == 1) && (u8 == 2", "Too many '('", 14);
	kt_error(test, "sig == 1)", "Too few '('", 8);
	kt_error(test, "sig == 1 && (comm == bash))", "Too few '('", 26);
	kt_error(test, "comm == \"bash", "Missing matching quote", 8);
	kt_error(test, "comm == 'a && sig == 1", "Missing matching quote", 8);
	kt_error(test, "comm < bash", "Illegal operation for field type", 6);
	kt_error(test, "sig ~ 1", "Illegal operation for field type", 5);
	kt_error(test, "arr == 1", "Illegal operation for field type", 5);
	kt_error(test, "sig == \"x\"", "Expecting numeric field", 8);
	kt_error(test, "sig.ustring == x", "Expecting string field", 4);
	kt_error(test, "comm.ustring == x",
		 "Illegal operation for field type", 5);
	kt_error(test, "sig == 12abc", "Illegal integer value", 8);
	kt_error(test, "u8 == -1", "Illegal integer value", 7);
	kt_error(test, "s64 == 9223372036854775808", "Illegal integer value",
		 8);
	kt_error(test, "comm.function == kfree", "Expecting numeric field", 5);
	kt_error(test, "u16.function == kfree",
		 "Illegal operation for field type", 4);
	kt_error(test, "ip.function < kfree",
		 "Illegal operation for field type", 13);
	kt_error(test, "ip.function == no_such_function_kt",
		 "Function not found", 16);
	kt_error(test, "mask & 3", "Invalid value (did you forget quotes)?", 8);
	kt_error(test, "mask < CPUS{0}", "Illegal operation for field type",
		 6);
	kt_error(test, "sig < CPUS{0}", "Illegal operation for field type", 7);
	kt_error(test, "sig & CPUS{abc}", "Invalid cpulist", 7);
	kt_error(test, "sig & CPUS0", "Missing '{'", 11);
	kt_error(test, "sig & CPUS{0", "Missing '}'", 7);
	kt_error(test, "()", "Meaningless filter expression", 1);
	kt_error(test, "sig == 1 ||| sig == 2", "Meaningless filter expression",
		 11);

	/* A value of MAX_FILTER_STR_VAL bytes is one too many. */
	memset(longest, 'x', sizeof(longest));
	memcpy(longest, "comm == ", 8);
	longest[sizeof(longest) - 1] = '\0';
	kt_expect(test, longest, 0);
	memset(too_long, 'x', sizeof(too_long));
	memcpy(too_long, "comm == ", 8);
	too_long[sizeof(too_long) - 1] = '\0';
	kt_error(test, too_long, "Operand too long", 9);
}

/* filter/event-filter-incomplete.tc: a dangling &&, || or ! is refused. */
static void kt_incomplete(struct kunit *test)
{
	static const char * const bases[] = {
		"common_pid == 1",
		"common_pid == 1 || common_pid == 2",
		"common_pid == 1 && common_pid == 2",
		"!(common_pid == 1 || common_pid == 2)",
	};
	static const char * const tails[] = {
		"&&", "||", "&& !", "|| !", "&& !! ", "|| !! ",
	};
	char expr[96];
	size_t b, t, len;

	for (b = 0; b < ARRAY_SIZE(bases); b++) {
		/* The bases are accepted (the last one matches pid 1234). */
		kt_expect(test, bases[b], b == 3);
		for (t = 0; t < ARRAY_SIZE(tails); t++) {
			snprintf(expr, sizeof(expr), "%s %s", bases[b],
				 tails[t]);
			len = strlen(expr);
			while (len && expr[len - 1] == ' ')
				len--;
			kt_error(test, expr, "Meaningless filter expression",
				 len);
		}
	}
	kt_error(test, "!", "Meaningless filter expression", 1);
	kt_error(test, "&& sig == 1", "Meaningless filter expression", 0);
}

static char *kt_nest(struct kunit *test, unsigned int depth, const char *mid)
{
	size_t len = strlen(mid);
	char *s;

	s = kunit_kzalloc(test, 2 * depth + len + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s);
	memset(s, '(', depth);
	memcpy(s + depth, mid, len);
	memset(s + depth + len, ')', depth);
	return s;
}

static void kt_nesting(struct kunit *test)
{
	char *s;

	kt_expect(test, kt_nest(test, 100, "sig == 12"), 1);
	kt_expect(test, kt_nest(test, 512, "sig == 12"), 1);
	kt_expect(test, kt_nest(test, 511, "!(sig == 12)"), 0);

	/* Deeper than 512 is refused, pointing at the 513th '('. */
	kt_error(test, kt_nest(test, 5000, "sig == 12"), "Too many '('", 512);
	s = kt_nest(test, 5000, "");
	s[5000] = '\0';
	kt_error(test, s, "Too many '('", 512);
	s = kt_nest(test, 600, "");
	kt_error(test, s + 600, "Too few '('", 0);
}

static void kt_limits(struct kunit *test)
{
	struct kt_ctx *ctx = test->priv;
	static const char term[] = "u8==1||";
	const size_t tlen = sizeof(term) - 1;
	struct filter_error err;
	struct event_filter *f;
	char *s, *p;
	size_t k;
	int ret;

	/* 16384 predicates are fine, the last one matches. */
	s = kunit_kzalloc(test, 16385 * tlen + 8, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s);
	for (k = 0, p = s; k < 16383; k++, p += tlen)
		memcpy(p, term, tlen);
	strscpy(p, "u8==200", 8);
	ret = event_filter_create(&ctx->call, s, &f, &err);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, filter_match_preds(f, ctx->rec), 1);
	event_filter_free(f);

	/* One more is too many. */
	memcpy(p, term, tlen);
	strscpy(p + tlen, "u8==200", 8);
	ret = event_filter_create(&ctx->call, s, &f, &err);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	KUNIT_EXPECT_STREQ(test, err.msg,
			   "Too many terms in predicate expression");
	KUNIT_EXPECT_EQ(test, err.pos, (unsigned int)(16384 * tlen));
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_FALSE(test, event_filter_usable(f));
	event_filter_free(f);
	kunit_kfree(test, s);

	/* An expression over 128 KiB is refused before parsing. */
	s = kunit_kzalloc(test, 128 * 1024 + 2, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s);
	memset(s, 'a', 128 * 1024 + 1);
	ret = event_filter_create(&ctx->call, s, &f, &err);
	KUNIT_EXPECT_EQ(test, ret, -E2BIG);
	KUNIT_EXPECT_STREQ(test, err.msg, "Error");
	event_filter_free(f);
}

static void kt_text(struct kunit *test)
{
	struct kt_ctx *ctx = test->priv;
	struct filter_error err;
	struct event_filter *f;
	int ret;

	/* A usable filter reads back trimmed. */
	ret = event_filter_create(&ctx->call, "  sig == 12\t\n", &f, &err);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_EXPECT_STREQ(test, event_filter_string(f), "sig == 12");
	KUNIT_EXPECT_TRUE(test, event_filter_usable(f));
	KUNIT_EXPECT_EQ(test, filter_match_preds(f, ctx->rec), 1);
	event_filter_free_rcu(f);

	/* The report, caret under the byte the error points at. */
	ret = event_filter_create(&ctx->call, "sig == 1 && dsig == 2\n", &f,
				  &err);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	KUNIT_EXPECT_EQ(test, err.pos, 17U);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_STREQ(test, event_filter_string(f),
			   "sig == 1 && dsig == 2\n"
			   "                 ^\n"
			   "parse_error: Field not found\n");
	KUNIT_EXPECT_FALSE(test, event_filter_usable(f));
	KUNIT_EXPECT_EQ(test, filter_match_preds(f, ctx->rec), 1);
	event_filter_free_rcu(f);

	/* err.pos counts leading blanks, the report does not show them. */
	ret = event_filter_create(&ctx->call, "  dsig == 1", &f, &err);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	KUNIT_EXPECT_EQ(test, err.pos, 7U);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_STREQ(test, event_filter_string(f),
			   "dsig == 1\n     ^\nparse_error: Field not found\n");
	event_filter_free(f);

	ret = event_filter_create(&ctx->call, " \t\n", &f, &err);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	KUNIT_EXPECT_STREQ(test, err.msg, "No filter found");
	KUNIT_EXPECT_EQ(test, err.pos, 0U);
	event_filter_free(f);

	/* NULL is a filter that matches everything. */
	KUNIT_EXPECT_EQ(test, filter_match_preds(NULL, ctx->rec), 1);
	KUNIT_EXPECT_FALSE(test, event_filter_usable(NULL));
	KUNIT_EXPECT_NULL(test, event_filter_string(NULL));
	event_filter_free(NULL);
	event_filter_free_rcu(NULL);

	/* Let the RCU callbacks run before the test's memory goes. */
	rcu_barrier();
}

static struct kunit_case trace_event_filter_cases[] = {
	KUNIT_CASE(kt_numbers_unsigned),
	KUNIT_CASE(kt_numbers_signed),
	KUNIT_CASE(kt_logic),
	KUNIT_CASE(kt_strings),
	KUNIT_CASE(kt_generic_fields),
	KUNIT_CASE(kt_function),
	KUNIT_CASE(kt_cpus),
	KUNIT_CASE(kt_errors),
	KUNIT_CASE(kt_incomplete),
	KUNIT_CASE(kt_nesting),
	KUNIT_CASE(kt_limits),
	KUNIT_CASE(kt_text),
	{}
};

static struct kunit_suite trace_event_filter_suite = {
	.name = "trace_event_filter",
	.init = kt_init,
	.test_cases = trace_event_filter_cases,
};

kunit_test_suite(trace_event_filter_suite);

MODULE_DESCRIPTION("KUnit tests of the trace event filter engine");
MODULE_LICENSE("GPL");
