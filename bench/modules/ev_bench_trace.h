/* SPDX-License-Identifier: GPL-2.0 */
/* The benchmark's own trace events: three fields, and a pair's end. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM ev_bench

#if !defined(_EV_BENCH_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _EV_BENCH_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(ev_bench,
	TP_PROTO(int a, unsigned long b, u64 c),
	TP_ARGS(a, b, c),
	TP_STRUCT__entry(
		__field(int, a)
		__field(unsigned long, b)
		__field(u64, c)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
		__entry->c = c;
	),
	TP_printk("a=%d b=%lu c=%llu", __entry->a, __entry->b, __entry->c)
);

/* The second event of a pair: a histogram's onmatch() on ev_bench. */
TRACE_EVENT(ev_bench_end,
	TP_PROTO(int a, u64 c),
	TP_ARGS(a, c),
	TP_STRUCT__entry(
		__field(int, a)
		__field(u64, c)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->c = c;
	),
	TP_printk("a=%d c=%llu", __entry->a, __entry->c)
);

#endif /* _EV_BENCH_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE ev_bench_trace
#include <trace/define_trace.h>
