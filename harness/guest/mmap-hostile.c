// SPDX-License-Identifier: GPL-2.0
/*
 * mmap-hostile [-d] DIR CPU - hostile use of a memory-mapped
 * DIR/per_cpu/cpuCPU/trace_pipe_raw (DIR a tracefs top level or an
 * instance): forbidden protections and flags, out-of-range lengths and
 * offsets, several mappings at once, resizes and snapshots while mapped,
 * fork, partial munmap, a reader blocked in TRACE_MMAP_IOCTL_GET_READER
 * across munmap, rmdir of a mapped instance, resizes racing a reader,
 * and an exact count of markers read through the mapping.  The expected
 * results are upstream 6.12's.
 *
 * One line per check: "ok TEXT", "ok TEXT # SKIP WHY" or
 * "not ok TEXT: DETAILS"; "# TEXT" lines are information.  TEXT has no
 * ": ".  Each group of checks runs in a child process with a watchdog, so
 * a crash or a hang is one "not ok" line and the next group still runs.
 * Exit status: 0 if nothing failed.
 *
 * -d also runs madvise(MADV_DOFORK) then fork: the child's copy of the
 * mapping must be counted (upstream 6.12.y counts it in the ring buffer
 * but not in the snapshot refcount, and warns in put_snapshot_map(), so
 * it is not run by default).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/trace_mmap.h>

/* The commit word's flags (kernel/trace/ring_buffer.c). */
#define RB_MISSED_EVENTS	(1UL << 31)
#define RB_MISSED_STORED	(1UL << 30)
#define RB_MISSED_MASK		(RB_MISSED_EVENTS | RB_MISSED_STORED)
/* A sub-buffer: u64 time stamp, long commit, then the events. */
#define SUBBUF_HDR		(8 + sizeof(long))

#define TYPE_PADDING		29
#define TYPE_TIME_EXTEND	30
#define TYPE_TIME_STAMP		31

#define MARKER			"mmap-hostile "

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))

struct ctx {
	const char *dir;
	char root[PATH_MAX];
	int cpu;
	long page;
	unsigned long markers;
	int dofork;
};

struct map {
	int fd;
	struct trace_buffer_meta *meta;
	size_t meta_len;
	char *data;
	size_t data_len;
};

/* What has been parsed through the mapping so far. */
struct reader {
	unsigned int prev_id;
	unsigned int prev_off;
	unsigned long events;
	unsigned long markers;
	unsigned long next_seq;
	char err[200];
};

static int failed;

static const char *errname(int e)
{
	static char buf[32];

	switch (e) {
	case 0: return "success";
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EINTR: return "EINTR";
	case EBADF: return "EBADF";
	case EAGAIN: return "EAGAIN";
	case ENOMEM: return "ENOMEM";
	case EACCES: return "EACCES";
	case EFAULT: return "EFAULT";
	case EBUSY: return "EBUSY";
	case EEXIST: return "EEXIST";
	case ENODEV: return "ENODEV";
	case EINVAL: return "EINVAL";
	case ENOTTY: return "ENOTTY";
	case ENOSPC: return "ENOSPC";
	case ENOTEMPTY: return "ENOTEMPTY";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	}
	snprintf(buf, sizeof(buf), "errno %d", e);
	return buf;
}

static void report(int pass, const char *what, const char *fmt, ...)
{
	va_list ap;

	if (pass) {
		printf("ok %s\n", what);
		return;
	}
	failed++;
	printf("not ok %s: ", what);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static void pass(const char *what)
{
	printf("ok %s\n", what);
}

static void skip(const char *what, const char *why)
{
	printf("ok %s # SKIP %s\n", what, why);
}

/* expect_err: RET must be -1 with errno WANT. */
static void expect_err(const char *what, long ret, int err, int want)
{
	if (ret == -1)
		report(err == want, what, "%s, not %s", errname(err),
		       errname(want));
	else
		report(0, what, "succeeded (%ld), not %s", ret, errname(want));
}

static void dpath(char *buf, const struct ctx *c, const char *name)
{
	snprintf(buf, PATH_MAX, "%s/%s", c->dir, name);
}

static void cpath(char *buf, const struct ctx *c, const char *name)
{
	snprintf(buf, PATH_MAX, "%s/per_cpu/cpu%d/%s", c->dir, c->cpu, name);
}

/* write_str: 0, or -errno of the open or the write. */
static int write_str(const char *path, const char *s)
{
	int fd, ret = 0;

	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

static int write_num(const char *path, long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld", v);
	return write_str(path, buf);
}

/* read_str: the file's first line, or -errno. */
static int read_str(const char *path, char *buf, size_t len)
{
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
	return 0;
}

/* read_num: the number a file starts with, or -errno. */
static long read_num(const char *path)
{
	char buf[128];
	int ret;

	ret = read_str(path, buf, sizeof(buf));
	if (ret)
		return ret;
	return strtol(buf, NULL, 10);
}

static int clear_buffer(const struct ctx *c)
{
	char path[PATH_MAX];
	int fd;

	dpath(path, c, "trace");
	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -errno : 0;
}

/* Pin to the CPU tested; a failure is reported.  Return: 0 or -errno. */
static int pin_or_report(const struct ctx *c)
{
	int ret = pin(c->cpu);

	if (ret)
		report(0, "pin to the CPU", "%s", errname(-ret));
	return ret;
}

static int open_raw(const struct ctx *c, int flags)
{
	char path[PATH_MAX];

	cpath(path, c, "trace_pipe_raw");
	return open(path, flags);
}

/*
 * map_meta: map the meta page of M->fd as upstream's selftest does, one
 * page first, then again at the size it gives.  0 or -errno.
 */
static int map_meta(struct map *m, long page)
{
	size_t len = page;
	void *p;

	for (;;) {
		p = mmap(NULL, len, PROT_READ, MAP_SHARED, m->fd, 0);
		if (p == MAP_FAILED)
			return -errno;
		m->meta = p;
		m->meta_len = len;
		if (m->meta->meta_page_size <= len)
			return 0;
		len = m->meta->meta_page_size;
		munmap(p, m->meta_len);
		m->meta = NULL;
		if (len % page || len > (1 << 24))
			return -EPROTO;
	}
}

static int map_data(struct map *m)
{
	void *p;

	m->data_len = (size_t)m->meta->subbuf_size * m->meta->nr_subbufs;
	p = mmap(NULL, m->data_len, PROT_READ, MAP_SHARED, m->fd,
		 m->meta->meta_page_size);
	if (p == MAP_FAILED)
		return -errno;
	m->data = p;
	return 0;
}

static void unmap(struct map *m)
{
	if (m->data)
		munmap(m->data, m->data_len);
	if (m->meta)
		munmap(m->meta, m->meta_len);
	m->data = NULL;
	m->meta = NULL;
}

/*
 * map_open: open trace_pipe_raw with FLAGS and map its meta page (and
 * the sub-buffers if DATA), reporting a failure under WHAT.  0 or -1.
 */
static int map_open(const struct ctx *c, struct map *m, int flags, int data,
		    const char *what)
{
	int ret;

	memset(m, 0, sizeof(*m));
	m->fd = open_raw(c, flags);
	if (m->fd < 0) {
		report(0, what, "open trace_pipe_raw: %s", errname(errno));
		return -1;
	}
	ret = map_meta(m, c->page);
	if (!ret && data)
		ret = map_data(m);
	if (ret) {
		report(0, what, "mmap: %s", errname(-ret));
		unmap(m);
		close(m->fd);
		m->fd = -1;
		return -1;
	}
	return 0;
}

static void map_close(struct map *m)
{
	unmap(m);
	if (m->fd >= 0)
		close(m->fd);
	m->fd = -1;
}

static int get_reader(int fd)
{
	return ioctl(fd, TRACE_MMAP_IOCTL_GET_READER) ? -errno : 0;
}

/* Wait for a child for at most SECS seconds; its status, or -1. */
static int wait_child(pid_t pid, int secs)
{
	int status, n;

	for (n = 0; n < secs * 20; n++) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			return status;
		usleep(50000);
	}
	kill(pid, SIGKILL);
	for (n = 0; n < 100; n++) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			return -1;
		usleep(50000);
	}
	return -1;
}

/*
 * put_markers: write markers FROM .. FROM + N - 1 to trace_marker FD, on
 * the CPU the caller is pinned to.  A write refused with EBADF (recording
 * stopped for a moment, as a resize attempt does) is tried again.  The
 * number written, or -errno.
 */
static long put_markers(int fd, unsigned long from, unsigned long n,
			unsigned long *retries)
{
	char buf[64];
	unsigned long i, tries = 0;
	int len;

	for (i = 0; i < n; i++) {
		len = snprintf(buf, sizeof(buf), MARKER "%lu\n", from + i);
		while (write(fd, buf, len) < 0) {
			if (errno != EBADF || ++tries > 20000)
				return -errno;
			usleep(500);
		}
	}
	if (retries)
		*retries += tries;
	return i;
}

static int open_marker(const struct ctx *c)
{
	char path[PATH_MAX];

	dpath(path, c, "trace_marker");
	return open(path, O_WRONLY);
}

/* One event's payload: count it, and check a marker's number. */
static void parse_payload(struct reader *r, const char *p, size_t len)
{
	const char *s;
	char num[24];
	size_t left, n;
	unsigned long seq;

	r->events++;
	s = memmem(p, len, MARKER, strlen(MARKER));
	if (!s)
		return;
	s += strlen(MARKER);
	left = len - (s - p);
	n = left < sizeof(num) - 1 ? left : sizeof(num) - 1;
	memcpy(num, s, n);
	num[n] = 0;
	seq = strtoul(num, NULL, 10);
	if (seq != r->next_seq && !r->err[0])
		snprintf(r->err, sizeof(r->err),
			 "marker %lu where %lu was due", seq, r->next_seq);
	r->next_seq = seq + 1;
	r->markers++;
}

/* Parse the events at [START, END) of sub-buffer PAGE's data. */
static int parse_events(struct reader *r, const char *page,
			unsigned int start, unsigned int end)
{
	const char *d = page + SUBBUF_HDR;
	unsigned int off = start, len, type = 0, delta, word;
	uint32_t hdr;

	while (off < end) {
		if (end - off < 4)
			goto bad;
		memcpy(&hdr, d + off, 4);
		type = hdr & 0x1f;
		delta = hdr >> 5;
		word = 0;
		if (end - off >= 8)
			memcpy(&word, d + off + 4, 4);
		switch (type) {
		case TYPE_PADDING:
			/* No delta: the rest of the sub-buffer is padding. */
			if (!delta)
				return 0;
			len = 4 + word;
			break;
		case TYPE_TIME_EXTEND:
		case TYPE_TIME_STAMP:
			len = 8;
			break;
		case 0:
			len = 4 + word;
			if (word < 4 || len > end - off)
				goto bad;
			parse_payload(r, d + off + 8, word - 4);
			break;
		default:
			len = 4 + type * 4;
			if (len > end - off)
				goto bad;
			parse_payload(r, d + off + 4, type * 4);
			break;
		}
		if (len < 4 || len > end - off)
			goto bad;
		off += len;
	}
	return 0;
bad:
	snprintf(r->err, sizeof(r->err),
		 "event at offset %u (type_len %u) overruns %u", off,
		 type, end);
	return -1;
}

static void reader_init(struct reader *r, unsigned long first_seq)
{
	memset(r, 0, sizeof(*r));
	r->prev_id = UINT_MAX;
	r->next_seq = first_seq;
}

/*
 * drain: GET_READER and parse until no new data comes.  The reader
 * sub-buffer's events are those from where the last call left off (0 on
 * a new sub-buffer) to meta->reader.read, which is at most its commit
 * with the missed-events flags masked.  0, or -1 with R->err set.
 */
static int drain(struct map *m, struct reader *r)
{
	struct trace_buffer_meta *meta = m->meta;
	unsigned int limit = meta->nr_subbufs * 4 + 64, id, start, end;
	unsigned long commit;
	const char *page;
	int ret;

	while (limit--) {
		ret = get_reader(m->fd);
		if (ret) {
			snprintf(r->err, sizeof(r->err), "GET_READER: %s",
				 errname(-ret));
			return -1;
		}
		id = meta->reader.id;
		end = meta->reader.read;
		if (id >= meta->nr_subbufs) {
			snprintf(r->err, sizeof(r->err),
				 "reader.id %u of %u sub-buffers", id,
				 meta->nr_subbufs);
			return -1;
		}
		start = id == r->prev_id ? r->prev_off : 0;
		if (id == r->prev_id && end == start)
			return 0;
		page = m->data + (size_t)id * meta->subbuf_size;
		memcpy(&commit, page + 8, sizeof(commit));
		commit &= ~RB_MISSED_MASK;
		if (end < start || end > commit ||
		    commit > meta->subbuf_size - SUBBUF_HDR) {
			snprintf(r->err, sizeof(r->err),
				 "sub-buffer %u: read from %u to %u, commit %lu, size %u",
				 id, start, end, commit, meta->subbuf_size);
			return -1;
		}
		if (parse_events(r, page, start, end))
			return -1;
		r->prev_id = id;
		r->prev_off = end;
	}
	snprintf(r->err, sizeof(r->err), "GET_READER still gives data after %u calls",
		 meta->nr_subbufs * 4 + 64);
	return -1;
}

/* A child's exit status for "took SIGSEGV". */
#define SEGV_EXIT	77

static sigjmp_buf segv_env;

static void on_segv(int sig)
{
	siglongjmp(segv_env, 1);
}

/* Mapping with forbidden protections and flags. */
static void check_prot(struct ctx *c)
{
	unsigned int one = 1;
	struct map m;
	void *p;
	int fd, st;

	fd = open_raw(c, O_RDWR | O_NONBLOCK);
	if (fd < 0) {
		report(0, "PROT_WRITE through a read-write fd gives EPERM",
		       "open O_RDWR: %s", errname(errno));
	} else {
		p = mmap(NULL, c->page, PROT_READ | PROT_WRITE, MAP_SHARED,
			 fd, 0);
		expect_err("PROT_WRITE through a read-write fd gives EPERM",
			   p == MAP_FAILED ? -1 : 0, errno, EPERM);
		if (p != MAP_FAILED)
			munmap(p, c->page);
		close(fd);
	}
	fd = open_raw(c, O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		report(0, "open trace_pipe_raw", "%s", errname(errno));
		return;
	}
	p = mmap(NULL, c->page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	report(p == MAP_FAILED, "PROT_WRITE through a read-only fd is refused",
	       "mapped");
	if (p != MAP_FAILED)
		munmap(p, c->page);
	p = mmap(NULL, c->page, PROT_READ, MAP_PRIVATE, fd, 0);
	expect_err("MAP_PRIVATE gives EPERM", p == MAP_FAILED ? -1 : 0, errno,
		   EPERM);
	if (p != MAP_FAILED)
		munmap(p, c->page);
	p = mmap(NULL, c->page, PROT_READ | PROT_EXEC, MAP_SHARED, fd, 0);
	expect_err("PROT_EXEC gives EPERM", p == MAP_FAILED ? -1 : 0, errno,
		   EPERM);
	if (p != MAP_FAILED)
		munmap(p, c->page);
	close(fd);

	if (map_open(c, &m, O_RDONLY | O_NONBLOCK, 0,
		     "a read-only mapping after the refused ones"))
		return;
	pass("a read-only mapping after the refused ones");
	st = mprotect(m.meta, m.meta_len, PROT_READ | PROT_WRITE);
	report(st == -1, "mprotect(PROT_WRITE) of the read-only mapping fails",
	       "succeeded");
	p = mremap(m.meta, m.meta_len, m.meta_len + c->page, MREMAP_MAYMOVE);
	report(p == MAP_FAILED, "mremap growing the mapping fails",
	       "succeeded");
	if (p != MAP_FAILED) {
		m.meta = p;
		m.meta_len += c->page;
	}
	/* A store, here: a forked child would have no mapping to store to. */
	signal(SIGSEGV, on_segv);
	if (!sigsetjmp(segv_env, 1)) {
		memcpy(m.meta, &one, sizeof(one));
		report(0, "a store to the mapping faults with SIGSEGV",
		       "the store went through");
	} else {
		pass("a store to the mapping faults with SIGSEGV");
	}
	signal(SIGSEGV, SIG_DFL);
	map_close(&m);
}

/* Lengths and offsets the mapping does not cover. */
static void check_bounds(struct ctx *c)
{
	struct trace_buffer_meta *meta;
	size_t total, sb;
	struct map m;
	void *p;

	if (map_open(c, &m, O_RDONLY | O_NONBLOCK, 0, "map the meta page"))
		return;
	meta = m.meta;
	sb = meta->subbuf_size;
	report(meta->meta_page_size >= c->page &&
	       !(meta->meta_page_size % c->page) &&
	       meta->meta_struct_len >= 64 &&
	       meta->meta_struct_len <= meta->meta_page_size &&
	       sb >= (size_t)c->page && !(sb & (sb - 1)) &&
	       meta->nr_subbufs >= 3 && meta->reader.id < meta->nr_subbufs,
	       "the meta page's sizes are sane",
	       "meta_page_size %u, meta_struct_len %u, subbuf_size %u, nr_subbufs %u, reader.id %u",
	       meta->meta_page_size, meta->meta_struct_len, meta->subbuf_size,
	       meta->nr_subbufs, meta->reader.id);
	printf("# meta_page_size %u, subbuf_size %u, nr_subbufs %u\n",
	       meta->meta_page_size, meta->subbuf_size, meta->nr_subbufs);
	total = meta->meta_page_size + sb * meta->nr_subbufs;

	p = mmap(NULL, 0, PROT_READ, MAP_SHARED, m.fd, 0);
	expect_err("length 0 gives EINVAL", p == MAP_FAILED ? -1 : 0, errno,
		   EINVAL);
	p = mmap(NULL, c->page, PROT_READ, MAP_SHARED, m.fd, total);
	expect_err("an offset past the end gives EINVAL",
		   p == MAP_FAILED ? -1 : 0, errno, EINVAL);
	if (p != MAP_FAILED)
		munmap(p, c->page);
	p = mmap(NULL, sb * (meta->nr_subbufs + 1), PROT_READ, MAP_SHARED,
		 m.fd, meta->meta_page_size);
	expect_err("sub-buffers past the end give EINVAL",
		   p == MAP_FAILED ? -1 : 0, errno, EINVAL);
	if (p != MAP_FAILED)
		munmap(p, sb * (meta->nr_subbufs + 1));
	p = mmap(NULL, total + c->page, PROT_READ, MAP_SHARED, m.fd, 0);
	expect_err("the whole buffer and a page more gives EINVAL",
		   p == MAP_FAILED ? -1 : 0, errno, EINVAL);
	if (p != MAP_FAILED)
		munmap(p, total + c->page);
	if (sb > (size_t)c->page) {
		p = mmap(NULL, c->page, PROT_READ, MAP_SHARED, m.fd,
			 meta->meta_page_size + c->page);
		expect_err("an offset inside a sub-buffer gives EINVAL",
			   p == MAP_FAILED ? -1 : 0, errno, EINVAL);
		if (p != MAP_FAILED)
			munmap(p, c->page);
	} else {
		skip("an offset inside a sub-buffer gives EINVAL",
		     "sub-buffers of one page");
	}
	p = mmap(NULL, total, PROT_READ, MAP_SHARED, m.fd, 0);
	if (p == MAP_FAILED) {
		report(0, "the meta page and every sub-buffer in one mapping",
		       "%s", errname(errno));
	} else {
		report(!memcmp(p, meta, 16),
		       "the meta page and every sub-buffer in one mapping",
		       "its meta page differs");
		munmap(p, total);
	}
	map_close(&m);
}

/*
 * Two fds, and one fd twice: one meta page seen by all.  (Upstream lets
 * any number of readers open a CPU's trace_pipe_raw.)
 */
static void check_double(struct ctx *c)
{
	const char *shown = "GET_READER through one fd shows in the other's mapping";
	struct trace_buffer_meta *a, *b;
	struct map m1, m2, m3;
	unsigned long before;
	int mfd, ret, two;

	if (pin_or_report(c))
		return;
	clear_buffer(c);
	if (map_open(c, &m1, O_RDONLY | O_NONBLOCK, 1, "map through a first fd"))
		return;
	two = !map_open(c, &m2, O_RDONLY | O_NONBLOCK, 1,
			"map the same buffer through a second fd");
	if (two)
		pass("map the same buffer through a second fd");
	memset(&m3, 0, sizeof(m3));
	m3.fd = m1.fd;
	ret = map_meta(&m3, c->page);
	report(!ret, "map the first fd a second time", "%s", errname(-ret));
	/* B: the second fd's mapping, else the first fd's second one. */
	a = m1.meta;
	b = two ? m2.meta : m3.meta;
	if (b) {
		report(a->meta_page_size == b->meta_page_size &&
		       a->nr_subbufs == b->nr_subbufs &&
		       a->subbuf_size == b->subbuf_size &&
		       a->reader.id == b->reader.id &&
		       (!two || !m3.meta ||
			m3.meta->reader.id == a->reader.id),
		       "every mapping shows the same meta page",
		       "meta_page_size %u/%u, nr_subbufs %u/%u, reader.id %u/%u",
		       a->meta_page_size, b->meta_page_size, a->nr_subbufs,
		       b->nr_subbufs, a->reader.id, b->reader.id);
		mfd = open_marker(c);
		before = a->read;
		ret = mfd < 0 ? -errno : put_markers(mfd, 0, 3, NULL);
		if (ret != 3) {
			report(0, shown, "writing markers: %s",
			       errname(ret < 0 ? -ret : 0));
		} else {
			ret = get_reader(two ? m2.fd : m1.fd);
			report(!ret && b->read == a->read &&
			       b->read >= before + 3 &&
			       b->reader.id == a->reader.id &&
			       b->reader.read == a->reader.read &&
			       b->entries == a->entries, shown,
			       "GET_READER %s, read %llu/%llu (was %lu), reader %u+%u/%u+%u",
			       errname(-ret), (unsigned long long)a->read,
			       (unsigned long long)b->read, before,
			       a->reader.id, a->reader.read, b->reader.id,
			       b->reader.read);
		}
		if (mfd >= 0)
			close(mfd);
	}

	/* The first fd's mappings go: the second's still works. */
	unmap(&m3);
	unmap(&m1);
	if (two) {
		ret = get_reader(m2.fd);
		report(!ret && m2.meta->nr_subbufs ==
		       m2.data_len / m2.meta->subbuf_size,
		       "the second fd's mapping outlives the first fd's",
		       "GET_READER %s", errname(-ret));
		ret = get_reader(m1.fd);
		report(!ret, "GET_READER through an unmapped fd while another maps the buffer",
		       "%s", errname(-ret));
		map_close(&m2);
	}
	ret = get_reader(m1.fd);
	expect_err("GET_READER once no mapping is left gives ENODEV",
		   ret ? -1 : 0, -ret, ENODEV);
	close(m1.fd);
}

/* Size changes and snapshots refused while mapped, allowed after. */
static void check_busy(struct ctx *c)
{
	char size[PATH_MAX], cpusize[PATH_MAX], subbuf[PATH_MAX], path[PATH_MAX];
	long kb, cpukb, sub, want;
	struct map m;
	int ret;

	/* New values only: writing the current one succeeds at once. */
	dpath(size, c, "buffer_size_kb");
	cpath(cpusize, c, "buffer_size_kb");
	dpath(subbuf, c, "buffer_subbuf_size_kb");
	kb = read_num(size);
	cpukb = read_num(cpusize);
	sub = read_num(subbuf);
	if (map_open(c, &m, O_RDONLY | O_NONBLOCK, 1, "map for the resize checks"))
		return;
	ret = write_num(size, kb + 64);
	expect_err("buffer_size_kb while mapped gives EBUSY", ret ? -1 : 0, -ret,
		   EBUSY);
	report(read_num(size) == kb, "buffer_size_kb is unchanged after EBUSY",
	       "reads %ld, was %ld", read_num(size), kb);
	ret = write_num(cpusize, cpukb + 64);
	expect_err("the CPU's buffer_size_kb while mapped gives EBUSY",
		   ret ? -1 : 0, -ret, EBUSY);
	if (sub <= 0) {
		skip("buffer_subbuf_size_kb while mapped gives EBUSY",
		     "no buffer_subbuf_size_kb");
	} else {
		want = sub == c->page / 1024 ? sub * 2 : c->page / 1024;
		ret = write_num(subbuf, want);
		expect_err("buffer_subbuf_size_kb while mapped gives EBUSY",
			   ret ? -1 : 0, -ret, EBUSY);
	}
	dpath(path, c, "snapshot");
	if (access(path, F_OK)) {
		skip("snapshot while mapped gives EBUSY", "no snapshot file");
	} else {
		ret = write_str(path, "1");
		expect_err("snapshot while mapped gives EBUSY", ret ? -1 : 0,
			   -ret, EBUSY);
	}
	cpath(path, c, "snapshot");
	if (access(path, F_OK)) {
		skip("the CPU's snapshot while mapped gives EBUSY",
		     "no per-CPU snapshot file");
	} else {
		ret = write_str(path, "1");
		expect_err("the CPU's snapshot while mapped gives EBUSY",
			   ret ? -1 : 0, -ret, EBUSY);
	}
	/* Unmapped, fd still open: resizable again. */
	unmap(&m);
	ret = write_num(size, kb + 64);
	report(!ret, "buffer_size_kb after munmap succeeds", "%s",
	       errname(-ret));
	ret = write_num(size, kb);
	report(!ret, "buffer_size_kb restored", "%s", errname(-ret));
	map_close(&m);
}

/* ENODEV without a mapping, ENOTTY for other commands. */
static void check_ioctl(struct ctx *c)
{
	unsigned int arg = 0;
	struct map m;
	int fd, ret;

	fd = open_raw(c, O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		report(0, "open trace_pipe_raw", "%s", errname(errno));
		return;
	}
	ret = get_reader(fd);
	expect_err("GET_READER before any mmap gives ENODEV", ret ? -1 : 0,
		   -ret, ENODEV);
	close(fd);
	if (map_open(c, &m, O_RDONLY | O_NONBLOCK, 1, "map for the ioctl checks"))
		return;
	ret = ioctl(m.fd, _IO('R', 0x21));
	expect_err("an unknown ioctl gives ENOTTY", ret, errno, ENOTTY);
	ret = ioctl(m.fd, _IOR('R', 0x20, unsigned int), &arg);
	expect_err("GET_READER's number with another size gives ENOTTY", ret,
		   errno, ENOTTY);
	ret = ioctl(m.fd, 0);
	report(!ret, "ioctl 0 (wake the waiters) succeeds", "%s",
	       errname(errno));
	ret = get_reader(m.fd);
	report(!ret, "GET_READER while mapped succeeds", "%s", errname(-ret));
	unmap(&m);
	ret = get_reader(m.fd);
	expect_err("GET_READER after munmap gives ENODEV", ret ? -1 : 0, -ret,
		   ENODEV);
	map_close(&m);
}

/* VM_DONTCOPY: a child has no copy of the mapping. */
static void check_fork(struct ctx *c)
{
	char line[512], size[PATH_MAX];
	unsigned long lo, hi, at, at2;
	struct map m;
	pid_t pid;
	long kb;
	int st, ret;
	FILE *f;

	if (map_open(c, &m, O_RDONLY | O_NONBLOCK, 1, "map for the fork checks"))
		return;
	at = (unsigned long)m.meta;
	at2 = (unsigned long)m.data;
	fflush(stdout);
	pid = fork();
	if (!pid) {
		alarm(10);
		f = fopen("/proc/self/maps", "r");
		if (!f)
			_exit(2);
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 &&
			    ((at >= lo && at < hi) || (at2 >= lo && at2 < hi)))
				_exit(1);
		_exit(0);
	}
	st = pid < 0 ? -1 : wait_child(pid, 15);
	report(st != -1 && WIFEXITED(st) && !WEXITSTATUS(st),
	       "a forked child has no copy of the mapping (/proc/self/maps)",
	       "status %#x", st);
	pid = fork();
	if (!pid) {
		unsigned int word;

		/* Caught: the kernel logs no "segfault at" line. */
		alarm(10);
		signal(SIGSEGV, on_segv);
		if (sigsetjmp(segv_env, 1))
			_exit(SEGV_EXIT);
		memcpy(&word, m.meta, sizeof(word));
		_exit(word == 0xffffffff);
	}
	st = pid < 0 ? -1 : wait_child(pid, 15);
	report(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == SEGV_EXIT,
	       "a forked child reading the mapping's address faults",
	       "status %#x", st);
	ret = get_reader(m.fd);
	report(!ret && m.meta->nr_subbufs * m.meta->subbuf_size == m.data_len,
	       "the parent's mapping works after the children exit", "%s",
	       errname(-ret));
	unmap(&m);
	dpath(size, c, "buffer_size_kb");
	kb = read_num(size);
	ret = write_num(size, kb + 64);
	report(!ret, "buffer_size_kb after the parent unmaps succeeds", "%s",
	       errname(-ret));
	write_num(size, kb);
	map_close(&m);
}

/* MADV_DOFORK: the child's copy keeps the buffer mapped. */
static void check_dofork(struct ctx *c)
{
	char size[PATH_MAX];
	int go[2], st, ret;
	struct map m;
	pid_t pid;
	long kb;
	char ch;

	if (map_open(c, &m, O_RDONLY | O_NONBLOCK, 1, "map for MADV_DOFORK"))
		return;
	ret = madvise(m.meta, m.meta_len, MADV_DOFORK);
	report(!ret, "MADV_DOFORK on the meta mapping", "%s", errname(errno));
	if (ret || pipe(go)) {
		map_close(&m);
		return;
	}
	fflush(stdout);
	pid = fork();
	if (!pid) {
		alarm(30);
		close(go[1]);
		st = m.meta->nr_subbufs == m.data_len / m.meta->subbuf_size;
		st = st && !get_reader(m.fd);
		if (read(go[0], &ch, 1) < 0)
			_exit(3);
		_exit(st ? 0 : 1);
	}
	close(go[0]);
	unmap(&m);
	dpath(size, c, "buffer_size_kb");
	kb = read_num(size);
	ret = write_num(size, kb + 64);
	expect_err("buffer_size_kb while only a MADV_DOFORK child maps gives EBUSY",
		   ret ? -1 : 0, -ret, EBUSY);
	close(go[1]);
	st = pid < 0 ? -1 : wait_child(pid, 35);
	report(st != -1 && WIFEXITED(st) && !WEXITSTATUS(st),
	       "a MADV_DOFORK child reads its copy and calls GET_READER",
	       "status %#x", st);
	ret = write_num(size, kb + 64);
	report(!ret, "buffer_size_kb once the MADV_DOFORK child exits succeeds",
	       "%s", errname(-ret));
	write_num(size, kb);
	map_close(&m);
}

/* No partial munmap or mprotect: the mapping cannot be split. */
static void check_split(struct ctx *c)
{
	struct map m;
	void *p;
	size_t sb;
	int ret;

	if (map_open(c, &m, O_RDONLY | O_NONBLOCK, 1, "map for the split checks"))
		return;
	sb = m.meta->subbuf_size;
	ret = munmap(m.data + sb, sb);
	expect_err("munmap of a middle sub-buffer gives EINVAL", ret, errno,
		   EINVAL);
	ret = munmap(m.data, sb);
	expect_err("munmap of the first sub-buffer gives EINVAL", ret, errno,
		   EINVAL);
	ret = mprotect(m.data + sb, sb, PROT_NONE);
	expect_err("mprotect of a middle sub-buffer gives EINVAL", ret, errno,
		   EINVAL);
	/* All of it still reads as a new mapping does (or this faults). */
	ret = get_reader(m.fd);
	p = mmap(NULL, m.data_len, PROT_READ, MAP_SHARED, m.fd,
		 m.meta->meta_page_size);
	if (p == MAP_FAILED)
		report(0, "the mapping is whole after the refused splits",
		       "a second mapping: %s", errname(errno));
	else
		report(!ret && !memcmp(p, m.data, m.data_len),
		       "the mapping is whole after the refused splits",
		       "GET_READER %s, or it differs from a new mapping",
		       errname(-ret));
	if (p != MAP_FAILED)
		munmap(p, m.data_len);
	ret = munmap(m.data, m.data_len);
	report(!ret, "munmap of the whole data mapping", "%s", errname(errno));
	if (!ret)
		m.data = NULL;
	map_close(&m);
}

/* Markers written on the CPU, read back exactly through the mapping. */
static void check_read(struct ctx *c)
{
	struct trace_buffer_meta *meta;
	struct reader r;
	struct map m;
	long n;
	int mfd, ret;

	if (pin_or_report(c))
		return;
	ret = clear_buffer(c);
	if (ret)
		report(0, "clear the buffer", "%s", errname(-ret));
	mfd = open_marker(c);
	if (mfd < 0) {
		report(0, "open trace_marker", "%s", errname(errno));
		return;
	}
	if (map_open(c, &m, O_RDONLY | O_NONBLOCK, 1, "map for reading")) {
		close(mfd);
		return;
	}
	meta = m.meta;
	report(!meta->entries && !meta->read && !meta->overrun,
	       "a cleared buffer's meta counts nothing",
	       "entries %llu, read %llu, overrun %llu",
	       (unsigned long long)meta->entries,
	       (unsigned long long)meta->read,
	       (unsigned long long)meta->overrun);

	n = put_markers(mfd, 0, c->markers, NULL);
	if (n < 0) {
		report(0, "write the markers", "%s", errname(-n));
		goto out;
	}
	reader_init(&r, 0);
	ret = drain(&m, &r);
	report(!ret && !r.err[0], "the sub-buffers parse", "%s", r.err);
	report(r.events == (unsigned long)n && r.markers == (unsigned long)n,
	       "every marker is read once, in order",
	       "%lu events, %lu markers, %ld written", r.events, r.markers, n);
	report(meta->read == (unsigned long)n &&
	       meta->entries == (unsigned long)n && !meta->overrun,
	       "the meta page counts them",
	       "read %llu, entries %llu, overrun %llu, %ld written",
	       (unsigned long long)meta->read,
	       (unsigned long long)meta->entries,
	       (unsigned long long)meta->overrun, n);

	/* Clearing while mapped resets the counts; reading goes on. */
	put_markers(mfd, n, 5, NULL);
	ret = clear_buffer(c);
	if (!ret)
		ret = get_reader(m.fd);
	report(!ret && !meta->entries && !meta->read,
	       "clearing the buffer while mapped resets the meta counts",
	       "%s, entries %llu, read %llu", errname(-ret),
	       (unsigned long long)meta->entries,
	       (unsigned long long)meta->read);
	reader_init(&r, 1000000);
	n = put_markers(mfd, 1000000, 7, NULL);
	ret = drain(&m, &r);
	report(!ret && !r.err[0] && r.markers == 7 && r.events == 7 &&
	       meta->read == 7 && meta->entries == 7,
	       "markers after the clear are read exactly",
	       "%s; %lu markers, %lu events, read %llu, entries %llu",
	       r.err, r.markers, r.events, (unsigned long long)meta->read,
	       (unsigned long long)meta->entries);
out:
	close(mfd);
	map_close(&m);
}

struct blocker {
	int fd;
	int state;
	int ret;
	pid_t tid;
};

static void *block_in_get_reader(void *arg)
{
	struct blocker *b = arg;
	int ret;

	b->tid = syscall(SYS_gettid);
	__atomic_store_n(&b->state, 1, __ATOMIC_RELEASE);
	ret = get_reader(b->fd);
	b->ret = ret;
	__atomic_store_n(&b->state, 2, __ATOMIC_RELEASE);
	return NULL;
}

/* The thread's scheduler state letter, or 0. */
static char task_state(pid_t tid)
{
	char path[64], buf[512], *p;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	if (read_str(path, buf, sizeof(buf)))
		return 0;
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

/* Wait up to MS milliseconds for the thread to return. */
static int wait_state(struct blocker *b, int ms)
{
	while (ms-- > 0) {
		if (__atomic_load_n(&b->state, __ATOMIC_ACQUIRE) == 2)
			return 1;
		usleep(1000);
	}
	return __atomic_load_n(&b->state, __ATOMIC_ACQUIRE) == 2;
}

/*
 * A reader blocked in GET_READER while the mapping goes away, then woken
 * by a marker (buffer_percent 0: any data wakes it): no hang, no crash,
 * whatever it returns.
 */
static void check_blocked(struct ctx *c)
{
	const char *woken = "GET_READER blocked across munmap returns after a marker";
	struct blocker b = { 0 };
	char pct[PATH_MAX];
	pthread_t thread;
	int mfd, n, ret;
	long percent;
	struct map m;

	if (pin_or_report(c))
		return;
	dpath(pct, c, "buffer_percent");
	percent = read_num(pct);
	if (percent > 0 && write_str(pct, "0"))
		percent = -1;
	clear_buffer(c);
	mfd = open_marker(c);
	if (map_open(c, &m, O_RDONLY, 0, "map a blocking fd"))
		goto out;
	b.fd = m.fd;
	ret = pthread_create(&thread, NULL, block_in_get_reader, &b);
	if (ret) {
		report(0, "start the blocking reader", "%s", errname(ret));
		map_close(&m);
		goto out;
	}
	for (n = 0; n < 5000; n++) {
		ret = __atomic_load_n(&b.state, __ATOMIC_ACQUIRE);
		if (ret == 2 || (ret == 1 && task_state(b.tid) == 'S'))
			break;
		usleep(1000);
	}
	usleep(100000);
	if (__atomic_load_n(&b.state, __ATOMIC_ACQUIRE) == 2)
		report(0, "GET_READER on an empty buffer blocks",
		       "returned at once: %s", errname(-b.ret));
	else
		pass("GET_READER on an empty buffer blocks");
	unmap(&m);
	if (wait_state(&b, 200))
		printf("# GET_READER returned at munmap: %s\n",
		       errname(-b.ret));
	n = mfd >= 0 ? put_markers(mfd, 0, 1, NULL) : -EBADF;
	if (n != 1)
		report(0, "write a marker", "%s", errname(n < 0 ? -n : 0));
	if (percent < 0) {
		skip(woken, "buffer_percent could not be set to 0");
	} else if (wait_state(&b, 10000)) {
		pass(woken);
		printf("# the blocked GET_READER returned %s\n",
		       errname(-b.ret));
	} else {
		report(0, woken, "still blocked 10 s later");
	}
	if (__atomic_load_n(&b.state, __ATOMIC_ACQUIRE) != 2) {
		ioctl(m.fd, 0);
		if (wait_state(&b, 5000))
			printf("# ioctl 0 released it: %s\n", errname(-b.ret));
		else
			report(0, "ioctl 0 releases a blocked GET_READER",
			       "still blocked 5 s later");
	}
	if (__atomic_load_n(&b.state, __ATOMIC_ACQUIRE) == 2)
		pthread_join(thread, NULL);
	else
		pthread_detach(thread);
	/* Not mapped, data there: no wait, ENODEV. */
	if (n == 1) {
		ret = get_reader(m.fd);
		expect_err("a blocking GET_READER after munmap gives ENODEV",
			   ret ? -1 : 0, -ret, ENODEV);
	}
	close(m.fd);
out:
	if (mfd >= 0)
		close(mfd);
	if (percent > 0)
		write_num(pct, percent);
}

/* An instance with a mapped trace_pipe_raw cannot be removed. */
static void check_rmdir(struct ctx *c)
{
	struct ctx ic = *c;
	char inst[PATH_MAX + 64];
	struct map m;
	int ret;

	snprintf(inst, sizeof(inst), "%s/instances/mmap-hostile-%d", c->root,
		 getpid());
	if (mkdir(inst, 0755)) {
		report(0, "make an instance", "%s", errname(errno));
		return;
	}
	ic.dir = inst;
	if (map_open(&ic, &m, O_RDONLY | O_NONBLOCK, 1,
		     "map the new instance's buffer")) {
		rmdir(inst);
		return;
	}
	ret = rmdir(inst);
	expect_err("rmdir of an instance mapped and open gives EBUSY", ret,
		   errno, EBUSY);
	close(m.fd);
	m.fd = -1;
	ret = rmdir(inst);
	expect_err("rmdir of an instance mapped, fd closed, gives EBUSY", ret,
		   errno, EBUSY);
	report(m.meta->nr_subbufs * m.meta->subbuf_size == m.data_len,
	       "the mapping is intact after the refused rmdir",
	       "nr_subbufs %u", m.meta->nr_subbufs);
	unmap(&m);
	ret = rmdir(inst);
	report(!ret, "rmdir once unmapped and closed succeeds", "%s",
	       errname(errno));
	if (ret)
		rmdir(inst);
}

/*
 * resizer: for SECS seconds, new sizes to the buffer, the CPU's buffer
 * and the sub-buffers in turn (the current size would succeed at once);
 * the counts of tries, EBUSY answers, successes and other errors (and
 * the last of those) to FD.
 */
static void resizer(const struct ctx *c, int fd, int secs)
{
	unsigned long n = 0, busy = 0, ok = 0, other = 0;
	char path[3][PATH_MAX];
	long v[3], want;
	int last = 0, ret, i;
	time_t end;

	dpath(path[0], c, "buffer_size_kb");
	cpath(path[1], c, "buffer_size_kb");
	dpath(path[2], c, "buffer_subbuf_size_kb");
	for (i = 0; i < 3; i++)
		v[i] = read_num(path[i]);
	end = time(NULL) + secs;
	while (time(NULL) < end) {
		i = n % 3;
		if (i < 2)
			want = v[i] + (n & 8 ? 64 : 128);
		else if (v[2] > 0)
			want = v[2] == c->page / 1024 ? v[2] * 2 : c->page / 1024;
		else
			want = 0;
		n++;
		if (!want)
			continue;
		ret = write_num(path[i], want);
		if (ret == -EBUSY) {
			busy++;
		} else if (!ret) {
			ok++;
		} else {
			other++;
			last = -ret;
		}
	}
	dprintf(fd, "%lu %lu %lu %d\n", busy, ok, other, last);
}

/* Another process resizing in a loop while this one writes and reads. */
static void check_resize_loop(struct ctx *c)
{
	unsigned long written = 0, retries = 0, busy, ok, other;
	const char *what = "every resize while mapped gives EBUSY";
	char size[PATH_MAX];
	int res[2], mfd, st, last;
	struct reader r;
	struct map m;
	time_t end;
	long kb;
	pid_t pid;
	FILE *f;

	if (pin_or_report(c))
		return;
	dpath(size, c, "buffer_size_kb");
	kb = read_num(size);
	clear_buffer(c);
	mfd = open_marker(c);
	if (mfd < 0) {
		report(0, "open trace_marker", "%s", errname(errno));
		return;
	}
	if (map_open(c, &m, O_RDONLY | O_NONBLOCK, 1, "map for the resize loop")) {
		close(mfd);
		return;
	}
	if (pipe(res)) {
		report(0, "pipe", "%s", errname(errno));
		goto out;
	}
	fflush(stdout);
	pid = fork();
	if (!pid) {
		alarm(60);
		close(res[0]);
		resizer(c, res[1], 3);
		_exit(0);
	}
	close(res[1]);
	/* Markers refused while a resize attempt stops recording are retried. */
	reader_init(&r, 0);
	end = time(NULL) + 3;
	while (time(NULL) < end && !r.err[0]) {
		long n = put_markers(mfd, written, 50, &retries);

		if (n < 0) {
			snprintf(r.err, sizeof(r.err), "trace_marker: %s",
				 errname(-n));
			break;
		}
		written += n;
		drain(&m, &r);
	}
	f = fdopen(res[0], "r");
	if (!f || fscanf(f, "%lu %lu %lu %d", &busy, &ok, &other, &last) != 4)
		report(0, what, "no counts from the resizing process");
	else
		report(busy > 0 && !ok && !other, what,
		       "%lu EBUSY, %lu succeeded, %lu other (last %s)", busy,
		       ok, other, errname(last));
	if (f)
		fclose(f);
	else
		close(res[0]);
	st = pid < 0 ? -1 : wait_child(pid, 65);
	if (st == -1 || !WIFEXITED(st))
		report(0, "the resizing process exits", "status %#x", st);
	if (!r.err[0])
		drain(&m, &r);
	printf("# %lu markers, %lu writes retried\n", written, retries);
	report(!r.err[0] && written > 0 && r.events == written &&
	       r.markers == written,
	       "reads through the mapping stay exact while resizes are refused",
	       "%s; %lu written, %lu events, %lu markers", r.err, written,
	       r.events, r.markers);
	report(m.meta->read == written && m.meta->entries == written &&
	       !m.meta->overrun, "the meta page counts exactly after the loop",
	       "read %llu, entries %llu, overrun %llu, %lu written",
	       (unsigned long long)m.meta->read,
	       (unsigned long long)m.meta->entries,
	       (unsigned long long)m.meta->overrun, written);
	report(read_num(size) == kb, "buffer_size_kb is unchanged after the loop",
	       "reads %ld, was %ld", read_num(size), kb);
out:
	close(mfd);
	map_close(&m);
}

struct check {
	const char *name;
	void (*fn)(struct ctx *c);
	int secs;
};

static const struct check checks[] = {
	{ "protections", check_prot, 30 },
	{ "bounds", check_bounds, 30 },
	{ "several mappings", check_double, 30 },
	{ "busy while mapped", check_busy, 30 },
	{ "ioctls", check_ioctl, 30 },
	{ "fork", check_fork, 30 },
	{ "split", check_split, 30 },
	{ "reading", check_read, 60 },
	{ "blocked reader", check_blocked, 45 },
	{ "rmdir", check_rmdir, 30 },
	{ "resize loop", check_resize_loop, 60 },
};

static const struct check dofork = { "MADV_DOFORK", check_dofork, 45 };

/* Run one group in a child, with a watchdog: a crash or hang is a line. */
static void run(const struct check *k, struct ctx *c)
{
	char what[128];
	int status;
	pid_t pid;

	snprintf(what, sizeof(what), "the %s checks finish", k->name);
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		report(0, what, "fork: %s", errname(errno));
		return;
	}
	if (!pid) {
		failed = 0;
		alarm(k->secs);
		k->fn(c);
		fflush(stdout);
		_exit(failed > 100 ? 100 : failed);
	}
	status = wait_child(pid, k->secs + 15);
	if (status == -1)
		report(0, what, "hung past its watchdog, killed");
	else if (WIFSIGNALED(status))
		report(0, what, "killed by signal %d (%s)%s", WTERMSIG(status),
		       strsignal(WTERMSIG(status)),
		       WTERMSIG(status) == SIGALRM ? ": a hang" : "");
	else
		failed += WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
	char path[PATH_MAX], buf[128], *p;
	struct ctx c = { 0 };
	long kb;
	int i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && !strcmp(argv[1], "-d")) {
		c.dofork = 1;
		argv++;
		argc--;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: %s [-d] TRACEFS_DIR CPU\n", argv[0]);
		return 2;
	}
	c.dir = argv[1];
	c.cpu = atoi(argv[2]);
	c.page = sysconf(_SC_PAGESIZE);
	/* The tracefs root: DIR, or what comes before "/instances/". */
	snprintf(c.root, sizeof(c.root), "%s", c.dir);
	p = strstr(c.root, "/instances/");
	if (p)
		*p = 0;

	cpath(path, &c, "trace_pipe_raw");
	if (access(path, R_OK)) {
		report(0, "setup", "%s: %s", path, errname(errno));
		return 1;
	}
	dpath(path, &c, "tracing_on");
	i = write_str(path, "1");
	if (i)
		report(0, "setup", "tracing_on: %s", errname(-i));
	/* A top level not yet expanded reads "N (expanded: M)". */
	dpath(path, &c, "buffer_size_kb");
	if (!read_str(path, buf, sizeof(buf))) {
		p = strstr(buf, "expanded: ");
		if (p)
			write_num(path, strtol(p + 10, NULL, 10));
	}
	/* Markers of about 48 bytes filling at most a quarter of it. */
	cpath(path, &c, "buffer_size_kb");
	kb = read_num(path);
	c.markers = kb > 0 ? kb * 1024 / 4 / 48 : 16;
	if (c.markers > 1000)
		c.markers = 1000;
	if (c.markers < 16)
		c.markers = 16;
	printf("# %s cpu%d: %ld KB per CPU, %lu markers, %ld-byte pages\n",
	       c.dir, c.cpu, kb, c.markers, c.page);

	for (i = 0; i < (int)ARRAY_SIZE(checks); i++)
		run(&checks[i], &c);
	if (c.dofork)
		run(&dofork, &c);
	return failed ? 1 : 0;
}
