/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-site ops (DYNAMIC_FTRACE_WITH_CALL_OPS): the function-tracing core
 * tells the architecture which ftrace_ops the entry code calls from a
 * call site.  The rest of the interface is include/linux/ftrace.h.
 */
#ifndef _LINUX_FTRACE_SITE_OPS_H
#define _LINUX_FTRACE_SITE_OPS_H

#include <linux/ftrace.h>

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/**
 * ftrace_site_set_ops - the ops a call site's entry code calls
 * @rec: the site
 * @ops: the one ops that traces the function, &ftrace_list_ops, or
 *	 &ftrace_nop_ops while the site is a NOP
 *
 * Called by the core with ftrace_lock held, before the site becomes a
 * call (or changes whom it calls) and after it became a NOP.  A CPU
 * that reads the old ops meanwhile still finds it valid: the core
 * frees an ops only after every CPU left the entry code.
 *
 * Return: 0, or a negative errno (the site's ops could not be written).
 */
int ftrace_site_set_ops(struct dyn_ftrace *rec, const struct ftrace_ops *ops);
#endif

#endif /* _LINUX_FTRACE_SITE_OPS_H */
