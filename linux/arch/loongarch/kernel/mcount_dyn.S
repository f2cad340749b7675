/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function-tracing entry code for LoongArch.
 *
 * Every traced function starts with two NOPs (-fpatchable-function-entry=2);
 * the site's address (rec->ip) is the function's own.  When the site is
 * prepared the first NOP becomes "move t0, ra"; the second becomes
 * "bl ftrace_caller" (or ftrace_regs_caller, or a bl to the module's PLT
 * that jumps there) while the function is traced.  The entry code is
 * therefore reached with
 *
 *	t0	the traced function's return address (into its caller)
 *	ra	the site + 8, where the function goes on
 *	sp	the function's stack pointer at its entry
 *	a0-a7	its arguments
 *
 * and t1-t8 free: nothing lives in the temporaries at a function's entry
 * (a module's PLT uses t1).
 *
 * Both entries build a struct pt_regs (the arch's struct ftrace_regs)
 * right below the function's stack pointer, which the unwinders rely on:
 * the prologue unwinder, meeting the return address ftrace_call + 4,
 * takes the stack pointer there as this pt_regs and goes on from
 * csr_era (the traced function), regs[1] (its return address) and
 * regs[3]; the graph tracer keys the function's frame by &regs[1], where
 * unwind_graph_addr() looks for it (GRAPH_FAKE_OFFSET).
 *
 * The callback is ftrace_call_dest(ip, parent_ip, function_trace_op,
 * regs).  It may change regs[1] (the graph's return_to_handler), csr_era
 * (where the function goes on) and, through arch_ftrace_set_direct_caller(),
 * regs[13]: a direct trampoline is then entered as the site would have
 * called it (t0 the function's return address, ra where it goes on).
 * Only ftrace_regs_caller saves, and restores, every register: it sets
 * orig_a0, which tells the exit path and arch_ftrace_get_regs() that the
 * pt_regs is whole (ftrace_get_regs() is NULL for the other entries).
 */

#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/loongarch.h>
#include <asm/regdef.h>
#include <asm/unwind_hints.h>

/* Where the site's call returns, relative to the site. */
#define SITE_RETURN	8

	.text

/*
 * ftrace_regs_caller: for ops that want every register (SAVE_REGS): the
 * registers ftrace_caller does not save, and the mode a pt_regs reader
 * looks at (kernel mode, interrupts as they are), then ftrace_caller's
 * path.
 */
SYM_CODE_START(ftrace_regs_caller)
	UNWIND_HINT_UNDEFINED
	addi.d	sp, sp, -PT_SIZE
	st.d	zero, sp, PT_R0
	st.d	tp, sp, PT_R2
	st.d	t0, sp, PT_R12
	st.d	t2, sp, PT_R14
	st.d	t3, sp, PT_R15
	st.d	t4, sp, PT_R16
	st.d	t5, sp, PT_R17
	st.d	t6, sp, PT_R18
	st.d	t7, sp, PT_R19
	st.d	t8, sp, PT_R20
	st.d	u0, sp, PT_R21
	st.d	s0, sp, PT_R23
	st.d	s1, sp, PT_R24
	st.d	s2, sp, PT_R25
	st.d	s3, sp, PT_R26
	st.d	s4, sp, PT_R27
	st.d	s5, sp, PT_R28
	st.d	s6, sp, PT_R29
	st.d	s7, sp, PT_R30
	st.d	s8, sp, PT_R31
	csrrd	t2, LOONGARCH_CSR_CRMD
	st.d	t2, sp, PT_CRMD
	/* PRMD's PPLV and PIE sit where CRMD keeps PLV and IE. */
	andi	t2, t2, 0x7
	st.d	t2, sp, PT_PRMD
	ori	t2, zero, 1
	st.d	t2, sp, PT_ORIG_A0
	b	.Lsave_args
SYM_CODE_END(ftrace_regs_caller)

SYM_CODE_START(ftrace_caller)
	UNWIND_HINT_UNDEFINED
	addi.d	sp, sp, -PT_SIZE
	st.d	zero, sp, PT_ORIG_A0
.Lsave_args:
	UNWIND_HINT_UNDEFINED
	st.d	a0, sp, PT_R4
	st.d	a1, sp, PT_R5
	st.d	a2, sp, PT_R6
	st.d	a3, sp, PT_R7
	st.d	a4, sp, PT_R8
	st.d	a5, sp, PT_R9
	st.d	a6, sp, PT_R10
	st.d	a7, sp, PT_R11
	st.d	t0, sp, PT_R1
	st.d	ra, sp, PT_ERA
	addi.d	t1, sp, PT_SIZE
	st.d	t1, sp, PT_R3
	st.d	fp, sp, PT_R22
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	st.d	zero, sp, PT_R13
#endif

	addi.d	a0, ra, -SITE_RETURN		/* ip: the site */
	move	a1, t0				/* parent_ip */
	/*
	 * The ops first, with acquire: the core publishes a new ops with a
	 * release after pointing ftrace_call_dest at the list function,
	 * which ignores it, so a new ops never meets an old callback.
	 */
	la.pcrel	t1, function_trace_op
	ld.d	a2, t1, 0
	dbar	0x14				/* acquire (ldacq_mb()) */
	la.pcrel	t1, ftrace_call_dest
	ld.d	t1, t1, 0
	move	a3, sp				/* regs */
SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	jirl	ra, t1, 0

	/* The arguments as the callback left them. */
	ld.d	a0, sp, PT_R4
	ld.d	a1, sp, PT_R5
	ld.d	a2, sp, PT_R6
	ld.d	a3, sp, PT_R7
	ld.d	a4, sp, PT_R8
	ld.d	a5, sp, PT_R9
	ld.d	a6, sp, PT_R10
	ld.d	a7, sp, PT_R11
	ld.d	t2, sp, PT_ORIG_A0
	bnez	t2, .Lrestore_regs
.Lleave:
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	ld.d	t1, sp, PT_R13
	bnez	t1, .Ldirect
#endif
	ld.d	ra, sp, PT_R1
	ld.d	t0, sp, PT_ERA
	addi.d	sp, sp, PT_SIZE
	jr	t0
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
.Ldirect:
	ld.d	t0, sp, PT_R1
	ld.d	ra, sp, PT_ERA
	addi.d	sp, sp, PT_SIZE
	jr	t1
#endif

	/* ftrace_regs_caller's: what a callback may have changed. */
.Lrestore_regs:
	ld.d	fp, sp, PT_R22
	ld.d	s0, sp, PT_R23
	ld.d	s1, sp, PT_R24
	ld.d	s2, sp, PT_R25
	ld.d	s3, sp, PT_R26
	ld.d	s4, sp, PT_R27
	ld.d	s5, sp, PT_R28
	ld.d	s6, sp, PT_R29
	ld.d	s7, sp, PT_R30
	ld.d	s8, sp, PT_R31
	ld.d	t3, sp, PT_R15
	ld.d	t4, sp, PT_R16
	ld.d	t5, sp, PT_R17
	ld.d	t6, sp, PT_R18
	ld.d	t7, sp, PT_R19
	ld.d	t8, sp, PT_R20
	ld.d	t2, sp, PT_R14
	b	.Lleave
SYM_INNER_LABEL(ftrace_caller_end, SYM_L_GLOBAL)
SYM_CODE_END(ftrace_caller)

SYM_FUNC_START(ftrace_stub)
	jr	ra
SYM_FUNC_END(ftrace_stub)

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* A direct trampoline that does nothing: back into the function. */
SYM_FUNC_START(ftrace_stub_direct_tramp)
	move	t1, ra
	move	ra, t0
	jr	t1
SYM_FUNC_END(ftrace_stub_direct_tramp)
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * return_to_handler: where a graph-traced function returns, its return
 * address having been replaced by ftrace_graph_func().  a0 and a1 may
 * hold the return value: they are kept in a pt_regs that
 * ftrace_return_to_handler() reads, and restored.
 *
 * ra is return_to_handler itself (the function returned through it);
 * it is saved where the prologue unwinder finds a return address, and
 * the unwinder, meeting return_to_handler, asks the graph tracer for the
 * real one with the function's stack pointer, which is this frame's top.
 */
SYM_CODE_START(return_to_handler)
	UNWIND_HINT_UNDEFINED
	addi.d	sp, sp, -PT_SIZE
	st.d	ra, sp, PT_R1
	st.d	zero, sp, PT_ORIG_A0
	st.d	a0, sp, PT_R4
	st.d	a1, sp, PT_R5
	st.d	fp, sp, PT_R22
	addi.d	t0, sp, PT_SIZE
	st.d	t0, sp, PT_R3

	move	a0, sp
	bl	ftrace_return_to_handler
	/*
	 * Where the function really returns; an unwind from here on no
	 * longer finds the popped graph frame, so it reads it here.
	 */
	st.d	a0, sp, PT_R1
	move	ra, a0

	ld.d	a0, sp, PT_R4
	ld.d	a1, sp, PT_R5
	addi.d	sp, sp, PT_SIZE
	jr	ra
SYM_CODE_END(return_to_handler)
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
