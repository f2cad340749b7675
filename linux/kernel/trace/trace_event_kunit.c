// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the event layer's naming and enable state, on fake
 * events in a fake instance (no tracepoint, no tracefs): what set_event
 * names ("sys:event", "sys:", ":event", "*:*", a bare word, '!'), and the
 * soft-mode state machine behind the enable files, triggers and
 * enable_event commands.
 */
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/trace_events.h>

#include "trace.h"
#include "trace_event_internal.h"

/* Registrations of each fake event's probe, by event. */
struct fake_event {
	struct trace_event_call	call;
	int			registered;
};

static int fake_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data)
{
	struct fake_event *fe = container_of(call, struct fake_event, call);

	if (type == TRACE_REG_REGISTER)
		fe->registered++;
	else if (type == TRACE_REG_UNREGISTER)
		fe->registered--;
	return 0;
}

static struct trace_event_class alpha_class = {
	.system = "alpha", .reg = fake_reg,
};
static struct trace_event_class beta_class = {
	.system = "beta", .reg = fake_reg,
};
static struct trace_event_class core_class = {
	.system = "ftrace", .reg = fake_reg,
};

#define FAKE(cls, ename, fl) \
	{ .call = { .class = &cls, .name = ename, .flags = fl } }

enum { A_ONE, A_TWO, B_ONE, B_THREE, CORE, NR_FAKE };

struct fake_instance {
	struct trace_array	tr;
	struct fake_event	ev[NR_FAKE];
	struct trace_event_file	file[NR_FAKE];
};

static struct fake_instance *fake_instance(struct kunit *test)
{
	static const struct fake_event proto[NR_FAKE] = {
		[A_ONE]		= FAKE(alpha_class, "one", 0),
		[A_TWO]		= FAKE(alpha_class, "two", 0),
		[B_ONE]		= FAKE(beta_class, "one", 0),
		[B_THREE]	= FAKE(beta_class, "three", 0),
		[CORE]		= FAKE(core_class, "core",
				       TRACE_EVENT_FL_IGNORE_ENABLE),
	};
	struct fake_instance *fi;
	int i;

	fi = kunit_kzalloc(test, sizeof(*fi), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fi);
	INIT_LIST_HEAD(&fi->tr.events);
	for (i = 0; i < NR_FAKE; i++) {
		fi->ev[i] = proto[i];
		fi->file[i].event_call = &fi->ev[i].call;
		fi->file[i].tr = &fi->tr;
		INIT_LIST_HEAD(&fi->file[i].triggers);
		refcount_set(&fi->file[i].ref, 1);
		list_add_tail(&fi->file[i].list, &fi->tr.events);
	}
	return fi;
}

/* Which fake events are registered, as a bit mask. */
static unsigned int on_mask(struct fake_instance *fi)
{
	unsigned int mask = 0;
	int i;

	for (i = 0; i < NR_FAKE; i++) {
		if (fi->ev[i].registered)
			mask |= BIT(i);
		/* Never more than once, whatever was written. */
		WARN_ON(fi->ev[i].registered > 1);
	}
	return mask;
}

static void all_off(struct fake_instance *fi)
{
	mutex_lock(&event_mutex);
	trace_events_disable_all(&fi->tr);
	mutex_unlock(&event_mutex);
}

static void set_event_names_test(struct kunit *test)
{
	static const struct {
		const char	*name;
		int		ret;
		unsigned int	on;
	} cases[] = {
		{ "alpha:one",	0,	BIT(A_ONE) },
		{ "alpha:",	0,	BIT(A_ONE) | BIT(A_TWO) },
		{ "alpha:*",	0,	BIT(A_ONE) | BIT(A_TWO) },
		{ ":one",	0,	BIT(A_ONE) | BIT(B_ONE) },
		{ "*:one",	0,	BIT(A_ONE) | BIT(B_ONE) },
		{ "one",	0,	BIT(A_ONE) | BIT(B_ONE) },
		{ "beta",	0,	BIT(B_ONE) | BIT(B_THREE) },
		{ "three",	0,	BIT(B_THREE) },
		{ "*:*",	0,	GENMASK(B_THREE, A_ONE) },
		{ "*",		0,	GENMASK(B_THREE, A_ONE) },
		{ ":",		0,	GENMASK(B_THREE, A_ONE) },
		{ "nosuch",	-EINVAL, 0 },
		{ "alpha:nosuch", -EINVAL, 0 },
		{ "gamma:one",	-EINVAL, 0 },
		{ "core",	-EINVAL, 0 },
		{ "ftrace:core", -EINVAL, 0 },
		{ "ftrace:",	-EINVAL, 0 },
		{ "!",		-EINVAL, 0 },
		{ "",		-EINVAL, 0 },
	};
	struct fake_instance *fi = fake_instance(test);
	char buf[32];
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		strscpy(buf, cases[i].name, sizeof(buf));
		KUNIT_EXPECT_EQ_MSG(test, trace_set_event_name(&fi->tr, buf),
				    cases[i].ret, "%s", cases[i].name);
		KUNIT_EXPECT_EQ_MSG(test, on_mask(fi), cases[i].on, "%s",
				    cases[i].name);
		all_off(fi);
	}

	/* '!' switches off what the rest of the name matches. */
	strscpy(buf, "*:*", sizeof(buf));
	KUNIT_EXPECT_EQ(test, trace_set_event_name(&fi->tr, buf), 0);
	strscpy(buf, "!alpha:", sizeof(buf));
	KUNIT_EXPECT_EQ(test, trace_set_event_name(&fi->tr, buf), 0);
	KUNIT_EXPECT_EQ(test, on_mask(fi), BIT(B_ONE) | BIT(B_THREE));
	strscpy(buf, "!one", sizeof(buf));
	KUNIT_EXPECT_EQ(test, trace_set_event_name(&fi->tr, buf), 0);
	KUNIT_EXPECT_EQ(test, on_mask(fi), BIT(B_THREE));
	all_off(fi);
	KUNIT_EXPECT_EQ(test, on_mask(fi), 0);
}

/* The enable file's text for a file's flags: "0", "1", "0*", "1*". */
static const char *enable_text(struct trace_event_file *file)
{
	unsigned long f = file->flags;
	bool on = (f & EVENT_FILE_FL_ENABLED) &&
		  !(f & EVENT_FILE_FL_SOFT_DISABLED);
	bool soft = f & (EVENT_FILE_FL_SOFT_MODE |
			 EVENT_FILE_FL_SOFT_DISABLED);

	if (soft)
		return on ? "1*" : "0*";
	return on ? "1" : "0";
}

static void soft_mode_test(struct kunit *test)
{
	struct fake_instance *fi = fake_instance(test);
	struct trace_event_file *file = &fi->file[A_ONE];
	struct fake_event *ev = &fi->ev[A_ONE];

	mutex_lock(&event_mutex);
	/* A soft user arrives: the probe registers, the event reads 0*. */
	KUNIT_EXPECT_EQ(test, trace_event_enable(file, true, true), 0);
	KUNIT_EXPECT_EQ(test, ev->registered, 1);
	KUNIT_EXPECT_STREQ(test, enable_text(file), "0*");
	/* A second soft user changes nothing. */
	KUNIT_EXPECT_EQ(test, trace_event_enable(file, true, true), 0);
	KUNIT_EXPECT_EQ(test, ev->registered, 1);
	/* The enable file: on, then off, the probe staying. */
	KUNIT_EXPECT_EQ(test, trace_event_enable(file, true, false), 0);
	KUNIT_EXPECT_STREQ(test, enable_text(file), "1*");
	KUNIT_EXPECT_EQ(test, trace_event_enable(file, false, false), 0);
	KUNIT_EXPECT_STREQ(test, enable_text(file), "0*");
	KUNIT_EXPECT_EQ(test, ev->registered, 1);
	/* The soft users leave: the soft-disabled probe goes. */
	KUNIT_EXPECT_EQ(test, trace_event_enable(file, false, true), 0);
	KUNIT_EXPECT_EQ(test, ev->registered, 1);
	KUNIT_EXPECT_EQ(test, trace_event_enable(file, false, true), 0);
	KUNIT_EXPECT_EQ(test, ev->registered, 0);
	KUNIT_EXPECT_STREQ(test, enable_text(file), "0");

	/* Enabled first: the last soft user leaves it enabled. */
	KUNIT_EXPECT_EQ(test, trace_event_enable(file, true, false), 0);
	KUNIT_EXPECT_STREQ(test, enable_text(file), "1");
	KUNIT_EXPECT_EQ(test, trace_event_enable(file, true, true), 0);
	KUNIT_EXPECT_STREQ(test, enable_text(file), "1*");
	KUNIT_EXPECT_EQ(test, trace_event_enable(file, false, true), 0);
	KUNIT_EXPECT_STREQ(test, enable_text(file), "1");
	KUNIT_EXPECT_EQ(test, ev->registered, 1);
	KUNIT_EXPECT_EQ(test, trace_event_enable(file, false, false), 0);
	KUNIT_EXPECT_EQ(test, ev->registered, 0);

	/* A removed event refuses. */
	set_bit(EVENT_FILE_FL_FREED_BIT, &file->flags);
	KUNIT_EXPECT_EQ(test, trace_event_enable(file, true, false), -ENODEV);
	KUNIT_EXPECT_EQ(test, ev->registered, 0);
	mutex_unlock(&event_mutex);
}

static struct kunit_case trace_event_cases[] = {
	KUNIT_CASE(set_event_names_test),
	KUNIT_CASE(soft_mode_test),
	{}
};

static struct kunit_suite trace_event_suite = {
	.name = "trace_event_names",
	.test_cases = trace_event_cases,
};

kunit_test_suite(trace_event_suite);
