// SPDX-License-Identifier: GPL-2.0
/*
 * Patching of function-tracing call sites on x86.
 *
 * A site is the 5-byte "call __fentry__" the compiler puts at the entry
 * of each function.  It is either the 5-byte NOP or a call of
 * ftrace_caller, ftrace_regs_caller or a direct trampoline.
 * Before the kernel runs more than one CPU (boot) and while a module is
 * still being formed, nothing executes the bytes and they are written
 * directly.  Afterwards every change goes through the int3 protocol of
 * text_poke_queue(): an int3 first, then the tail, then the first byte,
 * with a sync of every CPU in between, so a CPU that runs the site in
 * the middle is sent through the emulation of the new instruction.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/execmem.h>
#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/module.h>
#include <linux/uaccess.h>
#include <asm/cpufeature.h>
#include <asm/nops.h>
#include <asm/sections.h>
#include <asm/set_memory.h>
#include <asm/text-patching.h>

#include "ftrace_labels.h"

/* Set between ftrace_arch_code_modify_prepare() and _post_process(). */
static bool batching;

static void gen_call(u8 insn[MCOUNT_INSN_SIZE], unsigned long ip,
		     unsigned long target)
{
	__text_gen_insn(insn, CALL_INSN_OPCODE, (void *)ip, (void *)target,
			CALL_INSN_SIZE);
}

/* Nothing can run the site: the module is not formed, or one CPU boots. */
static bool site_is_quiet(struct module *mod)
{
	if (mod)
		return mod->state == MODULE_STATE_UNFORMED;
	return system_state == SYSTEM_BOOTING;
}

/*
 * Replace the instruction at @ip, which must be @old, by @new.  Returns
 * -EFAULT if the site cannot be read and -EINVAL if it holds something
 * else: the caller then stops tracing instead of writing blindly.
 */
static int replace_site(struct module *mod, unsigned long ip, const u8 *old,
			const u8 *new)
{
	u8 cur[MCOUNT_INSN_SIZE];

	/*
	 * ftrace_init(): vmlinux's sites while one CPU boots, its text still
	 * writable.  A call of __fentry__ (a bare return) and the NOP do the
	 * same, so the CPU may run either until it next serialises: write
	 * the bytes directly, without text_poke_early()'s sync per site.
	 */
	if (!mod && system_state == SYSTEM_BOOTING &&
	    new == x86_nops[MCOUNT_INSN_SIZE] &&
	    (is_kernel_text(ip) || is_kernel_inittext(ip))) {
		if (memcmp((void *)ip, old, MCOUNT_INSN_SIZE))
			return -EINVAL;
		memcpy((void *)ip, new, MCOUNT_INSN_SIZE);
		return 0;
	}
	if (copy_from_kernel_nofault(cur, (void *)ip, MCOUNT_INSN_SIZE))
		return -EFAULT;
	if (memcmp(cur, old, MCOUNT_INSN_SIZE))
		return -EINVAL;
	if (site_is_quiet(mod)) {
		text_poke_early((void *)ip, new, MCOUNT_INSN_SIZE);
		return 0;
	}
	if (WARN_ON_ONCE(!batching))
		return -EBUSY;
	text_poke_queue((void *)ip, new, MCOUNT_INSN_SIZE, NULL);
	return 0;
}

/**
 * ftrace_make_nop - turn a call site into the NOP
 * @mod: the module the site is in (NULL for vmlinux)
 * @rec: the site
 * @addr: what the site calls now (MCOUNT_ADDR at first)
 *
 * Return: 0, -EFAULT or -EINVAL (the site does not hold that call).
 */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	u8 old[MCOUNT_INSN_SIZE];

	gen_call(old, rec->ip, addr);
	return replace_site(mod, rec->ip, old, x86_nops[MCOUNT_INSN_SIZE]);
}

/**
 * ftrace_make_call - turn a NOP site into a call
 * @rec: the site
 * @addr: the trampoline to call
 *
 * Return: 0, -EFAULT or -EINVAL (the site does not hold the NOP).
 */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	u8 new[MCOUNT_INSN_SIZE];

	gen_call(new, rec->ip, addr);
	return replace_site(NULL, rec->ip, x86_nops[MCOUNT_INSN_SIZE], new);
}

/**
 * ftrace_modify_call - make a site call another trampoline
 * @rec: the site
 * @old_addr: what it calls now
 * @addr: what it is to call
 *
 * Return: 0, -EFAULT or -EINVAL (the site does not call @old_addr).
 */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	u8 old[MCOUNT_INSN_SIZE], new[MCOUNT_INSN_SIZE];

	gen_call(old, rec->ip, old_addr);
	gen_call(new, rec->ip, addr);
	return replace_site(NULL, rec->ip, old, new);
}

static int repoint_call(void *site, ftrace_func_t func)
{
	u8 new[MCOUNT_INSN_SIZE];

	if (*(u8 *)site != CALL_INSN_OPCODE)
		return -EINVAL;
	gen_call(new, (unsigned long)site, (unsigned long)func);
	if (system_state == SYSTEM_BOOTING)
		text_poke_early(site, new, MCOUNT_INSN_SIZE);
	else
		text_poke_bp(site, new, MCOUNT_INSN_SIZE, NULL);
	return 0;
}

/**
 * ftrace_update_ftrace_func - point both trampolines at a new callback
 * @func: the ftrace_func_t that ftrace_caller and ftrace_regs_caller
 *	  call from now on
 *
 * Return: 0, or -EINVAL if ftrace_call or ftrace_regs_call does not hold
 * a call.
 */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	bool booting = system_state == SYSTEM_BOOTING;
	int ret;

	if (!booting)
		mutex_lock(&text_mutex);
	ret = repoint_call(&ftrace_call, func);
	if (!ret)
		ret = repoint_call(&ftrace_regs_call, func);
	if (!booting)
		mutex_unlock(&text_mutex);
	return ret;
}

/**
 * ftrace_arch_code_modify_prepare - start a batch of site changes
 *
 * Called by the core, with ftrace_lock held, before it changes sites of
 * a running kernel.
 */
void ftrace_arch_code_modify_prepare(void)
	__acquires(&text_mutex)
{
	mutex_lock(&text_mutex);
	batching = true;
}

/**
 * ftrace_arch_code_modify_post_process - finish a batch of site changes
 *
 * Writes what is still queued and waits until every CPU runs the new
 * code.
 */
void ftrace_arch_code_modify_post_process(void)
	__releases(&text_mutex)
{
	text_poke_finish();
	batching = false;
	mutex_unlock(&text_mutex);
}

/* The movq that loads function_trace_op: 48 8b 15 disp32. */
#define OP_LOAD_SIZE	7

/*
 * What an ops' own trampoline is copied from: ftrace_caller, or
 * ftrace_regs_caller for an ops that saves regs, with the places the
 * copy rewrites.
 */
struct tramp_source {
	const u8	*start;
	const u8	*end;
	const u8	*op_load;	/* movq function_trace_op(%rip), %rdx */
	const u8	*call;		/* call ftrace_stub, patched at run time */
	const u8	*rets[2];	/* RETs, maybe jumps to a return thunk */
};

static const struct tramp_source caller_source = {
	.start		= (const u8 *)ftrace_caller,
	.end		= ftrace_caller_end,
	.op_load	= ftrace_caller_op_ptr,
	.call		= (const u8 *)ftrace_call,
	.rets		= { ftrace_caller_ret },
};

static const struct tramp_source regs_caller_source = {
	.start		= (const u8 *)ftrace_regs_caller,
	.end		= ftrace_regs_caller_end,
	.op_load	= ftrace_regs_caller_op_ptr,
	.call		= (const u8 *)ftrace_regs_call,
	.rets		= { ftrace_regs_caller_ret, ftrace_regs_caller_direct_ret },
};

static bool fits_rel32(unsigned long from_next, unsigned long to)
{
	long d = (long)(to - from_next);

	return d == (s32)d;
}

/* Re-aim a copied "jmp rel32" (a RET through a return thunk). */
static bool fix_ret(u8 *buf, unsigned long at, const struct tramp_source *src,
		    const u8 *ret)
{
	unsigned long off = ret - src->start, thunk;
	s32 disp;

	if (buf[off] != JMP32_INSN_OPCODE)
		return true;
	memcpy(&disp, buf + off + 1, sizeof(disp));
	thunk = (unsigned long)ret + JMP32_INSN_SIZE + disp;
	if (!fits_rel32(at + off + JMP32_INSN_SIZE, thunk))
		return false;
	__text_gen_insn(buf + off, JMP32_INSN_OPCODE, (void *)(at + off),
			(void *)thunk, JMP32_INSN_SIZE);
	return true;
}

/*
 * Fill @buf, which will run at @at, with @src rewritten for @ops: the
 * ops comes from the slot at @slot_off, the call goes to the ops'
 * function, and a RET that jumps to a return thunk still reaches it.
 * Returns false when the code is not what this expects.
 */
static bool fill_ops_trampoline(u8 *buf, unsigned long at,
				struct ftrace_ops *ops,
				const struct tramp_source *src,
				unsigned long slot_off)
{
	unsigned long code = src->end - src->start;
	unsigned long op_off = src->op_load - src->start;
	unsigned long call_off = src->call - src->start;
	unsigned long func = (unsigned long)ftrace_ops_get_func(ops);
	unsigned long slot = at + slot_off;
	s32 disp;
	int i;

	memcpy(buf, src->start, code);
	memset(buf + code, INT3_INSN_OPCODE, slot_off - code);
	memcpy(buf + slot_off, &ops, sizeof(ops));
	if (buf[op_off] != 0x48 || buf[op_off + 1] != 0x8b ||
	    buf[op_off + 2] != 0x15 || buf[call_off] != CALL_INSN_OPCODE)
		return false;
	if (!fits_rel32(at + op_off + OP_LOAD_SIZE, slot) ||
	    !fits_rel32(at + call_off + CALL_INSN_SIZE, func))
		return false;
	disp = slot - (at + op_off + OP_LOAD_SIZE);
	memcpy(buf + op_off + 3, &disp, sizeof(disp));
	__text_gen_insn(buf + call_off, CALL_INSN_OPCODE, (void *)(at + call_off),
			(void *)func, CALL_INSN_SIZE);
	for (i = 0; i < ARRAY_SIZE(src->rets); i++)
		if (src->rets[i] && !fix_ret(buf, at, src, src->rets[i]))
			return false;
	return true;
}

/**
 * arch_ftrace_update_trampoline - give an ops its own trampoline
 * @ops: an ops about to be registered, not a direct one
 *
 * The trampoline is a copy of ftrace_caller (of ftrace_regs_caller for
 * an ops with FTRACE_OPS_FL_SAVE_REGS) that passes @ops and calls its
 * function without going through the patchable call; a site only @ops
 * traces calls it, whatever other ops are registered.  Its code sits at
 * the offsets of the original, which unwinders that look the original
 * up rely on.  On success ops->trampoline and ops->trampoline_size
 * describe it and FTRACE_OPS_FL_ALLOC_TRAMP is set; on failure the ops
 * goes without.
 */
void arch_ftrace_update_trampoline(struct ftrace_ops *ops)
{
	const struct tramp_source *src = ops->flags & FTRACE_OPS_FL_SAVE_REGS ?
		&regs_caller_source : &caller_source;
	unsigned long slot_off = ALIGN(src->end - src->start, sizeof(long));
	unsigned long size = slot_off + sizeof(long);
	u8 *tramp;

	if (ops->trampoline)
		return;
	/*
	 * Call-depth accounting addresses a per-CPU counter RIP-relative:
	 * a copy elsewhere would miss it, so such ops share the callers.
	 */
	if (cpu_feature_enabled(X86_FEATURE_CALL_DEPTH))
		return;
	tramp = execmem_alloc(EXECMEM_FTRACE, size);
	if (!tramp)
		return;
	if (!fill_ops_trampoline(tramp, (unsigned long)tramp, ops, src,
				 slot_off) ||
	    set_memory_rox((unsigned long)tramp, DIV_ROUND_UP(size, PAGE_SIZE))) {
		execmem_free(tramp);
		return;
	}
	ops->trampoline = (unsigned long)tramp;
	ops->trampoline_size = size;
	ops->flags |= FTRACE_OPS_FL_ALLOC_TRAMP;
}

/**
 * arch_ftrace_trampoline_free - free an ops' own trampoline
 * @ops: an unregistered ops that no task runs the trampoline of
 */
void arch_ftrace_trampoline_free(struct ftrace_ops *ops)
{
	if (!(ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP))
		return;
	execmem_free((void *)ops->trampoline);
	ops->trampoline = 0;
	ops->trampoline_size = 0;
	ops->flags &= ~FTRACE_OPS_FL_ALLOC_TRAMP;
}

/**
 * arch_ftrace_entry_text - is an address in the function-tracing entry?
 * @addr: a return address of a stack trace
 *
 * Return: true inside ftrace_caller, ftrace_regs_caller or an ops' own
 * copy of them: the frame above is the traced function's.
 */
bool arch_ftrace_entry_text(unsigned long addr)
{
	if (addr >= (unsigned long)ftrace_caller &&
	    addr < (unsigned long)ftrace_caller_end)
		return true;
	if (addr >= (unsigned long)ftrace_regs_caller &&
	    addr < (unsigned long)ftrace_regs_caller_end)
		return true;
	return is_ftrace_trampoline(addr);
}

/**
 * set_ftrace_ops_ro - make ftrace trampolines read-only
 *
 * Called by mark_rodata_ro().  ftrace_caller lives in the kernel's text,
 * which that call protects already, and an ops' own trampoline is made
 * read-only as soon as it is written.
 */
void set_ftrace_ops_ro(void)
{
}
