// SPDX-License-Identifier: GPL-2.0
/*
 * pg-target: a user program built with -pg, for uftrace in the guest
 * (dynamically linked: uftrace preloads its libmcount).
 */
#include <stdio.h>

static int __attribute__((noinline)) pg_leaf(int x)
{
	return x * 2;
}

int main(void)
{
	printf("%d\n", pg_leaf(21));
	return 0;
}
