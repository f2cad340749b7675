// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-target N: call bpf_target_fn(i) for i in 0..N-1, each call
 * followed by a one-byte write() to /dev/null, then exit.  The BPF
 * scenario counts these with uprobes, kprobes and tracepoints: every
 * count is known in advance (N calls, N writes, a return sum of
 * N * (N - 1)).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#define noinline __attribute__((noinline))

noinline int bpf_target_fn(int i)
{
	__asm__ volatile("" : : : "memory");
	return 2 * i;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1, fd, i;
	long sum = 0;

	fd = open("/dev/null", O_WRONLY);
	if (fd < 0)
		return 1;
	for (i = 0; i < n; i++) {
		sum += bpf_target_fn(i);
		if (write(fd, "x", 1) != 1)
			return 1;
	}
	close(fd);
	return sum == (long)n * (n - 1) ? 0 : 1;
}
