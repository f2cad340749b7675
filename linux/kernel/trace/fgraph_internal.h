/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function graph core (fgraph.c) as the tracers of kernel/trace use
 * it beyond include/linux/ftrace.h.
 */
#ifndef _KERNEL_TRACE_FGRAPH_INTERNAL_H
#define _KERNEL_TRACE_FGRAPH_INTERNAL_H

#include <linux/ftrace.h>

/* How many graph users may be registered at once. */
#define FGRAPH_ARRAY_SIZE	16
/* The size of a task's shadow stack. */
#define FGRAPH_STACK_BYTES	8192

/*
 * sleep-time: a call's time includes the time its task was switched out
 * (else the core moves the frames' call times forward when it runs
 * again).  graph-time: the profiler counts a function's time with its
 * children's.  Both are function_graph tracer options, global.
 */
extern bool fgraph_sleep_time;
extern bool fgraph_graph_time;

void *fgraph_retrieve_parent_data(int idx, int *size_bytes, int depth);

#endif /* _KERNEL_TRACE_FGRAPH_INTERNAL_H */
