// SPDX-License-Identifier: GPL-2.0
/*
 * rb_bench: guest time per ring_buffer_lock_reserve() +
 * ring_buffer_unlock_commit() of a 16-byte payload, on a buffer of its
 * own, and per trace_clock_local(), the clock the buffer reads for each
 * event.  Under qemu -icount shift=0 a guest nanosecond is one
 * instruction.  Uses only include/linux/ring_buffer.h and trace_clock.h,
 * so it builds for any kernel.
 */
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/ring_buffer.h>
#include <linux/trace_clock.h>

static unsigned int iters = 200000;
module_param(iters, uint, 0444);
MODULE_PARM_DESC(iters, "events per run");

static int __init rb_bench_init(void)
{
	struct ring_buffer_event *ev;
	struct trace_buffer *b;
	unsigned int i, failed = 0;
	u64 *p, t0, t1;

	b = ring_buffer_alloc(1 << 20, RB_FL_OVERWRITE);
	if (!b)
		return -ENOMEM;
	/* Warm up: fault in and cycle through every page once. */
	for (i = 0; i < iters / 4; i++) {
		ev = ring_buffer_lock_reserve(b, 16);
		if (ev)
			ring_buffer_unlock_commit(b);
	}
	t0 = ktime_get_ns();
	for (i = 0; i < iters; i++) {
		ev = ring_buffer_lock_reserve(b, 16);
		if (!ev) {
			failed++;
			continue;
		}
		p = ring_buffer_event_data(ev);
		p[0] = i;
		p[1] = t0;
		ring_buffer_unlock_commit(b);
	}
	t1 = ktime_get_ns();
	pr_info("rb_bench: reserve_commit_16 %llu ns/op (%u ops, %u failed)\n",
		div_u64(t1 - t0, iters), iters, failed);
	ring_buffer_free(b);

	t0 = ktime_get_ns();
	for (i = 0; i < iters; i++)
		t1 = trace_clock_local();
	t1 = ktime_get_ns();
	pr_info("rb_bench: clock_local %llu ns/op\n", div_u64(t1 - t0, iters));
	return 0;
}

static void __exit rb_bench_exit(void)
{
}

module_init(rb_bench_init);
module_exit(rb_bench_exit);
MODULE_DESCRIPTION("Ring buffer reserve/commit benchmark");
MODULE_LICENSE("GPL");
