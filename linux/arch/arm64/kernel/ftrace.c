// SPDX-License-Identifier: GPL-2.0
/*
 * Patching of function-tracing call sites on arm64.
 *
 * The compiler gives every traced function two NOPs at its entry
 * (-fpatchable-function-entry=2) and lists the first in
 * __patchable_function_entries.  The site the core knows (rec->ip) is
 * the second: at boot, or when a module is formed, the first becomes
 * "mov x9, x30", which keeps the function's return address across the
 * call; the second is a NOP while the function is not traced and
 * "bl ftrace_caller" while it is.  A module too far from ftrace_caller
 * for a bl branches to its ftrace PLT, which the module loader pointed
 * at ftrace_caller (module_init_ftrace_plt()).
 *
 * Each change is one aligned instruction between a NOP and a bl, which
 * the architecture lets other CPUs run while it is written: the write
 * goes through aarch64_insn_patch_text_nosync() (a fixmap alias of the
 * read-only text, then the cache maintenance), after the instruction
 * found there was checked against the one expected.  Each site's cache
 * lines are cleaned as it changes, and a CPU runs either instruction
 * until it sees the new one: a batch of changes needs nothing more than
 * the core's default ftrace_arch_code_modify_prepare() and
 * _post_process(), which hold text_mutex as the other text patchers do.
 *
 * The callback ftrace_caller calls is a variable, ftrace_call_dest, not
 * a patched bl: a callback in a module may be out of a bl's reach.
 * Every site calls ftrace_caller (or a direct trampoline), so no ops
 * gets a trampoline of its own (the core's default
 * arch_ftrace_update_trampoline()).
 *
 * With DYNAMIC_FTRACE_WITH_CALL_OPS the compiler puts two more NOPs
 * before the function (-fpatchable-function-entry=4,2; functions are
 * 8-byte aligned): they hold the address of the ftrace_ops whose
 * function ftrace_caller calls for this site (ftrace_site_set_ops()).
 * A direct trampoline is called by the site itself when in reach; when
 * not, the site calls ftrace_caller, whose ops then names it.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/ftrace_graph.h>
#include <linux/ftrace_site_ops.h>
#include <linux/module.h>
#include <linux/sizes.h>
#include <asm/insn.h>
#include <asm/module.h>
#include <asm/patching.h>

#include "ftrace_labels.h"

/* What ftrace_caller calls: read there with a plain load. */
unsigned long ftrace_call_dest = (unsigned long)ftrace_stub;

/**
 * ftrace_call_adjust - the call site of a patchable function entry
 * @addr: an entry of __patchable_function_entries (the first NOP), or 0
 *	  for a function the linker dropped
 *
 * Return: the address of the second NOP at the function's entry, which
 * becomes the bl, or 0.
 */
unsigned long ftrace_call_adjust(unsigned long addr)
{
	if (!addr)
		return 0;
	if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS))
		addr += 2 * AARCH64_INSN_SIZE;
	return addr + AARCH64_INSN_SIZE;
}

/* 0 if @ip holds @want, -EFAULT if unreadable, -EINVAL if not. */
static int expect_insn(unsigned long ip, u32 want)
{
	u32 cur;

	if (aarch64_insn_read((void *)ip, &cur))
		return -EFAULT;
	return cur == want ? 0 : -EINVAL;
}

/*
 * Replace the instruction at @ip, which must be @old, by @new.  -EFAULT
 * if it cannot be read, -EINVAL if it holds something else, -EPERM if
 * the write failed.
 */
static int replace_insn(unsigned long ip, u32 old, u32 new)
{
	int err = expect_insn(ip, old);

	if (err)
		return err;
	if (aarch64_insn_patch_text_nosync((void *)ip, new))
		return -EPERM;
	return 0;
}

static bool in_bl_range(unsigned long pc, unsigned long addr)
{
	long off = (long)(addr - pc);

	return off >= -SZ_128M && off < SZ_128M;
}

#ifdef CONFIG_MODULES
/*
 * The ftrace PLT of the module @ip is in (@mod, or found), if it leads
 * to @addr; NULL otherwise.
 */
static unsigned long module_plt(struct module *mod, unsigned long ip,
				unsigned long addr)
{
	struct plt_entry *plt, want;

	preempt_disable();
	if (!mod)
		mod = __module_text_address(ip);
	plt = NULL;
	if (mod)
		plt = within_module_init(ip, mod) ?
			mod->arch.init_ftrace_trampolines :
			mod->arch.ftrace_trampolines;
	preempt_enable();
	if (!plt)
		return 0;
	plt += FTRACE_PLT_IDX;
	want = get_plt_entry(addr, plt);
	if (memcmp(plt, &want, sizeof(want)))
		return 0;
	return (unsigned long)plt;
}
#else
static unsigned long module_plt(struct module *mod, unsigned long ip,
				unsigned long addr)
{
	return 0;
}
#endif

/*
 * The bl at @ip that reaches @addr, through the module's PLT if need
 * be.  A direct trampoline out of reach is reached through
 * ftrace_caller (the site's ops names it).  Return: 0, or -EINVAL if
 * @addr cannot be reached from @ip.
 */
static int gen_call(struct module *mod, unsigned long ip, unsigned long addr,
		    u32 *insn)
{
	if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS) &&
	    addr != FTRACE_ADDR && !in_bl_range(ip, addr))
		addr = FTRACE_ADDR;
	if (!in_bl_range(ip, addr)) {
		addr = module_plt(mod, ip, addr);
		if (!addr || !in_bl_range(ip, addr))
			return -EINVAL;
	}
	*insn = aarch64_insn_gen_branch_imm(ip, addr, AARCH64_INSN_BRANCH_LINK);
	return *insn == AARCH64_BREAK_FAULT ? -EINVAL : 0;
}

/**
 * ftrace_init_nop - prepare a call site the compiler emitted
 * @mod: the module the site is in (NULL for vmlinux)
 * @rec: the site (the second of the function's two NOPs)
 *
 * Both NOPs must be there; the first becomes "mov x9, x30".
 *
 * Return: 0, -EFAULT, -EINVAL (not the NOPs) or -EPERM.
 */
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	u32 nop = aarch64_insn_gen_nop();
	int err = expect_insn(rec->ip, nop);

	if (err)
		return err;
	return replace_insn(rec->ip - AARCH64_INSN_SIZE, nop,
			    aarch64_insn_gen_move_reg(AARCH64_INSN_REG_9,
						      AARCH64_INSN_REG_LR,
						      AARCH64_INSN_VARIANT_64BIT));
}

/**
 * ftrace_make_nop - turn a call site back into the NOP
 * @mod: the module the site is in, or NULL (found if needed)
 * @rec: the site
 * @addr: what the site calls now
 *
 * Return: 0, -EFAULT, -EINVAL (the site does not hold that call) or
 * -EPERM.
 */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	u32 old;
	int err;

	err = gen_call(mod, rec->ip, addr, &old);
	if (err)
		return err;
	return replace_insn(rec->ip, old, aarch64_insn_gen_nop());
}

/**
 * ftrace_make_call - turn a NOP site into a call
 * @rec: the site
 * @addr: the trampoline to call (ftrace_caller)
 *
 * Return: 0, -EFAULT, -EINVAL (no NOP there, or @addr out of reach) or
 * -EPERM.
 */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	u32 new;
	int err;

	err = gen_call(NULL, rec->ip, addr, &new);
	if (err)
		return err;
	return replace_insn(rec->ip, aarch64_insn_gen_nop(), new);
}

#if defined(CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS) || \
	defined(CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS)
/**
 * ftrace_modify_call - make a site call another trampoline
 * @rec: the site
 * @old_addr: what it calls now
 * @addr: what it is to call
 *
 * Return: 0, -EFAULT, -EINVAL (the site does not call @old_addr) or
 * -EPERM.
 */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	u32 old, new;
	int err;

	err = gen_call(NULL, rec->ip, old_addr, &old);
	if (!err)
		err = gen_call(NULL, rec->ip, addr, &new);
	if (err)
		return err;
	if (old == new)
		return 0;
	return replace_insn(rec->ip, old, new);
}
#endif

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/*
 * The site's ops literal: the two NOPs before the function, 8 bytes
 * before the "mov x9, x30" that precedes the bl.
 */
static u64 *site_literal(struct dyn_ftrace *rec)
{
	return (u64 *)(rec->ip - 3 * AARCH64_INSN_SIZE);
}

/**
 * ftrace_site_set_ops - the ops ftrace_caller calls for a site
 * @rec: the site
 * @ops: the ops
 *
 * Return: 0, or -EPERM if the literal could not be written.
 */
int ftrace_site_set_ops(struct dyn_ftrace *rec, const struct ftrace_ops *ops)
{
	u64 *lit = site_literal(rec);

	if (READ_ONCE(*lit) == (unsigned long)ops)
		return 0;
	if (aarch64_insn_write_literal_u64(lit, (unsigned long)ops))
		return -EPERM;
	return 0;
}
#endif

/**
 * ftrace_update_ftrace_func - the callback ftrace_caller calls
 * @func: the ftrace_func_t to call from now on
 *
 * The core orders this with function_trace_op and waits out tasks that
 * loaded the old pair.
 *
 * Return: 0.
 */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	WRITE_ONCE(ftrace_call_dest, (unsigned long)func);
	return 0;
}

/**
 * arch_ftrace_entry_text - is an address in the function-tracing entry?
 * @addr: a return address of a stack trace
 *
 * Return: true inside ftrace_caller: the frame above is the traced
 * function's.
 */
bool arch_ftrace_entry_text(unsigned long addr)
{
	return addr >= (unsigned long)ftrace_caller &&
	       addr < (unsigned long)ftrace_caller_end;
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/**
 * ftrace_graph_func - the ftrace_ops function of every graph user
 * @ip: the traced function's call site
 * @parent_ip: its caller
 * @op: the graph user's ftrace_ops
 * @fregs: the traced function's registers
 *
 * The function returns to fregs->lr (x30 when ftrace_caller goes on):
 * the graph core pushes a frame for the user, keyed by the frame
 * pointer at the function's entry, which is what the unwinder gives
 * ftrace_graph_ret_addr() when it meets return_to_handler in the
 * function's frame record.
 */
void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct __arch_ftrace_regs *afregs = arch_ftrace_regs(fregs);

	if (!fgraph_enter_ops(container_of(op, struct fgraph_ops, ops), ip,
			      afregs->lr, (unsigned long *)afregs->fp, fregs))
		afregs->lr = (unsigned long)return_to_handler;
}
#endif
