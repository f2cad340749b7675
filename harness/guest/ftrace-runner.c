// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace-runner: a tracefs conformance runner that needs no userland.
 *
 * It drives /sys/kernel/tracing the way a user at a shell would (open,
 * write "value\n", read back; O_TRUNC for ">", O_APPEND for ">>") and
 * prints the results as KTAP on stdout, then the line
 * "# ftrace-runner: done".  Run as PID 1 (/init of an initramfs) it first
 * mounts proc, sysfs, devtmpfs, tracefs and debugfs, and at the end calls
 * reboot(LINUX_REBOOT_CMD_RESTART) (QEMU's -no-reboot turns that into an
 * exit).  Run as any other PID on a system where tracefs is mounted it
 * mounts nothing and exits with 0 if no test failed, 1 otherwise.
 *
 * Build with the kernel's nolibc, no libc, for any architecture nolibc
 * supports (x86_64, arm64, loongarch64, ...):
 *
 *   make -C LINUX O=HDR ARCH=loongarch headers_install
 *   CC -Os -nostdlib -static -fno-stack-protector \
 *      -fno-asynchronous-unwind-tables \
 *      -I HDR/usr/include -I LINUX/tools/include/nolibc -include nolibc.h \
 *      -o init ftrace-runner.c
 *
 * with CC e.g. gcc, aarch64-linux-gnu-gcc, or
 * "clang --target=loongarch64-linux-gnu -march=loongarch64 -mno-lsx
 * -fuse-ld=lld".
 *
 * What it expects of the guest:
 *  - a kernel with tracefs, the function and function_graph tracers,
 *    dynamic ftrace, trace events (sched/sched_process_fork), instances,
 *    modules (finit_module, delete_module) and proc/sysfs/devtmpfs;
 *  - /dev/console in the initramfs, or devtmpfs to open it from;
 *  - /lib/modules-test/ftrace_mod_test.ko, built from
 *    harness/modules/ftrace_mod_test.c for the running kernel (the module
 *    tests are skipped without it);
 *  - the snapshot test runs when the tracefs "snapshot" file exists and
 *    is skipped otherwise.
 *
 * Every test starts and ends from the same state (tracer nop, no
 * function filters, events off, buffer cleared, tracing on) and every
 * wait is bounded.  FTRACE_RUNNER_VERBOSE=1 in the environment (on the
 * kernel command line for /init) shows every trace it reads as "# "
 * lines.
 */
#include <linux/wait.h>

#define TRACING		"/sys/kernel/tracing"
#define INSTANCE	"instances/runner"
#define MOD_NAME	"ftrace_mod_test"
#define MOD_PATH	"/lib/modules-test/ftrace_mod_test.ko"
#define MOD_SYSFS	"/sys/module/ftrace_mod_test"
#define MOD_RUN		MOD_SYSFS "/parameters/run"
#define MOD_FUNC	"ftrace_mod_test_work"
#define FORK_EVENT	"events/sched/sched_process_fork"
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define __printf(a, b)	__attribute__((format(printf, a, b)))

enum { PASS, FAIL, SKIP };

static char reason[256];	/* why the current test failed or skipped */
static char tbuf[65536];	/* a trace, read whole (bounded) */
static char lbuf[8192];		/* a filter listing or other small file */
static char ppid_func[128];	/* what getppid() enters, e.g. __do_sys_getppid */
static char pid_func[128];	/* the same for getpid() */
static int marker_seq;
static int verbose;		/* FTRACE_RUNNER_VERBOSE=1: show every trace read */

/* Formatting: nolibc has printf but no snprintf; %s %d %u %x %c, l prefix. */

static void vfmt(char *dst, size_t size, const char *f, va_list ap)
{
	size_t n = 0;
	char num[24];
	const char *s;
	int lng;

	if (!size)
		return;
	for (; *f; f++) {
		if (*f != '%') {
			if (n + 1 < size)
				dst[n++] = *f;
			continue;
		}
		for (lng = 0, f++; *f == 'l'; f++)
			lng = 1;
		s = num;
		switch (*f) {
		case 's':
			s = va_arg(ap, const char *);
			if (!s)
				s = "(null)";
			break;
		case 'd':
			i64toa_r(lng ? va_arg(ap, long) : va_arg(ap, int), num);
			break;
		case 'u':
			u64toa_r(lng ? va_arg(ap, unsigned long) :
				 va_arg(ap, unsigned int), num);
			break;
		case 'x':
			u64toh_r(lng ? va_arg(ap, unsigned long) :
				 va_arg(ap, unsigned int), num);
			break;
		case 'c':
			num[0] = (char)va_arg(ap, int);
			num[1] = 0;
			break;
		case 0:
			f--;
			s = "";
			break;
		default:
			num[0] = *f;
			num[1] = 0;
			break;
		}
		while (*s && n + 1 < size)
			dst[n++] = *s++;
	}
	dst[n] = 0;
}

static __printf(3, 4)
void fmt(char *dst, size_t size, const char *f, ...)
{
	va_list ap;

	va_start(ap, f);
	vfmt(dst, size, f, ap);
	va_end(ap);
}

static void out(const char *s)
{
	size_t len = strlen(s);
	ssize_t w;

	while (len) {
		w = sys_write(1, s, len);
		if (w <= 0)
			return;
		s += w;
		len -= w;
	}
}

/* A "# " diagnostic line, each embedded line prefixed too. */
static __printf(1, 2)
void diag(const char *f, ...)
{
	char line[512], *p, *nl;
	va_list ap;

	va_start(ap, f);
	vfmt(line, sizeof(line), f, ap);
	va_end(ap);
	for (p = line; p; p = nl) {
		nl = strchr(p, '\n');
		if (nl)
			*nl++ = 0;
		if (!*p && !nl)
			break;
		out("# ");
		out(p);
		out("\n");
	}
}

/* The reason goes on the result line: newlines (from files read) become "\n". */
static void set_reason(const char *f, va_list ap)
{
	char raw[sizeof(reason)], *p;
	size_t n = 0;

	vfmt(raw, sizeof(raw), f, ap);
	for (p = raw; *p && n + 3 < sizeof(reason); p++) {
		if (*p == '\n') {
			reason[n++] = '\\';
			reason[n++] = 'n';
		} else {
			reason[n++] = *p;
		}
	}
	reason[n] = 0;
}

static __printf(1, 2)
int fail(const char *f, ...)
{
	va_list ap;

	va_start(ap, f);
	set_reason(f, ap);
	va_end(ap);
	return FAIL;
}

static __printf(1, 2)
int skip(const char *f, ...)
{
	va_list ap;

	va_start(ap, f);
	set_reason(f, ap);
	va_end(ap);
	return SKIP;
}

static const char *errname(int err)
{
	static char other[24];

	switch (err < 0 ? -err : err) {
	case 0:		return "success";
	case EPERM:	return "EPERM";
	case ENOENT:	return "ENOENT";
	case EIO:	return "EIO";
	case EBADF:	return "EBADF";
	case EAGAIN:	return "EAGAIN";
	case ENOMEM:	return "ENOMEM";
	case EACCES:	return "EACCES";
	case EFAULT:	return "EFAULT";
	case EBUSY:	return "EBUSY";
	case EEXIST:	return "EEXIST";
	case ENODEV:	return "ENODEV";
	case ENOTDIR:	return "ENOTDIR";
	case EINVAL:	return "EINVAL";
	case ENOSPC:	return "ENOSPC";
	case ENOSYS:	return "ENOSYS";
	case ERANGE:	return "ERANGE";
	}
	fmt(other, sizeof(other), "errno %d", err < 0 ? -err : err);
	return other;
}

/* Strings */

static const char *contains(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++)
		if (*hay == *needle && !strncmp(hay, needle, n))
			return hay;
	return *needle ? NULL : hay;
}

static int count_of(const char *hay, const char *needle)
{
	int n = 0;

	while ((hay = contains(hay, needle))) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

/* Copy the line at *pos (without '\n', cut to size - 1) and step past it. */
static int next_line(const char **pos, char *line, size_t size)
{
	const char *p = *pos;
	size_t n = 0;

	if (!*p)
		return 0;
	for (; *p && *p != '\n'; p++)
		if (n + 1 < size)
			line[n++] = *p;
	line[n] = 0;
	*pos = *p ? p + 1 : p;
	return 1;
}

static void copy(char *dst, size_t size, const char *src, size_t len)
{
	if (len >= size)
		len = size - 1;
	memcpy(dst, src, len);
	dst[len] = 0;
}

/* Whether a whitespace-separated list (available_tracers) has word. */
static int has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = list; (p = contains(p, word)); p += n)
		if ((p == list || p[-1] == ' ' || p[-1] == '\n' || p[-1] == '\t') &&
		    (!p[n] || p[n] == ' ' || p[n] == '\n' || p[n] == '\t'))
			return 1;
	return 0;
}

/*
 * Whether a listing with one function a line (set_ftrace_filter,
 * available_filter_functions; "func" or "func [module]") names func.
 */
static int lists_func(const char *list, const char *func)
{
	size_t n = strlen(func);
	const char *p;

	for (p = list; (p = contains(p, func)); p += n)
		if ((p == list || p[-1] == '\n') &&
		    (!p[n] || p[n] == '\n' || p[n] == ' '))
			return 1;
	return 0;
}

/* Files */

static int read_file(const char *path, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t r;
	int fd;

	buf[0] = 0;
	fd = sys_open(path, O_RDONLY, 0);
	if (fd < 0)
		return fd;
	while (len + 1 < size) {
		r = sys_read(fd, buf + len, size - 1 - len);
		if (r < 0) {
			sys_close(fd);
			buf[len] = 0;
			return r;
		}
		if (!r)
			break;
		len += r;
	}
	buf[len] = 0;
	sys_close(fd);
	return len;
}

/*
 * Write s as echo does: one open, write() again after a short write (the
 * ftrace filter files take a word at a time), close.  0 or -errno.
 */
static int write_file_flags(const char *path, const char *s, int flags)
{
	size_t len = strlen(s);
	ssize_t w = 0;
	int fd, c, tries = 0;

	fd = sys_open(path, O_WRONLY | flags, 0);
	if (fd < 0)
		return fd;
	while (len && tries++ < 1000) {
		w = sys_write(fd, s, len);
		if (w <= 0)
			break;
		s += w;
		len -= w;
	}
	c = sys_close(fd);
	if (w < 0)
		return w;
	if (len)
		return -EIO;
	return c < 0 ? c : 0;
}

static int write_file(const char *path, const char *s)
{
	return write_file_flags(path, s, O_TRUNC);
}

static int exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

/*
 * Call fn on every line of a file of any size (read in chunks; lines
 * longer than 255 bytes are cut).  Stops early when fn returns nonzero
 * and returns that, or -errno.
 */
typedef int (*line_fn)(const char *line, void *arg);

static int scan_lines(const char *path, line_fn fn, void *arg)
{
	char chunk[4096], line[256];
	size_t n = 0;
	ssize_t r, i;
	int fd, ret = 0;

	fd = sys_open(path, O_RDONLY, 0);
	if (fd < 0)
		return fd;
	while (!ret && (r = sys_read(fd, chunk, sizeof(chunk))) > 0) {
		for (i = 0; i < r && !ret; i++) {
			if (chunk[i] != '\n') {
				if (n + 1 < sizeof(line))
					line[n++] = chunk[i];
				continue;
			}
			line[n] = 0;
			n = 0;
			ret = fn(line, arg);
		}
	}
	if (!ret && r < 0)
		ret = r;
	if (!ret && n) {
		line[n] = 0;
		ret = fn(line, arg);
	}
	sys_close(fd);
	return ret;
}

/* tracefs, relative to TRACING */

static void tpath(char *dst, size_t size, const char *name)
{
	fmt(dst, size, TRACING "/%s", name);
}

static int tf_read(const char *name, char *buf, size_t size)
{
	char path[256];

	tpath(path, sizeof(path), name);
	return read_file(path, buf, size);
}

static int tf_write(const char *name, const char *s)
{
	char path[256];

	tpath(path, sizeof(path), name);
	return write_file_flags(path, s, O_TRUNC);
}

static int tf_append(const char *name, const char *s)
{
	char path[256];

	tpath(path, sizeof(path), name);
	return write_file_flags(path, s, O_APPEND);
}

static int tf_exists(const char *name)
{
	char path[256];

	tpath(path, sizeof(path), name);
	return exists(path);
}

static void diag_trace(const char *what, const char *text, int max);

/* Read a whole trace file into tbuf (and show it when verbose). */
static int read_trace(const char *name)
{
	int ret = tf_read(name, tbuf, sizeof(tbuf));

	if (verbose)
		diag_trace(name, tbuf, 40);
	return ret;
}

/* Dump the lines of a trace that are not header comments, at most max. */
static void diag_trace(const char *what, const char *text, int max)
{
	const char *pos = text;
	char line[256];
	int n = 0, total = 0;

	diag("%s:", what);
	while (next_line(&pos, line, sizeof(line))) {
		if (line[0] == '#')
			continue;
		if (n++ < max)
			diag("  %s", line);
		total++;
	}
	if (total > max)
		diag("  ... %d more lines", total - max);
	if (!total)
		diag("  (no entries)");
}

/* A fresh marker string, unique in this run. */
static void new_marker(char *dst, size_t size, const char *tag)
{
	fmt(dst, size, "ftrace-runner-%s-%d", tag, ++marker_seq);
}

static int write_marker(const char *file, const char *marker)
{
	char s[128];

	fmt(s, sizeof(s), "%s\n", marker);
	return tf_write(file, s);
}

/* Trace parsing */

/*
 * The function of a function tracer line
 * "comm-pid [cpu] flags timestamp: func <-caller", into func; 0 if the
 * line is not one.
 */
static int func_of_line(const char *line, char *func, size_t size)
{
	const char *p, *e;

	if (line[0] == '#')
		return 0;
	p = contains(line, ": ");
	e = contains(line, " <-");
	if (!p || !e || e < p)
		return 0;
	for (p += 2; *p == ' '; p++)
		;
	copy(func, size, p, e - p);
	/* "func [module]": just the function. */
	e = strchr(func, ' ');
	if (e)
		func[e - func] = 0;
	return 1;
}

/* Function tracer lines entering func (all of them with func NULL). */
static int count_func(const char *text, const char *func)
{
	const char *pos = text;
	char line[256], f[128];
	int n = 0;

	while (next_line(&pos, line, sizeof(line)))
		if (func_of_line(line, f, sizeof(f)) && (!func || !strcmp(f, func)))
			n++;
	return n;
}

/* The first function in a trace not listed in list, or NULL. */
static const char *func_outside(const char *text, const char *list)
{
	static char f[128];
	const char *pos = text;
	char line[256];

	while (next_line(&pos, line, sizeof(line)))
		if (func_of_line(line, f, sizeof(f)) && !lists_func(list, f))
			return f;
	return NULL;
}

/*
 * The function a function_graph line enters: "func() {" or "func();"
 * after the '|' column.  *leaf tells which; 0 if the line enters none.
 */
static int graph_func_of_line(const char *line, char *func, size_t size,
			      int *leaf)
{
	const char *p = strchr(line, '|'), *e, *q;

	if (line[0] == '#' || !p)
		return 0;
	for (p++; *p == ' '; p++)
		;
	for (e = p; isalnum((unsigned char)*e) || *e == '_' || *e == '.'; e++)
		;
	if (e == p)
		return 0;
	q = e;
	/* "func [module]()" for a module's function */
	if (q[0] == ' ' && q[1] == '[') {
		q = strchr(q, ']');
		if (!q)
			return 0;
		q++;
	}
	if (!strncmp(q, "();", 3))
		*leaf = 1;
	else if (!strncmp(q, "() {", 4))
		*leaf = 0;
	else
		return 0;
	copy(func, size, p, e - p);
	return 1;
}

/* Whether a function_graph line has a duration ("1.234 us") before '|'. */
static int graph_duration(const char *line)
{
	const char *bar = strchr(line, '|'), *us = contains(line, " us ");

	return bar && us && us < bar && us > line && isdigit((unsigned char)us[-1]);
}

/* Whether a function_graph line closes a call: '}' first after the '|'. */
static int graph_close(const char *line)
{
	const char *p = strchr(line, '|');

	if (line[0] == '#' || !p)
		return 0;
	for (p++; *p == ' '; p++)
		;
	return *p == '}';
}

/*
 * Calls of func in a function_graph trace (*timed: how many of them have
 * a duration, on the "func();" line or on the '}' closing "func() {"),
 * *others: entries of other functions.
 */
static int graph_calls(const char *text, const char *func, int *timed,
		       int *others)
{
	const char *pos = text;
	char line[256], f[128];
	int n = 0, leaf, depth = -1;

	*timed = *others = 0;
	while (next_line(&pos, line, sizeof(line))) {
		if (graph_func_of_line(line, f, sizeof(f), &leaf)) {
			if (strcmp(f, func)) {
				(*others)++;
				if (depth >= 0 && !leaf)
					depth++;
				continue;
			}
			n++;
			if (leaf)
				*timed += graph_duration(line);
			else
				depth = 0;
		} else if (depth >= 0 && graph_close(line)) {
			if (depth-- == 0)
				*timed += graph_duration(line);
		}
	}
	return n;
}

/* State */

static void reap(void)
{
	int status;

	while (waitpid(-1, &status, WNOHANG) > 0)
		;
}

/*
 * Back to the state every test starts from.  Optional files (snapshot,
 * set_graph_notrace, the instance) may be missing; the essential writes
 * must work.
 */
static int reset_state(void)
{
	static const char *const clear[] = {
		"set_ftrace_filter", "set_ftrace_notrace", "set_graph_function",
		"set_graph_notrace", "set_event", NULL,
	};
	int i, err, ret = 0;

	reap();
	tf_write("tracing_on", "0\n");
	err = tf_write("current_tracer", "nop\n");
	if (err) {
		diag("reset: current_tracer nop: %s", errname(err));
		ret = err;
	}
	for (i = 0; clear[i]; i++) {
		err = tf_write(clear[i], "\n");
		if (err && (i < 3 || err != -ENOENT)) {
			diag("reset: clearing %s: %s", clear[i], errname(err));
			ret = err;
		}
	}
	tf_write("max_graph_depth", "0\n");
	tf_write("options/func_stack_trace", "0\n");
	err = tf_write("events/enable", "0\n");
	if (err && err != -ENOENT) {
		diag("reset: events/enable 0: %s", errname(err));
		ret = err;
	}
	tf_write(FORK_EVENT "/filter", "0\n");
	if (tf_exists(INSTANCE)) {
		tf_write(INSTANCE "/current_tracer", "nop\n");
		tf_write(INSTANCE "/set_ftrace_filter", "\n");
		tpath(lbuf, sizeof(lbuf), INSTANCE);
		err = rmdir(lbuf) ? -errno : 0;
		if (err) {
			diag("reset: rmdir %s: %s", INSTANCE, errname(err));
			ret = err;
		}
	}
	if (tf_exists("snapshot"))
		tf_write("snapshot", "0\n");
	err = tf_write("trace", "\n");
	if (err) {
		diag("reset: clearing trace: %s", errname(err));
		ret = err;
	}
	err = tf_write("tracing_on", "1\n");
	if (err) {
		diag("reset: tracing_on 1: %s", errname(err));
		ret = err;
	}
	return ret;
}

static void call_getppid(int n)
{
	while (n--)
		getppid();
}

static void call_getpid(int n)
{
	while (n--)
		getpid();
}

/*
 * Find which traceable function a syscall enters (the name differs per
 * architecture and configuration: __do_sys_getppid on x86_64,
 * __arm64_sys_getppid on arm64, sys_getppid without syscall wrappers):
 * trace it with the glob as the filter and take the first (outermost)
 * function hit.
 */
static int discover(const char *glob, void (*call)(int), char *func,
		    size_t size)
{
	char s[64];
	const char *pos;
	char line[256];
	int ret;

	if (*func)
		return 0;
	reset_state();
	fmt(s, sizeof(s), "%s\n", glob);
	ret = tf_write("set_ftrace_filter", s);
	if (!ret)
		ret = tf_write("current_tracer", "function\n");
	if (!ret) {
		call(5);
		tf_write("tracing_on", "0\n");
		read_trace("trace");
		for (pos = tbuf; next_line(&pos, line, sizeof(line));)
			if (func_of_line(line, func, size))
				break;
	}
	reset_state();
	if (!*func)
		diag("no function of %s seen in the trace (%s)", glob,
		     ret ? errname(ret) : "nothing traced");
	return *func ? 0 : -ENOENT;
}

static int need_syscall_funcs(void)
{
	if (discover("*sys_getppid", call_getppid, ppid_func, sizeof(ppid_func)) ||
	    discover("*sys_getpid", call_getpid, pid_func, sizeof(pid_func)))
		return fail("cannot find the getppid/getpid functions");
	return PASS;
}

/* Processes */

/* Wait at most ms for pid, then kill it; its wait status, or -1. */
static int wait_child(pid_t pid, int ms)
{
	int status, t;
	pid_t r;

	for (t = 0; t <= ms; t += 10) {
		r = waitpid(pid, &status, WNOHANG);
		if (r == pid)
			return status;
		if (r < 0)
			return -1;
		msleep(10);
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	return -1;
}

/* Fork a child that exits at once (or forks a grandchild first). */
static pid_t fork_child(int grandchild)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	if (grandchild) {
		pid = fork();
		if (pid < 0)
			exit(2);
		if (!pid)
			exit(0);
		if (wait_child(pid, 5000) != 0)
			exit(3);
	}
	exit(0);
}

/* /proc/PID/stat's state letter, or 0. */
static char proc_state(pid_t pid)
{
	char path[64], st[256];
	const char *p;

	fmt(path, sizeof(path), "/proc/%d/stat", pid);
	if (read_file(path, st, sizeof(st)) <= 0)
		return 0;
	p = strrchr(st, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

static void my_comm(char *comm, size_t size)
{
	char *nl;

	if (read_file("/proc/self/comm", comm, size) <= 0)
		copy(comm, size, "?", 1);
	nl = strchr(comm, '\n');
	if (nl)
		*nl = 0;
}

/* Tests: tracefs basics */

static int t_available_tracers(void)
{
	static const char *const want[] = { "nop", "function", "function_graph" };
	char cur[64];
	int i, ret;

	ret = tf_read("available_tracers", lbuf, sizeof(lbuf));
	if (ret < 0)
		return fail("reading available_tracers: %s", errname(ret));
	for (i = 0; i < 3; i++)
		if (!has_word(lbuf, want[i])) {
			diag("available_tracers: %s", lbuf);
			return fail("available_tracers lacks %s", want[i]);
		}
	ret = tf_read("current_tracer", cur, sizeof(cur));
	if (ret < 0 || strcmp(cur, "nop\n"))
		return fail("current_tracer is \"%s\" (%s), not nop", cur,
			    errname(ret < 0 ? ret : 0));
	ret = tf_write("current_tracer", "function\n");
	if (ret)
		return fail("current_tracer function: %s", errname(ret));
	tf_read("current_tracer", cur, sizeof(cur));
	if (strcmp(cur, "function\n"))
		return fail("current_tracer reads \"%s\" after writing function",
			    cur);
	return PASS;
}

static int t_bogus_tracer(void)
{
	char cur[64];
	int ret;

	ret = tf_write("current_tracer", "bogus_tracer_xyz\n");
	if (ret != -EINVAL)
		return fail("writing a bogus tracer gave %s, not EINVAL",
			    errname(ret));
	tf_read("current_tracer", cur, sizeof(cur));
	if (strcmp(cur, "nop\n"))
		return fail("current_tracer became \"%s\"", cur);
	return PASS;
}

static int t_buffer_size_kb(void)
{
	char before[64], after[64];
	int ret;

	ret = tf_read("buffer_size_kb", before, sizeof(before));
	if (ret <= 0)
		return fail("reading buffer_size_kb: %s", errname(ret));
	ret = tf_write("buffer_size_kb", "abc\n");
	if (ret != -EINVAL)
		return fail("buffer_size_kb abc gave %s, not EINVAL",
			    errname(ret));
	tf_read("buffer_size_kb", after, sizeof(after));
	if (strcmp(before, after))
		return fail("buffer_size_kb changed from %s to %s", before, after);
	return PASS;
}

static int t_trace_marker(void)
{
	char m[64], want[96];
	int ret;

	new_marker(m, sizeof(m), "marker");
	ret = write_marker("trace_marker", m);
	if (ret)
		return fail("writing trace_marker: %s", errname(ret));
	read_trace("trace");
	fmt(want, sizeof(want), "tracing_mark_write: %s", m);
	if (!contains(tbuf, want)) {
		diag_trace("trace", tbuf, 20);
		return fail("trace lacks \"%s\"", want);
	}
	ret = tf_write("trace", "\n");
	if (ret)
		return fail("clearing trace: %s", errname(ret));
	read_trace("trace");
	if (contains(tbuf, m)) {
		diag_trace("trace", tbuf, 20);
		return fail("the marker is still there after clearing trace");
	}
	return PASS;
}

/* Tests: the function tracer */

static int t_function_filter(void)
{
	const char *out;
	int ret, n;

	ret = tf_write("set_ftrace_filter", "*sys_getppid\n");
	if (ret)
		return fail("set_ftrace_filter *sys_getppid: %s", errname(ret));
	tf_read("set_ftrace_filter", lbuf, sizeof(lbuf));
	if (!contains(lbuf, "sys_getppid")) {
		diag("set_ftrace_filter: %s", lbuf);
		return fail("set_ftrace_filter does not list a *sys_getppid function");
	}
	ret = tf_write("current_tracer", "function\n");
	if (ret)
		return fail("current_tracer function: %s", errname(ret));
	call_getppid(5);
	tf_write("tracing_on", "0\n");
	read_trace("trace");
	n = count_func(tbuf, NULL);
	out = func_outside(tbuf, lbuf);
	if (n < 5 || out) {
		diag("set_ftrace_filter: %s", lbuf);
		diag_trace("trace", tbuf, 20);
		if (out)
			return fail("traced %s, which the filter does not list", out);
		return fail("%d function entries for 5 getppid() calls", n);
	}
	return PASS;
}

/* The entry code a function-tracer stack may start in (upstream: x86). */
static int entry_frame(const char *f)
{
	static const char *const entry[] = {
		"[FTRACE TRAMPOLINE]", "ftrace_caller", "ftrace_regs_caller",
		"ftrace_call", "ftrace_graph_call", NULL,
	};
	int i;

	for (i = 0; entry[i]; i++)
		if (!strncmp(f, entry[i], strlen(entry[i])))
			return 1;
	return 0;
}

/*
 * options/func_stack_trace: each traced call is followed by its stack:
 * after at most the entry code, the traced function itself (upstream
 * leaves it out on some architectures), then its caller, as the event's
 * "<-" names it, and none of the tracing code.
 */
static int t_function_stack_trace(void)
{
	static const char *const internal[] = {
		"function_trace_call", "function_stack_trace_call",
		"ftrace_ops_list_func", "ftrace_caller", "ftrace_regs_caller",
		NULL,
	};
	char line[256], parent[128] = "", self[128] = "", caller[128] = "";
	int ret, frames = 0, in_stack = 0, i;
	const char *pos, *f, *p;

	if (need_syscall_funcs())
		return FAIL;
	ret = tf_write("set_ftrace_filter", ppid_func);
	if (!ret)
		ret = tf_write("options/func_stack_trace", "1\n");
	if (!ret)
		ret = tf_write("current_tracer", "function\n");
	if (ret)
		return fail("setting up the function tracer with func_stack_trace: %s",
			    errname(ret));
	call_getppid(1);
	tf_write("tracing_on", "0\n");
	read_trace("trace");
	pos = tbuf;
	while (next_line(&pos, line, sizeof(line))) {
		if (!in_stack && !parent[0]) {
			p = contains(line, " <-");
			if (p && contains(line, ppid_func))
				copy(parent, sizeof(parent), p + 3, strlen(p + 3));
			continue;
		}
		if (contains(line, "<stack trace>")) {
			if (in_stack)
				break;
			in_stack = 1;
			continue;
		}
		if (!in_stack || strncmp(line, " => ", 4))
			continue;
		f = line + 4;
		if (!frames && entry_frame(f))
			continue;
		frames++;
		if (frames == 1 && !strcmp(f, ppid_func))
			copy(self, sizeof(self), f, strlen(f));
		else if (!caller[0])
			copy(caller, sizeof(caller), f, strlen(f));
		for (i = 0; internal[i]; i++) {
			if (!strncmp(f, internal[i], strlen(internal[i]))) {
				diag_trace("trace", tbuf, 30);
				return fail("the stack shows the tracing code (%s)", f);
			}
		}
	}
	if (!parent[0] || strcmp(caller, parent)) {
		diag_trace("trace", tbuf, 30);
		return fail("stack of %d frames: %s then '%s' (want %s's caller '%s')",
			    frames, self[0] ? self : "(no traced function)",
			    caller, ppid_func, parent);
	}
	return PASS;
}

static int t_function_filter_einval(void)
{
	int ret;

	ret = tf_write("set_ftrace_filter", "nosuch_function_xyz\n");
	if (ret != -EINVAL)
		return fail("set_ftrace_filter nosuch_function_xyz gave %s, not EINVAL",
			    errname(ret));
	tf_read("set_ftrace_filter", lbuf, sizeof(lbuf));
	if (contains(lbuf, "nosuch")) {
		diag("set_ftrace_filter: %s", lbuf);
		return fail("set_ftrace_filter lists the bogus function");
	}
	return PASS;
}

/*
 * The function tracer on, three getppid() and three getpid() calls: with
 * the filters set up, the trace must hold the getpid function's calls
 * and none of getppid's.  @why ends the failure's reason.
 */
static int trace_pid_not_ppid(const char *why)
{
	int ret = tf_write("current_tracer", "function\n");

	if (ret)
		return fail("current_tracer function: %s", errname(ret));
	call_getppid(3);
	call_getpid(3);
	tf_write("tracing_on", "0\n");
	read_trace("trace");
	if (count_func(tbuf, ppid_func) || count_func(tbuf, pid_func) < 3) {
		diag_trace("trace", tbuf, 20);
		return fail("expected 3 entries of %s and none of %s%s",
			    pid_func, ppid_func, why);
	}
	return PASS;
}

static int t_function_filter_append(void)
{
	char s[160];
	int ret;

	if (need_syscall_funcs())
		return FAIL;
	fmt(s, sizeof(s), "%s\n", ppid_func);
	ret = tf_write("set_ftrace_filter", s);
	fmt(s, sizeof(s), "%s\n", pid_func);
	if (!ret)
		ret = tf_append("set_ftrace_filter", s);
	if (ret)
		return fail("writing set_ftrace_filter: %s", errname(ret));
	tf_read("set_ftrace_filter", lbuf, sizeof(lbuf));
	if (!lists_func(lbuf, ppid_func) || !lists_func(lbuf, pid_func)) {
		diag("set_ftrace_filter: %s", lbuf);
		return fail(">> did not add %s to %s", pid_func, ppid_func);
	}
	fmt(s, sizeof(s), "!%s\n", ppid_func);
	ret = tf_append("set_ftrace_filter", s);
	if (ret)
		return fail(">> set_ftrace_filter %s: %s", s, errname(ret));
	tf_read("set_ftrace_filter", lbuf, sizeof(lbuf));
	if (lists_func(lbuf, ppid_func) || !lists_func(lbuf, pid_func)) {
		diag("set_ftrace_filter: %s", lbuf);
		return fail("!%s did not remove just that function", ppid_func);
	}
	return trace_pid_not_ppid("");
}

static int t_function_notrace(void)
{
	char s[160];
	int ret;

	if (need_syscall_funcs())
		return FAIL;
	ret = tf_write("set_ftrace_filter", "*sys_getppid *sys_getpid\n");
	fmt(s, sizeof(s), "%s\n", ppid_func);
	if (!ret)
		ret = tf_write("set_ftrace_notrace", s);
	if (ret)
		return fail("writing the filters: %s", errname(ret));
	tf_read("set_ftrace_notrace", lbuf, sizeof(lbuf));
	if (!lists_func(lbuf, ppid_func)) {
		diag("set_ftrace_notrace: %s", lbuf);
		return fail("set_ftrace_notrace does not list %s", ppid_func);
	}
	return trace_pid_not_ppid(" (notrace)");
}

/* Tests: function_graph */

static int graph_setup(const char *func, const char *depth)
{
	char s[160];
	int ret;

	fmt(s, sizeof(s), "%s\n", func);
	ret = tf_write("set_graph_function", s);
	if (ret)
		return fail("set_graph_function %s: %s", func, errname(ret));
	if (depth) {
		ret = tf_write("max_graph_depth", depth);
		if (ret)
			return fail("max_graph_depth %s: %s", depth, errname(ret));
	}
	ret = tf_write("current_tracer", "function_graph\n");
	if (ret)
		return fail("current_tracer function_graph: %s", errname(ret));
	return PASS;
}

static int t_graph_function(void)
{
	int n, timed, others;

	if (need_syscall_funcs())
		return FAIL;
	if (graph_setup(ppid_func, NULL))
		return FAIL;
	call_getppid(3);
	tf_write("tracing_on", "0\n");
	read_trace("trace");
	n = graph_calls(tbuf, ppid_func, &timed, &others);
	if (n < 3 || timed < n) {
		diag_trace("trace", tbuf, 30);
		return fail("%d calls of %s, %d with a duration (want 3, all timed)",
			    n, ppid_func, timed);
	}
	return PASS;
}

static int t_graph_max_depth(void)
{
	int n, timed, others;

	if (need_syscall_funcs())
		return FAIL;
	if (graph_setup(ppid_func, "1\n"))
		return FAIL;
	call_getppid(3);
	tf_write("tracing_on", "0\n");
	read_trace("trace");
	n = graph_calls(tbuf, ppid_func, &timed, &others);
	if (n < 3 || timed < n || others) {
		diag_trace("trace", tbuf, 30);
		return fail("max_graph_depth 1: %d calls of %s (%d timed), %d entries of other functions",
			    n, ppid_func, timed, others);
	}
	return PASS;
}

/* Tests: events */

/* The sched_process_fork lines of tbuf, and whether one names child. */
static int fork_events(const char *comm, pid_t parent, pid_t child,
		       int *others)
{
	const char *pos = tbuf;
	char line[256], want[128], from[64];
	int n = 0;

	fmt(want, sizeof(want), "sched_process_fork: comm=%s pid=%d child_comm=%s child_pid=%d",
	    comm, parent, comm, child);
	fmt(from, sizeof(from), " pid=%d ", parent);
	*others = 0;
	while (next_line(&pos, line, sizeof(line))) {
		if (!contains(line, "sched_process_fork:"))
			continue;
		if (contains(line, want))
			n++;
		else if (!contains(line, from))
			(*others)++;
	}
	return n;
}

static int t_event_fork(void)
{
	char comm[32], en[8];
	pid_t pid;
	int ret, n, others;

	ret = tf_write(FORK_EVENT "/enable", "1\n");
	if (ret)
		return fail("enabling sched_process_fork: %s", errname(ret));
	tf_read(FORK_EVENT "/enable", en, sizeof(en));
	if (strcmp(en, "1\n"))
		return fail("enable reads \"%s\" after writing 1", en);
	my_comm(comm, sizeof(comm));
	pid = fork_child(0);
	if (pid < 0)
		return fail("fork: %s", errname(errno));
	if (wait_child(pid, 5000))
		return fail("the child did not exit cleanly");
	ret = tf_write(FORK_EVENT "/enable", "0\n");
	if (ret)
		return fail("disabling sched_process_fork: %s", errname(ret));
	read_trace("trace");
	n = fork_events(comm, getpid(), pid, &others);
	if (n != 1) {
		diag_trace("trace", tbuf, 20);
		return fail("%d sched_process_fork events for child %d, want 1",
			    n, pid);
	}
	/* Disabled: no more events. */
	tf_write("trace", "\n");
	pid = fork_child(0);
	wait_child(pid, 5000);
	read_trace("trace");
	if (contains(tbuf, "sched_process_fork:")) {
		diag_trace("trace", tbuf, 20);
		return fail("events after disabling sched_process_fork");
	}
	return PASS;
}

static int t_event_format(void)
{
	char id[32], want[48];
	const char *p;
	int ret;

	ret = tf_read(FORK_EVENT "/format", lbuf, sizeof(lbuf));
	if (ret <= 0)
		return fail("reading the format file: %s", errname(ret));
	ret = tf_read(FORK_EVENT "/id", id, sizeof(id));
	if (ret <= 0)
		return fail("reading the id file: %s", errname(ret));
	fmt(want, sizeof(want), "\nID: %s", id);
	p = contains(lbuf, "field:");
	if (strncmp(lbuf, "name: sched_process_fork\n", 25) ||
	    !contains(lbuf, want) || !p || count_of(lbuf, "\tfield:") < 5 ||
	    !contains(lbuf, "field:unsigned short common_type;") ||
	    !contains(lbuf, "field:int common_pid;") ||
	    !contains(lbuf, " child_pid;") ||
	    !contains(lbuf, "\nprint fmt: ")) {
		diag("format:\n%s", lbuf);
		return fail("the format file lacks name, ID %s, fields or print fmt",
			    id);
	}
	return PASS;
}

static int t_event_set_event(void)
{
	char comm[32], en[8];
	pid_t pid;
	int ret, n, others;

	ret = tf_write("set_event", "sched:sched_process_fork\n");
	if (ret)
		return fail("set_event sched:sched_process_fork: %s",
			    errname(ret));
	tf_read("set_event", lbuf, sizeof(lbuf));
	tf_read(FORK_EVENT "/enable", en, sizeof(en));
	if (strcmp(lbuf, "sched:sched_process_fork\n") || strcmp(en, "1\n")) {
		diag("set_event: %s", lbuf);
		return fail("set_event/enable do not show the event enabled (enable %s)",
			    en);
	}
	my_comm(comm, sizeof(comm));
	pid = fork_child(0);
	if (pid < 0 || wait_child(pid, 5000))
		return fail("fork or child exit failed");
	ret = tf_append("set_event", "!sched:sched_process_fork\n");
	if (ret)
		return fail(">> set_event !sched:sched_process_fork: %s",
			    errname(ret));
	tf_read(FORK_EVENT "/enable", en, sizeof(en));
	tf_read("set_event", lbuf, sizeof(lbuf));
	if (strcmp(en, "0\n") || lbuf[0])
		return fail("still enabled after !event (enable %s)", en);
	read_trace("trace");
	n = fork_events(comm, getpid(), pid, &others);
	if (n != 1) {
		diag_trace("trace", tbuf, 20);
		return fail("%d sched_process_fork events for child %d, want 1",
			    n, pid);
	}
	return PASS;
}

static int t_event_filter(void)
{
	char comm[32], s[64], back[64];
	pid_t pid;
	int ret, n, others, status;

	ret = tf_write(FORK_EVENT "/filter", "nosuch_field == 1\n");
	if (ret != -EINVAL)
		return fail("filter on a bogus field gave %s, not EINVAL",
			    errname(ret));
	fmt(s, sizeof(s), "common_pid == %d\n", getpid());
	ret = tf_write(FORK_EVENT "/filter", s);
	if (ret)
		return fail("filter %s: %s", s, errname(ret));
	tf_read(FORK_EVENT "/filter", back, sizeof(back));
	if (strcmp(back, s))
		return fail("filter reads \"%s\", not \"%s\"", back, s);
	ret = tf_write(FORK_EVENT "/enable", "1\n");
	if (ret)
		return fail("enabling sched_process_fork: %s", errname(ret));
	my_comm(comm, sizeof(comm));
	/* The child forks too: that fork event has the child's pid. */
	pid = fork_child(1);
	status = pid < 0 ? -1 : wait_child(pid, 10000);
	tf_write(FORK_EVENT "/enable", "0\n");
	if (status)
		return fail("the child (forking a grandchild) failed: status %x",
			    status);
	read_trace("trace");
	n = fork_events(comm, getpid(), pid, &others);
	if (n != 1 || others || count_of(tbuf, "sched_process_fork:") != 1) {
		diag_trace("trace", tbuf, 20);
		return fail("%d events of our fork, %d of others; want 1 and 0",
			    n, others);
	}
	ret = tf_write(FORK_EVENT "/filter", "0\n");
	tf_read(FORK_EVENT "/filter", back, sizeof(back));
	if (ret || strcmp(back, "none\n"))
		return fail("clearing the filter: %s, reads \"%s\"", errname(ret),
			    back);
	return PASS;
}

/* Tests: trace_pipe */

/* Read fd (O_NONBLOCK) into buf until needle shows or ms pass; -errno. */
static int read_until(int fd, char *buf, size_t size, const char *needle,
		      int ms)
{
	size_t len = 0;
	ssize_t r;
	int t = 0;

	buf[0] = 0;
	while (!contains(buf, needle) && t <= ms) {
		if (len + 1 >= size) {
			/* Keep the tail: the needle may straddle. */
			memmove(buf, buf + len / 2, len - len / 2 + 1);
			len -= len / 2;
		}
		r = sys_read(fd, buf + len, size - 1 - len);
		if (r == -EAGAIN || !r) {
			msleep(10);
			t += 10;
			continue;
		}
		if (r < 0)
			return r;
		len += r;
		buf[len] = 0;
	}
	return contains(buf, needle) ? 0 : -EAGAIN;
}

static int t_trace_pipe(void)
{
	char m[64], path[256];
	int fd, ret;

	new_marker(m, sizeof(m), "pipe");
	ret = write_marker("trace_marker", m);
	if (ret)
		return fail("writing trace_marker: %s", errname(ret));
	tpath(path, sizeof(path), "trace_pipe");
	fd = sys_open(path, O_RDONLY | O_NONBLOCK, 0);
	if (fd < 0)
		return fail("opening trace_pipe: %s", errname(fd));
	ret = read_until(fd, tbuf, sizeof(tbuf), m, 3000);
	sys_close(fd);
	if (ret) {
		diag_trace("trace_pipe", tbuf, 20);
		return fail("the marker did not come out of trace_pipe: %s",
			    errname(ret));
	}
	read_trace("trace");
	if (contains(tbuf, m)) {
		diag_trace("trace", tbuf, 20);
		return fail("trace still has the marker trace_pipe consumed");
	}
	return PASS;
}

static int t_trace_pipe_blocking(void)
{
	char m[64], path[256], state = 0;
	pid_t pid;
	int t, ret, status;

	new_marker(m, sizeof(m), "block");
	tpath(path, sizeof(path), "trace_pipe");
	pid = fork();
	if (pid < 0)
		return fail("fork: %s", errname(errno));
	if (!pid) {
		char b[4096];
		size_t len = 0;
		ssize_t r;
		int fd = sys_open(path, O_RDONLY, 0);

		if (fd < 0)
			exit(2);
		while (len + 1 < sizeof(b)) {
			r = sys_read(fd, b + len, sizeof(b) - 1 - len);
			if (r <= 0)
				exit(3);
			len += r;
			b[len] = 0;
			if (contains(b, m))
				exit(0);
		}
		exit(4);
	}
	/* Until the reader sleeps (in trace_pipe's read, nothing else). */
	for (t = 0; t < 3000 && state != 'S'; t += 10) {
		msleep(10);
		state = proc_state(pid);
	}
	if (state != 'S') {
		wait_child(pid, 0);
		return fail("the reader never blocked (state %c)",
			    state ? state : '?');
	}
	ret = write_marker("trace_marker", m);
	status = wait_child(pid, 5000);
	if (ret)
		return fail("writing trace_marker: %s", errname(ret));
	if (status == -1)
		return fail("the blocked trace_pipe reader was not woken in 5 s");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return fail("the reader failed: wait status %x", status);
	return PASS;
}

/* Tests: instances */

static int make_instance(void)
{
	char path[256];

	tpath(path, sizeof(path), INSTANCE);
	if (mkdir(path, 0755))
		return fail("mkdir %s: %s", INSTANCE, errname(errno));
	return PASS;
}

static int t_instance_marker(void)
{
	char m[64];
	int ret;

	if (make_instance())
		return FAIL;
	new_marker(m, sizeof(m), "instance");
	ret = write_marker(INSTANCE "/trace_marker", m);
	if (ret)
		return fail("writing the instance's trace_marker: %s",
			    errname(ret));
	read_trace(INSTANCE "/trace");
	if (!contains(tbuf, m)) {
		diag_trace("instance trace", tbuf, 20);
		return fail("the instance's trace lacks its marker");
	}
	read_trace("trace");
	if (contains(tbuf, m)) {
		diag_trace("trace", tbuf, 20);
		return fail("the top-level trace has the instance's marker");
	}
	return PASS;
}

static int t_instance_function(void)
{
	char s[160];
	const char *outside;
	int ret, top_pp, top_p, in_pp, in_p;

	if (need_syscall_funcs() || make_instance())
		return FAIL;
	fmt(s, sizeof(s), "%s\n", ppid_func);
	ret = tf_write("set_ftrace_filter", s);
	if (ret)
		return fail("set_ftrace_filter: %s", errname(ret));
	fmt(s, sizeof(s), "%s\n", pid_func);
	ret = tf_write(INSTANCE "/set_ftrace_filter", s);
	if (ret)
		return fail("the instance's set_ftrace_filter: %s", errname(ret));
	ret = tf_write(INSTANCE "/current_tracer", "function\n");
	if (ret)
		return fail("the instance's current_tracer function: %s",
			    errname(ret));
	ret = tf_write("current_tracer", "function\n");
	if (ret)
		return fail("current_tracer function: %s", errname(ret));
	call_getppid(3);
	call_getpid(4);
	tf_write("tracing_on", "0\n");
	tf_write(INSTANCE "/tracing_on", "0\n");

	read_trace("trace");
	top_pp = count_func(tbuf, ppid_func);
	top_p = count_func(tbuf, NULL) - top_pp;
	if (top_pp < 3 || top_p) {
		diag_trace("trace", tbuf, 20);
		return fail("top level: %d entries of %s (want 3), %d of others",
			    top_pp, ppid_func, top_p);
	}
	read_trace(INSTANCE "/trace");
	in_p = count_func(tbuf, pid_func);
	in_pp = count_func(tbuf, NULL) - in_p;
	tf_read(INSTANCE "/set_ftrace_filter", lbuf, sizeof(lbuf));
	outside = func_outside(tbuf, lbuf);
	if (in_p < 4 || in_pp || outside) {
		diag_trace("instance trace", tbuf, 20);
		return fail("instance: %d entries of %s (want 4), %d of others",
			    in_p, pid_func, in_pp);
	}
	return PASS;
}

static int t_instance_rmdir_busy(void)
{
	char path[256], pipe[256];
	int fd, ret;

	if (make_instance())
		return FAIL;
	tpath(path, sizeof(path), INSTANCE);
	tpath(pipe, sizeof(pipe), INSTANCE "/trace_pipe");
	fd = sys_open(pipe, O_RDONLY | O_NONBLOCK, 0);
	if (fd < 0)
		return fail("opening the instance's trace_pipe: %s",
			    errname(fd));
	ret = rmdir(path) ? -errno : 0;
	sys_close(fd);
	if (ret != -EBUSY)
		return fail("rmdir with trace_pipe open gave %s, not EBUSY",
			    errname(ret));
	if (!exists(path))
		return fail("the instance is gone after a failed rmdir");
	ret = rmdir(path) ? -errno : 0;
	if (ret)
		return fail("rmdir after closing trace_pipe: %s", errname(ret));
	if (exists(path))
		return fail("the instance is still there after rmdir");
	return PASS;
}

/* Test: kprobe events */

/*
 * A kprobe with an argument and a kretprobe with the return value on
 * vfs_read: a read of 7 bytes shows count=7 at the entry and ret=7 at
 * the return.
 */
static int t_kprobe_events(void)
{
	char buf[16];
	int fd, ret, n;

	if (!tf_exists("kprobe_events"))
		return skip("no kprobe_events (KPROBE_EVENTS off)");
	ret = tf_write("kprobe_events", "p:lprobe vfs_read count=$arg3:u64\n");
	if (!ret)
		ret = tf_append("kprobe_events",
				"r:lret vfs_read ret=$retval:s64\n");
	if (ret)
		return fail("defining the probes: %s", errname(ret));
	ret = tf_write("events/kprobes/enable", "1\n");
	if (ret) {
		tf_write("kprobe_events", "");
		return fail("enabling them: %s", errname(ret));
	}
	fd = sys_open("/proc/version", O_RDONLY, 0);
	n = fd < 0 ? fd : sys_read(fd, buf, 7);
	if (fd >= 0)
		sys_close(fd);
	tf_write("events/kprobes/enable", "0\n");
	read_trace("trace");
	ret = tf_write("kprobe_events", "");
	if (n != 7)
		return fail("reading 7 bytes of /proc/version: %d", n);
	if (!contains(tbuf, "lprobe: (vfs_read+0x") ||
	    !contains(tbuf, "count=7\n") ||
	    !contains(tbuf, " <- vfs_read) ret=7\n")) {
		diag_trace("trace", tbuf, 10);
		return fail("no lprobe entry with count=7 or lret with ret=7");
	}
	if (ret)
		return fail("removing the probes: %s", errname(ret));
	return PASS;
}

/* Test: snapshot */

/* Whether tracefs file name holds marker m, as it should (want). */
static int expect(const char *name, const char *m, int want, const char *when)
{
	int has;

	read_trace(name);
	has = !!contains(tbuf, m);
	if (has == want)
		return PASS;
	diag_trace(name, tbuf, 20);
	return fail("after %s, %s %s %s", when, name,
		    want ? "lacks" : "still has", m);
}

static int t_snapshot(void)
{
	char a[64], b[64];
	int ret;

	if (!tf_exists("snapshot"))
		return skip("no snapshot file");
	new_marker(a, sizeof(a), "snap-a");
	new_marker(b, sizeof(b), "snap-b");
	write_marker("trace_marker", a);
	ret = tf_write("snapshot", "1\n");
	if (ret)
		return fail("echo 1 > snapshot: %s", errname(ret));
	/* Swapped: the snapshot holds A, tracing goes on in the spare. */
	if (expect("snapshot", a, 1, "echo 1 > snapshot") ||
	    expect("trace", a, 0, "echo 1 > snapshot"))
		return FAIL;
	write_marker("trace_marker", b);
	if (expect("trace", b, 1, "a marker after the snapshot") ||
	    expect("snapshot", b, 0, "a marker after the snapshot"))
		return FAIL;
	/* Else values clear the snapshot, the main buffer stays. */
	ret = tf_write("snapshot", "2\n");
	if (ret)
		return fail("echo 2 > snapshot: %s", errname(ret));
	if (expect("snapshot", a, 0, "echo 2 > snapshot") ||
	    expect("trace", b, 1, "echo 2 > snapshot"))
		return FAIL;
	/* A second swap: B moves over, the cleared buffer comes back. */
	ret = tf_write("snapshot", "1\n");
	if (ret)
		return fail("a second echo 1 > snapshot: %s", errname(ret));
	if (expect("snapshot", b, 1, "a second echo 1 > snapshot") ||
	    expect("trace", b, 0, "a second echo 1 > snapshot") ||
	    expect("trace", a, 0, "a second echo 1 > snapshot"))
		return FAIL;
	/* 0 frees it: the snapshot shows nothing, the main buffer stays. */
	write_marker("trace_marker", a);
	ret = tf_write("snapshot", "0\n");
	if (ret)
		return fail("echo 0 > snapshot: %s", errname(ret));
	if (expect("snapshot", b, 0, "echo 0 > snapshot") ||
	    expect("trace", a, 1, "echo 0 > snapshot"))
		return FAIL;
	return PASS;
}

/* Tests: a module */

static int mod_loaded(void)
{
	return exists(MOD_SYSFS);
}

/* Load the test module if it is not loaded: PASS, SKIP or FAIL. */
static int load_module(void)
{
	int fd, ret;

	if (mod_loaded())
		return PASS;
	fd = sys_open(MOD_PATH, O_RDONLY, 0);
	if (fd == -ENOENT)
		return skip("no %s", MOD_PATH);
	if (fd < 0)
		return fail("opening %s: %s", MOD_PATH, errname(fd));
	ret = my_syscall3(__NR_finit_module, fd, "", 0);
	sys_close(fd);
	if (ret == -ENOSYS)
		return skip("no module support");
	if (ret && ret != -EEXIST)
		return fail("finit_module %s: %s", MOD_PATH, errname(ret));
	if (!mod_loaded())
		return fail("no %s after loading", MOD_SYSFS);
	return PASS;
}

static int unload_module(void)
{
	return my_syscall2(__NR_delete_module, MOD_NAME, O_NONBLOCK);
}

static int has_mod_func(const char *line, void *arg)
{
	(void)arg;
	return !strncmp(line, MOD_FUNC, strlen(MOD_FUNC)) ||
	       contains(line, "[" MOD_NAME "]") != NULL;
}

static int t_module_filter(void)
{
	char path[256];
	const char *outside;
	int ret, n;

	ret = load_module();
	if (ret)
		return ret;
	tpath(path, sizeof(path), "available_filter_functions");
	ret = scan_lines(path, has_mod_func, NULL);
	if (ret != 1)
		return fail("available_filter_functions lacks %s (%s)", MOD_FUNC,
			    errname(ret));
	ret = tf_write("set_ftrace_filter", ":mod:" MOD_NAME "\n");
	if (ret)
		return fail("set_ftrace_filter :mod:%s: %s", MOD_NAME,
			    errname(ret));
	tf_read("set_ftrace_filter", lbuf, sizeof(lbuf));
	if (!lists_func(lbuf, MOD_FUNC)) {
		diag("set_ftrace_filter: %s", lbuf);
		return fail("set_ftrace_filter does not list %s", MOD_FUNC);
	}
	ret = tf_write("current_tracer", "function\n");
	if (ret)
		return fail("current_tracer function: %s", errname(ret));
	ret = write_file(MOD_RUN, "4\n");
	tf_write("tracing_on", "0\n");
	if (ret)
		return fail("writing %s: %s", MOD_RUN, errname(ret));
	read_trace("trace");
	n = count_func(tbuf, MOD_FUNC);
	outside = func_outside(tbuf, lbuf);
	if (n != 4 || outside) {
		diag("set_ftrace_filter: %s", lbuf);
		diag_trace("trace", tbuf, 20);
		if (outside)
			return fail("traced %s, not a function of the module",
				    outside);
		return fail("%d entries of %s for 4 calls", n, MOD_FUNC);
	}
	return PASS;
}

static int t_module_graph(void)
{
	int ret, n, timed, others;

	ret = load_module();
	if (ret)
		return ret;
	if (graph_setup(MOD_FUNC, NULL))
		return FAIL;
	ret = write_file(MOD_RUN, "3\n");
	tf_write("tracing_on", "0\n");
	if (ret)
		return fail("writing %s: %s", MOD_RUN, errname(ret));
	read_trace("trace");
	n = graph_calls(tbuf, MOD_FUNC, &timed, &others);
	if (n != 3 || timed != 3) {
		diag_trace("trace", tbuf, 30);
		return fail("%d calls of %s, %d with a duration (want 3)", n,
			    MOD_FUNC, timed);
	}
	return PASS;
}

static int t_module_unload(void)
{
	char path[256];
	int ret;

	ret = load_module();
	if (ret)
		return ret;
	ret = tf_write("set_ftrace_filter", ":mod:" MOD_NAME "\n");
	if (!ret)
		ret = tf_write("current_tracer", "function\n");
	if (!ret)
		ret = write_file(MOD_RUN, "2\n");
	if (!ret)
		ret = tf_write("current_tracer", "nop\n");
	if (ret)
		return fail("tracing the module: %s", errname(ret));
	ret = unload_module();
	if (ret)
		return fail("delete_module %s: %s", MOD_NAME, errname(ret));
	if (mod_loaded())
		return fail("%s still there after delete_module", MOD_SYSFS);
	tpath(path, sizeof(path), "available_filter_functions");
	ret = scan_lines(path, has_mod_func, NULL);
	if (ret)
		return fail("available_filter_functions still lists the module's functions (%s)",
			    ret == 1 ? "found" : errname(ret));
	tf_read("set_ftrace_filter", lbuf, sizeof(lbuf));
	if (contains(lbuf, MOD_FUNC)) {
		diag("set_ftrace_filter: %s", lbuf);
		return fail("set_ftrace_filter still lists %s", MOD_FUNC);
	}
	return PASS;
}

/*
 * With a :mod: filter written before the module is loaded (ftrace keeps
 * it) and the function tracer on, load the module: its init calls
 * ftrace_mod_test_work() calls=3 times.  Leaves the trace in tbuf.
 */
static int trace_module_load(void)
{
	int ret;

	if (!exists(MOD_PATH))
		return skip("no %s", MOD_PATH);
	if (mod_loaded()) {
		ret = unload_module();
		if (ret)
			return fail("delete_module %s: %s", MOD_NAME, errname(ret));
	}
	ret = tf_write("set_ftrace_filter", ":mod:" MOD_NAME "\n");
	if (ret)
		return fail("set_ftrace_filter :mod:%s before loading: %s",
			    MOD_NAME, errname(ret));
	tf_read("set_ftrace_filter", lbuf, sizeof(lbuf));
	if (!contains(lbuf, ":mod:" MOD_NAME)) {
		diag("set_ftrace_filter: %s", lbuf);
		return fail("set_ftrace_filter does not show the cached :mod:%s",
			    MOD_NAME);
	}
	ret = tf_write("current_tracer", "function\n");
	if (ret)
		return fail("current_tracer function: %s", errname(ret));
	ret = load_module();
	tf_write("tracing_on", "0\n");
	if (ret)
		return ret;
	read_trace("trace");
	return PASS;
}

static int t_module_filter_before_load(void)
{
	char path[256];
	int ret, n;

	ret = trace_module_load();
	if (ret)
		return ret;
	n = count_func(tbuf, MOD_FUNC);
	tf_read("set_ftrace_filter", lbuf, sizeof(lbuf));
	if (n != 3 || !lists_func(lbuf, MOD_FUNC)) {
		diag("set_ftrace_filter: %s", lbuf);
		diag_trace("trace", tbuf, 20);
		return fail("%d entries of %s from the module's init (want 3)%s",
			    n, MOD_FUNC, lists_func(lbuf, MOD_FUNC) ? "" :
			    ", and the filter does not list it");
	}
	tf_write("current_tracer", "nop\n");
	ret = unload_module();
	if (ret)
		return fail("delete_module %s: %s", MOD_NAME, errname(ret));
	tpath(path, sizeof(path), "available_filter_functions");
	if (scan_lines(path, has_mod_func, NULL))
		return fail("available_filter_functions still lists the module");
	return PASS;
}

/*
 * The module's init text is freed once its init returns, before the
 * trace is read: the trace still names its functions, as upstream does
 * (ftrace keeps the names of freed init functions), not raw addresses.
 */
static int t_module_init_names(void)
{
	int ret, init, calls;

	ret = trace_module_load();
	if (ret)
		return ret;
	/* clang names the init function by its alias, init_module. */
	init = count_of(tbuf, ": ftrace_mod_test_init <-") +
	       count_of(tbuf, ": init_module <-");
	calls = count_of(tbuf, ": " MOD_FUNC " <-ftrace_mod_test_init") +
		count_of(tbuf, ": " MOD_FUNC " <-init_module");
	if (init != 1 || calls != 3 || contains(tbuf, ": 0x") ||
	    contains(tbuf, "<-0x")) {
		diag_trace("trace", tbuf, 20);
		return fail("want ftrace_mod_test_init once, calling %s 3 times, by name: %d and %d",
			    MOD_FUNC, init, calls);
	}
	tf_write("current_tracer", "nop\n");
	ret = unload_module();
	if (ret)
		return fail("delete_module %s: %s", MOD_NAME, errname(ret));
	return PASS;
}

/* Test: a direct call (samples/ftrace/ftrace-direct.ko) */

#define DIRECT_PATH	"/lib/modules-test/ftrace-direct.ko"
#define DIRECT_NAME	"ftrace_direct"

/*
 * The sample attaches a direct trampoline to wake_up_process(), whose
 * function trace_printk()s "waking up COMM-PID": a sleeping task woken by
 * its timer goes through it.  Where the trampoline is out of the site's
 * reach (a module on arm64 or LoongArch) the call goes through the
 * entry code, which leaves through the trampoline.
 */
static int t_direct_sample(void)
{
	char want[64], comm[32];
	int fd, ret, i, n;

	fd = sys_open(DIRECT_PATH, O_RDONLY, 0);
	if (fd == -ENOENT)
		return skip("no %s (SAMPLE_FTRACE_DIRECT)", DIRECT_PATH);
	if (fd < 0)
		return fail("opening %s: %s", DIRECT_PATH, errname(fd));
	ret = my_syscall3(__NR_finit_module, fd, "", 0);
	sys_close(fd);
	if (ret)
		return fail("finit_module %s: %s", DIRECT_PATH, errname(ret));
	for (i = 0; i < 5; i++)
		msleep(2);
	ret = my_syscall2(__NR_delete_module, DIRECT_NAME, O_NONBLOCK);
	if (ret)
		return fail("delete_module %s: %s", DIRECT_NAME, errname(ret));
	read_trace("trace");
	my_comm(comm, sizeof(comm));
	fmt(want, sizeof(want), "waking up %s-%d", comm, getpid());
	n = count_of(tbuf, want);
	if (n < 5) {
		diag_trace("trace", tbuf, 20);
		return fail("%d lines '%s' for 5 timer wake-ups", n, want);
	}
	/* Gone with the module: the function runs on untouched. */
	tf_write("trace", "\n");
	msleep(2);
	read_trace("trace");
	if (contains(tbuf, "waking up")) {
		diag_trace("trace", tbuf, 20);
		return fail("the trampoline still runs after the module left");
	}
	return PASS;
}

/* Test: tracing_on */

static int t_tracing_on(void)
{
	char m[64], on[8];
	int ret, n;

	ret = tf_write("set_ftrace_filter", "*sys_getppid\n");
	if (!ret)
		ret = tf_write("current_tracer", "function\n");
	if (ret)
		return fail("function tracer on *sys_getppid: %s", errname(ret));
	ret = tf_write("tracing_on", "0\n");
	tf_read("tracing_on", on, sizeof(on));
	if (ret || strcmp(on, "0\n"))
		return fail("tracing_on 0: %s, reads %s", errname(ret), on);
	new_marker(m, sizeof(m), "off");
	ret = write_marker("trace_marker", m);
	if (verbose)
		diag("trace_marker with tracing off: %s", errname(ret));
	call_getppid(3);
	read_trace("trace");
	n = count_func(tbuf, NULL);
	if (contains(tbuf, m) || n) {
		diag_trace("trace", tbuf, 20);
		return fail("recorded with tracing_on 0 (%d function entries)", n);
	}
	ret = tf_write("tracing_on", "1\n");
	tf_read("tracing_on", on, sizeof(on));
	if (ret || strcmp(on, "1\n"))
		return fail("tracing_on 1: %s, reads %s", errname(ret), on);
	new_marker(m, sizeof(m), "on");
	ret = write_marker("trace_marker", m);
	call_getppid(3);
	tf_write("tracing_on", "0\n");
	read_trace("trace");
	n = count_func(tbuf, NULL);
	if (ret || !contains(tbuf, m) || n < 3) {
		diag_trace("trace", tbuf, 20);
		return fail("after tracing_on 1: marker %s, %d function entries",
			    ret ? errname(ret) : contains(tbuf, m) ? "seen" : "missing",
			    n);
	}
	return PASS;
}

/* Tests: the real-time tracers (osnoise, timerlat, hwlat) */

/* Write each "file=value" of settings in turn; the first error. */
static int rt_settings(const char *const *settings)
{
	char name[64];
	const char *eq;
	int i, ret;

	for (i = 0; settings[i]; i++) {
		eq = strchr(settings[i], '=');
		copy(name, sizeof(name), settings[i], eq - settings[i]);
		ret = tf_write(name, eq + 1);
		if (ret) {
			diag("%s: %s", settings[i], errname(ret));
			return ret;
		}
	}
	return 0;
}

/*
 * Run tracer for ms milliseconds with settings applied, then read the
 * trace into tbuf and put the tracer and restore back (restore: settings
 * again, in the order that keeps each pair valid).  PASS with the trace
 * read; SKIP when the kernel has no such tracer (its Kconfig option
 * named by option); FAIL, its reason set, when a step failed.
 */
static int rt_run(const char *tracer, const char *option,
		  const char *const *settings, const char *const *restore,
		  int ms)
{
	char line[32];
	int ret;

	tf_read("available_tracers", lbuf, sizeof(lbuf));
	if (!has_word(lbuf, tracer))
		return skip("no %s tracer (%s off)", tracer, option);
	ret = rt_settings(settings);
	if (!ret) {
		fmt(line, sizeof(line), "%s\n", tracer);
		ret = tf_write("current_tracer", line);
		if (ret)
			diag("current_tracer %s: %s", tracer, errname(ret));
	}
	if (!ret) {
		msleep(ms);
		tf_write("tracing_on", "0\n");
		read_trace("trace");
		ret = tf_write("current_tracer", "nop\n");
	}
	if (rt_settings(restore) && !ret)
		ret = -EIO;
	if (ret)
		return fail("running %s: %s", tracer, errname(ret));
	return PASS;
}

/* The trace lines of tbuf (not comments) that contain needle. */
static int count_lines_with(const char *needle)
{
	const char *pos = tbuf;
	char line[256];
	int n = 0;

	while (next_line(&pos, line, sizeof(line)))
		if (line[0] != '#' && contains(line, needle))
			n++;
	return n;
}

/* tracing_max_latency, in microseconds, or -1 if unreadable. */
static long max_latency_us(void)
{
	char buf[32];

	if (tf_read("tracing_max_latency", buf, sizeof(buf)) <= 0)
		return -1;
	return atol(buf);
}

/*
 * osnoise, 50 ms of every 100 ms for 1.5 s: one entry a period from the
 * CPU's worker ("osnoise/0"), with runtime 50000 us.
 */
static int t_osnoise(void)
{
	static const char *const set[] = {
		"osnoise/runtime_us=50000\n", "osnoise/period_us=100000\n",
		NULL,
	};
	static const char *const restore[] = {
		"osnoise/period_us=1000000\n", "osnoise/runtime_us=1000000\n",
		NULL,
	};
	int ret, n, full;

	ret = rt_run("osnoise", "OSNOISE_TRACER", set, restore, 1500);
	if (ret != PASS)
		return ret;
	n = count_lines_with("osnoise/0-");
	full = count_lines_with(": 50000 ");
	if (n < 3 || full < 3) {
		diag_trace("trace", tbuf, 20);
		return fail("%d entries of osnoise/0, %d with runtime 50000 us",
			    n, full);
	}
	return PASS;
}

/*
 * timerlat every 10 ms for 1 s: irq and thread entries, and
 * tracing_max_latency raised to the worst of them.
 */
static int t_timerlat(void)
{
	static const char *const set[] = {
		"osnoise/timerlat_period_us=10000\n", NULL,
	};
	static const char *const restore[] = {
		"osnoise/timerlat_period_us=1000\n", NULL,
	};
	int ret, irq, thread;
	long max;

	ret = rt_run("timerlat", "TIMERLAT_TRACER", set, restore, 1000);
	if (ret != PASS)
		return ret;
	irq = count_lines_with("context    irq timer_latency");
	thread = count_lines_with("context thread timer_latency");
	max = max_latency_us();
	if (irq < 10 || thread < 10 || max <= 0) {
		diag_trace("trace", tbuf, 20);
		return fail("%d irq and %d thread entries, tracing_max_latency %ld",
			    irq, thread, max);
	}
	return PASS;
}

/*
 * hwlat, 100 ms of every 200 ms for 2 s with a threshold of 1 us: a
 * guest under TCG sees gaps, each an entry, and tracing_max_latency
 * follows them.
 */
static int t_hwlat(void)
{
	static const char *const set[] = {
		"tracing_thresh=1\n", "hwlat_detector/width=100000\n",
		"hwlat_detector/window=200000\n", NULL,
	};
	static const char *const restore[] = {
		"tracing_thresh=0\n", "hwlat_detector/window=1000000\n",
		"hwlat_detector/width=500000\n", NULL,
	};
	int ret, n;
	long max;

	ret = rt_run("hwlat", "HWLAT_TRACER", set, restore, 2000);
	if (ret != PASS)
		return ret;
	n = count_lines_with(" inner/outer(us): ");
	max = max_latency_us();
	if (n < 1 || max <= 0) {
		diag_trace("trace", tbuf, 20);
		return fail("%d hwlat entries, tracing_max_latency %ld", n, max);
	}
	return PASS;
}

/* The runner */

static const struct test {
	const char *name;
	int (*fn)(void);
} tests[] = {
	{ "tracefs_available_tracers", t_available_tracers },
	{ "tracefs_bogus_tracer_einval", t_bogus_tracer },
	{ "tracefs_buffer_size_kb_einval", t_buffer_size_kb },
	{ "trace_marker_and_clear", t_trace_marker },
	{ "function_filter_getppid", t_function_filter },
	{ "function_stack_trace", t_function_stack_trace },
	{ "function_filter_nosuch_einval", t_function_filter_einval },
	{ "function_filter_append_and_remove", t_function_filter_append },
	{ "function_notrace_excludes", t_function_notrace },
	{ "function_graph_set_graph_function", t_graph_function },
	{ "function_graph_max_depth_1", t_graph_max_depth },
	{ "event_sched_process_fork", t_event_fork },
	{ "event_format_file", t_event_format },
	{ "event_set_event", t_event_set_event },
	{ "event_filter_common_pid", t_event_filter },
	{ "trace_pipe_nonblock_consumes", t_trace_pipe },
	{ "trace_pipe_blocking_reader_woken", t_trace_pipe_blocking },
	{ "instance_marker_isolated", t_instance_marker },
	{ "instance_function_filter", t_instance_function },
	{ "instance_rmdir_busy", t_instance_rmdir_busy },
	{ "kprobe_event_arg_and_retval", t_kprobe_events },
	{ "snapshot", t_snapshot },
	{ "module_function_filter_mod", t_module_filter },
	{ "module_function_graph", t_module_graph },
	{ "module_unload", t_module_unload },
	{ "module_filter_mod_before_load", t_module_filter_before_load },
	{ "module_init_function_names", t_module_init_names },
	{ "direct_call_sample", t_direct_sample },
	{ "tracing_on_off", t_tracing_on },
	{ "osnoise_entries", t_osnoise },
	{ "timerlat_entries_and_max_latency", t_timerlat },
	{ "hwlat_entries_and_max_latency", t_hwlat },
};

static void mount_fs(const char *src, const char *dir, const char *type)
{
	mkdir(dir, 0755);
	if (mount(src, dir, type, 0, NULL) && errno != EBUSY)
		diag("mount %s on %s: %s", type, dir, errname(errno));
}

static void setup_pid1(void)
{
	int fd;

	mount_fs("proc", "/proc", "proc");
	mount_fs("sysfs", "/sys", "sysfs");
	mount_fs("devtmpfs", "/dev", "devtmpfs");
	if (sys_write(1, "", 0) < 0) {
		fd = sys_open("/dev/console", O_RDWR, 0);
		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
			if (fd > 2)
				sys_close(fd);
		}
	}
	mount_fs("tracefs", TRACING, "tracefs");
	mount_fs("debugfs", "/sys/kernel/debug", "debugfs");
}

int main(void)
{
	int n = ARRAY_SIZE(tests);
	int i, ret, pass = 0, failed = 0, skipped = 0;
	char line[512];

	if (getpid() == 1)
		setup_pid1();
	verbose = getenv("FTRACE_RUNNER_VERBOSE") &&
		  strcmp(getenv("FTRACE_RUNNER_VERBOSE"), "0");
	out("KTAP version 1\n");
	fmt(line, sizeof(line), "1..%d\n", n);
	out(line);
	for (i = 0; i < n; i++) {
		reason[0] = 0;
		ret = reset_state();
		if (ret)
			ret = fail("reset before the test: %s", errname(ret));
		else
			ret = tests[i].fn();
		if (reset_state() && ret != FAIL)
			ret = fail("reset after the test failed");
		if (ret == PASS) {
			fmt(line, sizeof(line), "ok %d %s\n", i + 1, tests[i].name);
			pass++;
		} else if (ret == SKIP) {
			fmt(line, sizeof(line), "ok %d %s # SKIP %s\n", i + 1,
			    tests[i].name, reason);
			skipped++;
		} else {
			fmt(line, sizeof(line), "not ok %d %s # %s\n", i + 1,
			    tests[i].name, reason);
			failed++;
		}
		out(line);
	}
	fmt(line, sizeof(line),
	    "# Totals: pass:%d fail:%d xfail:0 xpass:0 skip:%d error:0\n",
	    pass, failed, skipped);
	out(line);
	out("# ftrace-runner: done\n");
	/* Should the reboot fail, PID 1 exiting panics (and panic=-1 reboots). */
	if (getpid() == 1)
		reboot(LINUX_REBOOT_CMD_RESTART);
	return failed ? 1 : 0;
}
