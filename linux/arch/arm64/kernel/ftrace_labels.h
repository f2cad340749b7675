/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Places in entry-ftrace.S that arch/arm64/kernel/ftrace.c needs.
 */
#ifndef _ARCH_ARM64_KERNEL_FTRACE_LABELS_H
#define _ARCH_ARM64_KERNEL_FTRACE_LABELS_H

/* The end of ftrace_caller, for stack traces that start above it. */
extern const u8 ftrace_caller_end[];

/* The callback ftrace_caller calls (ftrace_update_ftrace_func()). */
extern unsigned long ftrace_call_dest;

#endif /* _ARCH_ARM64_KERNEL_FTRACE_LABELS_H */
