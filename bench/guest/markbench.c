// SPDX-License-Identifier: GPL-2.0
/*
 * markbench FILE ITERS - guest time per write() of a 16-byte string to
 * FILE (trace_marker, or /dev/null for the bare system call).
 * markbench getppid ITERS - guest time per getppid() system call.
 * markbench ufunc ITERS - guest time per call of bench_ufunc(), a user
 * function with two arguments (for a uprobe on it).
 * markbench ufunc-offset - the file offset of bench_ufunc() in this
 * binary, in hex, as uprobe_events wants it.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

#define noinline __attribute__((noinline))

noinline unsigned long bench_ufunc(unsigned long a, unsigned long b)
{
	/* Neither inlined nor folded away: the loop calls it every time. */
	__asm__ __volatile__("" : : "r"(a), "r"(b) : "memory");
	return a * 3 + b;
}

/* The file offset of bench_ufunc(), from the mapping that holds it. */
static int print_ufunc_offset(void)
{
	uintptr_t fn = (uintptr_t)bench_ufunc;
	unsigned long start, end, off;
	char line[512], perms[8];
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f) {
		perror("/proc/self/maps");
		return 1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %7s %lx", &start, &end, perms,
			   &off) != 4)
			continue;
		if (fn >= start && fn < end) {
			printf("0x%lx\n", (unsigned long)(fn - start + off));
			fclose(f);
			return 0;
		}
	}
	fclose(f);
	fprintf(stderr, "bench_ufunc not in /proc/self/maps\n");
	return 1;
}

int main(int argc, char **argv)
{
	static const char msg[16] = "benchmark-line\n";
	unsigned long i, n;
	unsigned long long t0, t1;
	int fd;

	if (argc == 2 && !strcmp(argv[1], "ufunc-offset"))
		return print_ufunc_offset();
	if (argc != 3) {
		fprintf(stderr, "usage: markbench FILE ITERS\n");
		return 2;
	}
	n = strtoul(argv[2], NULL, 0);
	if (!strcmp(argv[1], "ufunc")) {
		for (i = 0; i < n / 4; i++)
			bench_ufunc(i, i);
		t0 = now_ns();
		for (i = 0; i < n; i++)
			bench_ufunc(i, i);
		t1 = now_ns();
		printf("%llu\n", (t1 - t0) / n);
		return 0;
	}
	if (!strcmp(argv[1], "getppid")) {
		for (i = 0; i < n / 4; i++)
			syscall(SYS_getppid);
		t0 = now_ns();
		for (i = 0; i < n; i++)
			syscall(SYS_getppid);
		t1 = now_ns();
		printf("%llu\n", (t1 - t0) / n);
		return 0;
	}
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	for (i = 0; i < n / 4; i++)
		if (write(fd, msg, sizeof(msg)) != sizeof(msg))
			return 1;
	t0 = now_ns();
	for (i = 0; i < n; i++)
		if (write(fd, msg, sizeof(msg)) != sizeof(msg))
			return 1;
	t1 = now_ns();
	printf("%llu\n", (t1 - t0) / n);
	return 0;
}
