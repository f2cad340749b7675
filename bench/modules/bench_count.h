/* SPDX-License-Identifier: GPL-2.0 */
/* The count written to a benchmark module's run parameter. */
#ifndef _BENCH_COUNT_H
#define _BENCH_COUNT_H

#include <linux/kernel.h>

/* *@n from @val: a number from 1 to @max, else -EINVAL (or kstrtouint's). */
static inline int bench_count(const char *val, unsigned int max,
			      unsigned int *n)
{
	int ret = kstrtouint(val, 0, n);

	if (ret)
		return ret;
	return *n && *n <= max ? 0 : -EINVAL;
}

#endif /* _BENCH_COUNT_H */
