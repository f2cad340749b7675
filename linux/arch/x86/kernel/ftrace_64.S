/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function tracing entry points on x86_64.
 *
 * Every traced function starts with a 5-byte "call __fentry__".  The
 * tracing core turns those into NOPs at boot and into "call
 * ftrace_caller" while something traces the function.  ftrace_caller
 * builds a struct ftrace_regs (a pt_regs with the argument registers,
 * the function's address and its stack pointer filled in and cs left
 * zero, which says "not a full pt_regs") and calls the current
 * ftrace_func_t through the call at ftrace_call, which the core
 * repoints with ftrace_update_ftrace_func().
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/ptrace-abi.h>

/* Room for the frame; 16-byte aligned so that the callee finds the
 * stack as the ABI leaves it after a call. */
#define FRAME		(FRAME_SIZE + 8)

	.code64
	.section .text, "ax"

/* Until ftrace_init() has patched a site, its call lands here. */
SYM_FUNC_START(__fentry__)
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

/* The callback of nobody: what ftrace_call points at when nothing traces. */
SYM_FUNC_START(ftrace_stub)
	RET
SYM_FUNC_END(ftrace_stub)
EXPORT_SYMBOL_GPL(ftrace_stub)

SYM_FUNC_START(ftrace_caller)
	subq	$FRAME, %rsp
	/*
	 * The argument registers and rax (the vector count of varargs);
	 * the callee preserves the others.  rbp is saved for the frame
	 * pointer accessor of ftrace_regs (and restored, for objtool).
	 */
	movq	%rdi, RDI(%rsp)
	movq	%rsi, RSI(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rcx, RCX(%rsp)
	movq	%r8, R8(%rsp)
	movq	%r9, R9(%rsp)
	movq	%rax, RAX(%rsp)
	movq	%rbp, RBP(%rsp)
	movq	$0, CS(%rsp)

	/* ip: the traced function's call site, 5 bytes before our return */
	movq	FRAME(%rsp), %rdi
	subq	$5, %rdi
	movq	%rdi, RIP(%rsp)
	/* parent_ip: the traced function's own return address */
	movq	FRAME+8(%rsp), %rsi
	/* The traced function's stack pointer at its first instruction */
	leaq	FRAME+8(%rsp), %rax
	movq	%rax, RSP(%rsp)
	movq	function_trace_op(%rip), %rdx
	movq	%rsp, %rcx

SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	call	ftrace_stub

	movq	RDI(%rsp), %rdi
	movq	RSI(%rsp), %rsi
	movq	RDX(%rsp), %rdx
	movq	RCX(%rsp), %rcx
	movq	R8(%rsp), %r8
	movq	R9(%rsp), %r9
	movq	RAX(%rsp), %rax
	movq	RBP(%rsp), %rbp
	addq	$FRAME, %rsp
	RET
SYM_FUNC_END(ftrace_caller)
