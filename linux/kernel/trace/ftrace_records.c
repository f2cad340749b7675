// SPDX-License-Identifier: GPL-2.0
/*
 * Call-site records: one struct dyn_ftrace per "call __fentry__" the
 * build recorded in __mcount_loc, for vmlinux and for each module.
 *
 * ftrace_init() turns every site of vmlinux into a NOP at boot, and
 * ftrace_module_init() those of a module before its text turns
 * read-only.  ftrace_apply_records() then makes each site a call exactly
 * while some registered ftrace_ops wants its function.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/bsearch.h>
#include <linux/ftrace_site_ops.h>
#include <linux/kallsyms.h>
#include <linux/memory.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/xarray.h>
#include <asm/sections.h>

#include "ftrace_init_names.h"
#include "ftrace_internal.h"

/* Serialises records, ftrace_ops registration and every site change. */
DEFINE_MUTEX(ftrace_lock);

/* A site held unexpected bytes: nothing is patched any more. */
bool ftrace_disabled;

/* Groups of records, vmlinux first; RCU for ftrace_location(). */
LIST_HEAD(ftrace_groups);

/*
 * Sites that call a trampoline of their own (a direct one, or an ops'
 * copy of ftrace_caller or ftrace_regs_caller): ip -> ~trampoline, as a
 * value entry.
 */
static DEFINE_XARRAY(site_targets);

#define FL_OWN_TARGET	(FTRACE_FL_DIRECT_EN | FTRACE_FL_TRAMP_EN)

static int rec_cmp(const void *a, const void *b)
{
	const struct dyn_ftrace *x = a, *y = b;

	if (x->ip == y->ip)
		return 0;
	return x->ip < y->ip ? -1 : 1;
}

/* Records for the sites in [start, end), sorted, without 0 or duplicates. */
static struct ftrace_rec_group *group_alloc(struct module *mod,
					    unsigned long *start,
					    unsigned long *end)
{
	struct ftrace_rec_group *grp;
	unsigned long *p, ip;
	bool sorted = true;
	unsigned int n = 0, i, k;

	grp = kvzalloc(struct_size(grp, recs, end - start), GFP_KERNEL);
	if (!grp)
		return NULL;
	grp->mod = mod;
	for (p = start; p < end; p++) {
		ip = ftrace_call_adjust(*p);
		if (!ip)
			continue;
		if (n && ip < grp->recs[n - 1].ip)
			sorted = false;
		grp->recs[n++].ip = ip;
	}
	if (!sorted)
		sort(grp->recs, n, sizeof(grp->recs[0]), rec_cmp, NULL);
	for (i = 0, k = 0; i < n; i++) {
		if (k && grp->recs[k - 1].ip == grp->recs[i].ip)
			continue;
		grp->recs[k++] = grp->recs[i];
	}
	grp->count = k;
	return grp;
}

/**
 * ftrace_bug - report a site that could not be changed, stop tracing
 * @err: what the arch code returned
 * @rec: the site
 *
 * Function tracing is disabled for good: patching on after bytes we did
 * not expect could corrupt the kernel's code.
 */
void ftrace_bug(int err, struct dyn_ftrace *rec)
{
	u8 cur[MCOUNT_INSN_SIZE] = { };

	ftrace_disabled = true;
	if (copy_from_kernel_nofault(cur, (void *)rec->ip, sizeof(cur)))
		err = -EFAULT;
	pr_err("cannot patch %pS (%s, bytes %*ph): function tracing disabled\n",
	       (void *)rec->ip,
	       err == -EFAULT ? "unreadable" :
	       err == -EINVAL ? "unexpected instruction" : "failed",
	       (int)sizeof(cur), cur);
	ftrace_kill();
}

/* Turn every site of a new group into the NOP. */
static int group_make_nops(struct ftrace_rec_group *grp)
{
	struct dyn_ftrace *rec;
	int err;

	for (rec = grp->recs; rec < grp->recs + grp->count; rec++) {
		/* What the compiler put there: the arch knows. */
		err = ftrace_init_nop(grp->mod, rec);
		if (err) {
			ftrace_bug(err, rec);
			return err;
		}
	}
	return 0;
}

/**
 * ftrace_dyn_arch_init - architecture set-up before the first site
 *
 * Called once by ftrace_init(), before any site is read or written.  An
 * architecture overrides it when its patching needs something prepared
 * first; the default has nothing to do.
 *
 * Return: 0, or an error that leaves function tracing disabled.
 */
int __init __weak ftrace_dyn_arch_init(void)
{
	return 0;
}

/**
 * ftrace_init - make the call sites of vmlinux NOPs
 *
 * Called by start_kernel() while one CPU runs with interrupts off, before
 * early_trace_init().
 */
void __init ftrace_init(void)
{
	struct ftrace_rec_group *grp;
	unsigned long n = __stop_mcount_loc - __start_mcount_loc;

	if (!n) {
		pr_info("no call sites recorded: function tracing disabled\n");
		ftrace_disabled = true;
		return;
	}
	pr_info("converting %lu call sites to NOPs\n", n);
	if (ftrace_dyn_arch_init())
		goto fail;
	grp = group_alloc(NULL, __start_mcount_loc, __stop_mcount_loc);
	if (!grp)
		goto fail;
	if (group_make_nops(grp)) {
		kvfree(grp);
		return;
	}
	grp->live = true;
	list_add_rcu(&grp->list, &ftrace_groups);
	pr_info("%u call sites ready\n", grp->count);
	return;
fail:
	pr_err("no memory for call-site records: function tracing disabled\n");
	ftrace_disabled = true;
}

static struct ftrace_rec_group *group_of(struct module *mod)
{
	struct ftrace_rec_group *grp;

	list_for_each_entry(grp, &ftrace_groups, list)
		if (grp->mod == mod)
			return grp;
	return NULL;
}

/**
 * ftrace_module_init - make a new module's call sites NOPs
 * @mod: the module, not formed yet: its text is still writable
 *
 * The records stay out of use until ftrace_module_enable().
 */
void ftrace_module_init(struct module *mod)
{
	struct ftrace_rec_group *grp;

	if (ftrace_disabled || !mod->num_ftrace_callsites)
		return;
	grp = group_alloc(mod, mod->ftrace_callsites,
			  mod->ftrace_callsites + mod->num_ftrace_callsites);
	if (!grp) {
		pr_warn("%s: no memory for call-site records: not traceable\n",
			mod->name);
		return;
	}
	mutex_lock(&ftrace_lock);
	if (ftrace_disabled || group_make_nops(grp)) {
		mutex_unlock(&ftrace_lock);
		kvfree(grp);
		return;
	}
	list_add_tail_rcu(&grp->list, &ftrace_groups);
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_module_enable - let a formed module's functions be traced
 * @mod: the module, about to run its init function
 *
 * Its sites that current ftrace_ops want become calls now.
 */
void ftrace_module_enable(struct module *mod)
{
	struct ftrace_rec_group *grp;

	mutex_lock(&ftrace_lock);
	grp = group_of(mod);
	if (grp && !ftrace_disabled) {
		grp->live = true;
		ftrace_mod_pending_apply(mod);
		ftrace_apply_records(grp);
	}
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_release_mod - forget a module's call sites
 * @mod: the module, going away (or failing to load)
 */
void ftrace_release_mod(struct module *mod)
{
	struct ftrace_rec_group *grp;
	struct dyn_ftrace *rec;

	mutex_lock(&ftrace_lock);
	ftrace_init_names_release(mod);
	grp = group_of(mod);
	if (grp) {
		list_del_rcu(&grp->list);
		ftrace_ops_forget_module(grp);
		for (rec = grp->recs; rec < grp->recs + grp->count; rec++)
			if (rec->flags & FL_OWN_TARGET)
				xa_erase(&site_targets, rec->ip);
	}
	mutex_unlock(&ftrace_lock);
	if (grp) {
		synchronize_rcu();
		kvfree(grp);
	}
}

/**
 * ftrace_free_mem - forget the sites in code that is being freed
 * @mod: the module the code belongs to (NULL for vmlinux)
 * @start: start of the code
 * @end: its end
 *
 * A module's init functions keep their names (ftrace_init_names.c) for
 * the traces that show them, until the module goes.
 */
void ftrace_free_mem(struct module *mod, void *start, void *end)
{
	struct ftrace_rec_group *grp;
	struct dyn_ftrace *rec;

	mutex_lock(&ftrace_lock);
	grp = group_of(mod);
	if (grp) {
		if (mod)
			ftrace_init_names_save(grp, (unsigned long)start,
					       (unsigned long)end);
		for (rec = grp->recs; rec < grp->recs + grp->count; rec++) {
			if (rec->ip >= (unsigned long)start &&
			    rec->ip < (unsigned long)end)
				rec->flags = FTRACE_FL_DISABLED;
		}
	}
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_free_init_mem - forget the sites in vmlinux's __init code
 *
 * Called by kernel_init() before it frees that code.
 */
void __ref ftrace_free_init_mem(void)
{
	ftrace_boot_snapshot();
	ftrace_free_mem(NULL, __init_begin, __init_end);
}

static struct dyn_ftrace *group_find(struct ftrace_rec_group *grp,
				     unsigned long start, unsigned long end)
{
	unsigned int lo = 0, hi = grp->count, mid;

	/* The first record at or after start. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (grp->recs[mid].ip < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < grp->count && grp->recs[lo].ip <= end &&
	    !(grp->recs[lo].flags & FTRACE_FL_DISABLED))
		return &grp->recs[lo];
	return NULL;
}

/*
 * The first record in [@start, @end] of any group (of live ones only if
 * @live_only).  Groups may overlap: a module unloaded and loaded again
 * at the same place has its old group listed until it is freed.  Under
 * RCU or ftrace_lock.
 */
static struct dyn_ftrace *find_rec(unsigned long start, unsigned long end,
				   bool live_only)
{
	struct ftrace_rec_group *grp;
	struct dyn_ftrace *rec;

	list_for_each_entry_rcu(grp, &ftrace_groups, list,
				lockdep_is_held(&ftrace_lock)) {
		if ((live_only && !grp->live) || !grp->count ||
		    grp->recs[0].ip > end || grp->recs[grp->count - 1].ip < start)
			continue;
		rec = group_find(grp, start, end);
		if (rec)
			return rec;
	}
	return NULL;
}

static struct dyn_ftrace *lookup_range(unsigned long start, unsigned long end)
{
	return find_rec(start, end, false);
}

/**
 * ftrace_location_range - the first call site in a range of addresses
 * @start: first address
 * @end: last address
 *
 * Return: the site's address, or 0.
 */
unsigned long ftrace_location_range(unsigned long start, unsigned long end)
{
	struct dyn_ftrace *rec;
	unsigned long ip = 0;

	rcu_read_lock();
	rec = lookup_range(start, end);
	if (rec)
		ip = rec->ip;
	rcu_read_unlock();
	return ip;
}

/**
 * ftrace_location - the call site of a function
 * @ip: the site itself, or the function's first byte
 *
 * Return: the site's address, or 0 if @ip is neither.
 */
unsigned long ftrace_location(unsigned long ip)
{
	unsigned long size, offset, loc;

	loc = ftrace_location_range(ip, ip);
	if (loc)
		return loc;
	if (!kallsyms_lookup_size_offset(ip, &size, &offset) || offset)
		return 0;
	return ftrace_location_range(ip, ip + min_t(unsigned long, size,
				     FTRACE_MCOUNT_MAX_OFFSET + 1) - 1);
}

/**
 * ftrace_text_reserved - whether a range of code holds a call site
 * @start: first byte
 * @end: last byte
 *
 * Return: 1 if it does (others must not patch it), else 0.
 */
int ftrace_text_reserved(const void *start, const void *end)
{
	return ftrace_location_range((unsigned long)start,
				     (unsigned long)end) != 0;
}

/**
 * ftrace_rec_name - the function a call site belongs to
 * @rec: the site
 * @buf: KSYM_NAME_LEN bytes for the name
 * @modname: set to the module's name, or NULL for vmlinux
 *
 * Return: @buf, or NULL when the site is not at the start of a known
 * function (the leftover of a weak function another one replaced).
 */
const char *ftrace_rec_name(struct dyn_ftrace *rec, char *buf,
			    const char **modname)
{
	unsigned long size, offset;
	char *mod = NULL;

	if (!kallsyms_lookup(rec->ip, &size, &offset, &mod, buf))
		return NULL;
	if (offset > FTRACE_MCOUNT_MAX_OFFSET)
		return NULL;
	*modname = mod;
	return buf;
}

/* What @rec calls now: 0 for the NOP. */
static unsigned long rec_target(struct dyn_ftrace *rec)
{
	if (!(rec->flags & FTRACE_FL_ENABLED))
		return 0;
	if (rec->flags & FL_OWN_TARGET)
		return ~xa_to_value(xa_load(&site_targets, rec->ip));
	if (rec->flags & FTRACE_FL_REGS_EN)
		return FTRACE_REGS_ADDR;
	return FTRACE_ADDR;
}

/*
 * Make @rec call @target (0: the NOP); it calls @cur now.  @own is
 * FTRACE_FL_DIRECT_EN or FTRACE_FL_TRAMP_EN when @target is a trampoline
 * of the site's own.
 */
static int rec_retarget(struct dyn_ftrace *rec, unsigned long cur,
			unsigned long target, unsigned long own)
{
	bool had_own = rec->flags & FL_OWN_TARGET;
	int err;

	if (own) {
		/* Kernel addresses have the top bit set: ~addr fits a value. */
		err = xa_err(xa_store(&site_targets, rec->ip,
				      xa_mk_value(~target), GFP_KERNEL));
		if (err)
			return err;
	}
	if (!cur)
		err = ftrace_make_call(rec, target);
	else if (!target)
		err = ftrace_make_nop(NULL, rec, cur);
	else
		err = ftrace_modify_call(rec, cur, target);
	if (err)
		return err;
	if (had_own && !own)
		xa_erase(&site_targets, rec->ip);
	rec->flags &= ~(FTRACE_FL_ENABLED | FTRACE_FL_REGS_EN | FL_OWN_TARGET);
	if (target)
		rec->flags |= FTRACE_FL_ENABLED | FTRACE_FL_TOUCHED;
	if (own)
		rec->flags |= own;
	else if (target == FTRACE_REGS_ADDR)
		rec->flags |= FTRACE_FL_REGS_EN;
	return 0;
}

/* What a site with users @u should call (0: the NOP), and whose it is. */
static unsigned long users_target(const struct ftrace_ip_users *u,
				  unsigned long *own)
{
	*own = 0;
	if (!u->count)
		return 0;
	if (u->direct) {
		*own = FTRACE_FL_DIRECT_EN;
		return u->direct;
	}
	if (u->only && u->only->trampoline) {
		*own = FTRACE_FL_TRAMP_EN;
		return u->only->trampoline;
	}
	/* Only ftrace_regs_caller leaves through a changed regs->ip. */
	if (u->flags & (FTRACE_FL_REGS | FTRACE_FL_IPMODIFY))
		return FTRACE_REGS_ADDR;
	return FTRACE_ADDR;
}

#define REC_USER_FLAGS	(FTRACE_REF_MAX | FTRACE_FL_REGS | \
			 FTRACE_FL_IPMODIFY | FTRACE_FL_DIRECT)

/* What one pass over the records carries from site to site. */
struct apply_state {
	bool		batch;
	unsigned int	changed;
};

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/*
 * The ops the entry code calls from a site with users @u: the only one
 * if its function may be called as it is (it asked for no recursion
 * protection or RCU check, which the list function adds), else the
 * list's.
 */
static const struct ftrace_ops *users_ops(const struct ftrace_ip_users *u)
{
	if (u->count == 1 && u->only &&
	    ftrace_ops_get_func(u->only) == u->only->func)
		return u->only;
	return &ftrace_list_ops;
}

static int site_set_ops(struct dyn_ftrace *rec,
			const struct ftrace_ip_users *u, unsigned long target)
{
	return ftrace_site_set_ops(rec, target ? users_ops(u) : &ftrace_nop_ops);
}
#else
static int site_set_ops(struct dyn_ftrace *rec,
			const struct ftrace_ip_users *u, unsigned long target)
{
	return 0;
}
#endif

/* Make one site a call or a NOP as its users want. */
static int apply_one(struct dyn_ftrace *rec, struct apply_state *st)
{
	struct ftrace_ip_users u;
	unsigned long cur, target, own;
	int err;

	if (rec->flags & FTRACE_FL_DISABLED)
		return 0;
	if (ftrace_enabled)
		ftrace_ops_users(rec->ip, &u);
	else
		memset(&u, 0, sizeof(u));
	rec->flags &= ~REC_USER_FLAGS;
	rec->flags |= u.flags | min_t(unsigned int, u.count, FTRACE_REF_MAX);
	if (u.flags & (FTRACE_FL_IPMODIFY | FTRACE_FL_DIRECT))
		rec->flags |= FTRACE_FL_MODIFIED;
	cur = rec_target(rec);
	target = users_target(&u, &own);
	/* A call finds its ops there already; a NOP drops it after. */
	if (target) {
		err = site_set_ops(rec, &u, target);
		if (err)
			return err;
	}
	if (cur == target)
		return 0;
	err = rec_retarget(rec, cur, target, own);
	if (!err && !target)
		err = site_set_ops(rec, &u, target);
	if (!err && st->batch && !(++st->changed % 1024))
		cond_resched();
	return err;
}

/**
 * ftrace_arch_code_modify_prepare - start a batch of site changes
 *
 * Called with ftrace_lock held before ftrace_apply_records() or
 * ftrace_apply_hashes() changes the sites of a running kernel (early in
 * boot one CPU runs and nothing is batched).  The default takes
 * text_mutex, which serialises the changes with the kernel's other text
 * patchers (kprobes, jump labels): all an architecture needs when every
 * site is one instruction that other CPUs run either way, old or new,
 * while it is written.  One that batches its writes (x86 queues them for
 * the int3 protocol) overrides this and
 * ftrace_arch_code_modify_post_process() together.
 */
void __weak ftrace_arch_code_modify_prepare(void)
	__acquires(&text_mutex)
{
	mutex_lock(&text_mutex);
}

/**
 * ftrace_arch_code_modify_post_process - finish a batch of site changes
 *
 * The default releases text_mutex: each site was complete once written.
 * An architecture that queued its writes flushes them here and waits
 * until every CPU runs the new code.
 */
void __weak ftrace_arch_code_modify_post_process(void)
	__releases(&text_mutex)
{
	mutex_unlock(&text_mutex);
}

/* End a pass: flush the batch; a site that failed stops function tracing. */
static int apply_done(struct apply_state *st, int err, struct dyn_ftrace *rec)
{
	if (st->batch)
		ftrace_arch_code_modify_post_process();
	if (err)
		ftrace_bug(err, rec);
	return err;
}

/**
 * ftrace_apply_records - make sites calls or NOPs as the ftrace_ops want
 * @only: the group to update, or NULL for all
 *
 * Each record's count becomes the number of registered ftrace_ops that
 * trace its function.  A site with none is the NOP; one whose only user
 * is a direct ops calls that ops' trampoline, and one whose only user has
 * a trampoline of its own (arch_ftrace_update_trampoline()) calls that;
 * one that an ops needing pt_regs, IPMODIFY or a direct call traces calls
 * ftrace_regs_caller; any other calls ftrace_caller.  Call with
 * ftrace_lock held.
 *
 * Return: 0, or the error that disabled function tracing.
 */
int ftrace_apply_records(struct ftrace_rec_group *only)
{
	struct ftrace_rec_group *grp;
	struct dyn_ftrace *rec = NULL;
	struct apply_state st = { .batch = system_state != SYSTEM_BOOTING };
	int err = 0;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_disabled)
		return -ENODEV;
	if (st.batch)
		ftrace_arch_code_modify_prepare();
	list_for_each_entry(grp, &ftrace_groups, list) {
		if ((only && grp != only) || !grp->live)
			continue;
		for (rec = grp->recs; rec < grp->recs + grp->count; rec++) {
			err = apply_one(rec, &st);
			if (err)
				goto out;
		}
	}
out:
	return apply_done(&st, err, rec);
}

/* The live, enabled record of the site at @ip, or NULL. */
static struct dyn_ftrace *live_rec(unsigned long ip)
{
	return find_rec(ip, ip, true);
}

/**
 * ftrace_apply_hashes - ftrace_apply_records() for the sites of two sets
 * @a: addresses whose sites may change (NULL or empty for none)
 * @b: more of them
 *
 * An ops that names its functions changes only those sites when it is
 * registered, unregistered or refiltered: the work is in proportion to
 * them, not to every site times every ops.  Call with ftrace_lock held.
 *
 * Return: as ftrace_apply_records().
 */
int ftrace_apply_hashes(const struct ftrace_hash *a,
			const struct ftrace_hash *b)
{
	const struct ftrace_hash *sets[] = { a, b };
	struct apply_state st = { .batch = system_state != SYSTEM_BOOTING };
	struct dyn_ftrace *rec = NULL;
	unsigned long ip;
	unsigned int i;
	int s, err = 0;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_disabled)
		return -ENODEV;
	if (st.batch)
		ftrace_arch_code_modify_prepare();
	for (s = 0; s < ARRAY_SIZE(sets); s++) {
		ftrace_hash_for_each(sets[s], i, ip) {
			rec = live_rec(ip);
			if (!rec)
				continue;
			err = apply_one(rec, &st);
			if (err)
				goto out;
		}
	}
out:
	return apply_done(&st, err, rec);
}

/**
 * is_ftrace_trampoline - whether an address is in an ops' own trampoline
 * @addr: the address
 *
 * For the unwinders: such code is kernel text.  Safe in any context.
 *
 * Return: true if it is.
 */
bool is_ftrace_trampoline(unsigned long addr)
{
	return ftrace_ops_trampoline(addr) != NULL;
}

#ifdef CONFIG_MODULES
static char tramp_modname[] = FTRACE_TRAMPOLINE_MOD;

/**
 * ftrace_mod_address_lookup - name an address kallsyms does not know
 * @addr: the address
 * @size: set to the size of what holds it
 * @off: set to the offset in it
 * @modname: set to "__builtin__ftrace", or a module's name
 * @modbuildid: set to NULL
 * @sym: KSYM_NAME_LEN bytes for the name
 *
 * An ops' own trampoline is "ftrace_trampoline"; a module's init
 * function, once its text is freed, has the name it had.
 *
 * Return: the length of the name if @addr is in either, else 0.
 */
int ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
			      unsigned long *off, char **modname,
			      const unsigned char **modbuildid, char *sym)
{
	struct ftrace_ops *ops;
	int found = 0;

	/* Unregistration waits for preemption-disabled walkers. */
	preempt_disable();
	ops = ftrace_ops_trampoline(addr);
	if (ops) {
		if (size)
			*size = ops->trampoline_size;
		if (off)
			*off = addr - ops->trampoline;
		if (modname)
			*modname = tramp_modname;
		if (modbuildid)
			*modbuildid = NULL;
		found = strscpy(sym, FTRACE_TRAMPOLINE_SYM, KSYM_NAME_LEN);
	}
	preempt_enable();
	if (found)
		return found;
	found = ftrace_init_names_lookup(addr, size, off, modname, sym);
	if (found && modbuildid)
		*modbuildid = NULL;
	return found;
}
#endif

/**
 * ftrace_mod_get_kallsym - list ftrace's own symbols in /proc/kallsyms
 * @symnum: index of the symbol among them
 * @value: its address
 * @type: its type
 * @name: its name
 * @module_name: its module's name
 * @exported: whether it counts as global
 *
 * First the init functions of loaded modules whose init text is freed
 * (ftrace_init_names_symbol()), then the ops' own trampolines, as 't'
 * "ftrace_trampoline" of "__builtin__ftrace".
 *
 * Return: 0, or -ERANGE past the last.
 */
int ftrace_mod_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *name, char *module_name,
			   int *exported)
{
	unsigned long addr;

	if (!ftrace_init_names_symbol(&symnum, value, type, name,
				      module_name, exported))
		return 0;
	addr = ftrace_ops_nth_trampoline(symnum);
	if (!addr)
		return -ERANGE;
	*value = addr;
	*type = 't';
	*exported = 0;
	strscpy(name, FTRACE_TRAMPOLINE_SYM, KSYM_NAME_LEN);
	strscpy(module_name, FTRACE_TRAMPOLINE_MOD, MODULE_NAME_LEN);
	return 0;
}
