/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function-tracing entry code for arm64.
 *
 * Every traced function starts with two NOPs (-fpatchable-function-entry=2).
 * At boot the first becomes "mov x9, x30"; the second becomes
 * "bl ftrace_caller" (or a bl to the module's PLT that branches there)
 * while the function is traced.  ftrace_caller is therefore entered with
 *
 *	x9	the traced function's own return address (into its caller)
 *	x30	the traced function's third instruction, where it goes on
 *	x29	its caller's frame pointer: it has not built a frame yet
 *	x0-x8	its arguments (x8: the indirect result address)
 *
 * and x9-x17 free to use: nothing at a function's entry lives in them.
 * It saves a struct ftrace_regs (asm/ftrace.h), builds two frame records
 * so that the unwinder walks from the callback through the traced
 * function into its caller, calls ftrace_call_dest(ip, parent_ip, op,
 * fregs), and goes on at fregs->pc with x30 = fregs->lr: a callback may
 * change either (the graph's return_to_handler, an overriding return).
 *
 * With DYNAMIC_FTRACE_WITH_CALL_OPS the ops is the site's own, from the
 * literal before the function (16 bytes below x30), and the callback is
 * that ops' function.  With direct calls a callback may name a direct
 * trampoline in fregs->direct_tramp: ftrace_caller then leaves through
 * it, as the site would have called it (x9 the function's return
 * address, x30 where the function goes on).
 */

#include <linux/cfi_types.h>
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/assembler.h>
#include <asm/insn.h>

/* The ftrace_regs, then the function's frame record, then ours. */
#define FTRACE_FRAME		(FREGS_SIZE + 32)
#define FUNC_RECORD		(FREGS_SIZE + 16)
#define CALLER_RECORD		FREGS_SIZE

SYM_CODE_START(ftrace_caller)
	sub	sp, sp, #FTRACE_FRAME

	/* Where the function goes on, and with what it returns. */
	str	x30, [sp, #FREGS_PC]
	str	x9, [sp, #FREGS_LR]
	add	x10, sp, #FTRACE_FRAME
	str	x10, [sp, #FREGS_SP]
	str	x29, [sp, #FREGS_FP]
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	str	xzr, [sp, #FREGS_DIRECT_TRAMP]
#endif
	/* Its arguments, last first. */
	str	x8, [sp, #FREGS_X8]
	stp	x6, x7, [sp, #FREGS_X6]
	stp	x4, x5, [sp, #FREGS_X4]
	stp	x2, x3, [sp, #FREGS_X2]
	stp	x0, x1, [sp, #FREGS_X0]

	/*
	 * The traced function's record: it returns to x9 and its caller's
	 * frame is at x29.  Ours above it: we return into the function.
	 */
	stp	x29, x9, [sp, #FUNC_RECORD]
	add	x29, sp, #FUNC_RECORD
	stp	x29, x30, [sp, #CALLER_RECORD]
	add	x29, sp, #CALLER_RECORD

	sub	x0, x30, #AARCH64_INSN_SIZE	/* ip: the bl */
	mov	x1, x9				/* parent_ip */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
	ldr	x2, [x30, #-(4 * AARCH64_INSN_SIZE)]
	ldr	x16, [x2, #FTRACE_OPS_FUNC]
#else
	/*
	 * The ops first, with acquire: the core publishes a new ops with a
	 * release after pointing ftrace_call_dest at the list function,
	 * which ignores it, so a new ops never meets an old callback.
	 */
	adr_l	x2, function_trace_op
	ldar	x2, [x2]
	ldr_l	x16, ftrace_call_dest
#endif
	mov	x3, sp				/* fregs */
SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	blr	x16

	/* The arguments as the callback left them, the caller's frame. */
	ldr	x29, [sp, #FREGS_FP]
	ldr	x8, [sp, #FREGS_X8]
	ldp	x6, x7, [sp, #FREGS_X6]
	ldp	x4, x5, [sp, #FREGS_X4]
	ldp	x2, x3, [sp, #FREGS_X2]
	ldp	x0, x1, [sp, #FREGS_X0]
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	ldr	x17, [sp, #FREGS_DIRECT_TRAMP]
	cbnz	x17, .Ldirect
#endif
	ldr	x30, [sp, #FREGS_LR]
	ldr	x9, [sp, #FREGS_PC]
	add	sp, sp, #FTRACE_FRAME
	ret	x9
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
.Ldirect:
	ldr	x9, [sp, #FREGS_LR]
	ldr	x30, [sp, #FREGS_PC]
	add	sp, sp, #FTRACE_FRAME
	br	x17
#endif
SYM_INNER_LABEL(ftrace_caller_end, SYM_L_GLOBAL)
SYM_CODE_END(ftrace_caller)

SYM_TYPED_FUNC_START(ftrace_stub)
	ret
SYM_FUNC_END(ftrace_stub)

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* A direct trampoline that does nothing: back into the function. */
SYM_FUNC_START(ftrace_stub_direct_tramp)
	mov	x10, x30
	mov	x30, x9
	ret	x10
SYM_FUNC_END(ftrace_stub_direct_tramp)
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * return_to_handler: where a graph-traced function returns, its return
 * address having been replaced by ftrace_graph_func().  x0-x7 may hold
 * the return value: they are kept in a struct ftrace_regs that
 * ftrace_return_to_handler() reads, and restored; x8 is not a return
 * register and is caller-saved.  No frame record of its own: x29 stays
 * the caller's frame pointer throughout, and a record naming
 * return_to_handler would outlive the graph frame it stands for (the
 * handler pops it before returning here).
 */
SYM_CODE_START(return_to_handler)
	sub	sp, sp, #FREGS_SIZE
	str	x29, [sp, #FREGS_FP]
	add	x9, sp, #FREGS_SIZE
	str	x9, [sp, #FREGS_SP]
	stp	x6, x7, [sp, #FREGS_X6]
	stp	x4, x5, [sp, #FREGS_X4]
	stp	x2, x3, [sp, #FREGS_X2]
	stp	x0, x1, [sp, #FREGS_X0]

	mov	x0, sp
	bl	ftrace_return_to_handler
	/* Where the function really returns. */
	mov	x30, x0

	ldp	x6, x7, [sp, #FREGS_X6]
	ldp	x4, x5, [sp, #FREGS_X4]
	ldp	x2, x3, [sp, #FREGS_X2]
	ldp	x0, x1, [sp, #FREGS_X0]
	add	sp, sp, #FREGS_SIZE
	ret
SYM_CODE_END(return_to_handler)
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
