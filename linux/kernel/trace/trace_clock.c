// SPDX-License-Identifier: GPL-2.0
/*
 * The clocks trace_clock offers (include/linux/trace_clock.h): what the
 * ring buffer stamps events with.  They must be callable from any
 * context, NMI included, and must not be traced themselves.
 */
#include <linux/atomic.h>
#include <linux/jiffies.h>
#include <linux/sched/clock.h>
#include <linux/trace_clock.h>

/**
 * trace_clock_local - this CPU's clock, in ns
 *
 * Fast, but not synchronised between CPUs.
 *
 * Return: the time.
 */
u64 notrace trace_clock_local(void)
{
	u64 t;

	preempt_disable_notrace();
	t = sched_clock();
	preempt_enable_notrace();
	return t;
}
EXPORT_SYMBOL_GPL(trace_clock_local);

/**
 * trace_clock - the scheduler's clock as perf uses it, in ns
 *
 * Return: local_clock().
 */
u64 notrace trace_clock(void)
{
	return local_clock();
}
EXPORT_SYMBOL_GPL(trace_clock);

/**
 * trace_clock_jiffies - jiffies since boot ("uptime")
 *
 * Return: jiffies_64, relative to INITIAL_JIFFIES.
 */
u64 notrace trace_clock_jiffies(void)
{
	return get_jiffies_64() - INITIAL_JIFFIES;
}
EXPORT_SYMBOL_GPL(trace_clock_jiffies);

/* The latest value trace_clock_global() returned on any CPU. */
static atomic64_t global_clock_last;

/**
 * trace_clock_global - a clock that never goes back across CPUs, in ns
 *
 * Each reading is at least the last one any CPU got, so events of all
 * CPUs order correctly; it costs a shared cache line.
 *
 * Return: the time.
 */
u64 notrace trace_clock_global(void)
{
	s64 last, now;

	now = local_clock();
	last = atomic64_read(&global_clock_last);
	do {
		if (now <= last)
			return last;
	} while (!atomic64_try_cmpxchg(&global_clock_last, &last, now));
	return now;
}
EXPORT_SYMBOL_GPL(trace_clock_global);

static atomic64_t trace_counter;

/**
 * trace_clock_counter - not a clock: a global count of calls
 *
 * Orders events of all CPUs exactly, with no notion of time.
 *
 * Return: the next number.
 */
u64 notrace trace_clock_counter(void)
{
	return atomic64_inc_return(&trace_counter);
}
