// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz [-k] [-w WRITERS] [-g GRACE] [-t STALL] [-x PATTERN]... DIR SEED SECONDS
 *
 * Hostile writes to every writable file under the tracefs root DIR (top
 * level, per_cpu/cpuN, options/ and the instances fuzz0, fuzz1, fuzzA and
 * fuzzB) and to the tracing sysctls for SECONDS, while the function tracer runs, readers read every
 * readable file, blocked readers are interrupted, and fuzzA and fuzzB are
 * removed and made again.  Payloads: empty, whitespace, zero, negative
 * and huge numbers, 64 KiB strings, binary bytes, globs, malformed and
 * valid function commands, probe commands (kprobe_events, uprobe_events,
 * dynamic_events: every kind, name, place, fetch argument and type, good
 * and bad), lists of names and numbers, and valid values so that state
 * changes; written at once, split across two write()s,
 * looped like echo, at an offset, with O_TRUNC, O_APPEND, O_RDWR.
 *
 * Every process draws from its own xorshift generator seeded from SEED,
 * so on the same kernel a seed repeats each process's operations (not
 * their interleaving, nor the pids written to the pid files: their own).
 *
 * A failure: a write or read returning more than it was asked, or an
 * errno no file should give (EFAULT, a kernel-internal code); a process
 * killed by the kernel (an oops in its system call); a kernel report in
 * /dev/kmsg (BUG, WARNING, Oops, lockdep, KASAN, UBSAN, RCU stall, the
 * OOM killer); an operation still running after STALL seconds (120) or
 * a process still there GRACE seconds (60) after SIGTERM.  The first
 * failure stops the fuzz; the last operations of every process are
 * printed.  Exit status: 0 clean, 1 failures, 2 usage.
 *
 * -k also writes each operation to /dev/kmsg as KERN_DEBUG (boot with
 * ignore_loglevel printk.devkmsg=on to see them all on the console
 * before a panic).
 * -x skips the writes whose description (as the report prints it:
 * path, class, flags, mode, length, payload) contains PATTERN, to look
 * past a known bug: -x 'buffer_size_kb huge', -x lseek.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_FILES	4096
#define MAX_WORKERS	16
#define RING		24
#define OP_TEXT		200
#define NERR		8
#define PAYLOAD_MAX	(64 * 1024 + 64)
#define READ_MAX	(256 * 1024)
#define MAX_FAILS	32
#define KMSG_LINES	80
#define KMSG_TEXT	200

/* Instances the fuzz writes into; the last two come and go. */
static const char *const instances[] = { "fuzz0", "fuzz1", "fuzzA", "fuzzB" };
#define N_INSTANCES	4
#define N_CHURN		2

enum kind {
	K_NUM, K_BOOL, K_OPTION, K_SIZE, K_SUBBUF, K_CMDLINES, K_PERCENT,
	K_TRACER, K_CLOCK, K_OPTIONS, K_FILTER, K_PID, K_CPUMASK, K_MARKER,
	K_RAW, K_EVENT, K_EVFILTER, K_TRIGGER, K_PROBE, K_SYNTH, K_INJECT,
	K_OSNOISE_OPTIONS, K_OTHER,
};

static const struct {
	const char *name;
	enum kind kind;
} kinds[] = {
	{ "current_tracer", K_TRACER },
	{ "trace_clock", K_CLOCK },
	{ "trace_options", K_OPTIONS },
	{ "set_ftrace_filter", K_FILTER },
	{ "set_ftrace_notrace", K_FILTER },
	{ "set_graph_function", K_FILTER },
	{ "set_graph_notrace", K_FILTER },
	{ "set_ftrace_pid", K_PID },
	{ "set_ftrace_notrace_pid", K_PID },
	{ "set_event_pid", K_PID },
	{ "set_event_notrace_pid", K_PID },
	{ "tracing_cpumask", K_CPUMASK },
	{ "trace_marker", K_MARKER },
	{ "trace_marker_raw", K_RAW },
	{ "set_event", K_EVENT },
	{ "filter", K_EVFILTER },
	{ "trigger", K_TRIGGER },
	{ "kprobe_events", K_PROBE },
	{ "uprobe_events", K_PROBE },
	{ "dynamic_events", K_PROBE },
	{ "synthetic_events", K_SYNTH },
	{ "inject", K_INJECT },
	{ "enable", K_BOOL },
	{ "buffer_size_kb", K_SIZE },
	{ "buffer_subbuf_size_kb", K_SUBBUF },
	{ "saved_cmdlines_size", K_CMDLINES },
	{ "buffer_percent", K_PERCENT },
	{ "tracing_on", K_BOOL },
	{ "trace", K_OTHER },
	{ "free_buffer", K_OTHER },
	{ "error_log", K_OTHER },
};

struct tfile {
	char path[160];		/* relative to DIR */
	const char *base;
	enum kind kind;
	int domain;		/* 0: top level, 1 + index into instances[] */
	bool writable;
	bool readable;
};

struct fstats {
	unsigned long ok, shortw, zero, nofile, open_err;
	int err[NERR];
	unsigned long nerr[NERR];
};

struct worker {
	pid_t pid;
	char role[16];
	bool exited;
	int status;
	/* The operation now running: its start (ms) and whether it runs. */
	volatile long op_start;
	volatile int busy;
	volatile unsigned long ops;
	/* SIGALRM from the supervisor at alarm_at (ms), then every alarm_ms. */
	volatile long alarm_at, alarm_ms;
	unsigned long bad;		/* failures this process found */
	unsigned int head;
	char ring[RING][OP_TEXT];
	char fail[4][OP_TEXT];
	long slowest_ms;
	char slowest[OP_TEXT];
	/* Readers, churn. */
	unsigned long reads, bytes, rerr, mk, rm, rmbusy, keeps;
	struct fstats st[MAX_FILES];
};

struct shared {
	struct worker w[MAX_WORKERS];
	volatile int kmsg_hits;
	volatile int kmsg_lines;
	char kmsg[KMSG_LINES][KMSG_TEXT];
};

static struct shared *sh;
static struct tfile files[MAX_FILES];
static int nfiles;
/* Writable files by domain, and all readable ones. */
static int wfiles[1 + N_INSTANCES][MAX_FILES];
static int nwfiles[1 + N_INSTANCES];
static int rfiles[MAX_FILES];
static int nrfiles;

static char **funcs;
static int nfuncs;
static char *tracers[32], *clocks[32], *opts[64], *events[256];
static int ntracers, nclocks, nopts, nevents;

static const char *root;
static int rootfd;
static bool kmsg_ops;
static int kmsg_fd = -1;
static volatile sig_atomic_t stop;
static struct worker *me;

static void on_term(int sig)
{
	stop = 1;
}

static void on_alarm(int sig)
{
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000;
}

/* xorshift64*, seeded through splitmix64. */
struct rng {
	uint64_t s;
};

static void rng_seed(struct rng *r, uint64_t seed, uint64_t stream)
{
	uint64_t z = seed + stream * 0x9e3779b97f4a7c15ULL + 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	r->s = (z ^ (z >> 31)) | 1;
}

static uint64_t rnd64(struct rng *r)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 0x2545f4914f6cdd1dULL;
}

/* Uniform in [0, n). */
static unsigned long rnd(struct rng *r, unsigned long n)
{
	return n ? (rnd64(r) >> 11) % n : 0;
}

static bool chance(struct rng *r, int percent)
{
	return rnd(r, 100) < (unsigned long)percent;
}

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define PICK(r, a)	((a)[rnd(r, ARRAY_SIZE(a))])

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fprintf(stderr, "fuzz: out of memory\n");
		exit(2);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p) {
		fprintf(stderr, "fuzz: out of memory\n");
		exit(2);
	}
	return p;
}

static const char *errname(int e)
{
	static char buf[16];
	const char *n = e < 512 ? strerrorname_np(e) : NULL;

	if (n)
		return n;
	snprintf(buf, sizeof(buf), "errno%d", e);
	return buf;
}

/* --- payloads ----------------------------------------------------- */

struct buf {
	char *p;
	size_t len, cap;
};

static void putn(struct buf *b, const void *s, size_t n)
{
	if (n > b->cap - b->len)
		n = b->cap - b->len;
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

static void put(struct buf *b, const char *s)
{
	putn(b, s, strlen(s));
}

static void putch(struct buf *b, int c)
{
	char ch = c;

	putn(b, &ch, 1);
}

static void __attribute__((format(printf, 2, 3)))
putf(struct buf *b, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(tmp) - 1)
		n = sizeof(tmp) - 1;
	if (n > 0)
		putn(b, tmp, n);
}

enum cls {
	C_VALID, C_EMPTY, C_SPACE, C_ZERO, C_NEG, C_HUGE, C_LONG, C_BINARY,
	C_GLOB, C_CMD, C_NAMES, C_LIST, C_NCLASS
};

static const char *const cls_name[] = {
	"valid", "empty", "space", "zero", "negative", "huge", "long",
	"binary", "glob", "command", "names", "list",
};

static const int cls_weight[] = { 30, 4, 4, 4, 6, 10, 6, 8, 7, 8, 5, 5 };

static const char *const spaces[] = {
	" ", "\n", "\t", "\r\n", "   \n", "\n\n\n", " \n 1 \n", "\v\f",
};

static const char *const osnoise_options[] = {
	"OSNOISE_WORKLOAD", "NO_OSNOISE_WORKLOAD", "DEFAULTS",
	"NO_OSNOISE_WORKLOAD\n", "OSNOISE_WORKLOAD ",
};

static const char *const zeros[] = {
	"0", "0\n", "00", "0x0", "0.0", "-0", "+0", "0 0", "000000000000000000000000",
};

static const char *const negatives[] = {
	"-1", "-1\n", "-2", "-2147483648", "-2147483649",
	"-9223372036854775808", "-9223372036854775809",
	"-18446744073709551615", "-99999999999999999999", "--1", "-",
	" -1", "-0x1", "!-1", "-*", "-4096",
};

/*
 * Sizes the kernel must refuse (more than the guest's memory on one CPU,
 * wrapping when multiplied), numbers that overflow int, long and u64,
 * and numbers in odd spellings.
 */
static const char *const huge[] = {
	"2147483647", "2147483648", "4294967295", "4294967296",
	"17112760320", "17112760361", "9223372036854775807",
	"9223372036854775808", "18446744073709551615",
	"18446744073709551616", "99999999999999999999",
	"340282366920938463463374607431768211456", "600000", "1000000",
	"4194304", "4503599627370496", "0x7fffffff", "0xffffffffffffffff",
	"0x10000000000000000", "1e9", "1k", "4M", "+5", "007", "08",
	"12abc", "12 34", " 64", "64 ", "64\n\n", "\t64", "1.5",
};

static const char *const globs[] = {
	"*", "**", "***", "*\n", "?", "?*", "[", "[]", "[a-", "[!a]*", "\\",
	"\\*", "*\\", "sched*", "*sched", "*sched*", "*_*_*_*_*", "!*", "!",
	"!!*", "!sched*", "*:mod:*", ":mod:", "*:mod:", ":mod:*", "*:mod:!*",
	"!*:mod:*", "sched*:mod:fuzz", "schedule:mod:vmlinux", "*:mod:fuzz*",
	"*.*", "*.cold", ".*", "^", "$", "a*b*c*d*e*f*g*",
	"*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*z", "*[", "*]*",
	"vfs_*\n!vfs_read\n", "*lock*", "!*lock*",
};

/* No dump or cpudump: each hit prints the whole buffer on the console. */
static const char *const commands[] = {
	":traceoff", ":traceon", ":stacktrace", ":", "::", ":::",
	"::::::::", "foo:bar:baz:", "*:traceoff:-1", "a b c",
	"schedule:traceoff", "schedule:traceoff:5", "schedule:traceoff:0",
	"schedule:traceon:-1", "schedule:traceoff:99999999999999999999",
	"schedule:traceoff:18446744073709551616", "schedule:traceoff:abc",
	"schedule:traceoff:5:6", "schedule:stacktrace:2", "schedule:nosuchcmd",
	"schedule:", "schedule::", "!schedule:traceoff",
	"!schedule:traceoff:5", "!:traceoff", "!*:traceoff", "*:traceoff",
	"sched*:traceoff:1", "schedule:mod:", "schedule:mod:fuzz:traceoff",
	":mod:fuzz", "schedule:traceoff\nschedule:traceon",
	"schedule :traceoff", "schedule: traceoff", "schedule:TRACEOFF",
	"schedule:traceoff:", "schedule:traceoff:+1", "schedule:traceoff: 1",
	"*:traceon", "!*", "schedule:traceon\n!schedule:traceon",
	"schedule:stacktrace\n!schedule:stacktrace",
};

static const char *const probe_cmds[] = { "traceon", "traceoff", "stacktrace" };

/* Strings that may hold a NUL: with their lengths. */
#define S(x)	{ x, sizeof(x) - 1 }
static const struct bstr {
	const char *s;
	size_t n;
} lists[] = {
	S("1 2 3"), S("1,2,3"), S("0-1"), S("1-0"), S("0-7"), S("1\n2\n3\n"),
	S("1 -1"), S("99999 1"), S("1,,2"), S(","), S("1-"), S("-1-"),
	S("0,1,2,3,4,5,6,7,8,9"), S("1 1 1 1 1 1 1 1"), S("4194304 4194305"),
	S("2147483647 0"), S("1\0002"), S("1 \0 2"), S("\0"), S(" \0 "),
	S("1\0"),
};

static const char *const sizes_kb[] = {
	"1", "2", "4", "7", "16", "64", "100", "1024", "1408", "4096",
	"8192", "16384", "32768", "1\n", "4096\n",
};

static const char *const subbuf_kb[] = {
	"1", "2", "3", "4", "5", "8", "16", "32", "64", "128", "256", "512",
	"1024", "2048", "4096", "4\n",
};

static const char *const cmdline_sizes[] = {
	"0", "1", "2", "128", "1024", "4096", "32768", "32769", "65536",
};

static const char *const percents[] = {
	"0", "1", "50", "99", "100", "101", "50\n",
};

static const char *const bools[] = { "0", "1", "2", "1\n", "0\n", "10" };

static const char *const masks[] = {
	"1", "2", "3", "ff", "ffffffff", "0,00000003", "3\n", "1\n", "0",
	"ffffffff,ffffffff", "fffffffffffffffffffffffffffff", "g", "0x3",
};

static const char *const event_specs[] = {
	"*:*", "!*:*", "ftrace:*", "sched:sched_switch", "sched_switch", "*",
	"!*", "ftrace:function", "ftrace:print", ":", "::", "sched:",
	":sched_switch",
};

/* Event filters: good ones on sched_switch's fields and bad ones. */
static const char *const ev_filters[] = {
	"0", "common_pid == 1", "common_pid != 0 && prev_pid > 10",
	"prev_comm ~ \"*sh*\"", "next_comm == swapper/0", "prev_prio < 100 || next_prio >= 120",
	"!(common_pid == 1 || common_pid == 2)", "common_cpu & CPUS{0}",
	"common_pid & 1", "prev_state == 1", "next_pid > -1",
	"common_pid == 1 &&", "((((common_pid == 1", "common_pid == 1))",
	"nosuchfield == 3", "prev_comm > 3", "common_pid == abc",
	"prev_comm ~ \"unterminated", "common_cpu == CPUS{0-", "&&", "!",
	"common_pid = 1", "sig >= 10 && sig < 15", "ip.function == schedule",
	"common_pid == 99999999999999999999999",
};

/* Triggers: each command, counts, filters, removals, and junk. */
static const char *const ev_triggers[] = {
	"traceon", "traceoff:3", "stacktrace", "stacktrace:2 if common_pid == 1",
	"enable_event:sched:sched_switch", "disable_event:sched:sched_wakeup:2",
	"enable_event:sched:sched_switch if prev_pid > 0", "!traceon",
	"!traceoff", "!stacktrace", "!enable_event:sched:sched_switch",
	"!disable_event:sched:sched_wakeup", "traceoff if nosuchfield == 1",
	"traceon:badparam", "enable_event:nosys:noevent", "snapshot",
	"enable_hist:sched:sched_switch", "disable_hist:sched:sched_waking:2",
	"enable_hist:sched:sched_waking if common_pid > 1",
	"!enable_hist:sched:sched_switch", "disable_hist:ftrace:print",
	"enable_hist:nosys:noevent:1",
	"hist:keys=common_pid", "traceoff if", "traceoff junk", ":", "!",
	"enable_event:sched", "traceon:99999999999999999999999",
	/* Hist triggers: variables read across events, actions, junk. */
	"hist:keys=common_pid:fzt=common_timestamp.usecs",
	"hist:keys=common_pid:fzd=common_timestamp.usecs-$fzt:onmatch(sched.sched_switch).trace(fzs1,$fzd)",
	"hist:keys=common_pid:fzd=common_timestamp-$fzt:onmatch(sched.sched_waking).fzs0($fzd)",
	"hist:keys=common_pid:fzd=common_timestamp-$fzt:onmax($fzd).save(common_cpu):onchange($fzd).snapshot()",
	"hist:keys=common_pid.execname,common_stacktrace:vals=hitcount.percent,hitcount.graph:sort=hitcount.descending:size=128",
	"hist:keys=common_pid.log2,common_cpu:vals=common_pid.hex:size=99999999999",
	"hist:name=fzh:keys=common_pid", "hist:name=fzh:keys=common_cpu",
	"hist:keys=common_pid:pause", "hist:keys=common_pid:cont",
	"hist:keys=common_pid:clear", "!hist:keys=common_pid",
	"!hist:keys=common_pid:fzt=common_timestamp.usecs",
	"hist:keys=common_pid:x=1/0", "hist:keys=common_pid:x=-(-(-(-1)))",
	"hist:keys=common_pid:x=$x+$x", "hist:keys=common_pid.buckets=0",
	"hist:keys=common_pid:onchange($nosuch).snapshot()",
	"hist:keys=common_pid:fzd=$fzt:onmatch(nosys.noevent).trace(fzs0,$fzd)",
	"hist:keys=common_pid:a=1,b=2,c=3,d=4,e=5,f=6,g=7,h=8,i=9,j=10,k=11,l=12,m=13,n=14,o=15,p=16,q=17",
};

static const char *func(struct rng *r)
{
	return nfuncs ? funcs[rnd(r, nfuncs)] : "schedule";
}

/* Probe commands: the argument language's pieces, good and bad. */
static const char *const fetchargs[] = {
	"$arg1", "$arg2", "$arg9", "$arg0", "$arg", "%ax", "%di", "%x0",
	"%r4", "%nosuch", "%", "@jiffies", "@jiffies+8", "@jiffies-9999999",
	"@0x0", "@-1", "@", "$stack", "$stack0", "$stack3", "$stack99999",
	"$retval", "$comm", "$COMM", "$nosuch", "+0($arg1)", "-8(+0($stack))",
	"+0(+0(+0(%sp)))", "+18446744073709551615(%ax)", "+0(@jiffies)",
	"u+0($stack0)", "+0(", "+0()", "\"quoted\"", "\"", "1", "-1",
	"$prev_pid", "$next_comm", "$common_pid", "$nosuchfield",
};
static const char *const fetchtypes[] = {
	"", "", "", ":u8", ":s16", ":x32", ":u64", ":s64", ":x8", ":string",
	":ustring", ":symbol", ":symstr", ":char", ":b3@4/32", ":b0@0/8",
	":b65@0/64", ":b8@60/64", ":u32[4]", ":u8[0]", ":u8[1025]",
	":string[2]", ":nosuch", ":%pd", ":x8[", ":", "::u8", ":u8[18446744073709551617]",
};
static const char *const probe_places[] = {
	"sched_switch", "sched_wakeup", "nosuch_tp", "sched.sched_switch",
	"sched/sched_switch", "ftrace.function", "syscalls.sys_enter_write",
	"nosuch.event", "kprobes.fz1", "/bench/markbench:0x1000",
	"/bench/markbench:0x1000(0x10)", "/nosuch:0x10", "/bench/markbench:",
	"0x0", "0xffffffffffffffff", "nosuchmod:nosuchsym", "+8", "",
};

/* Arguments every kernel probe takes, and types they take. */
static const char *const good_fetchargs[] = {
	"$arg1", "$arg2", "$stack0", "$stack", "@jiffies", "+0($stack)",
	"+8($stack)", "$arg1:string", "$comm", "$stack1:symbol",
};
static const char *const good_types[] = { "", ":u8", ":x16", ":s32", ":x64",
					  ":b4@2/32", ":u16[3]" };

/* A command that defines, extends or removes a probe event: mostly good. */
static void gen_good_probe(struct rng *r, struct buf *b)
{
	const char *a;
	int i, n;

	switch (rnd(r, 5)) {
	case 0:
		putf(b, "-:fz%lu", rnd(r, 4));
		return;
	case 1:
		putf(b, "r:fzr%lu %s", rnd(r, 4), func(r));
		break;
	case 2:
		putf(b, "f:fzf%lu %s%s", rnd(r, 4), func(r),
		     rnd(r, 2) ? "%return" : "");
		break;
	default:
		putf(b, "p:fz%lu %s", rnd(r, 4), func(r));
		break;
	}
	n = rnd(r, 4);
	for (i = 0; i < n; i++) {
		a = PICK(r, good_fetchargs);
		putf(b, " a%d=%s%s", i, a, strchr(a, ':') || a[1] == 'c' ?
		     "" : PICK(r, good_types));
	}
	put(b, "\n");
}

/*
 * Fields for an event's inject file: names of the walked events' fields
 * (and of none), values in range, out of it, quoted, unquoted, junk.
 */
static void gen_inject(struct rng *r, struct buf *b)
{
	static const char *const names[] = {
		"pid", "comm", "prio", "prev_comm", "next_pid", "prev_state",
		"target_cpu", "sig", "filename", "common_pid", "nosuch", "",
		"expires", "function", "9x", "a-b",
	};
	static const char *const vals[] = {
		"0", "1", "-1", "0x7fffffff", "0xffffffffffffffff", "-0x8000",
		"99999999999999999999", "sh", "\"a b\"", "'q'", "\"open",
		"'", "", "0x", "1e3", "\"\"", "=", "aaaaaaaaaaaaaaaaaaaaaaaaaaa",
	};
	int i, n = rnd(r, 6);

	for (i = 0; i < n; i++) {
		if (i)
			put(b, rnd(r, 8) ? " " : PICK(r, ((const char *const[]){
				"\t", "  ", "", ",", "\n" })));
		putf(b, "%s%s%s", PICK(r, names), rnd(r, 10) ? "=" : "==",
		     PICK(r, vals));
	}
}

/*
 * A synthetic event's definition for synthetic_events (or, after "s:",
 * dynamic_events): good and bad types, names, arrays and separators, or
 * a removal.
 */
static void gen_synth(struct rng *r, struct buf *b)
{
	static const char *const types[] = {
		"u64", "s32", "u8", "pid_t", "int", "unsigned long", "char",
		"unsigned", "long[]", "unsigned long[]", "char[16]", "gfp_t",
		"bool", "chr", "u128", "",
	};
	static const char *const arrays[] = {
		"", "", "", "[]", "[16]", "[256]", "[257]", "[0]", "[", "]",
		"[-1]", "[x]", "[99999999999]",
	};
	static const char *const seps[] = { "; ", ";", " ", " ; ", ";;", "" };
	int i, n = rnd(r, 6);

	if (!rnd(r, 8))
		put(b, "!");
	putf(b, "%s%lu", PICK(r, ((const char *const[]){ "fzs", "fzs", "9fz",
							 "fz-s", ";fz" })),
	     rnd(r, 4));
	for (i = 0; i < n; i++) {
		put(b, i ? PICK(r, seps) : " ");
		putf(b, "%s f%d%s", PICK(r, types), rnd(r, 4) ? i : 0,
		     PICK(r, arrays));
	}
	put(b, "\n");
}

/* A probe command for kprobe_events, uprobe_events or dynamic_events. */
static void gen_probe(struct rng *r, struct buf *b)
{
	static const char *const kinds[] = {
		"p", "p", "r", "r10", "r0", "r99999", "f", "t", "e", "-", "!",
		"q", "P", "",
	};
	const char *k = PICK(r, kinds);
	int i, n;

	if (rnd(r, 2)) {
		gen_good_probe(r, b);
		return;
	}
	/* dynamic_events also takes synthetic events. */
	if (!rnd(r, 8)) {
		put(b, "s:");
		gen_synth(r, b);
		return;
	}
	put(b, k);
	switch (rnd(r, 6)) {
	case 0:
		break;
	case 1:
		putf(b, ":fz%lu", rnd(r, 6));
		break;
	case 2:
		putf(b, ":fzgrp/fz%lu", rnd(r, 6));
		break;
	case 3:
		put(b, PICK(r, ((const char *const[]){ ":", ":/", ":fzgrp/",
						       ":fz.x", ":9fz",
						       ":fz/x/y" })));
		break;
	default:
		putf(b, ":fz%lu", rnd(r, 3));
		break;
	}
	if (!strcmp(k, "-") && rnd(r, 2))
		return;
	put(b, " ");
	if (rnd(r, 3)) {
		put(b, func(r));
		if (!rnd(r, 4))
			putf(b, "+%lu", rnd(r, 64));
		else if (!rnd(r, 4))
			put(b, "%return");
	} else {
		put(b, PICK(r, probe_places));
	}
	n = rnd(r, 8) ? rnd(r, 4) : rnd(r, 140);
	for (i = 0; i < n; i++) {
		if (rnd(r, 2))
			putf(b, " a%d=", i % 5);
		else
			put(b, " ");
		put(b, PICK(r, fetchargs));
		put(b, PICK(r, fetchtypes));
	}
	if (!rnd(r, 8))
		put(b, PICK(r, ((const char *const[]){ " if common_pid == 1",
						       " if", " if prev_pid > 0",
						       " if &&" })));
	if (rnd(r, 2))
		put(b, "\n");
}

static void gen_filter(struct rng *r, struct buf *b)
{
	const char *f = func(r);
	size_t n;
	int i;

	switch (rnd(r, 10)) {
	case 0:
		put(b, f);
		break;
	case 1:
		putf(b, "%s\n", f);
		break;
	case 2:
		n = 1 + rnd(r, 6);
		putn(b, f, strlen(f) < n ? strlen(f) : n);
		put(b, "*");
		break;
	case 3:
		n = strlen(f);
		putf(b, "*%s", f + (n > 4 ? n - 4 : 0));
		break;
	case 4:
		putf(b, "!%s", f);
		break;
	case 5:
		putf(b, "%s:mod:%s", f,
		     rnd(r, 2) ? "fuzzmod" : rnd(r, 2) ? "*" : "vmlinux");
		break;
	case 6:
	case 7:
		putf(b, "%s%s:%s", rnd(r, 4) ? "" : "!", f,
		     PICK(r, probe_cmds));
		if (rnd(r, 2))
			putf(b, ":%lu", 1 + rnd(r, 5));
		break;
	case 8:
		putf(b, "%lu", rnd(r, nfuncs + 3));
		break;
	default:
		for (i = 1 + rnd(r, 50); i > 0; i--)
			putf(b, "%s%s", func(r), rnd(r, 2) ? " " : "\n");
		break;
	}
}

/*
 * The options that record a stack trace at every traced call or event:
 * beside the function tracer on every function they stall a TCG guest,
 * so the fuzz only ever switches them off (keep_stacks_off()).
 */
static bool stack_option(const char *name)
{
	return !strcmp(name, "func_stack_trace") || !strcmp(name, "stacktrace");
}

/* A valid value for the file, or a plausible one. */
static void gen_valid(struct rng *r, const struct tfile *f, struct buf *b)
{
	const char *s;
	size_t n;
	int i;

	switch (f->kind) {
	case K_TRACER:
		put(b, ntracers ? tracers[rnd(r, ntracers)] : "nop");
		if (rnd(r, 2))
			put(b, "\n");
		break;
	case K_CLOCK:
		put(b, nclocks ? clocks[rnd(r, nclocks)] : "local");
		break;
	case K_OPTIONS:
		s = nopts ? opts[rnd(r, nopts)] : "overwrite";
		if (stack_option(s))
			putf(b, "no%s", s);
		else
			putf(b, "%s%s", rnd(r, 2) ? "no" : "", s);
		break;
	case K_OSNOISE_OPTIONS:
		/*
		 * The workload's threads come and go under the running
		 * tracers.  Not PANIC_ON_STOP (a stop would panic the guest),
		 * nor the options that keep a CPU's interrupts or preemption
		 * off for a second at a time (the fuzz would crawl).
		 */
		put(b, PICK(r, osnoise_options));
		break;
	case K_OPTION:
		if (stack_option(f->base))
			put(b, "0");
		else
			put(b, rnd(r, 2) ? "1" : "0");
		break;
	case K_FILTER:
		gen_filter(r, b);
		break;
	case K_PID:
		switch (rnd(r, 5)) {
		case 0:
			putf(b, "%d", getpid());
			break;
		case 1:
			putf(b, "%d %d\n", getpid(), getppid());
			break;
		case 2:
			put(b, "1");
			break;
		case 3:
			for (i = 1 + rnd(r, 300); i > 0; i--)
				putf(b, "%lu ", 1 + rnd(r, 40000));
			break;
		default:
			putf(b, "%d\n", getppid());
			break;
		}
		break;
	case K_CPUMASK:
		put(b, PICK(r, masks));
		break;
	case K_MARKER:
		n = rnd(r, 4) ? rnd(r, 200) :
			PICK(r, ((const size_t[]){ 4095, 4096, 4097, 8192, 3500 }));
		put(b, "fuzz marker ");
		while (b->len < n)
			putch(b, 'a' + rnd(r, 26));
		if (rnd(r, 2))
			put(b, "\n");
		break;
	case K_RAW:
		i = rnd64(r);
		putn(b, &i, sizeof(i));
		n = PICK(r, ((const size_t[]){ 0, 1, 3, 4, 100, 3500, 4000,
					       4096, 8192 }));
		while (b->len < n + sizeof(i))
			putch(b, rnd(r, 256));
		break;
	case K_EVENT:
		if (nevents && rnd(r, 2))
			put(b, events[rnd(r, nevents)]);
		else
			put(b, PICK(r, event_specs));
		break;
	case K_EVFILTER:
		put(b, PICK(r, ev_filters));
		break;
	case K_TRIGGER:
		put(b, PICK(r, ev_triggers));
		break;
	case K_PROBE:
		gen_probe(r, b);
		break;
	case K_SYNTH:
		gen_synth(r, b);
		break;
	case K_INJECT:
		gen_inject(r, b);
		break;
	case K_SIZE:
		put(b, PICK(r, sizes_kb));
		break;
	case K_SUBBUF:
		put(b, PICK(r, subbuf_kb));
		break;
	case K_CMDLINES:
		put(b, PICK(r, cmdline_sizes));
		break;
	case K_PERCENT:
		put(b, PICK(r, percents));
		break;
	case K_BOOL:
		put(b, PICK(r, bools));
		break;
	default:
		put(b, PICK(r, ((const char *const[]){ "", "1", "0", "\n" })));
		break;
	}
}

/* The payload of class @c for file @f. */
static void gen(struct rng *r, const struct tfile *f, int c, struct buf *b)
{
	static const size_t long_lens[] = {
		3500, 4095, 4096, 4097, 8191, 8192, 65535, 65536, 65537,
	};
	size_t n;
	int i;

	b->len = 0;
	switch (c) {
	case C_VALID:
		gen_valid(r, f, b);
		break;
	case C_EMPTY:
		break;
	case C_SPACE:
		put(b, PICK(r, spaces));
		break;
	case C_ZERO:
		put(b, PICK(r, zeros));
		break;
	case C_NEG:
		put(b, PICK(r, negatives));
		break;
	case C_HUGE:
		put(b, PICK(r, huge));
		break;
	case C_LONG:
		n = rnd(r, 3) ? PICK(r, long_lens) : 64 * 1024;
		switch (rnd(r, 4)) {
		case 0:		/* one long number */
			put(b, "1");
			while (b->len < n)
				put(b, "0");
			break;
		case 1:		/* one long name */
			while (b->len < n)
				putch(b, 'a' + rnd(r, 26));
			break;
		case 2:		/* a long name then a newline */
			while (b->len < n - 1)
				putch(b, 'a' + rnd(r, 26));
			put(b, "\n");
			break;
		default:	/* words */
			while (b->len < n)
				putch(b, rnd(r, 8) ? 'a' + rnd(r, 26) : ' ');
			break;
		}
		break;
	case C_BINARY:
		if (rnd(r, 3)) {
			n = rnd(r, 4) ? 1 + rnd(r, 600) : 4096;
			while (b->len < n)
				putch(b, rnd(r, 256));
		} else {
			/* A valid value with a NUL or garbage inside. */
			gen_valid(r, f, b);
			i = b->len ? rnd(r, b->len + 1) : 0;
			if (i < (int)b->len)
				b->p[i] = rnd(r, 2) ? 0 : (char)0xff;
			else
				putn(b, "\0garbage", 8);
		}
		break;
	case C_GLOB:
		put(b, PICK(r, globs));
		break;
	case C_CMD:
		if (rnd(r, 5) < 3) {
			put(b, PICK(r, commands));
		} else {
			const char *cmd = PICK(r, probe_cmds);
			bool unlimited = rnd(r, 4) == 0;

			putf(b, "%s%s:%s", rnd(r, 4) ? "" : "!", func(r), cmd);
			if (!unlimited || strcmp(cmd, "stacktrace"))
				putf(b, ":%s", rnd(r, 2) ?
				     PICK(r, negatives) : PICK(r, huge));
		}
		break;
	case C_NAMES:
		n = rnd(r, 8) ? 1 + rnd(r, 2048) : 1 + rnd(r, 64 * 1024);
		while (b->len < n) {
			if (!rnd(r, 8))
				put(b, "!");
			put(b, func(r));
			put(b, PICK(r, ((const char *const[]){ " ", "\n", "\t",
							       ",", "  " })));
		}
		break;
	default:
		if (rnd(r, 3)) {
			const struct bstr *l = &PICK(r, lists);

			putn(b, l->s, l->n);
		} else {
			for (i = 1 + rnd(r, 500); i > 0; i--)
				putf(b, "%lu%s", rnd(r, 70000),
				     rnd(r, 2) ? " " : ",");
		}
		break;
	}
}

/* A short printable description of the payload. */
static void describe(char *out, size_t size, const char *p, size_t len)
{
	size_t i, o = 0;

	out[o++] = '"';
	for (i = 0; i < len && o + 6 < size; i++) {
		unsigned char c = p[i];

		if (i == 48) {
			o += snprintf(out + o, size - o, "...");
			break;
		}
		if (c == '\n')
			o += snprintf(out + o, size - o, "\\n");
		else if (c == '\t')
			o += snprintf(out + o, size - o, "\\t");
		else if (c == '"' || c == '\\')
			o += snprintf(out + o, size - o, "\\%c", c);
		else if (c < 32 || c >= 127)
			o += snprintf(out + o, size - o, "\\x%02x", c);
		else
			out[o++] = c;
	}
	if (o + 1 < size)
		out[o++] = '"';
	out[o] = 0;
}

/* --- bookkeeping -------------------------------------------------- */

static void op_begin(const char *fmt, ...)
{
	char *slot = me->ring[me->head % RING];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(slot, OP_TEXT, fmt, ap);
	va_end(ap);
	me->head++;
	if (kmsg_ops && kmsg_fd >= 0) {
		char line[OP_TEXT + 32];
		int n;

		/* One write() a record (dprintf() seeks, which kmsg refuses). */
		n = snprintf(line, sizeof(line), "<7>fuzz: %s %s\n", me->role,
			     slot);
		if (write(kmsg_fd, line, n) < 0)
			kmsg_ops = false;
	}
	me->op_start = now_ms();
	me->busy = 1;
}

static void op_end(void)
{
	long took = now_ms() - me->op_start;

	me->busy = 0;
	me->ops++;
	if (took > me->slowest_ms) {
		me->slowest_ms = took;
		memcpy(me->slowest, me->ring[(me->head - 1) % RING], OP_TEXT);
	}
}

/* A failure found by this process: kept for the report. */
static void __attribute__((format(printf, 1, 2))) bad(const char *fmt, ...)
{
	va_list ap;

	if (me->bad < 4) {
		va_start(ap, fmt);
		vsnprintf(me->fail[me->bad], OP_TEXT, fmt, ap);
		va_end(ap);
	}
	me->bad++;
}

/* An errno no tracefs write should give. */
static bool insane_errno(int e)
{
	return e == 0 || e == EFAULT || e >= 512;
}

static void count_err(struct fstats *st, int e, unsigned long n)
{
	int i;

	for (i = 0; i < NERR; i++) {
		if (st->err[i] == e || !st->err[i]) {
			st->err[i] = e;
			st->nerr[i] += n;
			return;
		}
	}
	st->nerr[NERR - 1] += n;
}

static ssize_t checked_write(int fi, int fd, const char *p, size_t n,
			     off_t off, bool at)
{
	struct fstats *st = &me->st[fi];
	ssize_t r;

	r = at ? pwrite(fd, p, n, off) : write(fd, p, n);
	if (r < 0) {
		count_err(st, errno, 1);
		if (insane_errno(errno))
			bad("write of %zu bytes to %s: %s", n, files[fi].path,
			    errname(errno));
	} else if ((size_t)r > n) {
		bad("write of %zu bytes to %s returned %zd", n, files[fi].path,
		    r);
	} else if (r == 0 && n) {
		st->zero++;
	} else if ((size_t)r < n) {
		st->shortw++;
	} else {
		st->ok++;
	}
	return r;
}

/* --- files and vocabulary ----------------------------------------- */

static enum kind kind_of(const char *path, const char *base)
{
	size_t i;

	if (strstr(path, "options/") && !strstr(path, "trace_options"))
		return K_OPTION;
	if (!strcmp(path, "osnoise/options"))
		return K_OSNOISE_OPTIONS;
	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		if (!strcmp(base, kinds[i].name))
			return kinds[i].kind;
	return K_NUM;
}

static char *pats[32];
static int npats;

static bool excluded(const char *desc)
{
	int i;

	for (i = 0; i < npats; i++)
		if (strstr(desc, pats[i]))
			return true;
	return false;
}

/*
 * The systems whose event directories are walked: every event's files
 * would be thousands.  The others contribute their system files.
 */
static const char *const walked_systems[] = {
	"sched", "signal", "timer", "ftrace", "sample-trace",
};

/* Whether @rel ("[instances/X/]events/SYS" or deeper) is walked. */
static bool walked(const char *rel)
{
	const char *ev = strstr(rel, "events/"), *sys;
	size_t i, n;

	if (!ev || (ev != rel && ev[-1] != '/'))
		return true;
	sys = ev + strlen("events/");
	n = strcspn(sys, "/");
	if (!sys[n])
		return true;
	for (i = 0; i < ARRAY_SIZE(walked_systems); i++)
		if (strlen(walked_systems[i]) == n &&
		    !strncmp(sys, walked_systems[i], n))
			return true;
	return false;
}

static void walk(const char *rel, int domain)
{
	struct dirent **ents;
	char path[512];
	struct stat stb;
	int i, n;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	n = scandir(path, &ents, NULL, alphasort);
	if (n < 0)
		return;
	for (i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		struct tfile *f;

		if (name[0] == '.' ||
		    (!*rel && !strcmp(name, "instances")))
			goto next;
		snprintf(path, sizeof(path), "%s%s%s", rel, *rel ? "/" : "",
			 name);
		if (fstatat(rootfd, path, &stb, 0))
			goto next;
		if (S_ISDIR(stb.st_mode)) {
			if (walked(path))
				walk(path, domain);
			goto next;
		}
		if (!S_ISREG(stb.st_mode) || nfiles == MAX_FILES ||
		    strlen(path) >= sizeof(f->path))
			goto next;
		f = &files[nfiles];
		memcpy(f->path, path, strlen(path) + 1);
		f->base = strrchr(f->path, '/');
		f->base = f->base ? f->base + 1 : f->path;
		f->kind = kind_of(f->path, f->base);
		f->domain = domain;
		f->readable = stb.st_mode & 0444;
		f->writable = stb.st_mode & 0222;
		if (f->writable)
			wfiles[domain][nwfiles[domain]++] = nfiles;
		if (f->readable)
			rfiles[nrfiles++] = nfiles;
		nfiles++;
next:
		free(ents[i]);
	}
	free(ents);
}

/* The tracing sysctls: absolute paths, which openat() takes as they are. */
static const char *const sysctls[] = {
	"/proc/sys/kernel/ftrace_enabled",
	"/proc/sys/kernel/traceoff_on_warning",
};

static void add_sysctl(const char *path)
{
	struct tfile *f = &files[nfiles];

	if (access(path, W_OK) || nfiles == MAX_FILES)
		return;
	snprintf(f->path, sizeof(f->path), "%s", path);
	f->base = strrchr(f->path, '/') + 1;
	f->kind = K_BOOL;
	f->domain = 0;
	f->readable = true;
	f->writable = true;
	wfiles[0][nwfiles[0]++] = nfiles;
	rfiles[nrfiles++] = nfiles;
	nfiles++;
}

/* The whole of a tracefs file, NUL-terminated. */
static char *slurp(const char *rel, size_t *lenp)
{
	size_t len = 0, cap = 1 << 16;
	char *p = xmalloc(cap + 1);
	ssize_t r;
	int fd;

	fd = openat(rootfd, rel, O_RDONLY | O_NONBLOCK);
	if (fd >= 0) {
		while ((r = read(fd, p + len, cap - len)) > 0) {
			len += r;
			if (len == cap) {
				cap *= 2;
				p = realloc(p, cap + 1);
				if (!p)
					exit(2);
			}
		}
		close(fd);
	}
	p[len] = 0;
	if (lenp)
		*lenp = len;
	return p;
}

/* Whitespace-separated words of a file, without [] around the chosen one. */
static int words(const char *rel, char **out, int max)
{
	char *p = slurp(rel, NULL), *save, *w;
	int n = 0;

	for (w = strtok_r(p, " \t\n", &save); w && n < max;
	     w = strtok_r(NULL, " \t\n", &save)) {
		if (*w == '[') {
			w++;
			w[strcspn(w, "]")] = 0;
		}
		out[n++] = xstrdup(w);
	}
	free(p);
	return n;
}

static void load_vocabulary(void)
{
	char *p, *line, *save;
	struct dirent *de;
	size_t len;
	DIR *d;
	int max;

	ntracers = words("available_tracers", tracers, 32);
	nclocks = words("trace_clock", clocks, 32);
	nevents = words("available_events", events, 256);
	d = fdopendir(openat(rootfd, "options", O_RDONLY | O_DIRECTORY));
	while (d && (de = readdir(d)) && nopts < 64)
		if (de->d_name[0] != '.')
			opts[nopts++] = xstrdup(de->d_name);
	if (d)
		closedir(d);
	/* Sorted, so that a seed means the same names on the same kernel. */
	for (max = 0; max < nopts; max++) {
		int j;

		for (j = max + 1; j < nopts; j++) {
			if (strcmp(opts[j], opts[max]) < 0) {
				char *t = opts[j];

				opts[j] = opts[max];
				opts[max] = t;
			}
		}
	}

	p = slurp("available_filter_functions", &len);
	max = 1024;
	funcs = xmalloc(max * sizeof(*funcs));
	for (line = strtok_r(p, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		line[strcspn(line, " \t")] = 0;
		if (!*line)
			continue;
		if (nfuncs == max) {
			max *= 2;
			funcs = realloc(funcs, max * sizeof(*funcs));
			if (!funcs)
				exit(2);
		}
		funcs[nfuncs++] = line;
	}
}

/* --- processes ---------------------------------------------------- */

static void start(int wi, const char *role, void (*fn)(int, uint64_t),
		  uint64_t seed)
{
	struct worker *w = &sh->w[wi];
	pid_t pid;

	snprintf(w->role, sizeof(w->role), "%s", role);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(2);
	}
	if (!pid) {
		struct sigaction sa = { .sa_handler = on_term };

		me = w;
		sigaction(SIGTERM, &sa, NULL);
		sa.sa_handler = on_alarm;
		sigaction(SIGALRM, &sa, NULL);
		prctl(PR_SET_NAME, role);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		fn(wi, seed);
		exit(0);
	}
	w->pid = pid;
}

/* How often a file is picked in its directory, by kind. */
static int file_weight(const struct tfile *f)
{
	switch (f->kind) {
	case K_OPTION:
	case K_OTHER:
		return 1;
	case K_FILTER:
	case K_SIZE:
		return 4;
	case K_PROBE:
	case K_SYNTH:
		return 12;
	default:
		return 2;
	}
}

static int pick_writable(struct rng *r)
{
	int d, i, total = 0, x;

	/* Top level 40 %, each instance 15 %. */
	d = rnd(r, 100);
	d = d < 40 ? 0 : 1 + (d - 40) / 15;
	if (d > N_INSTANCES || !nwfiles[d])
		d = 0;
	for (i = 0; i < nwfiles[d]; i++)
		total += file_weight(&files[wfiles[d][i]]);
	x = rnd(r, total);
	for (i = 0; i < nwfiles[d] - 1; i++) {
		x -= file_weight(&files[wfiles[d][i]]);
		if (x < 0)
			break;
	}
	return wfiles[d][i];
}

/* A payload class, weighted for the kind of file. */
static int pick_class(struct rng *r, const struct tfile *f)
{
	int w[C_NCLASS], c, total = 0, x;

	memcpy(w, cls_weight, sizeof(w));
	switch (f->kind) {
	case K_FILTER:
	case K_EVENT:
	case K_EVFILTER:
	case K_TRIGGER:
		w[C_CMD] = 20;
		w[C_GLOB] = 15;
		w[C_NAMES] = 8;
		break;
	case K_PROBE:
	case K_SYNTH:
	case K_INJECT:
		/* Mostly commands of the grammar, good and bad. */
		w[C_VALID] = 60;
		w[C_NAMES] = 0;
		break;
	case K_TRACER:
	case K_CLOCK:
	case K_OPTIONS:
	case K_OSNOISE_OPTIONS:
	case K_MARKER:
	case K_RAW:
		break;
	default:
		w[C_HUGE] = 16;
		w[C_NEG] = 10;
		w[C_LIST] = 8;
		break;
	}
	for (c = 0; c < C_NCLASS; c++)
		total += w[c];
	x = rnd(r, total);
	for (c = 0; c < C_NCLASS; c++) {
		if (x < w[c])
			return c;
		x -= w[c];
	}
	return C_VALID;
}

enum mode { M_ONE, M_SPLIT, M_LOOP, M_NONE, M_PWRITE, M_READBACK };

/*
 * The stack options (stack_option()): gen_valid() only ever switches
 * them off, and no other class nor a split write may switch them on.
 * Seed 20261123's "1k" on options/func_stack_trace, split after its
 * "1", did: CPU 0 then spent
 * every tick in its timer interrupt, unwinding at each call (the RCU
 * stalls of notes/issue32-abi.md).  After gen() and the mode's draws,
 * so the generator's sequence stays as it was.
 */
static void keep_stacks_off(const struct tfile *f, struct buf *b,
			    enum mode *m)
{
	if (f->kind == K_OPTION && stack_option(f->base)) {
		b->len = 0;
		put(b, "0");
		if (*m == M_SPLIT)	/* its offset was drawn for the old text */
			*m = M_ONE;
	} else if (f->kind == K_OPTIONS && memmem(b->p, b->len, "stack", 5)) {
		*m = M_ONE;
	}
}

static const char *const mode_name[] = {
	"write", "split", "loop", "open-close", "pwrite", "write+lseek+read",
};

static void writer(int wi, uint64_t seed)
{
	static char payload[PAYLOAD_MAX], rbuf[4096];
	struct buf b = { .p = payload, .cap = sizeof(payload) };
	char desc[80], flagdesc[40], mdesc[40], op[OP_TEXT];
	unsigned long n = 0;
	struct rng r;

	rng_seed(&r, seed, wi);
	while (!stop) {
		int fi = pick_writable(&r), c = pick_class(&r, &files[fi]);
		int flags, fd, i;
		enum mode m;
		size_t k = 0;
		off_t off = 0;
		ssize_t w;

		gen(&r, &files[fi], c, &b);
		flags = rnd(&r, 7) ? O_WRONLY : O_RDWR;
		if (chance(&r, 30))
			flags |= O_TRUNC;
		if (chance(&r, 20))
			flags |= O_APPEND;
		if (chance(&r, 10))
			flags |= O_NONBLOCK;
		i = rnd(&r, 100);
		m = i < 55 ? M_ONE : i < 80 ? M_SPLIT : i < 88 ? M_LOOP :
		    i < 93 ? M_NONE : i < 97 ? M_PWRITE : M_READBACK;
		if (m == M_LOOP && b.len > 4096)
			m = M_ONE;
		if (m == M_SPLIT)
			k = rnd(&r, b.len + 1);
		if (m == M_PWRITE)
			off = PICK(&r, ((const off_t[]){ 1, 2, 4095, 4096,
							 1L << 31, 1L << 62 }));
		keep_stacks_off(&files[fi], &b, &m);
		describe(desc, sizeof(desc), b.p, b.len);
		snprintf(flagdesc, sizeof(flagdesc), "%s%s%s%s",
			 flags & O_RDWR ? "rdwr" : "wronly",
			 flags & O_TRUNC ? "|trunc" : "",
			 flags & O_APPEND ? "|append" : "",
			 flags & O_NONBLOCK ? "|nonblock" : "");
		if (m == M_SPLIT)
			snprintf(mdesc, sizeof(mdesc), "split@%zu", k);
		else if (m == M_PWRITE)
			snprintf(mdesc, sizeof(mdesc), "pwrite@%lld",
				 (long long)off);
		else
			snprintf(mdesc, sizeof(mdesc), "%s", mode_name[m]);
		snprintf(op, sizeof(op), "%s %s %s %s len %zu %s",
			 files[fi].path, cls_name[c], flagdesc, mdesc, b.len,
			 desc);
		if (excluded(op))
			continue;
		op_begin("#%lu %s", n++, op);

		fd = openat(rootfd, files[fi].path, flags);
		if (fd < 0) {
			if (errno == ENOENT || errno == ENODEV)
				me->st[fi].nofile++;
			else
				me->st[fi].open_err++;
			if (insane_errno(errno))
				bad("open of %s: %s", files[fi].path,
				    errname(errno));
			op_end();
			continue;
		}
		switch (m) {
		case M_ONE:
			checked_write(fi, fd, b.p, b.len, 0, false);
			break;
		case M_SPLIT:
			checked_write(fi, fd, b.p, k, 0, false);
			checked_write(fi, fd, b.p + k, b.len - k, 0, false);
			break;
		case M_LOOP:
			/* As echo does: on until all is taken or an error. */
			for (k = 0, i = 0; k < b.len && i < 10000 && !stop;
			     i++) {
				w = checked_write(fi, fd, b.p + k, b.len - k, 0,
						  false);
				if (w <= 0)
					break;
				k += w;
			}
			break;
		case M_PWRITE:
			checked_write(fi, fd, b.p, b.len, off, true);
			break;
		case M_READBACK:
			checked_write(fi, fd, b.p, b.len, 0, false);
			lseek(fd, 0, SEEK_SET);
			w = read(fd, rbuf, sizeof(rbuf));
			if (w > (ssize_t)sizeof(rbuf))
				bad("read of %s returned %zd", files[fi].path,
				    w);
			break;
		default:
			break;
		}
		close(fd);
		op_end();
	}
}

/*
 * SIGALRM every @ms from now on, to cut any blocking call short; 0: off.
 * The supervisor sends it: the test kernel may have no POSIX timers.
 */
static void arm(long ms)
{
	me->alarm_ms = ms;
	me->alarm_at = ms ? now_ms() + ms : 0;
}

static bool is_pipe_file(const struct tfile *f)
{
	return !strcmp(f->base, "trace_pipe") ||
	       !strcmp(f->base, "trace_pipe_raw");
}

static void check_read(const struct tfile *f, ssize_t r, size_t n)
{
	if (r > (ssize_t)n) {
		bad("read of %zu bytes from %s returned %zd", n, f->path, r);
	} else if (r < 0) {
		if (errno != EAGAIN && errno != EINTR)
			me->rerr++;
		if (insane_errno(errno))
			bad("read from %s: %s", f->path, errname(errno));
	} else {
		me->reads++;
		me->bytes += r;
	}
}

/* Any readable file, mostly without blocking; reads, seeks, polls, splices. */
static void reader(int wi, uint64_t seed)
{
	static char rbuf[READ_MAX];
	struct rng r;
	int p[2] = { -1, -1 };

	rng_seed(&r, seed, wi);
	if (pipe2(p, O_NONBLOCK))
		p[0] = p[1] = -1;
	while (!stop) {
		const struct tfile *f = &files[rfiles[rnd(&r, nrfiles)]];
		int flags = O_RDONLY | (rnd(&r, 5) ? O_NONBLOCK : 0);
		long limit = 1 + rnd(&r, rnd(&r, 8) ? 16384 : READ_MAX);
		long total = 0, t0;
		int fd, steps;

		op_begin("read %s%s limit %ld", f->path,
			 flags & O_NONBLOCK ? " nonblock" : "", limit);
		arm(200 + rnd(&r, 1500));
		fd = openat(rootfd, f->path, flags);
		t0 = now_ms();
		for (steps = 0; fd >= 0 && total < limit && !stop &&
		     now_ms() - t0 < 2000 && steps < 1000; steps++) {
			size_t n = 1 + rnd(&r, limit - total);
			struct pollfd pfd = { .fd = fd, .events = POLLIN };
			ssize_t got;

			switch (rnd(&r, 10)) {
			case 0:
				lseek(fd, rnd(&r, 3) ? 0 : rnd(&r, 1 << 20),
				      SEEK_SET);
				continue;
			case 1:
				poll(&pfd, 1, rnd(&r, 50));
				continue;
			case 2:
				if (p[0] >= 0 && is_pipe_file(f)) {
					got = splice(fd, NULL, p[1], NULL,
						     n, SPLICE_F_NONBLOCK);
					check_read(f, got, n);
					while (read(p[0], rbuf, sizeof(rbuf)) > 0)
						;
					if (got == 0)
						goto done;
					continue;
				}
				break;
			case 3:
				/* Upstream maps the ring buffer (6.10 on). */
				if (!strcmp(f->base, "trace_pipe_raw")) {
					size_t len = 4096 << rnd(&r, 4);
					void *m = mmap(NULL, len, PROT_READ,
						       MAP_SHARED, fd, 0);

					/* TRACE_MMAP_IOCTL_GET_READER */
					ioctl(fd, _IO('R', 0x20));
					if (m != MAP_FAILED)
						munmap(m, len);
					continue;
				}
				break;
			default:
				break;
			}
			got = read(fd, rbuf, n);
			check_read(f, got, n);
			if (got == 0 || (got < 0 && errno != EINTR &&
					 errno != EAGAIN))
				break;
			if (got < 0 && errno == EAGAIN && !rnd(&r, 2))
				break;
			if (got > 0)
				total += got;
		}
done:
		arm(0);
		if (fd >= 0)
			close(fd);
		op_end();
	}
}

/* Blocking reads, polls and splices of the pipes, cut short by SIGALRM. */
static void blocker(int wi, uint64_t seed)
{
	static char rbuf[65536];
	struct rng r;
	int pipes[MAX_FILES], npipes = 0, i, p[2];

	rng_seed(&r, seed, wi);
	for (i = 0; i < nrfiles; i++)
		if (is_pipe_file(&files[rfiles[i]]))
			pipes[npipes++] = rfiles[i];
	if (!npipes || pipe(p))
		return;
	/* Splices block on the trace file, drains never. */
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	while (!stop) {
		const struct tfile *f = &files[pipes[rnd(&r, npipes)]];
		long ms = 50 + rnd(&r, 1500), t0;
		int how = rnd(&r, 3), fd;
		ssize_t got;

		op_begin("block %s %s %ld ms", f->path,
			 how == 0 ? "read" : how == 1 ? "poll" : "splice", ms);
		fd = openat(rootfd, f->path, O_RDONLY);
		if (fd >= 0) {
			struct pollfd pfd = { .fd = fd, .events = POLLIN };

			arm(ms);
			do {
				t0 = now_ms();
				if (how == 0) {
					got = read(fd, rbuf, sizeof(rbuf));
					check_read(f, got, sizeof(rbuf));
				} else if (how == 1) {
					got = poll(&pfd, 1, -1);
					if (got > 0)
						got = read(fd, rbuf, 4096);
				} else {
					got = splice(fd, NULL, p[1], NULL, 4096,
						     0);
					check_read(f, got, 4096);
					while (read(p[0], rbuf, sizeof(rbuf)) > 0)
						;
				}
				if (now_ms() - t0 > ms + 30000)
					bad("a blocking %s of %s took %ld s though "
					    "SIGALRM came every %ld ms",
					    how == 0 ? "read" : how == 1 ? "poll" :
					    "splice", f->path,
					    (now_ms() - t0) / 1000, ms);
			} while (got > 0 && !stop && rnd(&r, 4));
			arm(0);
			close(fd);
		}
		op_end();
	}
}

/* Tracefs paths for mkdir and rmdir under instances/. */
static void inst_path(char *out, size_t n, const char *name)
{
	snprintf(out, n, "instances/%s", name);
}

static void set_tracer(const char *dir, const char *tracer)
{
	char path[160];
	int fd;

	snprintf(path, sizeof(path), "%s%scurrent_tracer", dir,
		 *dir ? "/" : "");
	fd = openat(rootfd, path, O_WRONLY);
	if (fd >= 0) {
		if (write(fd, tracer, strlen(tracer)) < 0 && errno == EFAULT)
			bad("write %s: EFAULT", path);
		close(fd);
	}
}

/*
 * Instances fuzzA and fuzzB removed and made again, odd names made and
 * removed, and every two seconds the function tracer and tracing_on
 * put back at the top level.  With current_tracer excluded (-x: the
 * debug kernels, where a tracer on every function crawls), no tracer is
 * set: under KASAN, one start of the function tracer beside another
 * outlasted the fuzz's grace after SIGTERM (60 s then).
 */
static void churn(int wi, uint64_t seed)
{
	static const char *const odd[] = {
		"x", "fuzz with space", "fuzz\ttab", "fuzz:colon", "fuzz*",
		"fuzz\\", "-", "fuzz\xff\xfe", "fuzz\n",
	};
	bool tracers_ok = !excluded("current_tracer");
	char path[512], name[300];
	long last_keep = 0;
	struct rng r;
	int fd;

	rng_seed(&r, seed, wi);
	while (!stop) {
		int x = rnd(&r, 10);

		if (x < 7) {
			const char *inst = instances[N_INSTANCES - N_CHURN +
						     rnd(&r, N_CHURN)];

			inst_path(path, sizeof(path), inst);
			op_begin("rmdir/mkdir %s", path);
			if (!unlinkat(rootfd, path, AT_REMOVEDIR)) {
				me->rm++;
			} else if (errno == ENOENT) {
				if (!mkdirat(rootfd, path, 0755)) {
					me->mk++;
					if (!rnd(&r, 4) && tracers_ok)
						set_tracer(path, "function");
				}
			} else if (errno == EBUSY) {
				me->rmbusy++;
			} else if (insane_errno(errno)) {
				bad("rmdir %s: %s", path, errname(errno));
			}
			op_end();
		} else if (x < 8) {
			if (rnd(&r, 2)) {
				snprintf(name, sizeof(name), "%s", PICK(&r, odd));
			} else {
				int n = 1 + rnd(&r, 255);

				memset(name, 'a' + rnd(&r, 26), n);
				name[n] = 0;
			}
			inst_path(path, sizeof(path), name);
			op_begin("mkdir+rmdir instances/<%zu bytes>", strlen(name));
			if (!mkdirat(rootfd, path, 0755)) {
				if (unlinkat(rootfd, path, AT_REMOVEDIR))
					bad("rmdir of %s after mkdir: %s", path,
					    errname(errno));
			} else if (insane_errno(errno)) {
				bad("mkdir %s: %s", path, errname(errno));
			}
			op_end();
		}
		if (now_ms() - last_keep >= 2000) {
			op_begin("keep: %stracing_on 1",
				 tracers_ok ? "function tracer, " : "");
			if (tracers_ok)
				set_tracer("", "function");
			fd = openat(rootfd, "tracing_on", O_WRONLY);
			if (fd >= 0) {
				if (write(fd, "1", 1) < 0 && errno == EFAULT)
					bad("write tracing_on: EFAULT");
				close(fd);
			}
			me->keeps++;
			last_keep = now_ms();
			op_end();
		}
		usleep(rnd(&r, 100000));
	}
}

/* Kernel reports in /dev/kmsg: the first one and the lines after it. */
static void kmsg_watch(int wi, uint64_t seed)
{
	static const char *const reports[] = {
		"BUG: ", "WARNING: ", "Oops", "general protection fault",
		"Kernel panic", "UBSAN: ", "KASAN: ", "KFENCE: ", "INFO: ",
		"ftrace bug", "invoked oom-killer", "Out of memory",
		"DEBUG_LOCKS_WARN_ON", "refcount_t: ", "list_add corruption",
		"list_del corruption", "Unable to handle", "ftrace failed",
		"ftrace faulted", "stack-protector", "soft lockup",
	};
	char rec[8192];
	int fd, i, after = 0;
	ssize_t r;

	fd = open("/dev/kmsg", O_RDONLY);
	if (fd < 0)
		return;
	lseek(fd, 0, SEEK_END);
	while (!stop) {
		char *msg, *end;
		bool hit = false;

		r = read(fd, rec, sizeof(rec) - 1);
		if (r < 0) {
			if (errno == EPIPE)
				continue;
			if (errno == EINTR)
				continue;
			break;
		}
		rec[r] = 0;
		msg = strchr(rec, ';');
		msg = msg ? msg + 1 : rec;
		end = strchr(msg, '\n');
		if (end)
			*end = 0;
		if (!strncmp(msg, "fuzz: ", 6))
			continue;
		for (i = 0; i < (int)ARRAY_SIZE(reports); i++)
			if (strstr(msg, reports[i]))
				hit = true;
		if (hit) {
			sh->kmsg_hits++;
			if (!after && sh->kmsg_lines < KMSG_LINES)
				after = 40;
		}
		if (after && sh->kmsg_lines < KMSG_LINES) {
			snprintf(sh->kmsg[sh->kmsg_lines], KMSG_TEXT, "%.*s",
				 KMSG_TEXT - 1, msg);
			sh->kmsg_lines++;
			after--;
		}
	}
}

/* --- the supervisor ----------------------------------------------- */

static int nworkers;
static int nfails;
static char fails[MAX_FAILS][OP_TEXT + 64];
static char *snapshot;		/* the rings when the first failure was seen */
static bool kmsg_failed;

static void __attribute__((format(printf, 1, 2))) fail(const char *fmt, ...)
{
	va_list ap;

	if (nfails < MAX_FAILS) {
		va_start(ap, fmt);
		vsnprintf(fails[nfails], sizeof(fails[0]), fmt, ap);
		va_end(ap);
	}
	nfails++;
}

static void print_file(const char *label, const char *path)
{
	char buf[4096];
	ssize_t r;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return;
	r = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (r <= 0)
		return;
	buf[r] = 0;
	printf("%s:\n%s", label, buf);
	if (buf[r - 1] != '\n')
		printf("\n");
}

static void print_ring(const struct worker *w)
{
	unsigned int i, first = w->head > RING ? w->head - RING : 0;

	printf("fuzz: last operations of %s (pid %d, %lu done%s):\n", w->role,
	       w->pid, w->ops, w->busy ? ", the last still running" : "");
	for (i = first; i < w->head; i++)
		printf("    %s\n", w->ring[i % RING]);
}

static void take_snapshot(void)
{
	if (!snapshot) {
		snapshot = xmalloc(sizeof(sh->w));
		memcpy(snapshot, sh->w, sizeof(sh->w));
	}
}

/*
 * A stuck worker: the tasks blocked at this moment (sysrq w, with their
 * stacks: the holder of the lock the workers wait for, a kworker in a
 * grace period) and what every CPU runs (sysrq l), to the console, once.
 * Later is too late: a slow wait may have ended by then.
 */
static void sysrq_blocked_once(void)
{
	static bool done;
	int fd;

	if (done)
		return;
	done = true;
	fd = open("/proc/sysrq-trigger", O_WRONLY);
	if (fd < 0)
		return;
	if (write(fd, "w", 1) != 1 || write(fd, "l", 1) != 1)
		printf("fuzz: sysrq: %s\n", strerror(errno));
	close(fd);
}

static void stack_of(const struct worker *w)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/stack", w->pid);
	print_file("fuzz: kernel stack", path);
	snprintf(path, sizeof(path), "/proc/%d/wchan", w->pid);
	print_file("fuzz: wchan", path);
}

static void summary(long secs)
{
	unsigned long ops = 0, bads = 0;
	int i, j, e;

	for (i = 0; i < nworkers; i++) {
		const struct worker *w = &sh->w[i];

		ops += w->ops;
		bads += w->bad;
		printf("fuzz: %s: %lu operations", w->role, w->ops);
		if (w->reads || w->rerr)
			printf(", %lu reads (%lu bytes), %lu read errors",
			       w->reads, w->bytes, w->rerr);
		if (w->mk || w->rm)
			printf(", %lu mkdir, %lu rmdir, %lu rmdir EBUSY, "
			       "%lu tracer restores", w->mk, w->rm, w->rmbusy,
			       w->keeps);
		printf("; slowest %ld ms: %s\n", w->slowest_ms, w->slowest);
	}
	printf("\nper file (writes: ok, short, zero; open: gone, failed; "
	       "errors)\n");
	for (j = 0; j < nfiles; j++) {
		struct fstats t = { 0 };

		for (i = 0; i < nworkers; i++) {
			const struct fstats *s = &sh->w[i].st[j];

			t.ok += s->ok;
			t.shortw += s->shortw;
			t.zero += s->zero;
			t.nofile += s->nofile;
			t.open_err += s->open_err;
			for (e = 0; e < NERR && s->err[e]; e++)
				count_err(&t, s->err[e], s->nerr[e]);
		}
		if (!files[j].writable)
			continue;
		printf("%-48s %lu %lu %lu; %lu %lu;", files[j].path, t.ok,
		       t.shortw, t.zero, t.nofile, t.open_err);
		for (e = 0; e < NERR && t.err[e]; e++)
			printf(" %s %lu", errname(t.err[e]), t.nerr[e]);
		printf("\n");
	}
	printf("\nfuzz: %lu operations in %ld s, %d failures\n", ops, secs,
	       nfails);
}

static void usage(void)
{
	fprintf(stderr, "usage: fuzz [-k] [-w WRITERS] [-g GRACE] [-t STALL] "
		"[-x PATTERN]... DIR SEED SECONDS\n");
	exit(2);
}

int main(int argc, char **argv)
{
	/*
	 * A worker that SIGTERM finds in an operation may need as long as
	 * one operation may take: under TCG a tracer switch or an event
	 * group's enable holds the locks the others wait on for 15-65 s.
	 */
	int writers = 2, grace = 120, stall = 120, opt, i;
	char path[160];
	long t0, deadline, stop_at = 0, seconds;
	bool stopping = false, killed = false;
	uint64_t seed;
	struct sigaction sa = { .sa_handler = on_term };

	while ((opt = getopt(argc, argv, "kw:g:t:x:")) != -1) {
		switch (opt) {
		case 'k':
			kmsg_ops = true;
			break;
		case 'w':
			writers = atoi(optarg);
			break;
		case 'g':
			grace = atoi(optarg);
			break;
		case 't':
			stall = atoi(optarg);
			break;
		case 'x':
			if (npats < 32)
				pats[npats++] = optarg;
			break;
		default:
			usage();
		}
	}
	if (argc - optind != 3 || writers < 1 ||
	    writers > MAX_WORKERS - 4)
		usage();
	root = argv[optind];
	seed = strtoull(argv[optind + 1], NULL, 0);
	seconds = atol(argv[optind + 2]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("fuzz: seed %llu, %ld seconds\n", (unsigned long long)seed,
	       seconds);

	rootfd = open(root, O_RDONLY | O_DIRECTORY);
	if (rootfd < 0) {
		perror(root);
		return 2;
	}
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		perror("mmap");
		return 2;
	}
	if (kmsg_ops)
		kmsg_fd = open("/dev/kmsg", O_WRONLY);
	signal(SIGPIPE, SIG_IGN);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);

	/* The instances, then every file of the tree, then the words. */
	for (i = 0; i < N_INSTANCES; i++) {
		inst_path(path, sizeof(path), instances[i]);
		if (mkdirat(rootfd, path, 0755) && errno != EEXIST)
			printf("fuzz: mkdir %s: %s\n", path, strerror(errno));
	}
	walk("", 0);
	for (i = 0; i < N_INSTANCES; i++) {
		inst_path(path, sizeof(path), instances[i]);
		walk(path, 1 + i);
	}
	for (i = 0; i < (int)ARRAY_SIZE(sysctls); i++)
		add_sysctl(sysctls[i]);
	load_vocabulary();
	printf("fuzz: %d files, %d writable (top level %d, instances %d %d %d %d), "
	       "%d functions, tracers:", nfiles,
	       nwfiles[0] + nwfiles[1] + nwfiles[2] + nwfiles[3] + nwfiles[4],
	       nwfiles[0], nwfiles[1], nwfiles[2], nwfiles[3], nwfiles[4],
	       nfuncs);
	for (i = 0; i < ntracers; i++)
		printf(" %s", tracers[i]);
	printf("\n");
	if (!nwfiles[0] || !nrfiles) {
		printf("fuzz: no tracefs files under %s\n", root);
		return 2;
	}
	set_tracer("", "function");

	/* The kmsg watcher first, so that it sees everything. */
	me = &sh->w[MAX_WORKERS - 1];
	start(MAX_WORKERS - 1, "fuzz-kmsg", kmsg_watch, seed);
	usleep(100000);
	for (i = 0; i < writers; i++) {
		char role[16];

		snprintf(role, sizeof(role), "fuzz-w%d", i);
		start(nworkers++, role, writer, seed);
	}
	start(nworkers++, "fuzz-read", reader, seed);
	start(nworkers++, "fuzz-block", blocker, seed);
	start(nworkers++, "fuzz-churn", churn, seed);

	t0 = now_ms();
	deadline = t0 + seconds * 1000;
	for (;;) {
		long now, at;
		int alive = 0, status;
		pid_t pid;

		usleep(100000);
		now = now_ms();
		while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
			for (i = 0; i < nworkers; i++) {
				struct worker *w = &sh->w[i];

				if (w->pid != pid)
					continue;
				w->exited = true;
				w->status = status;
				if (WIFSIGNALED(status) &&
				    (!stopping || WTERMSIG(status) != SIGKILL)) {
					take_snapshot();
					fail("%s killed by signal %d during: %s",
					     w->role, WTERMSIG(status),
					     w->ring[(w->head - 1) % RING]);
				} else if (!stopping) {
					take_snapshot();
					fail("%s exited early (status %d)",
					     w->role, WEXITSTATUS(status));
				}
			}
		}
		if (sh->kmsg_hits && !kmsg_failed) {
			take_snapshot();
			fail("kernel report: %s", sh->kmsg[0]);
			kmsg_failed = true;
		}
		for (i = 0; i < nworkers; i++) {
			struct worker *w = &sh->w[i];

			if (w->exited)
				continue;
			alive++;
			at = w->alarm_at;
			if (at && now >= at) {
				kill(w->pid, SIGALRM);
				/* Unless the worker disarmed meanwhile. */
				__sync_bool_compare_and_swap(&w->alarm_at, at,
							     now + w->alarm_ms);
			}
			if (w->busy && w->op_start > 0 &&
			    now - w->op_start > stall * 1000L) {
				take_snapshot();
				fail("%s: one operation for over %d s: %s",
				     w->role, stall, w->ring[(w->head - 1) % RING]);
				sysrq_blocked_once();
				stack_of(w);
				w->op_start = -1;
			}
		}
		if (!stopping && (nfails || now >= deadline || stop)) {
			stopping = true;
			stop_at = now;
			for (i = 0; i < nworkers; i++)
				if (!sh->w[i].exited)
					kill(sh->w[i].pid, SIGTERM);
		}
		if (!stopping)
			continue;
		if (!alive)
			break;
		if (!killed && now - stop_at > grace * 1000L) {
			for (i = 0; i < nworkers; i++) {
				struct worker *w = &sh->w[i];

				if (w->exited)
					continue;
				take_snapshot();
				fail("%s still running %d s after SIGTERM, in: %s",
				     w->role, grace,
				     w->ring[(w->head - 1) % RING]);
				sysrq_blocked_once();
				stack_of(w);
				kill(w->pid, SIGKILL);
			}
			killed = true;
		}
		if (killed && now - stop_at > (grace + 10) * 1000L) {
			fail("processes that SIGKILL does not end: a hang");
			break;
		}
	}
	/* Late reports: an oops in a process's exit, say. */
	usleep(500000);
	kill(sh->w[MAX_WORKERS - 1].pid, SIGTERM);
	waitpid(sh->w[MAX_WORKERS - 1].pid, NULL, WNOHANG);
	if (sh->kmsg_hits && !kmsg_failed) {
		take_snapshot();
		fail("kernel report: %s", sh->kmsg[0]);
	}
	for (i = 0; i < nworkers; i++) {
		struct worker *w = &sh->w[i];
		int k;

		for (k = 0; k < (int)w->bad && k < 4; k++)
			fail("%s: %s", w->role, w->fail[k]);
		if (w->bad > 4)
			fail("%s: %lu more like these", w->role, w->bad - 4);
	}

	summary((now_ms() - t0) / 1000);
	if (nfails) {
		printf("\nfuzz: FAILED (seed %llu)\n", (unsigned long long)seed);
		for (i = 0; i < nfails && i < MAX_FAILS; i++)
			printf("fuzz: failure: %s\n", fails[i]);
		if (sh->kmsg_lines) {
			printf("fuzz: kernel log from the first report (%d "
			       "reports):\n", sh->kmsg_hits);
			for (i = 0; i < sh->kmsg_lines; i++)
				printf("    %s\n", sh->kmsg[i]);
		}
		if (snapshot) {
			struct worker *ws = (struct worker *)snapshot;

			printf("fuzz: the operations before the first failure:\n");
			for (i = 0; i < nworkers; i++)
				print_ring(&ws[i]);
		}
		return 1;
	}
	printf("fuzz: PASS (seed %llu)\n", (unsigned long long)seed);
	return 0;
}
