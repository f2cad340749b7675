/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Places inside ftrace_caller and ftrace_regs_caller (ftrace_64.S) that
 * arch/x86/kernel/ftrace.c rewrites in an ops' own copy of them.
 */
#ifndef _ARCH_X86_KERNEL_FTRACE_LABELS_H
#define _ARCH_X86_KERNEL_FTRACE_LABELS_H

/* "movq function_trace_op(%rip), %rdx" */
extern const u8 ftrace_caller_op_ptr[];
/* The RET after the frame is gone, then the end of the function. */
extern const u8 ftrace_caller_ret[];
extern const u8 ftrace_caller_end[];

/* The same in ftrace_regs_caller, which has a second RET (direct calls). */
extern const u8 ftrace_regs_caller_op_ptr[];
extern const u8 ftrace_regs_caller_ret[];
extern const u8 ftrace_regs_caller_direct_ret[];
extern const u8 ftrace_regs_caller_end[];

#endif /* _ARCH_X86_KERNEL_FTRACE_LABELS_H */
