// SPDX-License-Identifier: GPL-2.0
/*
 * The trace event filter engine.
 *
 * A filter is the boolean expression written to an event's "filter" file
 * (or after "if" in a trigger, or with PERF_EVENT_IOC_SET_FILTER):
 * predicates "field op value" joined by "&&" and "||", negated with "!"
 * and grouped with parentheses; "&&" binds tighter than "||".  This file
 * turns such an expression into a compiled program once, when the filter
 * is set, and runs that program against each record the event emits.
 *
 * Compilation is where all the work and all the checks happen: fields
 * are looked up, values parsed, glob patterns and cpumasks built, and
 * the boolean structure flattened into a straight list of instructions
 * with forward jumps only.  The matcher, filter_match_preds(), then needs
 * no allocation, no locks and no recursion: it walks the list once, from
 * the first instruction to the last, so its cost is bounded by the
 * program's length whatever the expression's nesting.  It runs in any
 * context a tracepoint can fire in, NMI included.
 *
 * The program works on a single boolean register R:
 *
 *	TEST p	R = predicate p applied to the record
 *	NOT	R = !R
 *	JT n	if R, continue at instruction n
 *	JF n	if !R, continue at instruction n
 *
 * "A && B" is "A; JF end; B" and "A || B" is "A; JT end; B"; a failed
 * "&&" chain jumps just past the "||" that ends it.  A parenthesised
 * group ends where its pending jumps land, followed by a NOT when the
 * group was negated.  A "!" right before a predicate is folded into the
 * predicate itself.  Every jump target lies after the jump, so the walk
 * terminates after at most one visit per instruction.
 *
 * Error positions: a structural error (parentheses, quotes, a missing or
 * dangling "&&"/"||") points at the offending byte; an error inside a
 * predicate points one byte past the place it was detected (so "Field
 * not found" points one past the end of the name, i.e. at the operator
 * of "name op value"), which is the position the error_log ABI expects.
 */
#include <linux/bitmap.h>
#include <linux/bug.h>
#include <linux/cpumask.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include "trace_event_internal.h"

/* Longest expression accepted, in bytes, leading and trailing blanks cut. */
#define FILTER_EXPR_MAX		(128 * 1024)
/* Most predicates in one expression. */
#define FILTER_MAX_PREDS	16384
/* Deepest parenthesis nesting. */
#define FILTER_MAX_DEPTH	512
/* Bytes of a string pointed to by a "char *" field that are compared. */
#define FILTER_PTR_STR_MAX	1024
/* Scratch buffers per CPU: task, softirq, hardirq and NMI context. */
#define FILTER_SCRATCH_LEVELS	4

/* The messages of the error_log and of the filter file. */
#define FERR_BAD_OP		"Invalid operator"
#define FERR_OPEN		"Too many '('"
#define FERR_CLOSE		"Too few '('"
#define FERR_QUOTE		"Missing matching quote"
#define FERR_BRACE_OPEN		"Missing '{'"
#define FERR_BRACE_CLOSE	"Missing '}'"
#define FERR_TOO_LONG		"Operand too long"
#define FERR_WANT_STRING	"Expecting string field"
#define FERR_WANT_NUMBER	"Expecting numeric field"
#define FERR_FIELD_OP		"Illegal operation for field type"
#define FERR_NO_FIELD		"Field not found"
#define FERR_INTVAL		"Illegal integer value"
#define FERR_TOO_MANY		"Too many terms in predicate expression"
#define FERR_MEANINGLESS	"Meaningless filter expression"
#define FERR_CPULIST		"Invalid cpulist"
#define FERR_VALUE		"Invalid value (did you forget quotes)?"
#define FERR_NO_FUNC		"Function not found"
#define FERR_ERRNO		"Error"
#define FERR_EMPTY		"No filter found"

/* Sentinel ending a chain of jumps whose target is not known yet. */
#define FILTER_NO_LINK		U32_MAX

enum filter_opcode {
	FI_TEST,
	FI_NOT,
	FI_JUMP_TRUE,
	FI_JUMP_FALSE,
};

/**
 * struct filter_insn - one instruction of a compiled filter
 * @code:	enum filter_opcode
 * @arg:	FI_TEST: index of the predicate; jumps: index of the target
 *		(while compiling, the next jump of the same pending chain)
 */
struct filter_insn {
	u32	code;
	u32	arg;
};

/* What a predicate compares. */
enum filter_kind {
	FP_NUM,		/* a number against a number */
	FP_FUNC,	/* an address against a function's extent */
	FP_CPUSET,	/* a CPU number against a CPUS{} list */
	FP_MASK,	/* a __data_loc cpumask_t against a CPUS{} list */
	FP_STR,		/* a string against a string or glob */
};

/* Where the left-hand operand comes from. */
enum filter_src {
	FS_REC,		/* an integer in the record */
	FS_CPU,		/* the CPU the event fires on */
	FS_STATIC,	/* char[N] in the record */
	FS_DYN,		/* __data_loc char[] */
	FS_RDYN,	/* __rel_loc char[] */
	FS_KPTR,	/* char * to kernel memory */
	FS_UPTR,	/* char * to user memory (.ustring) */
	FS_COMM,	/* the current task's comm */
};

/*
 * Comparisons after normalisation: "!=", ">" and ">=" become "==", "<="
 * and "<" with the result inverted.
 */
enum filter_op {
	FOP_EQ,
	FOP_LT,
	FOP_LE,
	FOP_AND,
	FOP_GLOB,
};

/* Operators as written, longest first so that "<=" is not read as "<". */
enum filter_token {
	FT_EQ, FT_NE, FT_LE, FT_GE, FT_LT, FT_GT, FT_GLOB, FT_AND,
};

static const struct {
	const char	*text;
	u8		token;
} filter_tokens[] = {
	{ "==", FT_EQ }, { "!=", FT_NE }, { "<=", FT_LE }, { ">=", FT_GE },
	{ "<", FT_LT }, { ">", FT_GT }, { "~", FT_GLOB }, { "&", FT_AND },
};

/**
 * struct filter_pred - one compiled predicate
 * @kind:	enum filter_kind
 * @op:		enum filter_op
 * @src:	enum filter_src
 * @size:	width in bytes of an integer operand (1, 2, 4 or 8)
 * @is_signed:	the integer operand is signed
 * @invert:	negate the result ("!=", ">", ">=", a leading "!")
 * @offset:	offset of the field in the record
 * @bound:	size of a char[N] field
 * @str_len:	strlen(@str)
 * @val:	FP_NUM: the constant, already cut to @size and extended;
 *		FP_FUNC: first address of the function;
 *		FP_CPUSET: the weight of @mask
 * @end:	FP_FUNC: first address past the function
 * @str:	FP_STR: the string or glob pattern
 * @mask:	FP_CPUSET, FP_MASK: the CPUS{} list
 */
struct filter_pred {
	u8		kind;
	u8		op;
	u8		src;
	u8		size;
	bool		is_signed;
	bool		invert;
	u16		str_len;
	int		offset;
	unsigned int	bound;
	u64		val;
	u64		end;
	char		*str;
	struct cpumask	*mask;
};

/**
 * struct event_filter - a compiled filter, or the report of a failed one
 * @rcu:	for event_filter_free_rcu()
 * @insns:	the program, @nr_insns long; none in a report
 * @preds:	the predicates the program tests, @nr_preds of them
 * @nr_insns:	instructions in @insns
 * @nr_preds:	predicates in @preds
 * @usable:	a program, not an error report
 * @text:	the expression, or the error report the filter file shows
 */
struct event_filter {
	struct rcu_head		rcu;
	struct filter_insn	*insns;
	struct filter_pred	*preds;
	u32			nr_insns;
	u32			nr_preds;
	bool			usable;
	char			*text;
};

/*
 * Scratch space for strings behind "char *" fields: they are copied out
 * with fault handling before they are compared.  The matcher may run in
 * task, softirq, hardirq and NMI context on one CPU at the same time,
 * each interrupting the previous one, so every CPU has one buffer per
 * level.  A level is claimed by incrementing the CPU's @nest counter and
 * released by decrementing it: an interrupting user always releases its
 * level before the interrupted one resumes, so the counter behaves like a
 * stack.  this_cpu_inc_return() is a single instruction on x86 and an
 * atomic on the other architectures that have NMIs, hence safe against
 * an NMI in the middle.  Should a level deeper than the buffers be
 * reached (a tracepoint hit from inside the copy), that predicate simply
 * does not match.
 *
 * The buffers are allocated the first time a filter needs them and kept:
 * the pointer is published before any filter using it can be installed.
 */
struct filter_scratch {
	int	nest;
	char	buf[FILTER_SCRATCH_LEVELS][FILTER_PTR_STR_MAX];
};

static struct filter_scratch __percpu *filter_scratch;

static int filter_scratch_alloc(void)
{
	struct filter_scratch __percpu *fresh;

	if (READ_ONCE(filter_scratch))
		return 0;
	fresh = alloc_percpu(struct filter_scratch);
	if (!fresh)
		return -ENOMEM;
	/* The full barrier of cmpxchg() orders the zeroing before the pointer. */
	if (cmpxchg(&filter_scratch, NULL, fresh))
		free_percpu(fresh);
	return 0;
}

/* ------------------------------------------------------------------------
 * The matcher.  Nothing below allocates, sleeps or takes a lock.
 */

static u64 filter_extend(u64 v, unsigned int size, bool is_signed)
{
	switch (size) {
	case 1:
		return is_signed ? (u64)(s64)(s8)v : (u8)v;
	case 2:
		return is_signed ? (u64)(s64)(s16)v : (u16)v;
	case 4:
		return is_signed ? (u64)(s64)(s32)v : (u32)v;
	default:
		return v;
	}
}

/* The integer operand, widened to 64 bits with its sign. */
static u64 filter_load(const struct filter_pred *pred, const void *rec)
{
	const void *p = rec + pred->offset;
	u64 v;

	if (pred->src == FS_CPU)
		return (u64)(s64)raw_smp_processor_id();

	/* Records are only 4-byte aligned in the ring buffer. */
	switch (pred->size) {
	case 1:
		v = *(const u8 *)p;
		break;
	case 2:
		v = get_unaligned((const u16 *)p);
		break;
	case 4:
		v = get_unaligned((const u32 *)p);
		break;
	default:
		v = get_unaligned((const u64 *)p);
		break;
	}
	return filter_extend(v, pred->size, pred->is_signed);
}

static bool filter_num_test(const struct filter_pred *pred, u64 v)
{
	switch (pred->op) {
	case FOP_EQ:
		return v == pred->val;
	case FOP_LT:
		if (pred->is_signed)
			return (s64)v < (s64)pred->val;
		return v < pred->val;
	case FOP_LE:
		if (pred->is_signed)
			return (s64)v <= (s64)pred->val;
		return v <= pred->val;
	case FOP_AND:
		return (v & pred->val) != 0;
	default:
		return false;
	}
}

/* A CPU number against CPUS{}: "&" is membership, "==" is mask == {cpu}. */
static bool filter_cpuset_test(const struct filter_pred *pred, u64 cpu)
{
	bool in;

	/* Negative numbers are huge here, hence out of range too. */
	in = cpu < nr_cpumask_bits &&
	     test_bit((unsigned int)cpu, cpumask_bits(pred->mask));
	if (pred->op == FOP_AND)
		return in;
	return in && pred->val == 1;
}

/* A __data_loc cpumask_t: "&" is intersection, "==" is equality. */
static bool filter_mask_test(const struct filter_pred *pred, const void *rec)
{
	u32 loc = get_unaligned((const u32 *)(rec + pred->offset));
	const u8 *bits = rec + (loc & 0xffff);
	unsigned int bytes = loc >> 16;
	unsigned int nbits = nr_cpumask_bits;
	unsigned int words = BITS_TO_LONGS(nbits);
	const unsigned long *want = cpumask_bits(pred->mask);
	unsigned int i;

	for (i = 0; i < words; i++) {
		unsigned int at = i * sizeof(long);
		unsigned long have = 0, w = want[i];

		/* Bits the record does not carry count as clear. */
		if (at < bytes)
			memcpy(&have, bits + at,
			       min_t(unsigned int, bytes - at, sizeof(long)));
		if (i == words - 1) {
			have &= BITMAP_LAST_WORD_MASK(nbits);
			w &= BITMAP_LAST_WORD_MASK(nbits);
		}
		if (pred->op == FOP_AND) {
			if (have & w)
				return true;
		} else if (have != w) {
			return false;
		}
	}
	return pred->op != FOP_AND;
}

/* @str is read up to @max bytes or its first NUL, whichever comes first. */
static bool filter_str_test(const struct filter_pred *pred, const char *str,
			    size_t max)
{
	size_t len = strnlen(str, max);

	if (pred->op == FOP_GLOB)
		return glob_match_len(pred->str, str, len);
	return len == pred->str_len && !memcmp(str, pred->str, len);
}

/*
 * A "char *" field: copy the string with fault handling into this CPU's
 * scratch buffer of the current nesting level (see struct filter_scratch),
 * then compare.  A pointer that cannot be read compares unequal.
 */
static bool filter_ptr_str_test(const struct filter_pred *pred,
				const void *rec)
{
	struct filter_scratch __percpu *scratch = READ_ONCE(filter_scratch);
	unsigned long addr;
	bool hit = false;
	char *buf;
	int level;
	long n;

	if (!scratch)
		return false;
	addr = get_unaligned((const unsigned long *)(rec + pred->offset));

	preempt_disable_notrace();
	level = this_cpu_inc_return(scratch->nest) - 1;
	if (level >= 0 && level < FILTER_SCRATCH_LEVELS) {
		buf = this_cpu_ptr(scratch)->buf[level];
		if (pred->src == FS_UPTR)
			n = strncpy_from_user_nofault(buf,
						      (const char __user *)addr,
						      FILTER_PTR_STR_MAX);
		else
			n = strncpy_from_kernel_nofault(buf, (const char *)addr,
							FILTER_PTR_STR_MAX);
		if (n > 0)
			hit = filter_str_test(pred, buf, n);
	}
	this_cpu_dec(scratch->nest);
	preempt_enable_notrace();
	return hit;
}

static bool filter_str_eval(const struct filter_pred *pred, const void *rec)
{
	const void *field = rec + pred->offset;
	u32 loc;

	switch (pred->src) {
	case FS_STATIC:
		return filter_str_test(pred, field, pred->bound);
	case FS_DYN:
		/* Low 16 bits: offset from the record; high: length with NUL. */
		loc = get_unaligned((const u32 *)field);
		return filter_str_test(pred, rec + (loc & 0xffff), loc >> 16);
	case FS_RDYN:
		/* The offset counts from the end of the 4-byte field. */
		loc = get_unaligned((const u32 *)field);
		return filter_str_test(pred, field + sizeof(u32) + (loc & 0xffff),
				       loc >> 16);
	case FS_COMM:
		/* Bounded by the array even while the comm is being renamed. */
		return filter_str_test(pred, current->comm,
				       sizeof(current->comm));
	default:
		return filter_ptr_str_test(pred, rec);
	}
}

static bool filter_eval(const struct filter_pred *pred, const void *rec)
{
	bool hit;
	u64 v;

	switch (pred->kind) {
	case FP_NUM:
		hit = filter_num_test(pred, filter_load(pred, rec));
		break;
	case FP_FUNC:
		v = filter_load(pred, rec);
		hit = v >= pred->val && v < pred->end;
		break;
	case FP_CPUSET:
		hit = filter_cpuset_test(pred, filter_load(pred, rec));
		break;
	case FP_MASK:
		hit = filter_mask_test(pred, rec);
		break;
	default:
		hit = filter_str_eval(pred, rec);
		break;
	}
	return hit != pred->invert;
}

/**
 * filter_match_preds - run a filter on a record
 * @filter:	the filter, or NULL
 * @rec:	the record, starting with its struct trace_entry
 *
 * Callable from any context, NMI included, under the RCU protection
 * that keeps @filter alive (tracepoint probes run with preemption
 * disabled).  The program only jumps forward, so this takes at most one
 * step per instruction; it neither allocates nor sleeps.
 *
 * Return: 1 if the record matches, or if @filter is NULL or is only an
 * error report; 0 otherwise.
 */
int filter_match_preds(struct event_filter *filter, void *rec)
{
	const struct filter_insn *insns;
	u32 pc = 0, n;
	bool r = true;

	if (!filter || !filter->usable)
		return 1;

	insns = filter->insns;
	n = filter->nr_insns;
	/* The common case: one predicate. */
	if (n == 1 && insns[0].code == FI_TEST)
		return filter_eval(&filter->preds[insns[0].arg], rec);
	while (pc < n) {
		const struct filter_insn *in = &insns[pc++];

		switch (in->code) {
		case FI_TEST:
			r = filter_eval(&filter->preds[in->arg], rec);
			break;
		case FI_NOT:
			r = !r;
			break;
		case FI_JUMP_TRUE:
			if (r)
				pc = in->arg;
			break;
		case FI_JUMP_FALSE:
			if (!r)
				pc = in->arg;
			break;
		}
	}
	return r;
}
EXPORT_SYMBOL_GPL(filter_match_preds);

/* ------------------------------------------------------------------------
 * The compiler.  Runs in process context when a filter is set.
 */

/**
 * struct filter_group - the pending jumps of one parenthesis level
 * @and_chain:	jumps to take when the current "&&" chain turns false
 * @or_chain:	jumps to take when an operand of "||" turns true
 * @negate:	the group was preceded by an odd number of "!"
 */
struct filter_group {
	u32	and_chain;
	u32	or_chain;
	bool	negate;
};

struct filter_parser {
	struct trace_event_call	*call;
	const char		*str;
	unsigned int		len;
	unsigned int		lead;
	struct filter_error	*err;
	bool			failed;
	bool			need_scratch;
	struct filter_insn	*insns;
	u32			nr_insns;
	u32			cap_insns;
	struct filter_pred	*preds;
	u32			nr_preds;
	u32			cap_preds;
	struct filter_group	*groups;
	unsigned int		max_depth;
};

/* Record a parse error at index @at of the trimmed expression. */
static int filter_err(struct filter_parser *fp, const char *msg,
		      unsigned int at)
{
	fp->err->msg = msg;
	fp->err->pos = fp->lead + at;
	fp->failed = true;
	return -EINVAL;
}

static void filter_pred_release(struct filter_pred *pred)
{
	kfree(pred->str);
	kfree(pred->mask);
}

static int filter_grow(void **array, u32 *cap, u32 need, size_t elem)
{
	u32 fresh_cap;
	void *fresh;

	if (need <= *cap)
		return 0;
	fresh_cap = max_t(u32, 16, *cap * 2);
	fresh = krealloc_array(*array, fresh_cap, elem, GFP_KERNEL);
	if (!fresh)
		return -ENOMEM;
	*array = fresh;
	*cap = fresh_cap;
	return 0;
}

static int filter_emit(struct filter_parser *fp, u32 code, u32 arg)
{
	int ret;

	ret = filter_grow((void **)&fp->insns, &fp->cap_insns,
			  fp->nr_insns + 1, sizeof(*fp->insns));
	if (ret)
		return ret;
	fp->insns[fp->nr_insns].code = code;
	fp->insns[fp->nr_insns].arg = arg;
	fp->nr_insns++;
	return 0;
}

/* Emit a jump whose target is not known yet, linked into @chain. */
static int filter_emit_pending(struct filter_parser *fp, u32 code, u32 *chain)
{
	int ret = filter_emit(fp, code, *chain);

	if (!ret)
		*chain = fp->nr_insns - 1;
	return ret;
}

/* Point every jump of @chain at @target and empty the chain. */
static void filter_resolve(struct filter_parser *fp, u32 *chain, u32 target)
{
	u32 at = *chain;

	while (at != FILTER_NO_LINK) {
		u32 next = fp->insns[at].arg;

		fp->insns[at].arg = target;
		at = next;
	}
	*chain = FILTER_NO_LINK;
}

/* Takes ownership of @pred's allocations, also on failure. */
static int filter_add_pred(struct filter_parser *fp, struct filter_pred *pred)
{
	int ret;

	ret = filter_grow((void **)&fp->preds, &fp->cap_preds,
			  fp->nr_preds + 1, sizeof(*fp->preds));
	if (ret) {
		filter_pred_release(pred);
		return ret;
	}
	fp->preds[fp->nr_preds++] = *pred;
	return filter_emit(fp, FI_TEST, fp->nr_preds - 1);
}

static bool filter_is_name_char(char c)
{
	return isalnum(c) || c == '_';
}

/* Characters that end an unquoted value. */
static bool filter_ends_word(char c)
{
	return !c || isspace(c) || strchr("()&|'\"", c);
}

static unsigned int filter_skip_blanks(const char *s, unsigned int i)
{
	while (isspace(s[i]))
		i++;
	return i;
}

/*
 * First pass: quotes must be closed, parentheses balanced and not nested
 * deeper than FILTER_MAX_DEPTH.  A quote opens a string wherever it is;
 * parentheses inside strings do not count.  Sizes the group stack.
 */
static int filter_scan(struct filter_parser *fp)
{
	const char *s = fp->str;
	unsigned int depth = 0, outer = 0, i;
	const char *close;

	fp->max_depth = 0;
	for (i = 0; i < fp->len; i++) {
		switch (s[i]) {
		case '"':
		case '\'':
			close = strchr(s + i + 1, s[i]);
			if (!close)
				return filter_err(fp, FERR_QUOTE, i);
			i = close - s;
			break;
		case '(':
			if (!depth)
				outer = i;
			if (++depth > FILTER_MAX_DEPTH)
				return filter_err(fp, FERR_OPEN, i);
			fp->max_depth = max(fp->max_depth, depth);
			break;
		case ')':
			if (!depth)
				return filter_err(fp, FERR_CLOSE, i);
			depth--;
			break;
		}
	}
	/* Point at the outermost group left open. */
	if (depth)
		return filter_err(fp, FERR_OPEN, outer);
	return 0;
}

/* The operator at @s, as an enum filter_token; -1 if none. */
static int filter_read_op(const char *s, unsigned int *len)
{
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(filter_tokens); k++) {
		size_t n = strlen(filter_tokens[k].text);

		if (strncmp(s, filter_tokens[k].text, n))
			continue;
		/* "&&" and "||" join predicates, they do not compare. */
		if (filter_tokens[k].token == FT_AND && s[1] == '&')
			return -1;
		*len = n;
		return filter_tokens[k].token;
	}
	return -1;
}

/* What the left-hand side of a predicate is. */
enum filter_class {
	FC_NUM,
	FC_STR,
	FC_MASK,
	FC_BAD,
};

/* Fill in the operand of @pred from @field; NULL @field: a generic field. */
static int filter_classify(struct ftrace_event_field *field, const char *name,
			   struct filter_pred *pred)
{
	if (!field) {
		if (!strcmp(name, "common_cpu") || !strcmp(name, "CPU") ||
		    !strcmp(name, "cpu")) {
			pred->src = FS_CPU;
			pred->size = sizeof(int);
			pred->is_signed = true;
			return FC_NUM;
		}
		if (!strcmp(name, "COMM") || !strcmp(name, "comm")) {
			pred->src = FS_COMM;
			return FC_STR;
		}
		return -ENOENT;
	}

	pred->offset = field->offset;
	pred->size = field->size;
	pred->is_signed = !!field->is_signed;
	switch (field->filter_type) {
	case FILTER_STATIC_STRING:
		pred->src = FS_STATIC;
		pred->bound = field->size > 0 ? field->size : 0;
		return FC_STR;
	case FILTER_DYN_STRING:
		pred->src = FS_DYN;
		return FC_STR;
	case FILTER_RDYN_STRING:
		pred->src = FS_RDYN;
		return FC_STR;
	case FILTER_PTR_STRING:
		pred->src = FS_KPTR;
		return FC_STR;
	case FILTER_COMM:
		pred->src = FS_COMM;
		return FC_STR;
	case FILTER_CPU:
		pred->src = FS_CPU;
		pred->size = sizeof(int);
		pred->is_signed = true;
		return FC_NUM;
	case FILTER_CPUMASK:
		return FC_MASK;
	case FILTER_OTHER:
	case FILTER_TRACE_FN:
		pred->src = FS_REC;
		switch (field->size) {
		case 1:
		case 2:
		case 4:
		case 8:
			return FC_NUM;
		}
		return FC_BAD;
	default:
		return FC_BAD;
	}
}

/* Can @token be applied to @class (@func: the field has .function)? */
static bool filter_op_fits(int class, bool func, int token)
{
	switch (class) {
	case FC_STR:
		return token == FT_EQ || token == FT_NE || token == FT_GLOB;
	case FC_MASK:
		return token == FT_EQ || token == FT_NE || token == FT_AND;
	case FC_NUM:
		if (func)
			return token == FT_EQ || token == FT_NE;
		return token != FT_GLOB;
	default:
		return false;
	}
}

/* Turn the written operator into an enum filter_op and an inversion. */
static void filter_set_op(struct filter_pred *pred, int token)
{
	switch (token) {
	case FT_NE:
		pred->invert = !pred->invert;
		fallthrough;
	case FT_EQ:
		pred->op = FOP_EQ;
		break;
	case FT_GE:
		pred->invert = !pred->invert;
		fallthrough;
	case FT_LT:
		pred->op = FOP_LT;
		break;
	case FT_GT:
		pred->invert = !pred->invert;
		fallthrough;
	case FT_LE:
		pred->op = FOP_LE;
		break;
	case FT_AND:
		pred->op = FOP_AND;
		break;
	default:
		pred->op = FOP_GLOB;
		break;
	}
}

/*
 * CPUS{list} at @at.  Fills @pred->mask.  Errors point one past the
 * place they were found, like every error inside a predicate.
 */
static int filter_parse_cpus(struct filter_parser *fp, unsigned int at,
			     struct filter_pred *pred, unsigned int *endp)
{
	const char *s = fp->str;
	unsigned int open = at + 4;
	const char *close;
	char *list;
	int ret;

	if (s[open] != '{')
		return filter_err(fp, FERR_BRACE_OPEN, open + 1);
	close = strchr(s + open + 1, '}');
	if (!close)
		return filter_err(fp, FERR_BRACE_CLOSE, at + 1);
	if (close - (s + open + 1) >= MAX_FILTER_STR_VAL)
		return filter_err(fp, FERR_TOO_LONG, at + 1);

	list = kmemdup_nul(s + open + 1, close - (s + open + 1), GFP_KERNEL);
	pred->mask = kzalloc(cpumask_size(), GFP_KERNEL);
	if (!list || !pred->mask) {
		kfree(list);
		return -ENOMEM;
	}
	ret = cpulist_parse(list, pred->mask);
	kfree(list);
	if (ret)
		return filter_err(fp, FERR_CPULIST, at + 1);
	*endp = close - s + 1;
	return 0;
}

/* "field.function == name-or-address": the function's [start, end). */
static int filter_parse_func(struct filter_parser *fp, unsigned int at,
			     const char *val, struct filter_pred *pred)
{
	unsigned long addr, size, offset;

	if (isdigit(val[0])) {
		if (kstrtoul(val, 0, &addr))
			return filter_err(fp, FERR_INTVAL, at + 1);
	} else {
		addr = kallsyms_lookup_name(val);
	}
	if (!addr || !kallsyms_lookup_size_offset(addr, &size, &offset))
		return filter_err(fp, FERR_NO_FUNC, at + 1);
	pred->kind = FP_FUNC;
	pred->val = addr - offset;
	pred->end = addr - offset + size;
	pred->is_signed = false;
	return 0;
}

static int filter_parse_number(struct filter_parser *fp, unsigned int at,
			       const char *val, struct filter_pred *pred)
{
	s64 sv;
	u64 v;
	int ret;

	if (pred->is_signed) {
		ret = kstrtoll(val, 0, &sv);
		v = (u64)sv;
	} else {
		ret = kstrtoull(val, 0, &v);
	}
	if (ret)
		return filter_err(fp, FERR_INTVAL, at + 1);
	/* Compare at the field's width: cut the constant to it. */
	pred->val = filter_extend(v, pred->size, pred->is_signed);
	pred->kind = FP_NUM;
	return 0;
}

/*
 * Parse the value of a predicate at @at.  Fills @pred->kind and its
 * operand, sets *@endp past the value.  Allocations hang off @pred.
 */
static int filter_parse_value(struct filter_parser *fp, unsigned int at,
			      int class, bool func, int token,
			      struct filter_pred *pred, unsigned int *endp)
{
	const char *s = fp->str;
	unsigned int first, len, end;
	bool quoted = false;
	char *val;
	int ret;

	if ((class == FC_NUM && !func) || class == FC_MASK) {
		if (!strncmp(s + at, "CPUS", 4)) {
			if (token != FT_EQ && token != FT_NE && token != FT_AND)
				return filter_err(fp, FERR_FIELD_OP, at + 1);
			ret = filter_parse_cpus(fp, at, pred, endp);
			if (ret)
				return ret;
			pred->kind = class == FC_MASK ? FP_MASK : FP_CPUSET;
			pred->val = cpumask_weight(pred->mask);
			return 0;
		}
		if (class == FC_MASK)
			return filter_err(fp, FERR_VALUE, at + 1);
	}

	if (s[at] == '"' || s[at] == '\'') {
		const char *close = strchr(s + at + 1, s[at]);

		/* filter_scan() found it already. */
		if (!close)
			return filter_err(fp, FERR_QUOTE, at);
		quoted = true;
		first = at + 1;
		len = close - (s + first);
		end = close - s + 1;
	} else {
		first = at;
		end = at;
		while (!filter_ends_word(s[end]))
			end++;
		len = end - at;
		if (!len)
			return filter_err(fp, FERR_VALUE, at + 1);
	}
	if (len >= MAX_FILTER_STR_VAL)
		return filter_err(fp, FERR_TOO_LONG, at + 1);
	if (quoted && class == FC_NUM && !func)
		return filter_err(fp, FERR_WANT_NUMBER, at + 1);
	if (class == FC_NUM && !func && !quoted && !isdigit(s[at]) &&
	    s[at] != '-' && s[at] != '+')
		return filter_err(fp, FERR_VALUE, at + 1);

	val = kmemdup_nul(s + first, len, GFP_KERNEL);
	if (!val)
		return -ENOMEM;

	if (class == FC_STR) {
		pred->kind = FP_STR;
		pred->str = val;
		pred->str_len = len;
		*endp = end;
		return 0;
	}
	if (func)
		ret = filter_parse_func(fp, at, val, pred);
	else
		ret = filter_parse_number(fp, at, val, pred);
	kfree(val);
	if (!ret)
		*endp = end;
	return ret;
}

/*
 * Parse "field[.modifier] op value" starting at @start and append its
 * TEST.  @negate: an odd number of "!" came right before it.  Sets *@endp
 * past the value.
 */
static int filter_parse_pred(struct filter_parser *fp, unsigned int start,
			     bool negate, unsigned int *endp)
{
	const char *s = fp->str;
	struct ftrace_event_field *field = NULL;
	struct filter_pred pred = { .invert = negate };
	unsigned int i = start, name_end, dot = 0, op_len = 0;
	bool func = false, user = false;
	int class, token, ret;
	char *name;

	if (fp->nr_preds >= FILTER_MAX_PREDS)
		return filter_err(fp, FERR_TOO_MANY, start);

	while (filter_is_name_char(s[i]))
		i++;
	name_end = i;
	if (s[i] == '.') {
		dot = i++;
		while (filter_is_name_char(s[i]))
			i++;
	}
	if (name_end == start)
		return filter_err(fp, FERR_NO_FIELD, i + 1);

	name = kmemdup_nul(s + start, name_end - start, GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	field = trace_find_event_field(fp->call, name);
	class = filter_classify(field, name, &pred);
	kfree(name);
	if (class < 0)
		return filter_err(fp, FERR_NO_FIELD, i + 1);

	if (dot) {
		size_t mlen = i - dot - 1;

		if (mlen == 8 && !strncmp(s + dot + 1, "function", 8))
			func = true;
		else if (mlen == 7 && !strncmp(s + dot + 1, "ustring", 7))
			user = true;
		else
			return filter_err(fp, FERR_NO_FIELD, i + 1);
	}
	if (func) {
		if (class == FC_STR)
			return filter_err(fp, FERR_WANT_NUMBER, dot + 1);
		if (class != FC_NUM || pred.src != FS_REC ||
		    pred.size != sizeof(long))
			return filter_err(fp, FERR_FIELD_OP, dot + 1);
	}
	if (user) {
		if (class != FC_STR)
			return filter_err(fp, FERR_WANT_STRING, dot + 1);
		if (pred.src != FS_KPTR)
			return filter_err(fp, FERR_FIELD_OP, dot + 1);
		pred.src = FS_UPTR;
	}

	i = filter_skip_blanks(s, i);
	token = filter_read_op(s + i, &op_len);
	if (token < 0)
		return filter_err(fp, FERR_BAD_OP, i + 1);
	if (!filter_op_fits(class, func, token))
		return filter_err(fp, FERR_FIELD_OP, i + 1);
	i = filter_skip_blanks(s, i + op_len);

	ret = filter_parse_value(fp, i, class, func, token, &pred, endp);
	if (ret) {
		filter_pred_release(&pred);
		return ret;
	}
	filter_set_op(&pred, token);
	if (pred.src == FS_KPTR || pred.src == FS_UPTR)
		fp->need_scratch = true;
	return filter_add_pred(fp, &pred);
}

/*
 * Second pass: parse and emit the program.  An explicit stack of groups
 * (sized by filter_scan()) replaces recursion, so the kernel stack used
 * does not depend on the expression.
 */
static int filter_compile(struct filter_parser *fp)
{
	const char *s = fp->str;
	struct filter_group *g;
	unsigned int i = 0, depth = 0;
	bool want_term = true, negate = false;
	int ret;

	fp->groups = kmalloc_array(fp->max_depth + 1, sizeof(*fp->groups),
				   GFP_KERNEL);
	if (!fp->groups)
		return -ENOMEM;
	g = &fp->groups[0];
	*g = (struct filter_group){ FILTER_NO_LINK, FILTER_NO_LINK, false };

	for (;;) {
		i = filter_skip_blanks(s, i);
		if (want_term) {
			switch (s[i]) {
			case '!':
				negate = !negate;
				i++;
				continue;
			case '(':
				if (depth >= fp->max_depth)
					return filter_err(fp, FERR_OPEN, i);
				g = &fp->groups[++depth];
				*g = (struct filter_group){ FILTER_NO_LINK,
							    FILTER_NO_LINK,
							    negate };
				negate = false;
				i++;
				continue;
			case '\0':
			case ')':
			case '&':
			case '|':
				/* An operand is missing: "a && ", "!", "()". */
				return filter_err(fp, FERR_MEANINGLESS, i);
			}
			ret = filter_parse_pred(fp, i, negate, &i);
			if (ret)
				return ret;
			negate = false;
			want_term = false;
			continue;
		}

		switch (s[i]) {
		case '\0':
			if (depth)
				return filter_err(fp, FERR_OPEN, i);
			filter_resolve(fp, &g->and_chain, fp->nr_insns);
			filter_resolve(fp, &g->or_chain, fp->nr_insns);
			return 0;
		case ')':
			if (!depth)
				return filter_err(fp, FERR_CLOSE, i);
			filter_resolve(fp, &g->and_chain, fp->nr_insns);
			filter_resolve(fp, &g->or_chain, fp->nr_insns);
			if (g->negate) {
				ret = filter_emit(fp, FI_NOT, 0);
				if (ret)
					return ret;
			}
			g = &fp->groups[--depth];
			i++;
			continue;
		case '&':
			if (s[i + 1] != '&')
				return filter_err(fp, FERR_BAD_OP, i);
			ret = filter_emit_pending(fp, FI_JUMP_FALSE,
						  &g->and_chain);
			break;
		case '|':
			if (s[i + 1] != '|')
				return filter_err(fp, FERR_BAD_OP, i);
			/* A failed "&&" chain goes on after this JT. */
			filter_resolve(fp, &g->and_chain, fp->nr_insns + 1);
			ret = filter_emit_pending(fp, FI_JUMP_TRUE, &g->or_chain);
			break;
		default:
			/* Neither "&&", "||" nor ")" after a predicate. */
			return filter_err(fp, FERR_BAD_OP, i);
		}
		if (ret)
			return ret;
		i += 2;
		want_term = true;
	}
}

/* The matcher relies on this: forward jumps only, indexes in range. */
static bool filter_program_sane(const struct filter_parser *fp)
{
	u32 pc;

	if (!fp->nr_insns)
		return false;
	for (pc = 0; pc < fp->nr_insns; pc++) {
		const struct filter_insn *in = &fp->insns[pc];

		switch (in->code) {
		case FI_TEST:
			if (in->arg >= fp->nr_preds)
				return false;
			break;
		case FI_NOT:
			break;
		case FI_JUMP_TRUE:
		case FI_JUMP_FALSE:
			if (in->arg <= pc || in->arg > fp->nr_insns)
				return false;
			break;
		default:
			return false;
		}
	}
	return true;
}

static void filter_parser_release(struct filter_parser *fp)
{
	u32 k;

	for (k = 0; k < fp->nr_preds; k++)
		filter_pred_release(&fp->preds[k]);
	kfree(fp->preds);
	kfree(fp->insns);
	kfree(fp->groups);
}

static void filter_destroy(struct event_filter *filter)
{
	u32 k;

	for (k = 0; k < filter->nr_preds; k++)
		filter_pred_release(&filter->preds[k]);
	kfree(filter->preds);
	kfree(filter->insns);
	kfree(filter->text);
	kfree(filter);
}

/* A non-usable filter that only carries @text. */
static struct event_filter *filter_report(char *text)
{
	struct event_filter *filter;

	if (!text)
		return NULL;
	filter = kzalloc(sizeof(*filter), GFP_KERNEL);
	if (!filter) {
		kfree(text);
		return NULL;
	}
	filter->text = text;
	return filter;
}

/**
 * event_filter_create - compile a filter expression for an event
 * @call:	the event whose fields the expression names
 * @expr:	the expression, NUL-terminated
 * @filterp:	where to store the new filter
 * @err:	the message and position of a parse error
 *
 * On success *@filterp is a usable filter whose event_filter_string() is
 * @expr without leading and trailing blanks.
 *
 * On a parse error, -EINVAL is returned, @err is filled in (@err->pos
 * indexes @expr as passed) and *@filterp is a filter that matches
 * everything, is not event_filter_usable(), and whose text is what the
 * filter file shows:
 * "<expr>\n<spaces>^\nparse_error: <msg>\n", with the caret under
 * @err->pos (counted in the trimmed expression).  On other failures
 * (-ENOMEM, -E2BIG for an expression longer than 128 KiB) @err->msg is
 * "Error" and *@filterp, if it could be allocated, reads
 * "<expr>\nError: (<errno>)\n".  In every case *@filterp may be NULL
 * after a failure, when even the report could not be allocated.
 *
 * Context: process context, may sleep.
 *
 * Return: 0 or a negative errno.
 */
int event_filter_create(struct trace_event_call *call, const char *expr,
			struct event_filter **filterp,
			struct filter_error *err)
{
	struct filter_parser fp = { .call = call, .err = err };
	struct event_filter *filter;
	unsigned int caret;
	size_t len;
	char *text;
	int ret;

	*filterp = NULL;
	err->msg = NULL;
	err->pos = 0;
	if (!expr)
		expr = "";

	while (isspace(expr[fp.lead]))
		fp.lead++;
	len = strlen(expr + fp.lead);
	while (len && isspace(expr[fp.lead + len - 1]))
		len--;
	if (len > FILTER_EXPR_MAX) {
		err->msg = FERR_ERRNO;
		return -E2BIG;
	}
	fp.len = len;

	text = kmemdup_nul(expr + fp.lead, len, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	fp.str = text;

	if (!len) {
		fp.lead = 0;
		ret = filter_err(&fp, FERR_EMPTY, 0);
	} else {
		ret = filter_scan(&fp);
	}
	if (!ret)
		ret = filter_compile(&fp);
	if (!ret && WARN_ON_ONCE(!filter_program_sane(&fp)))
		ret = -EINVAL;
	if (!ret && fp.need_scratch)
		ret = filter_scratch_alloc();
	if (!ret) {
		filter = kzalloc(sizeof(*filter), GFP_KERNEL);
		if (!filter) {
			ret = -ENOMEM;
		} else {
			filter->insns = fp.insns;
			filter->nr_insns = fp.nr_insns;
			filter->preds = fp.preds;
			filter->nr_preds = fp.nr_preds;
			filter->text = text;
			filter->usable = true;
			kfree(fp.groups);
			*filterp = filter;
			return 0;
		}
	}

	filter_parser_release(&fp);
	if (fp.failed) {
		caret = err->pos >= fp.lead ? err->pos - fp.lead : 0;
		caret = min_t(unsigned int, caret, len + 1);
		*filterp = filter_report(kasprintf(GFP_KERNEL,
						   "%s\n%*s\nparse_error: %s\n",
						   text, caret + 1, "^",
						   err->msg));
	} else {
		err->msg = FERR_ERRNO;
		err->pos = 0;
		*filterp = filter_report(kasprintf(GFP_KERNEL,
						   "%s\nError: (%d)\n",
						   text, ret));
	}
	kfree(text);
	if (!*filterp)
		return -ENOMEM;
	return ret;
}

/**
 * event_filter_free - free a filter now
 * @filter:	the filter, or NULL
 *
 * Only for a filter no matcher can be running on any more.
 */
void event_filter_free(struct event_filter *filter)
{
	if (filter)
		filter_destroy(filter);
}

static void filter_free_rcu_cb(struct rcu_head *head)
{
	filter_destroy(container_of(head, struct event_filter, rcu));
}

/**
 * event_filter_free_rcu - free a filter after an RCU grace period
 * @filter:	the filter, or NULL
 *
 * For a filter just unpublished while matchers may still be using it:
 * they run from tracepoint probes with preemption disabled, which a
 * normal RCU grace period waits for.
 */
void event_filter_free_rcu(struct event_filter *filter)
{
	if (filter)
		call_rcu(&filter->rcu, filter_free_rcu_cb);
}

/**
 * event_filter_string - the text a filter file shows for a filter
 * @filter:	the filter, or NULL
 *
 * Return: the expression of a usable filter, the error report of a
 * failed one, NULL for a NULL @filter.
 */
const char *event_filter_string(const struct event_filter *filter)
{
	return filter ? filter->text : NULL;
}

/**
 * event_filter_usable - whether a filter can reject records
 * @filter:	the filter, or NULL
 *
 * Return: true for a compiled filter, false for NULL or an error report.
 */
bool event_filter_usable(const struct event_filter *filter)
{
	return filter && filter->usable;
}
