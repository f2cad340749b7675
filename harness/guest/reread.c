// SPDX-License-Identifier: GPL-2.0
/*
 * reread FILE [SECONDS]: read the first 64 KiB of FILE (a tracefs trace
 * file), wait SECONDS (0), seek back to its start and read it to its
 * end; print the lines of that second pass.  seq_file walks the trace
 * again from its start for it.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char buf[1 << 16];

int main(int argc, char **argv)
{
	long lines = 0;
	ssize_t n, i;
	int fd;

	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: reread FILE [SECONDS]\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || read(fd, buf, sizeof(buf)) < 0 ||
	    (argc == 3 && sleep(atoi(argv[2])) != 0) ||
	    lseek(fd, 0, SEEK_SET) != 0) {
		perror(argv[1]);
		return 1;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		for (i = 0; i < n; i++)
			lines += buf[i] == '\n';
	if (n < 0) {
		perror(argv[1]);
		return 1;
	}
	printf("%ld\n", lines);
	return 0;
}
