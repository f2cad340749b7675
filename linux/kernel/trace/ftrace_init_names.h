/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names of a module's init functions, kept after its init text is freed
 * so that traces taken while it loaded still name them
 * (ftrace_init_names.c).
 */
#ifndef _KERNEL_TRACE_FTRACE_INIT_NAMES_H
#define _KERNEL_TRACE_FTRACE_INIT_NAMES_H

#include <linux/errno.h>
#include <linux/types.h>

struct ftrace_rec_group;
struct module;

#ifdef CONFIG_MODULES
void ftrace_init_names_save(const struct ftrace_rec_group *grp,
			    unsigned long start, unsigned long end);
void ftrace_init_names_release(struct module *mod);
int ftrace_init_names_lookup(unsigned long addr, unsigned long *size,
			     unsigned long *off, char **modname, char *sym);
int ftrace_init_names_symbol(unsigned int *n, unsigned long *value,
			     char *type, char *name, char *module_name,
			     int *exported);
#else
static inline void ftrace_init_names_save(const struct ftrace_rec_group *grp,
					  unsigned long start,
					  unsigned long end)
{
}

static inline void ftrace_init_names_release(struct module *mod)
{
}

static inline int ftrace_init_names_symbol(unsigned int *n,
					   unsigned long *value, char *type,
					   char *name, char *module_name,
					   int *exported)
{
	return -ERANGE;
}
#endif

#endif /* _KERNEL_TRACE_FTRACE_INIT_NAMES_H */
