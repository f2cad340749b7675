// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-target N: call bpf_target_fn(i) for i in 0..N-1, each call
 * followed by a one-byte write() to /dev/null, then bpf_target_end()
 * once, then exit.  The BPF scenario counts these with uprobes, kprobes
 * and tracepoints: every count is known in advance (N calls, N writes, a
 * return sum of N * (N - 1), one call of bpf_target_end()).
 *
 * bpf-target offsets: the file offsets of bpf_target_fn() and
 * bpf_target_end(), in hex, as uprobes want them.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define noinline __attribute__((noinline))

noinline int bpf_target_fn(int i)
{
	__asm__ volatile("" : : : "memory");
	return 2 * i;
}

noinline void bpf_target_end(void)
{
	__asm__ volatile("" : : : "memory");
}

/* The file offset of the code at @fn, from this process's mappings. */
static unsigned long file_offset(uintptr_t fn)
{
	unsigned long start, end, off;
	char line[512], perms[8];
	FILE *f = fopen("/proc/self/maps", "r");

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %7s %lx", &start, &end, perms,
			   &off) == 4 && fn >= start && fn < end) {
			fclose(f);
			return fn - start + off;
		}
	}
	if (f)
		fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	int n, fd, i;
	long sum = 0;

	if (argc > 1 && !strcmp(argv[1], "offsets")) {
		unsigned long a = file_offset((uintptr_t)bpf_target_fn);
		unsigned long b = file_offset((uintptr_t)bpf_target_end);

		if (!a || !b)
			return 1;
		printf("0x%lx 0x%lx\n", a, b);
		return 0;
	}
	n = argc > 1 ? atoi(argv[1]) : 1;

	fd = open("/dev/null", O_WRONLY);
	if (fd < 0)
		return 1;
	for (i = 0; i < n; i++) {
		sum += bpf_target_fn(i);
		if (write(fd, "x", 1) != 1)
			return 1;
	}
	close(fd);
	bpf_target_end();
	return sum == (long)n * (n - 1) ? 0 : 1;
}
