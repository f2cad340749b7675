// SPDX-License-Identifier: GPL-2.0
/*
 * rawcount TRACING_DIR - count the data events in every CPU's
 * trace_pipe_raw until SIGTERM, then drain what is left and print the
 * total.  One reader process per CPU.  On stderr: "stamps N", the
 * absolute TIME_STAMP events among them (the ring buffer writes one only
 * for a writer nested two deep, and old parsers stop at one).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_CPUS	64
#define PAGE_MAX	(1 << 20)
#define COMMIT_FLAGS	(3UL << 30)

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	stop = 1;
}

/*
 * Data events in one sub-buffer as trace_pipe_raw returns it; its
 * absolute timestamps are added to *stamps.
 */
static unsigned long count_page(const unsigned char *p, size_t len,
				unsigned long *stamps)
{
	uint64_t commit;
	size_t off = 16, end;
	unsigned long n = 0;
	uint32_t hdr, type, delta, size;

	if (len < 16)
		return 0;
	memcpy(&commit, p + 8, sizeof(commit));
	end = 16 + (commit & ~COMMIT_FLAGS);
	if (end > len)
		end = len;
	while (off + 4 <= end) {
		memcpy(&hdr, p + off, 4);
		type = hdr & 0x1f;
		delta = hdr >> 5;
		if (type == 0) {
			memcpy(&size, p + off + 4, 4);
			size += 4;
			n++;
		} else if (type <= 28) {
			size = 4 + type * 4;
			n++;
		} else if (type == 29) {
			if (!delta)
				break;
			memcpy(&size, p + off + 4, 4);
			size += 4;
		} else {
			if (type == 31)
				(*stamps)++;
			size = 8;
		}
		off += size;
	}
	return n;
}

static void reader(const char *dir, int cpu, int out)
{
	static unsigned char page[PAGE_MAX];
	unsigned long n[2] = { 0, 0 };
	char path[256];
	struct pollfd pfd;
	ssize_t r;
	int fd;

	snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/trace_pipe_raw", dir,
		 cpu);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		perror(path);
		exit(1);
	}
	pfd.fd = fd;
	pfd.events = POLLIN;
	for (;;) {
		r = read(fd, page, sizeof(page));
		if (r > 0) {
			n[0] += count_page(page, r, &n[1]);
			continue;
		}
		if (r < 0 && errno != EAGAIN && errno != EINTR) {
			perror("read");
			exit(1);
		}
		/* Empty: after SIGTERM that means drained. */
		if (stop)
			break;
		poll(&pfd, 1, 100);
	}
	if (write(out, n, sizeof(n)) != sizeof(n))
		exit(1);
	exit(0);
}

int main(int argc, char **argv)
{
	pid_t pids[MAX_CPUS];
	int fds[MAX_CPUS][2];
	unsigned long total = 0, stamps = 0, n[2];
	char path[256];
	int cpu, ncpu = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: rawcount TRACING_DIR\n");
		return 2;
	}
	signal(SIGTERM, on_term);
	for (cpu = 0; cpu < MAX_CPUS; cpu++) {
		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d", argv[1], cpu);
		if (access(path, F_OK))
			break;
		if (pipe(fds[cpu]))
			return 1;
		pids[cpu] = fork();
		if (!pids[cpu]) {
			close(fds[cpu][0]);
			reader(argv[1], cpu, fds[cpu][1]);
		}
		close(fds[cpu][1]);
		ncpu++;
	}
	while (!stop)
		pause();
	for (cpu = 0; cpu < ncpu; cpu++) {
		kill(pids[cpu], SIGTERM);
		waitpid(pids[cpu], NULL, 0);
		if (read(fds[cpu][0], n, sizeof(n)) != sizeof(n)) {
			fprintf(stderr, "rawcount: cpu%d reader failed\n", cpu);
			return 1;
		}
		total += n[0];
		stamps += n[1];
	}
	printf("%lu\n", total);
	fprintf(stderr, "stamps %lu\n", stamps);
	return 0;
}
