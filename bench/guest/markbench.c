// SPDX-License-Identifier: GPL-2.0
/*
 * markbench FILE ITERS - guest time per write() of a 16-byte string to
 * FILE (trace_marker, or /dev/null for the bare system call).
 * markbench getppid ITERS - guest time per getppid() system call.
 */
#include <fcntl.h>
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

int main(int argc, char **argv)
{
	static const char msg[16] = "benchmark-line\n";
	unsigned long i, n;
	unsigned long long t0, t1;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: markbench FILE ITERS\n");
		return 2;
	}
	n = strtoul(argv[2], NULL, 0);
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
