// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-raw: BPF programs on tracing, loaded with the bpf() system call
 * alone (no libbpf, no compiler in the guest), for what bpftrace does
 * not reach: bpf_trace_printk(), raw tracepoints, PERF_EVENT_IOC_QUERY_BPF,
 * attach and detach races.  Each program is a few hand-assembled
 * instructions.
 *
 *   bpf-raw MODE TARGET [-- CMD...]
 *
 * attaches a program, runs CMD (if any) and waits for it, detaches, and
 * prints "count N" for the counting modes.  Its status is CMD's, or 1 if
 * something failed (said on stderr).
 *
 *   tp-count ID         TRACEPOINT program on trace event ID, counting
 *   tp-printk ID        TRACEPOINT program: bpf_trace_printk("bpf-raw %d\n", 42)
 *   tp-empty ID         TRACEPOINT program returning 0 (benchmarks)
 *   rawtp-count NAME    RAW_TRACEPOINT program on tracepoint NAME, counting
 *   rawtp-empty NAME    RAW_TRACEPOINT program returning 0
 *   kprobe-count FUNC   KPROBE program on FUNC (perf's kprobe PMU), counting
 *   kprobe-empty FUNC   KPROBE program returning 0
 *   fentry-count FUNC   TRACING program on FUNC's entry (a BPF trampoline;
 *                       FUNC of vmlinux or a module, found in its BTF),
 *                       counting
 *   fentry-empty FUNC   the same, returning 0
 *   tpbtf-count NAME    TRACING program on raw tracepoint NAME (tp_btf:
 *                       its btf_trace_NAME type), counting
 *   fmodret FUNC RC     TRACING program: FUNC returns RC without running
 *                       (fmod_ret; FUNC on the error-injection list)
 *   query ID            three programs on trace event ID, then
 *                       PERF_EVENT_IOC_QUERY_BPF's answers checked
 *   churn ID SECONDS    attach and detach a counting program on trace
 *                       event ID for SECONDS, printing "cycles N"
 *   kmulti-cookie entry|return
 *                       KPROBE program on a kprobe_multi link on ksys_read
 *                       and ksys_write (entries or returns), adding its
 *                       cookie (1000 and 7) per hit: "count N"
 *   kmulti-ip FUNC      the same on FUNC alone, keeping bpf_get_func_ip():
 *                       "ip HEX"
 *   umulti-cookie PATH OFF1 OFF2 entry|return|pid1
 *                       KPROBE program on a uprobe_multi link on PATH's
 *                       offsets OFF1 and OFF2 (entries or returns; pid1:
 *                       entries, for pid 1 alone), adding its cookie
 *                       (1000 and 7) per hit: "count N"
 *   override FUNC RC    KPROBE program: bpf_override_return(RC) at FUNC
 *   getppid             print getppid()'s result and errno (for override)
 *   badprog             programs the verifier must refuse, each checked
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/perf_event.h>

#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), \
			    .off = (o), .imm = (i) })
#define MOV64_IMM(d, i)		INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV64_REG(d, s)		INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define ADD64_IMM(d, i)		INSN(BPF_ALU64 | BPF_ADD | BPF_K, d, 0, 0, i)
#define ST_W(d, o, i)		INSN(BPF_ST | BPF_MEM | BPF_W, d, 0, o, i)
#define STX_DW(d, s, o)		INSN(BPF_STX | BPF_MEM | BPF_DW, d, s, o, 0)
#define LDX_DW(d, s, o)		INSN(BPF_LDX | BPF_MEM | BPF_DW, d, s, o, 0)
#define ATOMIC_ADD_DW(d, s, o)	INSN(BPF_STX | BPF_ATOMIC | BPF_DW, d, s, o, BPF_ADD)
#define JEQ_IMM(d, i, o)	INSN(BPF_JMP | BPF_JEQ | BPF_K, d, 0, o, i)
#define CALL(f)			INSN(BPF_JMP | BPF_CALL, 0, 0, 0, f)
#define EXIT()			INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
/*
 * A 64-bit immediate, or (src BPF_PSEUDO_MAP_FD) a map, takes two
 * instructions: LD_IMM64(d, s, lo) then LD_IMM64_HI(hi).
 */
#define LD_IMM64(d, s, lo)	INSN(BPF_LD | BPF_DW | BPF_IMM, d, s, 0, lo)
#define LD_IMM64_HI(hi)		INSN(0, 0, 0, 0, hi)
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))

static char log_buf[65536];

/* What a TRACING program attaches to: a BTF type id, in a module's BTF. */
static struct {
	uint32_t	id;
	int		obj_fd;		/* 0: vmlinux */
} btf_target;

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static void die(const char *what)
{
	fprintf(stderr, "bpf-raw: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* Load a program of @type for @attach (0 for none); die unless @quiet. */
static int prog_load_for(enum bpf_prog_type type, enum bpf_attach_type attach,
			 const struct bpf_insn *insns, unsigned int n, int quiet)
{
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.prog_type = type;
	a.expected_attach_type = attach;
	a.insns = (uintptr_t)insns;
	a.insn_cnt = n;
	a.license = (uintptr_t)"GPL";
	a.log_buf = (uintptr_t)log_buf;
	a.log_size = sizeof(log_buf);
	a.log_level = 1;
	if (type == BPF_PROG_TYPE_TRACING) {
		a.attach_btf_id = btf_target.id;
		a.attach_btf_obj_fd = btf_target.obj_fd;
	}
	fd = sys_bpf(BPF_PROG_LOAD, &a);
	if (fd < 0 && !quiet) {
		fprintf(stderr, "%s", log_buf);
		die("BPF_PROG_LOAD");
	}
	return fd;
}

static int prog_load(enum bpf_prog_type type, const struct bpf_insn *insns,
		     unsigned int n, int quiet)
{
	return prog_load_for(type, 0, insns, n, quiet);
}

static int counter_map(void)
{
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_ARRAY;
	a.key_size = 4;
	a.value_size = 8;
	a.max_entries = 1;
	fd = sys_bpf(BPF_MAP_CREATE, &a);
	if (fd < 0)
		die("BPF_MAP_CREATE");
	return fd;
}

static unsigned long long counter_read(int map)
{
	unsigned long long v = 0;
	union bpf_attr a;
	uint32_t key = 0;

	memset(&a, 0, sizeof(a));
	a.map_fd = map;
	a.key = (uintptr_t)&key;
	a.value = (uintptr_t)&v;
	if (sys_bpf(BPF_MAP_LOOKUP_ELEM, &a))
		die("BPF_MAP_LOOKUP_ELEM");
	return v;
}

/* map[0] += 1; return @ret (1: keep perf's sample; fentry wants 0). */
static int load_counter_for(enum bpf_prog_type type,
			    enum bpf_attach_type attach, int map, int ret)
{
	struct bpf_insn p[] = {
		ST_W(BPF_REG_10, -4, 0),
		MOV64_REG(BPF_REG_2, BPF_REG_10),
		ADD64_IMM(BPF_REG_2, -4),
		LD_IMM64(BPF_REG_1, BPF_PSEUDO_MAP_FD, map), LD_IMM64_HI(0),
		CALL(BPF_FUNC_map_lookup_elem),
		JEQ_IMM(BPF_REG_0, 0, 2),
		MOV64_IMM(BPF_REG_1, 1),
		ATOMIC_ADD_DW(BPF_REG_0, BPF_REG_1, 0),
		MOV64_IMM(BPF_REG_0, ret),
		EXIT(),
	};

	return prog_load_for(type, attach, p, ARRAY_SIZE(p), 0);
}

static int load_counter(enum bpf_prog_type type, int map)
{
	return load_counter_for(type, 0, map, 1);
}

static int load_empty_for(enum bpf_prog_type type, enum bpf_attach_type attach)
{
	struct bpf_insn p[] = { MOV64_IMM(BPF_REG_0, 0), EXIT() };

	return prog_load_for(type, attach, p, 2, 0);
}

static int load_empty(enum bpf_prog_type type)
{
	return load_empty_for(type, 0);
}

/* bpf_trace_printk("bpf-raw %d\n", 42); return 1. */
static int load_printk(void)
{
	static const char fmt[16] = "bpf-raw %d\n";
	uint64_t w0, w1;

	memcpy(&w0, fmt, 8);
	memcpy(&w1, fmt + 8, 8);
	struct bpf_insn p[] = {
		LD_IMM64(BPF_REG_1, 0, (uint32_t)w0),
		LD_IMM64_HI((uint32_t)(w0 >> 32)),
		STX_DW(BPF_REG_10, BPF_REG_1, -16),
		LD_IMM64(BPF_REG_1, 0, (uint32_t)w1),
		LD_IMM64_HI((uint32_t)(w1 >> 32)),
		STX_DW(BPF_REG_10, BPF_REG_1, -8),
		MOV64_REG(BPF_REG_1, BPF_REG_10),
		ADD64_IMM(BPF_REG_1, -16),
		MOV64_IMM(BPF_REG_2, strlen(fmt) + 1),
		MOV64_IMM(BPF_REG_3, 42),
		CALL(BPF_FUNC_trace_printk),
		MOV64_IMM(BPF_REG_0, 1),
		EXIT(),
	};

	return prog_load(BPF_PROG_TYPE_TRACEPOINT, p, ARRAY_SIZE(p),
			 0);
}

/*
 * A KPROBE program of a multi link (@attach: BPF_TRACE_KPROBE_MULTI or
 * BPF_TRACE_UPROBE_MULTI) adding its cookie, or keeping its function's
 * address (@ip), in map[0].
 */
static int load_multi(enum bpf_attach_type attach, int map, int ip)
{
	struct bpf_insn p[] = {
		CALL(ip ? BPF_FUNC_get_func_ip : BPF_FUNC_get_attach_cookie),
		MOV64_REG(BPF_REG_6, BPF_REG_0),
		ST_W(BPF_REG_10, -4, 0),
		MOV64_REG(BPF_REG_2, BPF_REG_10),
		ADD64_IMM(BPF_REG_2, -4),
		LD_IMM64(BPF_REG_1, BPF_PSEUDO_MAP_FD, map), LD_IMM64_HI(0),
		CALL(BPF_FUNC_map_lookup_elem),
		JEQ_IMM(BPF_REG_0, 0, 1),
		ip ? STX_DW(BPF_REG_0, BPF_REG_6, 0) :
		     ATOMIC_ADD_DW(BPF_REG_0, BPF_REG_6, 0),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT(),
	};
	return prog_load_for(BPF_PROG_TYPE_KPROBE, attach, p, ARRAY_SIZE(p), 0);
}

/* A kprobe_multi link on @n functions named @syms, with @cookies. */
static int kmulti_link(int prog, const char * const *syms, const uint64_t *cookies,
		       unsigned int n, unsigned int flags)
{
	uint64_t ptrs[8];
	union bpf_attr a;
	unsigned int i;
	int fd;

	for (i = 0; i < n && i < 8; i++)
		ptrs[i] = (uintptr_t)syms[i];
	memset(&a, 0, sizeof(a));
	a.link_create.prog_fd = prog;
	a.link_create.attach_type = BPF_TRACE_KPROBE_MULTI;
	a.link_create.kprobe_multi.flags = flags;
	a.link_create.kprobe_multi.cnt = n;
	a.link_create.kprobe_multi.syms = (uintptr_t)ptrs;
	a.link_create.kprobe_multi.cookies = (uintptr_t)cookies;
	fd = sys_bpf(BPF_LINK_CREATE, &a);
	if (fd < 0)
		die("BPF_LINK_CREATE (kprobe_multi)");
	return fd;
}

#ifdef HAVE_UPROBE_MULTI
/*
 * A uprobe_multi link of @prog on offsets @offs of @path, with @cookies,
 * for process @pid (0: all).  (HAVE_UPROBE_MULTI: uapi headers of 6.6 or
 * later, which harness/mkinitramfs.sh gives when it has them.)
 */
static int umulti_link(int prog, const char *path, const unsigned long *offs,
		       const uint64_t *cookies, unsigned int n,
		       unsigned int flags, int pid)
{
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.link_create.prog_fd = prog;
	a.link_create.attach_type = BPF_TRACE_UPROBE_MULTI;
	a.link_create.uprobe_multi.path = (uintptr_t)path;
	a.link_create.uprobe_multi.offsets = (uintptr_t)offs;
	a.link_create.uprobe_multi.cookies = (uintptr_t)cookies;
	a.link_create.uprobe_multi.cnt = n;
	a.link_create.uprobe_multi.flags = flags;
	a.link_create.uprobe_multi.pid = pid;
	fd = sys_bpf(BPF_LINK_CREATE, &a);
	if (fd < 0)
		die("BPF_LINK_CREATE (uprobe_multi)");
	return fd;
}
#endif

static int perf_open(struct perf_event_attr *attr)
{
	int fd = syscall(__NR_perf_event_open, attr, -1, 0, -1,
			 PERF_FLAG_FD_CLOEXEC);

	if (fd < 0)
		die("perf_event_open");
	return fd;
}

/* A perf event on trace event @id, on CPU 0: its programs run on all. */
static int tp_event(unsigned long long id)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = id;
	attr.sample_period = 1;
	attr.sample_type = PERF_SAMPLE_RAW;
	return perf_open(&attr);
}

static int pmu_type(const char *pmu)
{
	char path[128];
	FILE *f;
	int t;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type",
		 pmu);
	f = fopen(path, "r");
	if (!f || fscanf(f, "%d", &t) != 1)
		die(path);
	fclose(f);
	return t;
}

static int kprobe_event(const char *func)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = pmu_type("kprobe");
	attr.config1 = (uintptr_t)func;
	attr.sample_period = 1;
	return perf_open(&attr);
}

static void perf_attach(int ev, int prog)
{
	if (ioctl(ev, PERF_EVENT_IOC_SET_BPF, prog))
		die("PERF_EVENT_IOC_SET_BPF");
	if (ioctl(ev, PERF_EVENT_IOC_ENABLE, 0))
		die("PERF_EVENT_IOC_ENABLE");
}

static int rawtp_open(const char *name, int prog)
{
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.raw_tracepoint.name = (uintptr_t)name;
	a.raw_tracepoint.prog_fd = prog;
	fd = sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &a);
	if (fd < 0)
		die("BPF_RAW_TRACEPOINT_OPEN");
	return fd;
}

/* The whole of file @path, its size in *@len; NULL if unreadable. */
static void *slurp(const char *path, size_t *len)
{
	size_t cap = 1 << 20, n = 0;
	char *buf = malloc(cap);
	FILE *f = fopen(path, "r");
	size_t r;

	if (!f || !buf) {
		if (f)
			fclose(f);
		free(buf);
		return NULL;
	}
	while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap) {
			char *more = realloc(buf, cap * 2);

			if (!more)
				break;
			buf = more;
			cap *= 2;
		}
	}
	fclose(f);
	*len = n;
	return buf;
}

/* Bytes that follow a type's struct btf_type, by kind. */
static size_t btf_extra(const struct btf_type *t)
{
	unsigned int vlen = BTF_INFO_VLEN(t->info);

	switch (BTF_INFO_KIND(t->info)) {
	case BTF_KIND_INT:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
		return 4;
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return vlen * sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return vlen * sizeof(struct btf_enum);
	case BTF_KIND_ENUM64:
		return vlen * sizeof(struct btf_enum64);
	case BTF_KIND_FUNC_PROTO:
		return vlen * sizeof(struct btf_param);
	case BTF_KIND_DATASEC:
		return vlen * sizeof(struct btf_var_secinfo);
	default:
		return 0;
	}
}

/*
 * Walk the BTF in @buf: the number of its types in *@nr_types, and the id
 * (counted from @first) of the type of kind @kind named @name, or 0.  A
 * module's BTF is split: its ids follow vmlinux's (@first), and a name
 * offset below @base_len is one of vmlinux's strings (@base_strs), the
 * others its own.
 */
static uint32_t btf_walk(const char *buf, size_t len, uint32_t first,
			 const char *base_strs, uint32_t base_len,
			 unsigned int kind, const char *name, uint32_t *nr_types)
{
	const struct btf_header *h = (const void *)buf;
	const char *types, *end, *strs, *tname;
	uint32_t id = first, found = 0;

	*nr_types = 0;
	if (len < sizeof(*h) || h->magic != BTF_MAGIC ||
	    (size_t)h->hdr_len + h->str_off + h->str_len > len ||
	    (size_t)h->hdr_len + h->type_off + h->type_len > len)
		return 0;
	types = buf + h->hdr_len + h->type_off;
	end = types + h->type_len;
	strs = buf + h->hdr_len + h->str_off;
	while (types + sizeof(struct btf_type) <= end) {
		const struct btf_type *t = (const void *)types;
		uint32_t off = t->name_off;

		tname = off < base_len ? base_strs + off :
			off - base_len < h->str_len ? strs + off - base_len :
			NULL;
		if (!found && BTF_INFO_KIND(t->info) == kind && tname &&
		    !strcmp(tname, name))
			found = id;
		types += sizeof(*t) + btf_extra(t);
		id++;
		(*nr_types)++;
	}
	return found;
}

/* An fd of the kernel's BTF object named @name (a module's), or -1. */
static int btf_obj_fd(const char *name)
{
	struct bpf_btf_info info;
	union bpf_attr a;
	char got[64];
	uint32_t id = 0;
	int fd;

	for (;;) {
		memset(&a, 0, sizeof(a));
		a.start_id = id;
		if (sys_bpf(BPF_BTF_GET_NEXT_ID, &a))
			return -1;
		id = a.next_id;
		memset(&a, 0, sizeof(a));
		a.btf_id = id;
		fd = sys_bpf(BPF_BTF_GET_FD_BY_ID, &a);
		if (fd < 0)
			continue;
		memset(&info, 0, sizeof(info));
		memset(got, 0, sizeof(got));
		info.name = (uintptr_t)got;
		info.name_len = sizeof(got);
		memset(&a, 0, sizeof(a));
		a.info.bpf_fd = fd;
		a.info.info_len = sizeof(info);
		a.info.info = (uintptr_t)&info;
		if (!sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a) && info.kernel_btf &&
		    !strcmp(got, name))
			return fd;
		close(fd);
	}
}

/*
 * Point btf_target at the type of kind @kind named @func (a function, or
 * a raw tracepoint's btf_trace_* typedef) of vmlinux or a loaded module.
 */
static void find_btf(unsigned int kind, const char *func)
{
	const struct btf_header *h;
	uint32_t nr_vmlinux, nr, id;
	char *vmlinux, *mod, path[300];
	size_t len, mlen;
	struct dirent *d;
	DIR *dir;

	vmlinux = slurp("/sys/kernel/btf/vmlinux", &len);
	if (!vmlinux)
		die("/sys/kernel/btf/vmlinux");
	id = btf_walk(vmlinux, len, 1, NULL, 0, kind, func, &nr_vmlinux);
	if (id) {
		btf_target.id = id;
		free(vmlinux);
		return;
	}
	h = (const void *)vmlinux;
	dir = opendir("/sys/kernel/btf");
	while (dir && (d = readdir(dir))) {
		if (d->d_name[0] == '.' || !strcmp(d->d_name, "vmlinux"))
			continue;
		snprintf(path, sizeof(path), "/sys/kernel/btf/%s", d->d_name);
		mod = slurp(path, &mlen);
		if (!mod)
			continue;
		id = btf_walk(mod, mlen, nr_vmlinux + 1,
			      vmlinux + h->hdr_len + h->str_off, h->str_len,
			      kind, func, &nr);
		free(mod);
		if (!id)
			continue;
		btf_target.id = id;
		btf_target.obj_fd = btf_obj_fd(d->d_name);
		if (btf_target.obj_fd < 0)
			die("the module's BTF object");
		break;
	}
	if (dir)
		closedir(dir);
	free(vmlinux);
	if (!btf_target.id) {
		errno = ENOENT;
		die(func);
	}
}

/* A link of TRACING program @prog (attach type @type) on its function. */
static int tracing_link(int prog, enum bpf_attach_type type)
{
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.link_create.prog_fd = prog;
	a.link_create.attach_type = type;
	fd = sys_bpf(BPF_LINK_CREATE, &a);
	if (fd < 0)
		die("BPF_LINK_CREATE");
	return fd;
}

static int run(char **cmd)
{
	int st;
	pid_t pid;

	if (!cmd || !*cmd)
		return 0;
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		execvp(cmd[0], cmd);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0)
		die("waitpid");
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

static int check(int ok, const char *what)
{
	printf("%s %s\n", ok ? "ok" : "bad", what);
	return !ok;
}

/* Three programs on trace event @id; what PERF_EVENT_IOC_QUERY_BPF says. */
static int query(unsigned long long id)
{
	struct {
		struct perf_event_query_bpf q;
		uint32_t ids[70];
	} buf;
	int ev[3], bad = 0, i, ret;

	for (i = 0; i < 3; i++) {
		ev[i] = tp_event(id);
		perf_attach(ev[i], load_empty(BPF_PROG_TYPE_TRACEPOINT));
	}
	memset(&buf, 0, sizeof(buf));
	buf.q.ids_len = 70;
	ret = ioctl(ev[0], PERF_EVENT_IOC_QUERY_BPF, &buf);
	bad |= check(ret < 0 && errno == E2BIG, "ids_len 70 is refused (E2BIG)");
	buf.q.ids_len = 8;
	ret = ioctl(ev[0], PERF_EVENT_IOC_QUERY_BPF, &buf);
	bad |= check(!ret && buf.q.prog_cnt == 3 && buf.ids[0] && buf.ids[1] &&
		     buf.ids[2] && !buf.ids[3], "three programs, their ids");
	memset(&buf, 0, sizeof(buf));
	buf.q.ids_len = 1;
	ret = ioctl(ev[1], PERF_EVENT_IOC_QUERY_BPF, &buf);
	bad |= check(ret < 0 && errno == ENOSPC && buf.q.prog_cnt == 3 &&
		     buf.ids[0] && !buf.ids[1],
		     "ids_len 1: ENOSPC, the count and one id");
	buf.q.ids_len = 0;
	ret = ioctl(ev[2], PERF_EVENT_IOC_QUERY_BPF, &buf);
	bad |= check(!ret && buf.q.prog_cnt == 3, "ids_len 0: the count alone");
	ret = ioctl(ev[0], PERF_EVENT_IOC_SET_BPF,
		    load_empty(BPF_PROG_TYPE_TRACEPOINT));
	bad |= check(ret < 0 && errno == EEXIST,
		     "a second program on one perf event: EEXIST");
	ret = ioctl(ev[0], PERF_EVENT_IOC_SET_BPF,
		    load_empty(BPF_PROG_TYPE_KPROBE));
	bad |= check(ret < 0 && errno == EINVAL,
		     "a KPROBE program on a tracepoint: EINVAL");
	close(ev[1]);
	buf.q.ids_len = 8;
	ret = ioctl(ev[0], PERF_EVENT_IOC_QUERY_BPF, &buf);
	bad |= check(!ret && buf.q.prog_cnt == 2, "closing one leaves two");
	return bad;
}

/* Attach and detach a counting program on @id for @secs seconds. */
static int churn(unsigned long long id, int secs)
{
	unsigned long cycles = 0;
	int map = counter_map(), prog, ev;
	time_t end;

	/* The load may take seconds on a busy emulated machine. */
	prog = load_counter(BPF_PROG_TYPE_TRACEPOINT, map);
	end = time(NULL) + secs;
	while (time(NULL) < end) {
		ev = tp_event(id);
		perf_attach(ev, prog);
		close(ev);
		cycles++;
	}
	printf("cycles %lu\ncount %llu\n", cycles, counter_read(map));
	return 0;
}

/* Programs the verifier must refuse, and attachments perf must refuse. */
static int badprog(void)
{
	struct bpf_insn tp_common[] = {
		LDX_DW(BPF_REG_0, BPF_REG_1, 0),	/* the regs word */
		EXIT(),
	};
	struct bpf_insn kp_write[] = {
		MOV64_IMM(BPF_REG_0, 0),
		STX_DW(BPF_REG_1, BPF_REG_0, 0),	/* writes pt_regs */
		EXIT(),
	};
	struct bpf_insn kp_past[] = {
		LDX_DW(BPF_REG_0, BPF_REG_1, 4096),	/* past pt_regs */
		EXIT(),
	};
	struct bpf_insn raw_past[] = {
		LDX_DW(BPF_REG_0, BPF_REG_1, 12 * 8),	/* past 12 arguments */
		EXIT(),
	};
	struct bpf_insn raw_args[] = {
		LDX_DW(BPF_REG_0, BPF_REG_1, 11 * 8),	/* the 12th argument */
		MOV64_IMM(BPF_REG_0, 0),
		EXIT(),
	};
	struct bpf_insn tp_override[] = {
		MOV64_IMM(BPF_REG_2, 0),
		CALL(BPF_FUNC_override_return),
		EXIT(),
	};
	union bpf_attr a;
	int bad = 0, prog;

	bad |= check(prog_load(BPF_PROG_TYPE_TRACEPOINT, tp_common, 2, 1) < 0,
		     "a tracepoint program may not read the regs word");
	bad |= check(prog_load(BPF_PROG_TYPE_KPROBE, kp_write, 3, 1) < 0,
		     "a kprobe program may not write its registers");
	bad |= check(prog_load(BPF_PROG_TYPE_KPROBE, kp_past, 2, 1) < 0,
		     "a kprobe program may not read past pt_regs");
	bad |= check(prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, raw_past, 2, 1) < 0,
		     "a raw tracepoint program may not read past 12 arguments");
	bad |= check(prog_load(BPF_PROG_TYPE_TRACEPOINT, tp_override, 3, 1) < 0,
		     "a tracepoint program may not call bpf_override_return");
	/* sched_process_exec has 3 arguments: a program reading 12 is refused. */
	prog = prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, raw_args, 3, 0);
	memset(&a, 0, sizeof(a));
	a.raw_tracepoint.name = (uintptr_t)"sched_process_exec";
	a.raw_tracepoint.prog_fd = prog;
	bad |= check(sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &a) < 0 && errno == EINVAL,
		     "a raw tracepoint program reading past its tracepoint's arguments: EINVAL");
	a.raw_tracepoint.name = (uintptr_t)"no_such_tracepoint";
	bad |= check(sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &a) < 0 && errno == ENOENT,
		     "a raw tracepoint that does not exist: ENOENT");
	return bad;
}

int main(int argc, char **argv)
{
	char **cmd = NULL;
	int i, map = -1, prog, ev, ret;
	const char *mode, *target;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			argv[i] = NULL;
			cmd = argv + i + 1;
			argc = i;
			break;
		}
	}
	if (argc == 2 && !strcmp(argv[1], "badprog"))
		return badprog();
	if (argc == 2 && !strcmp(argv[1], "getppid")) {
		long r = syscall(__NR_getppid);

		printf("getppid %ld errno %d\n", r, r < 0 ? errno : 0);
		return 0;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: bpf-raw MODE TARGET [-- CMD...]\n");
		return 2;
	}
	mode = argv[1];
	target = argv[2];
	if (!strcmp(mode, "query"))
		return query(strtoull(target, NULL, 0));
	if (!strcmp(mode, "churn"))
		return churn(strtoull(target, NULL, 0),
			     argc > 3 ? atoi(argv[3]) : 5);
	if (strstr(mode, "-count"))
		map = counter_map();
	if (!strcmp(mode, "tp-count") || !strcmp(mode, "tp-printk") ||
	    !strcmp(mode, "tp-empty")) {
		if (map >= 0)
			prog = load_counter(BPF_PROG_TYPE_TRACEPOINT, map);
		else if (!strcmp(mode, "tp-printk"))
			prog = load_printk();
		else
			prog = load_empty(BPF_PROG_TYPE_TRACEPOINT);
		ev = tp_event(strtoull(target, NULL, 0));
		perf_attach(ev, prog);
	} else if (!strcmp(mode, "rawtp-count") || !strcmp(mode, "rawtp-empty")) {
		prog = map >= 0 ?
		       load_counter(BPF_PROG_TYPE_RAW_TRACEPOINT, map) :
		       load_empty(BPF_PROG_TYPE_RAW_TRACEPOINT);
		ev = rawtp_open(target, prog);
	} else if (!strcmp(mode, "kprobe-count") ||
		   !strcmp(mode, "kprobe-empty")) {
		prog = map >= 0 ? load_counter(BPF_PROG_TYPE_KPROBE, map) :
				  load_empty(BPF_PROG_TYPE_KPROBE);
		ev = kprobe_event(target);
		perf_attach(ev, prog);
	} else if (!strcmp(mode, "fentry-count") ||
		   !strcmp(mode, "fentry-empty")) {
		find_btf(BTF_KIND_FUNC, target);
		prog = map >= 0 ?
		       load_counter_for(BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY,
					map, 0) :
		       load_empty_for(BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY);
		ev = tracing_link(prog, BPF_TRACE_FENTRY);
	} else if (!strcmp(mode, "tpbtf-count")) {
		char tname[256];

		snprintf(tname, sizeof(tname), "btf_trace_%s", target);
		find_btf(BTF_KIND_TYPEDEF, tname);
		prog = load_counter_for(BPF_PROG_TYPE_TRACING, BPF_TRACE_RAW_TP,
					map, 0);
		ev = tracing_link(prog, BPF_TRACE_RAW_TP);
	} else if (!strcmp(mode, "fmodret")) {
		/* FUNC returns RC without running (BPF_MODIFY_RETURN). */
		struct bpf_insn p[] = {
			MOV64_IMM(BPF_REG_0, argc > 3 ? atoi(argv[3]) : -1),
			EXIT(),
		};

		find_btf(BTF_KIND_FUNC, target);
		prog = prog_load_for(BPF_PROG_TYPE_TRACING, BPF_MODIFY_RETURN,
				     p, 2, 0);
		ev = tracing_link(prog, BPF_MODIFY_RETURN);
	} else if (!strcmp(mode, "override")) {
		/* bpf_override_return(ctx, RC) on FUNC's entry. */
		struct bpf_insn p[] = {
			MOV64_IMM(BPF_REG_2, argc > 3 ? atoi(argv[3]) : -1),
			CALL(BPF_FUNC_override_return),
			MOV64_IMM(BPF_REG_0, 0),
			EXIT(),
		};

		prog = prog_load(BPF_PROG_TYPE_KPROBE, p, 4, 0);
		ev = kprobe_event(target);
		perf_attach(ev, prog);
	} else if (!strcmp(mode, "kmulti-cookie")) {
		/* ksys_write's hits count 7, ksys_read's 1000, by cookie. */
		static const char * const syms[] = { "ksys_read", "ksys_write" };
		static const uint64_t cookies[] = { 1000, 7 };

		map = counter_map();
		prog = load_multi(BPF_TRACE_KPROBE_MULTI, map, 0);
		ev = kmulti_link(prog, syms, cookies, 2,
				 !strcmp(target, "return") ?
				 BPF_F_KPROBE_MULTI_RETURN : 0);
#ifdef HAVE_UPROBE_MULTI
	} else if (!strcmp(mode, "umulti-cookie") && argc > 5) {
		/* PATH's offsets OFF1 (cookie 1000) and OFF2 (cookie 7). */
		static const uint64_t cookies[] = { 1000, 7 };
		unsigned long offs[2] = {
			strtoul(argv[3], NULL, 0), strtoul(argv[4], NULL, 0)
		};
		const char *how = argv[5];

		map = counter_map();
		prog = load_multi(BPF_TRACE_UPROBE_MULTI, map, 0);
		ev = umulti_link(prog, target, offs, cookies, 2,
				 !strcmp(how, "return") ?
				 BPF_F_UPROBE_MULTI_RETURN : 0,
				 !strcmp(how, "pid1") ? 1 : 0);
#endif
	} else if (!strcmp(mode, "kmulti-ip")) {
		map = counter_map();
		prog = load_multi(BPF_TRACE_KPROBE_MULTI, map, 1);
		ev = kmulti_link(prog, &target, NULL, 1, 0);
	} else {
		fprintf(stderr, "bpf-raw: unknown mode %s\n", mode);
		return 2;
	}
	ret = run(cmd);
	close(ev);
	if (!strcmp(mode, "kmulti-ip"))
		printf("ip %llx\n", counter_read(map));
	else if (map >= 0)
		printf("count %llu\n", counter_read(map));
	return ret;
}
