/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Statistics files under trace_stat/ in the tracefs root (trace_stat.c).
 *
 * A source describes one table: how many entries it has now, how to copy
 * them, how to order them and how to print one.  Opening its file copies
 * and sorts the entries once; reading prints that private copy, so a
 * reader never walks the source's live data.
 */
#ifndef _KERNEL_TRACE_TRACE_STAT_H
#define _KERNEL_TRACE_TRACE_STAT_H

#include <linux/list.h>
#include <linux/types.h>

struct dentry;
struct seq_file;

/**
 * struct trace_stat_source - a table shown as trace_stat/<name>
 * @name:	the file's name; must stay valid while registered
 * @entry_size:	bytes of one entry in the copy the file keeps
 * @count:	how many entries a copy made now may hold (an upper bound
 *		is fine: the copy is sized by it)
 * @snapshot:	copy at most @max entries into @entries; returns how many
 *		it copied
 * @cmp:	order of the entries, as for sort(): negative if @a is shown
 *		before @b; NULL keeps the order @snapshot gave
 * @header:	print the lines above the entries (may be NULL)
 * @show:	print one entry of the copy, a whole line
 * @footer:	print the lines below the entries (may be NULL)
 * @private:	for the source's own use
 * @list:	owned by trace_stat.c: link in the registered sources
 * @dentry:	owned by trace_stat.c: the source's file
 *
 * Every callback runs under trace_stat.c's mutex and may sleep, but must
 * not register or unregister a source.  When trace_stat_unregister()
 * returns, none runs any more and none will be called again: files still
 * open read as -ENODEV.
 */
struct trace_stat_source {
	const char	*name;
	size_t		entry_size;
	unsigned int	(*count)(struct trace_stat_source *src);
	unsigned int	(*snapshot)(struct trace_stat_source *src,
				    void *entries, unsigned int max);
	int		(*cmp)(const void *a, const void *b);
	void		(*header)(struct seq_file *m,
				  struct trace_stat_source *src);
	void		(*show)(struct seq_file *m,
				struct trace_stat_source *src,
				const void *entry);
	void		(*footer)(struct seq_file *m,
				  struct trace_stat_source *src);
	void		*private;

	struct list_head	list;
	struct dentry		*dentry;
};

int trace_stat_register(struct trace_stat_source *src);
void trace_stat_unregister(struct trace_stat_source *src);

#endif /* _KERNEL_TRACE_TRACE_STAT_H */
