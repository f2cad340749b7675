/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function tracing internals shared by the files of kernel/trace.  The
 * tracing core includes this header for the hooks function tracing
 * adds to it; there is no function tracing yet.
 */
#ifndef _KERNEL_TRACE_FTRACE_INTERNAL_H
#define _KERNEL_TRACE_FTRACE_INTERNAL_H

#endif /* _KERNEL_TRACE_FTRACE_INTERNAL_H */
