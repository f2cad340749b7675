// SPDX-License-Identifier: GPL-2.0
/*
 * Names for a module's init functions after their text is freed.
 *
 * Init functions run once, while their module loads, and their text is
 * freed right after: a trace taken during the load would then show bare
 * addresses where it showed the functions.  So before that text goes,
 * ftrace_free_mem() has the functions with a call site in it named here,
 * one table per module.  kallsyms asks ftrace_mod_address_lookup() and
 * ftrace_mod_get_kallsym() about addresses nobody else knows, and they
 * ask the tables.  A module's table goes when the module does.
 *
 * Tables are added and removed under ftrace_lock, never changed in
 * between, and read under RCU from any context: trace output, printk's
 * %ps, a backtrace in an NMI.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/kallsyms.h>
#include <linux/limits.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/overflow.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ftrace_internal.h"
#include "ftrace_init_names.h"

/* Functions named per module at most; any more stay unnamed. */
#define INIT_NAMES_MAX	4096

/**
 * struct init_fn - one init function
 * @addr:	its first byte
 * @size:	its length in bytes
 * @name:	where its name starts in the table's @names
 */
struct init_fn {
	unsigned long	addr;
	unsigned int	size;
	unsigned int	name;
};

/**
 * struct init_names - the named init functions of one module
 * @list:	in init_tables
 * @rcu:	frees the table once no lookup can be reading it
 * @mod:	the module: compared, never followed
 * @start:	first byte of the init text the functions were in
 * @end:	the byte after it
 * @count:	entries in @fn
 * @names:	their NUL-terminated names, one after the other, after @fn
 * @modname:	the module's name, which lookups hand out
 * @fn:	the functions, by address
 */
struct init_names {
	struct list_head	list;
	struct rcu_head		rcu;
	const struct module	*mod;
	unsigned long		start;
	unsigned long		end;
	unsigned int		count;
	char			*names;
	char			modname[MODULE_NAME_LEN];
	struct init_fn		fn[];
};

static LIST_HEAD(init_tables);

static struct init_names *table_of(const struct module *mod)
{
	struct init_names *t;

	list_for_each_entry(t, &init_tables, list)
		if (t->mod == mod)
			return t;
	return NULL;
}

/*
 * The function whose call site is at @ip, when it lies whole in
 * [@start, @end): its name into @buf, its first byte and length.
 */
static bool site_function(unsigned long ip, unsigned long start,
			  unsigned long end, char *buf, unsigned long *addr,
			  unsigned long *size)
{
	unsigned long off;
	char *modname;

	if (!kallsyms_lookup(ip, size, &off, &modname, buf))
		return false;
	if (off > FTRACE_MCOUNT_MAX_OFFSET || !*size || *size > UINT_MAX)
		return false;
	*addr = ip - off;
	return *addr >= start && *addr < end && *size <= end - *addr;
}

/*
 * The functions of @grp's sites in [@start, @end), in address order, at
 * most INIT_NAMES_MAX.  Without @t, only count them and the bytes their
 * names take (into *@chars); with it, fill its entries and names, which
 * have room for t->count of them and *@chars bytes.
 *
 * Return: how many there are, or how many were filled.
 */
static unsigned int collect(const struct ftrace_rec_group *grp,
			    unsigned long start, unsigned long end, char *buf,
			    struct init_names *t, size_t *chars)
{
	const struct dyn_ftrace *rec;
	unsigned long addr, size, last = 0;
	unsigned int n = 0;
	size_t len, used = 0;

	for (rec = grp->recs; rec < grp->recs + grp->count; rec++) {
		if (rec->ip < start)
			continue;
		if (rec->ip >= end || n == INIT_NAMES_MAX)
			break;
		/* addr >= start > 0: the first function is never skipped. */
		if (!site_function(rec->ip, start, end, buf, &addr, &size) ||
		    addr <= last)
			continue;
		len = strlen(buf) + 1;
		if (t) {
			if (n == t->count || len > *chars - used)
				break;
			t->fn[n].addr = addr;
			t->fn[n].size = size;
			t->fn[n].name = used;
			memcpy(t->names + used, buf, len);
		}
		last = addr;
		used += len;
		n++;
	}
	*chars = used;
	return n;
}

/**
 * ftrace_init_names_save - name a module's init functions before they go
 * @grp: the module's call-site records
 * @start: first byte of its init text, still there and in its kallsyms
 * @end: the byte after it
 *
 * Called by ftrace_free_mem() with ftrace_lock held.  Without memory the
 * functions simply stay unnamed.
 */
void ftrace_init_names_save(const struct ftrace_rec_group *grp,
			    unsigned long start, unsigned long end)
{
	struct init_names *t;
	unsigned int count;
	size_t chars;
	char *buf;

	lockdep_assert_held(&ftrace_lock);
	if (!grp->mod || table_of(grp->mod))
		return;
	buf = kmalloc(KSYM_NAME_LEN, GFP_KERNEL);
	if (!buf)
		return;
	/* The module's kallsyms cannot change between the two walks. */
	count = collect(grp, start, end, buf, NULL, &chars);
	if (!count)
		goto out;
	t = kvzalloc(size_add(struct_size(t, fn, count), chars), GFP_KERNEL);
	if (!t) {
		pr_warn("%s: no memory to name its init functions\n",
			grp->mod->name);
		goto out;
	}
	t->count = count;
	t->names = (char *)&t->fn[count];
	t->count = collect(grp, start, end, buf, t, &chars);
	t->mod = grp->mod;
	t->start = start;
	t->end = end;
	strscpy(t->modname, grp->mod->name, sizeof(t->modname));
	list_add_tail_rcu(&t->list, &init_tables);
out:
	kfree(buf);
}

/**
 * ftrace_init_names_release - forget a module's init functions
 * @mod: the module, going away
 *
 * Called by ftrace_release_mod() with ftrace_lock held.  Lookups still
 * reading the table finish before it is freed.
 */
void ftrace_init_names_release(struct module *mod)
{
	struct init_names *t;

	lockdep_assert_held(&ftrace_lock);
	t = table_of(mod);
	if (!t)
		return;
	list_del_rcu(&t->list);
	kvfree_rcu(t, rcu);
}

/* The entry of @t whose function holds @addr, or NULL. */
static const struct init_fn *find_fn(const struct init_names *t,
				     unsigned long addr)
{
	unsigned int lo = 0, hi = t->count, mid;
	const struct init_fn *f;

	/* The first entry past @addr; the one before may hold it. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->fn[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	f = &t->fn[lo - 1];
	return addr - f->addr < f->size ? f : NULL;
}

/**
 * ftrace_init_names_lookup - name an address in a freed init function
 * @addr: the address
 * @size: set to the function's length, if not NULL
 * @off: set to @addr's offset in it, if not NULL
 * @modname: set to its module's name, if not NULL
 * @sym: KSYM_NAME_LEN bytes for its name
 *
 * Safe in any context.  The module's name stays valid while the module
 * is loaded.
 *
 * Return: the length of the name, or 0 if no saved function holds @addr.
 */
int ftrace_init_names_lookup(unsigned long addr, unsigned long *size,
			     unsigned long *off, char **modname, char *sym)
{
	struct init_names *t;
	const struct init_fn *f;
	ssize_t len = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(t, &init_tables, list) {
		if (addr < t->start || addr >= t->end)
			continue;
		f = find_fn(t, addr);
		if (!f)
			continue;
		if (size)
			*size = f->size;
		if (off)
			*off = addr - f->addr;
		if (modname)
			*modname = t->modname;
		len = strscpy(sym, t->names + f->name, KSYM_NAME_LEN);
		break;
	}
	rcu_read_unlock();
	return len > 0 ? len : 0;
}

/**
 * ftrace_init_names_symbol - list the saved functions in /proc/kallsyms
 * @n: index among them; past the last, less their number
 * @value: set to the function's address
 * @type: set to 'T'
 * @name: KSYM_NAME_LEN bytes for its name
 * @module_name: MODULE_NAME_LEN bytes for its module's name
 * @exported: set to 1
 *
 * /proc/kallsyms has always shown these as global text, "T".
 *
 * Return: 0, or -ERANGE past the last, with @n reduced so that it
 * indexes whatever ftrace_mod_get_kallsym() lists next.
 */
int ftrace_init_names_symbol(unsigned int *n, unsigned long *value,
			     char *type, char *name, char *module_name,
			     int *exported)
{
	struct init_names *t;
	const struct init_fn *f;
	int ret = -ERANGE;

	rcu_read_lock();
	list_for_each_entry_rcu(t, &init_tables, list) {
		if (*n >= t->count) {
			*n -= t->count;
			continue;
		}
		f = &t->fn[*n];
		*value = f->addr;
		*type = 'T';
		*exported = 1;
		strscpy(name, t->names + f->name, KSYM_NAME_LEN);
		strscpy(module_name, t->modname, MODULE_NAME_LEN);
		ret = 0;
		break;
	}
	rcu_read_unlock();
	return ret;
}
