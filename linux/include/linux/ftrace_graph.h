/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function graph's entry as an architecture's ftrace_graph_func()
 * calls it, for the one graph user (struct fgraph_ops) whose ftrace_ops
 * reached it.  The rest of the graph's interface is include/linux/ftrace.h.
 */
#ifndef _LINUX_FTRACE_GRAPH_H
#define _LINUX_FTRACE_GRAPH_H

#include <linux/ftrace.h>

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
int fgraph_enter_ops(struct fgraph_ops *gops, unsigned long func,
		     unsigned long ret, unsigned long *retp,
		     struct ftrace_regs *fregs);
#endif

#endif /* _LINUX_FTRACE_GRAPH_H */
