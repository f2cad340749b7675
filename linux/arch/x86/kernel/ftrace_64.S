/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function tracing entry points on x86_64.
 *
 * Every traced function starts with a 5-byte "call __fentry__".  The
 * tracing core turns those into NOPs at boot and, while something traces
 * the function, into a call of one of:
 *
 * ftrace_caller: builds a struct ftrace_regs (a pt_regs with the
 *	argument registers, rax, rbp, the return address of the site as ip
 *	and the function's stack pointer filled in, and cs left zero, which
 *	says "not a full pt_regs") and calls the current ftrace_func_t
 *	through the call at ftrace_call.
 * ftrace_regs_caller: for sites an ops with FTRACE_OPS_FL_SAVE_REGS,
 *	IPMODIFY or DIRECT traces.  Saves a full pt_regs, calls through
 *	ftrace_regs_call, restores every register from pt_regs, and leaves
 *	through regs->ip (so a callback can redirect the function) or, when
 *	a callback set regs->orig_ax, into that direct trampoline as if
 *	the site had called it.
 * a direct trampoline (register_ftrace_direct()) while it is the only
 *	thing that traces the function.
 * an ops' own copy of ftrace_caller, or of ftrace_regs_caller for an ops
 *	that saves regs (arch/x86/kernel/ftrace.c), which loads that ops
 *	and calls its function directly, while it is the only ops that
 *	traces the function.
 *
 * The core repoints ftrace_call and ftrace_regs_call together with
 * ftrace_update_ftrace_func().
 */
#include <linux/cfi_types.h>
#include <linux/export.h>
#include <linux/linkage.h>
#include <linux/objtool.h>
#include <asm/alternative.h>
#include <asm/cpufeatures.h>
#include <asm/nospec-branch.h>
#include <asm/ptrace-abi.h>
#include <asm/segment.h>
#include <asm/unwind_hints.h>

/* Room for the frame; 16-byte aligned so that the callee finds the
 * stack as the ABI leaves it after a call. */
#define FRAME		(FRAME_SIZE + 8)

	.code64
	.section .text, "ax"

/*
 * With call-depth tracking (retbleed=stuff) every RET here balances a
 * call the site made, so each entry point counts that call as a
 * function's accounting thunk would (CALL_DEPTH_ACCOUNT).
 */

/* Until ftrace_init() has patched a site, its call lands here. */
SYM_FUNC_START(__fentry__)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

/*
 * The callback of nobody: what ftrace_call points at when nothing traces.
 * Called indirectly as an ftrace_func_t, so it carries that kCFI type.
 */
SYM_TYPED_FUNC_START(ftrace_stub)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(ftrace_stub)
EXPORT_SYMBOL_GPL(ftrace_stub)

/*
 * The labels inside the entry code are address-taken (patched, copied,
 * looked up) but never jumped to indirectly: ANNOTATE_NOENDBR tells
 * objtool, under IBT, that they need no ENDBR.
 */
SYM_FUNC_START(ftrace_caller)
	CALL_DEPTH_ACCOUNT
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

	/* regs->ip: our return address; ip: the call site, 5 bytes before */
	movq	FRAME(%rsp), %rdi
	movq	%rdi, RIP(%rsp)
	subq	$5, %rdi
	/* parent_ip: the traced function's own return address */
	movq	FRAME+8(%rsp), %rsi
	/* The traced function's stack pointer at its first instruction */
	leaq	FRAME+8(%rsp), %rax
	movq	%rax, RSP(%rsp)
	/* A copy for one ops loads from its own slot: keep RIP-relative. */
SYM_INNER_LABEL(ftrace_caller_op_ptr, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	movq	function_trace_op(%rip), %rdx
	movq	%rsp, %rcx

SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
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
SYM_INNER_LABEL(ftrace_caller_ret, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	RET
	/* The end of what an ops' copy takes; never reached. */
SYM_INNER_LABEL(ftrace_caller_end, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	int3
SYM_FUNC_END(ftrace_caller)

/*
 * The frame of ftrace_regs_caller, from its stack pointer up: pt_regs,
 * then one slot (flags on the way in, the direct trampoline on the way
 * out), then the site's return address and the function's own.
 */
#define SLOT		FRAME_SIZE

/* Every general register back from pt_regs at the stack pointer. */
.macro RESTORE_REGS
	movq	R15(%rsp), %r15
	movq	R14(%rsp), %r14
	movq	R13(%rsp), %r13
	movq	R12(%rsp), %r12
	movq	RBP(%rsp), %rbp
	movq	RBX(%rsp), %rbx
	movq	R11(%rsp), %r11
	movq	R10(%rsp), %r10
	movq	R9(%rsp), %r9
	movq	R8(%rsp), %r8
	movq	RAX(%rsp), %rax
	movq	RCX(%rsp), %rcx
	movq	RDX(%rsp), %rdx
	movq	RSI(%rsp), %rsi
	movq	RDI(%rsp), %rdi
.endm
#define SITE_RET	(FRAME_SIZE + 8)
#define FUNC_RET	(FRAME_SIZE + 16)

SYM_FUNC_START(ftrace_regs_caller)
	pushfq
	CALL_DEPTH_ACCOUNT
	subq	$FRAME_SIZE, %rsp
	movq	%r15, R15(%rsp)
	movq	%r14, R14(%rsp)
	movq	%r13, R13(%rsp)
	movq	%r12, R12(%rsp)
	movq	%rbp, RBP(%rsp)
	movq	%rbx, RBX(%rsp)
	movq	%r11, R11(%rsp)
	movq	%r10, R10(%rsp)
	movq	%r9, R9(%rsp)
	movq	%r8, R8(%rsp)
	movq	%rax, RAX(%rsp)
	movq	%rcx, RCX(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rsi, RSI(%rsp)
	movq	%rdi, RDI(%rsp)
	movq	SLOT(%rsp), %rax
	movq	%rax, EFLAGS(%rsp)
	movq	$__KERNEL_CS, CS(%rsp)
	movq	$__KERNEL_DS, SS(%rsp)
	movq	$0, ORIG_RAX(%rsp)
	leaq	FUNC_RET(%rsp), %rax
	movq	%rax, RSP(%rsp)

	movq	SITE_RET(%rsp), %rdi
	movq	%rdi, RIP(%rsp)
	subq	$5, %rdi
	movq	FUNC_RET(%rsp), %rsi
	/* A copy for one ops loads from its own slot: keep RIP-relative. */
SYM_INNER_LABEL(ftrace_regs_caller_op_ptr, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	movq	function_trace_op(%rip), %rdx
	movq	%rsp, %rcx

SYM_INNER_LABEL(ftrace_regs_call, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	call	ftrace_stub

	/*
	 * Leave through regs->ip, which a callback may have changed, with
	 * regs->flags restored last, by the popfq that finds them on top:
	 * in the slot for a plain return; for a direct call the slot takes
	 * the trampoline and the flags go just below it (ss of pt_regs, no
	 * longer needed).  Each way restores the registers itself, so the
	 * plain return, the common one, tests only once.
	 */
	movq	RIP(%rsp), %rax
	movq	%rax, SITE_RET(%rsp)
	movq	EFLAGS(%rsp), %rax
	cmpq	$0, ORIG_RAX(%rsp)
	jne	.Ldirect
	movq	%rax, SLOT(%rsp)
	RESTORE_REGS
	leaq	FRAME_SIZE(%rsp), %rsp
	popfq
SYM_INNER_LABEL(ftrace_regs_caller_ret, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	RET

.Ldirect:
	movq	%rax, SS(%rsp)
	movq	ORIG_RAX(%rsp), %rax
	movq	%rax, SLOT(%rsp)
	RESTORE_REGS
	leaq	SS(%rsp), %rsp
	popfq
	UNWIND_HINT_FUNC
	/*
	 * "Return" into the direct trampoline: it finds the site's return
	 * address on top of the stack, as if the site had called it.  This
	 * RET balances no call, so with call-depth tracking it must not go
	 * through the accounting return thunk: a plain ret, which the
	 * trampoline's own RET then pairs with the site's call.
	 */
SYM_INNER_LABEL(ftrace_regs_caller_direct_ret, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	ALTERNATIVE __stringify(RET), \
		    __stringify(ANNOTATE_UNRET_SAFE; ret; int3), \
		    X86_FEATURE_CALL_DEPTH
	/* The end of what an ops' copy takes; never reached. */
SYM_INNER_LABEL(ftrace_regs_caller_end, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	int3
SYM_FUNC_END(ftrace_regs_caller)

/*
 * A direct trampoline that does nothing, for callers that need one.  Like
 * every direct trampoline it does not count the site's call: reached
 * from ftrace_regs_caller, that has been counted there.
 */
SYM_FUNC_START(ftrace_stub_direct_tramp)
	RET
SYM_FUNC_END(ftrace_stub_direct_tramp)

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * return_to_handler: where a graph-traced function returns, its return
 * address having been replaced by ours (ftrace_graph_func()).  Only the
 * return registers are live: rax and rdx go into a struct ftrace_regs
 * (with rbp and the stack pointer), ftrace_return_to_handler() runs the
 * return callback, pops the frame and gives the real return address.
 */
SYM_CODE_START(return_to_handler)
	UNWIND_HINT_UNDEFINED
	ANNOTATE_NOENDBR
	/*
	 * Step back over the slot the function's RET emptied (it still
	 * holds our address): to an unwinder this looks like a call from
	 * the function, whose return address ftrace_graph_ret_addr() finds
	 * behind return_to_handler by that slot's address.
	 */
	leaq	-8(%rsp), %rsp
	UNWIND_HINT_FUNC
	subq	$FRAME_SIZE, %rsp
	movq	%rax, RAX(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rbp, RBP(%rsp)
	movq	$0, CS(%rsp)
	leaq	FRAME_SIZE+8(%rsp), %rdi
	movq	%rdi, RSP(%rsp)
	movq	%rsp, %rdi
	call	ftrace_return_to_handler
	movq	%rax, %rdi
	movq	RAX(%rsp), %rax
	movq	RDX(%rsp), %rdx
	leaq	FRAME_SIZE+8(%rsp), %rsp
	/*
	 * From here the function's frame is gone and ours is not a call
	 * frame: an unwinder interrupting these few instructions stops
	 * (it would find the return address below the stack pointer).
	 */
	UNWIND_HINT_UNDEFINED
	/*
	 * To the real return address.  An indirect jump would need an ENDBR
	 * there under IBT, which return addresses do not have; instead a
	 * call of the next instruction, whose return slot takes the address,
	 * and its return: the return stack buffer stays balanced (it
	 * predicts the int3).  With call-depth tracking that call is not
	 * counted, so neither is the return.
	 */
	ANNOTATE_INTRA_FUNCTION_CALL
	call	.Lrth_to_caller
	int3
.Lrth_to_caller:
	movq	%rdi, (%rsp)
	ALTERNATIVE __stringify(RET), \
		    __stringify(ANNOTATE_UNRET_SAFE; ret; int3), \
		    X86_FEATURE_CALL_DEPTH
SYM_CODE_END(return_to_handler)
#endif
