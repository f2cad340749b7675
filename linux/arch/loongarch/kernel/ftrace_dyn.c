// SPDX-License-Identifier: GPL-2.0
/*
 * Patching of function-tracing call sites on LoongArch.
 *
 * The compiler gives every traced function two NOPs at its entry
 * (-fpatchable-function-entry=2) and lists the first in
 * __patchable_function_entries; that address is the site's (rec->ip).
 * When the site is prepared, at boot or when a module is formed, the
 * first NOP becomes "move t0, ra", which keeps the function's return
 * address across the call; the second is a NOP while the function is
 * not traced and "bl ftrace_caller" (or ftrace_regs_caller, or a direct
 * trampoline) while it is.  A module site too far from the kernel's
 * entry code for a bl (modules live in another address range) branches
 * to the module's ftrace PLT, which the module loader pointed there
 * (module_init_ftrace_plt()).
 *
 * Each change is one aligned instruction between a NOP and a bl, which
 * another CPU runs either way while it is written: the write goes
 * through larch_insn_patch_text(), after the instruction found there was
 * checked against the one expected, and the instruction fetch is
 * synchronised as each site changes: a batch of changes needs nothing
 * more than the core's default ftrace_arch_code_modify_prepare() and
 * _post_process(), which hold text_mutex as the other text patchers do.
 *
 * The callback the entry code calls is a variable, ftrace_call_dest, not
 * a patched bl: a callback in a module may be out of a bl's reach.
 * Every site calls the shared entry code (or a direct trampoline), so
 * no ops gets a trampoline of its own (the core's default
 * arch_ftrace_update_trampoline()).
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/ftrace_graph.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/sizes.h>
#include <asm/inst.h>
#include <asm/module.h>

/* The end of the entry code (mcount_dyn.S), for stack traces. */
extern const u8 ftrace_caller_end[];

/* What the entry code calls: read there with a plain load. */
unsigned long ftrace_call_dest = (unsigned long)ftrace_stub;

/* The site's call: its second instruction. */
static unsigned long call_ip(struct dyn_ftrace *rec)
{
	return rec->ip + LOONGARCH_INSN_SIZE;
}

/* 0 if @ip holds @want, -EFAULT if unreadable, -EINVAL if not. */
static int expect_insn(unsigned long ip, u32 want)
{
	u32 cur;

	if (larch_insn_read((void *)ip, &cur))
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
	if (larch_insn_patch_text((void *)ip, new))
		return -EPERM;
	return 0;
}

static bool in_bl_range(unsigned long pc, unsigned long addr)
{
	long off = (long)(addr - pc);

	return off >= -SZ_128M && off < SZ_128M && !(off & 3);
}

#ifdef CONFIG_MODULES
/*
 * The ftrace PLT of the module @ip is in (@mod, or found) that leads to
 * @addr (ftrace_caller or ftrace_regs_caller); 0 if there is none.
 */
static unsigned long module_plt(struct module *mod, unsigned long ip,
				unsigned long addr)
{
	struct plt_entry *plt = NULL, want;
	unsigned int idx;

	if (addr == FTRACE_ADDR)
		idx = FTRACE_PLT_IDX;
	else if (addr == FTRACE_REGS_ADDR)
		idx = FTRACE_REGS_PLT_IDX;
	else
		return 0;

	preempt_disable();
	if (!mod)
		mod = __module_text_address(ip);
	if (mod && mod->arch.ftrace_trampolines)
		plt = mod->arch.ftrace_trampolines + idx;
	preempt_enable();
	if (!plt)
		return 0;
	want = emit_plt_entry(addr);
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
 * ftrace_regs_caller (or ftrace_caller), whose ops names it.  Return: 0,
 * or -EINVAL if @addr cannot be reached from @ip.
 */
static int gen_call(struct module *mod, unsigned long ip, unsigned long addr,
		    u32 *insn)
{
	if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS) &&
	    addr != FTRACE_ADDR && addr != FTRACE_REGS_ADDR &&
	    !in_bl_range(ip, addr))
		addr = FTRACE_REGS_ADDR;
	if (!in_bl_range(ip, addr)) {
		addr = module_plt(mod, ip, addr);
		if (!addr || !in_bl_range(ip, addr))
			return -EINVAL;
	}
	*insn = larch_insn_gen_bl(ip, addr);
	return 0;
}

/**
 * ftrace_init_nop - prepare a call site the compiler emitted
 * @mod: the module the site is in (NULL for vmlinux)
 * @rec: the site (the first of the function's two NOPs)
 *
 * Both NOPs must be there; the first becomes "move t0, ra".
 *
 * Return: 0, -EFAULT, -EINVAL (not the NOPs) or -EPERM.
 */
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	u32 nop = larch_insn_gen_nop();
	int err = expect_insn(call_ip(rec), nop);

	if (err)
		return err;
	return replace_insn(rec->ip, nop,
			    larch_insn_gen_move(LOONGARCH_GPR_T0,
						LOONGARCH_GPR_RA));
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

	err = gen_call(mod, call_ip(rec), addr, &old);
	if (err)
		return err;
	return replace_insn(call_ip(rec), old, larch_insn_gen_nop());
}

/**
 * ftrace_make_call - turn a NOP site into a call
 * @rec: the site
 * @addr: the trampoline to call
 *
 * Return: 0, -EFAULT, -EINVAL (no NOP there, or @addr out of reach) or
 * -EPERM.
 */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	u32 new;
	int err;

	err = gen_call(NULL, call_ip(rec), addr, &new);
	if (err)
		return err;
	return replace_insn(call_ip(rec), larch_insn_gen_nop(), new);
}

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

	err = gen_call(NULL, call_ip(rec), old_addr, &old);
	if (!err)
		err = gen_call(NULL, call_ip(rec), addr, &new);
	if (err)
		return err;
	if (old == new)
		return 0;
	return replace_insn(call_ip(rec), old, new);
}

/**
 * ftrace_update_ftrace_func - the callback the entry code calls
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
 * Return: true inside ftrace_regs_caller or ftrace_caller (one after the
 * other in mcount_dyn.S): the frame above is the traced function's.
 */
bool arch_ftrace_entry_text(unsigned long addr)
{
	return addr >= (unsigned long)ftrace_regs_caller &&
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
 * The function returns to regs[1] (ra when the entry code goes on): the
 * graph core pushes a frame for the user, keyed by &regs[1], which is
 * where the unwinders look for it (asm/unwind.h, GRAPH_FAKE_OFFSET).
 */
void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct pt_regs *regs = &arch_ftrace_regs(fregs)->regs;
	unsigned long *retp = &regs->regs[1];

	if (!fgraph_enter_ops(container_of(op, struct fgraph_ops, ops), ip,
			      *retp, retp, fregs))
		*retp = (unsigned long)return_to_handler;
}
#endif

#ifdef CONFIG_KPROBES_ON_FTRACE
/*
 * Run @p at the site @ip: the pre-handler with csr_era at the probe; if
 * it did not take over (returning non-zero, csr_era set by itself), the
 * post-handler with csr_era past the site, then csr_era back where the
 * function goes on (another ops, such as a live patch, may have moved it).
 */
static void run_site_probe(struct kprobe *p, struct pt_regs *regs,
			   unsigned long ip)
{
	unsigned long goes_on = instruction_pointer(regs);
	struct kprobe_ctlblk *kcb = get_kprobe_ctlblk();
	bool took_over;

	__this_cpu_write(current_kprobe, p);
	kcb->kprobe_status = KPROBE_HIT_ACTIVE;
	instruction_pointer_set(regs, ip);
	took_over = p->pre_handler && p->pre_handler(p, regs);
	if (!took_over) {
		instruction_pointer_set(regs, ip + FTRACE_SITE_RETURN_OFFSET);
		kcb->kprobe_status = KPROBE_HIT_SSDONE;
		if (p->post_handler)
			p->post_handler(p, regs, 0);
		instruction_pointer_set(regs, goes_on);
	}
	__this_cpu_write(current_kprobe, NULL);
}
NOKPROBE_SYMBOL(run_site_probe);

/**
 * kprobe_ftrace_handler - the ftrace_ops function of kprobes on sites
 * @ip: the site, which is the probe's address
 * @parent_ip: the traced function's caller
 * @ops: kprobes' ops
 * @fregs: the registers ftrace_regs_caller saved
 *
 * The probed "instruction" is the whole site.  A probe met while another
 * runs on this CPU is counted as missed.
 */
void kprobe_ftrace_handler(unsigned long ip, unsigned long parent_ip,
			   struct ftrace_ops *ops, struct ftrace_regs *fregs)
{
	struct pt_regs *regs;
	struct kprobe *p;
	int bit;

	if (unlikely(kprobe_ftrace_disabled))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	regs = ftrace_get_regs(fregs);
	p = get_kprobe((kprobe_opcode_t *)ip);
	if (regs && p && !kprobe_disabled(p)) {
		if (kprobe_running())
			kprobes_inc_nmissed_count(p);
		else
			run_site_probe(p, regs, ip);
	}
	ftrace_test_recursion_unlock(bit);
}
NOKPROBE_SYMBOL(kprobe_ftrace_handler);

/**
 * arch_prepare_kprobe_ftrace - a kprobe on a function-tracing site
 * @p: the probe
 *
 * Nothing is copied or single-stepped: kprobe_ftrace_handler() runs it.
 *
 * Return: 0.
 */
int arch_prepare_kprobe_ftrace(struct kprobe *p)
{
	p->ainsn.insn = NULL;
	return 0;
}
#endif /* CONFIG_KPROBES_ON_FTRACE */
