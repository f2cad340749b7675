// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler.  Writing 1 to function_profile_enabled in the
 * tracefs root counts, per CPU, the calls of every function and, with
 * the function graph tracer built in, the time spent in them;
 * trace_stat/function<cpu> shows the counts (trace_stat.c).
 *
 * It runs beside any tracer with its own ops: an fgraph_ops (a hit at
 * entry, the time at return) or, without the graph tracer, an ftrace_ops
 * (hits only).  Either ops uses the top level's set_ftrace_filter and
 * set_ftrace_notrace: its func_hash is that of the top level's function
 * ops.
 *
 * Each CPU has a table of records, one per function it ran: a chained
 * hash on the function's address over an array of records that is
 * allocated, with room for every function, when profiling is turned on.
 * Turning it on empties the tables; turning it off keeps them for
 * reading.  Only the CPU that owns a table writes it, with interrupts
 * off; an NMI that arrives in the middle drops its call, as does a call
 * of a function that no longer fits (both are counted).
 *
 * Readers copy a table under fprof_mutex while its CPU may still write
 * it: a record is written whole before the release of its table's @used
 * publishes it, and a reader reads each counter once, with READ_ONCE().
 * The tables are replaced or emptied only with profiling off, under the
 * same mutex.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/compiler.h>
#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace_recursion.h>
#include <linux/tracefs.h>
#include <linux/topology.h>

#include "trace.h"
#include "ftrace_internal.h"
#include "trace_stat.h"

#include "fgraph_internal.h"

/* Bounds of a table, in records: at least this many, at most that. */
#define FPROF_MIN_RECS		1024U
#define FPROF_MAX_RECS		(256U * 1024)

/**
 * struct fprof_rec - one function's counters on one CPU
 * @ip:		the function's call site, as ftrace reports it
 * @hits:	its calls
 * @time:	nanoseconds spent in it, summed over its calls
 * @time_sq:	the squares of those nanoseconds, summed; U64_MAX once
 *		the sum overflowed
 * @next:	index + 1 of the next record of its bucket; 0 ends it
 */
struct fprof_rec {
	unsigned long	ip;
	unsigned long	hits;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	u64		time;
	u64		time_sq;
#endif
	u32		next;
};

/**
 * struct fprof_table - the records of one CPU
 * @recs:	the records, @size of them
 * @buckets:	index + 1 of each bucket's first record (0: empty);
 *		2^@bits of them
 * @size:	room in @recs
 * @bits:	log2 of the number of buckets
 * @used:	records in use, @recs[0] to @recs[@used - 1]
 * @full:	calls dropped because their function did not fit
 * @nested:	calls dropped because an NMI found the table busy
 * @busy:	the CPU is changing the table
 */
struct fprof_table {
	struct fprof_rec	*recs;
	u32			*buckets;
	unsigned int		size;
	unsigned int		bits;
	unsigned int		used;
	unsigned long		full;
	unsigned long		nested;
	bool			busy;
};

static DEFINE_PER_CPU(struct fprof_table, fprof_tables);

/**
 * struct fprof_stat - a record as trace_stat/function<cpu> copies it
 * @ip:		the function
 * @hits:	its calls
 * @time:	nanoseconds spent in it
 * @time_sq:	the sum of the squares of each call's nanoseconds
 */
struct fprof_stat {
	unsigned long	ip;
	unsigned long	hits;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	u64		time;
	u64		time_sq;
#endif
};

/**
 * struct fprof_source - the statistics file of one CPU
 * @stat:	its trace_stat source
 * @cpu:	the CPU
 * @name:	"function<cpu>"
 */
struct fprof_source {
	struct trace_stat_source	stat;
	int				cpu;
	char				name[24];
};

/* Serialises turning profiling on and off with readers of the tables. */
static DEFINE_MUTEX(fprof_mutex);

/* Profiling is on: the tables are ready for the callbacks. */
static bool fprof_on;

/* The record of @ip in @t, whose bucket is @bucket; NULL if none. */
static struct fprof_rec *fprof_find(struct fprof_table *t, u32 *bucket,
				    unsigned long ip)
{
	struct fprof_rec *rec;
	u32 i;

	for (i = *bucket; i; i = rec->next) {
		rec = &t->recs[i - 1];
		if (rec->ip == ip)
			return rec;
	}
	return NULL;
}

/* A new record for @ip in @bucket of @t; NULL if @t is full. */
static struct fprof_rec *fprof_insert(struct fprof_table *t, u32 *bucket,
				      unsigned long ip)
{
	struct fprof_rec *rec;

	if (unlikely(t->used >= t->size)) {
		t->full++;
		return NULL;
	}
	rec = &t->recs[t->used];
	rec->ip = ip;
	rec->hits = 0;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	rec->time = 0;
	rec->time_sq = 0;
#endif
	rec->next = *bucket;
	*bucket = t->used + 1;
	/* A reader on another CPU copies the record whole or not at all. */
	smp_store_release(&t->used, t->used + 1);
	return rec;
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
static void fprof_add_time(struct fprof_rec *rec, u64 time)
{
	u64 sq, sum;

	WRITE_ONCE(rec->time, rec->time + time);
	if (check_mul_overflow(time, time, &sq) ||
	    check_add_overflow(rec->time_sq, sq, &sum))
		sum = U64_MAX;
	WRITE_ONCE(rec->time_sq, sum);
}
#else
static void fprof_add_time(struct fprof_rec *rec, u64 time)
{
}
#endif

/*
 * Count a call of @ip (@hit), or add @time to it, in this CPU's table.
 * A return adds time only to a function this CPU counted: a task that
 * moved to another CPU meanwhile loses that call's time.
 */
static __always_inline void fprof_account(unsigned long ip, bool hit,
					  u64 time)
{
	struct fprof_table *t;
	struct fprof_rec *rec;
	unsigned long flags;
	u32 *bucket;

	/* Pairs with fprof_start(): the emptied table before the flag. */
	if (!smp_load_acquire(&fprof_on))
		return;
	/*
	 * Raw: nothing here takes a lock or sleeps, and irq-flag tracing
	 * hooks run for every call we count would only cost (or recurse).
	 */
	raw_local_irq_save(flags);
	t = this_cpu_ptr(&fprof_tables);
	if (unlikely(t->busy)) {
		/* Interrupts are off around busy: only an NMI gets here. */
		t->nested++;
		goto out;
	}
	t->busy = true;
	/* An NMI on this CPU sees busy before we touch the table. */
	barrier();
	bucket = &t->buckets[hash_long(ip, t->bits)];
	rec = fprof_find(t, bucket, ip);
	if (!rec && hit)
		rec = fprof_insert(t, bucket, ip);
	if (rec) {
		if (hit)
			WRITE_ONCE(rec->hits, rec->hits + 1);
		if (time)
			fprof_add_time(rec, time);
	}
	/* ... and until we are done with it. */
	barrier();
	t->busy = false;
out:
	raw_local_irq_restore(flags);
}

/*
 * Profile what the top level's set_ftrace_filter and set_ftrace_notrace
 * select, as upstream's graph-based profiler does: share the hashes of
 * the top level's function ops.  Set
 * once, before @ops is first registered: ops_init() keeps a func_hash
 * that is already set, and gives an ops without one its own (empty:
 * every function) if the top level has no function ops.
 */
static void fprof_share_filter(struct ftrace_ops *ops)
{
	struct ftrace_ops *top = global_trace.func_ops;

	if (ops->func_hash || !top)
		return;
	ops->func_hash = top->func_hash ?: &top->local_hash;
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER

/**
 * struct fprof_frame - what a profiled call keeps while it runs
 * @subtime:	nanoseconds its profiled callees took (graph-time off)
 */
struct fprof_frame {
	u64	subtime;
};

static int fprof_graph_entry(struct ftrace_graph_ent *trace,
			     struct fgraph_ops *gops)
{
	struct fprof_frame *frame;

	if (!READ_ONCE(fgraph_graph_time)) {
		frame = fgraph_reserve_data(gops->idx, sizeof(*frame));
		if (frame)
			frame->subtime = 0;
	}
	fprof_account(trace->func, true, 0);
	/* The return is wanted even for a dropped hit: the caller's time. */
	return 1;
}

static void fprof_graph_return(struct ftrace_graph_ret *trace,
			       struct fgraph_ops *gops)
{
	struct fprof_frame *frame;
	u64 time = 0;
	int size;

	/* calltime is already moved past sleeps if sleep-time is off. */
	if (trace->rettime > trace->calltime)
		time = trace->rettime - trace->calltime;
	if (!READ_ONCE(fgraph_graph_time)) {
		/* The caller's own time leaves this call's out ... */
		frame = fgraph_retrieve_parent_data(gops->idx, &size, 1);
		if (frame)
			frame->subtime += time;
		/* ... and this call's own time its callees'. */
		frame = fgraph_retrieve_data(gops->idx, &size);
		if (frame)
			time -= min(time, frame->subtime);
	}
	if (time)
		fprof_account(trace->func, false, time);
}

static struct fgraph_ops fprof_gops = {
	.entryfunc	= fprof_graph_entry,
	.retfunc	= fprof_graph_return,
};

static int fprof_register(void)
{
	fprof_share_filter(&fprof_gops.ops);
	return register_ftrace_graph(&fprof_gops);
}

static void fprof_unregister(void)
{
	unregister_ftrace_graph(&fprof_gops);
}

#else /* !CONFIG_FUNCTION_GRAPH_TRACER */

static void fprof_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	fprof_account(ip, true, 0);
	ftrace_test_recursion_unlock(bit);
}

static struct ftrace_ops fprof_ops = {
	.func	= fprof_func,
};

static int fprof_register(void)
{
	fprof_share_filter(&fprof_ops);
	return register_ftrace_function(&fprof_ops);
}

static void fprof_unregister(void)
{
	unregister_ftrace_function(&fprof_ops);
}

#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

/* Records a table needs: one per function ftrace knows now, bounded. */
static unsigned int fprof_table_size(void)
{
	struct ftrace_rec_group *grp;
	unsigned long n = 0;

	mutex_lock(&ftrace_lock);
	list_for_each_entry(grp, &ftrace_groups, list)
		n += grp->count;
	mutex_unlock(&ftrace_lock);
	return clamp_t(unsigned long, n, FPROF_MIN_RECS, FPROF_MAX_RECS);
}

/* Give @t room for @size records, on @node.  Profiling is off. */
static int fprof_table_alloc(struct fprof_table *t, unsigned int size,
			     int node)
{
	unsigned int bits = order_base_2(size);
	struct fprof_rec *recs;
	u32 *buckets;

	recs = kvmalloc_node(array_size(size, sizeof(*recs)), GFP_KERNEL,
			     node);
	buckets = kvmalloc_node(array_size(1UL << bits, sizeof(*buckets)),
				GFP_KERNEL, node);
	if (!recs || !buckets) {
		kvfree(recs);
		kvfree(buckets);
		return -ENOMEM;
	}
	kvfree(t->recs);
	kvfree(t->buckets);
	t->recs = recs;
	t->buckets = buckets;
	t->size = size;
	t->bits = bits;
	return 0;
}

/* Empty @t.  Profiling is off. */
static void fprof_table_reset(struct fprof_table *t)
{
	memset(t->buckets, 0, array_size(1UL << t->bits, sizeof(*t->buckets)));
	t->used = 0;
	t->full = 0;
	t->nested = 0;
	t->busy = false;
}

/* Turn profiling on with empty tables.  Call with fprof_mutex held. */
static int fprof_start(void)
{
	unsigned int size = fprof_table_size();
	struct fprof_table *t;
	int cpu, ret;

	lockdep_assert_held(&fprof_mutex);
	for_each_possible_cpu(cpu) {
		t = per_cpu_ptr(&fprof_tables, cpu);
		if (t->size < size) {
			ret = fprof_table_alloc(t, size, cpu_to_node(cpu));
			if (ret)
				return ret;
		}
		fprof_table_reset(t);
	}
	/* Pairs with fprof_account(): the empty tables before the flag. */
	smp_store_release(&fprof_on, true);
	ret = fprof_register();
	if (ret)
		WRITE_ONCE(fprof_on, false);
	return ret;
}

/* Turn profiling off, keeping the tables.  Call with fprof_mutex held. */
static void fprof_stop(void)
{
	lockdep_assert_held(&fprof_mutex);
	WRITE_ONCE(fprof_on, false);
	/* When this returns, no callback runs: the tables are ours. */
	fprof_unregister();
}

/* trace_stat/function<cpu> */

static struct fprof_table *fprof_src_table(struct trace_stat_source *src)
{
	return per_cpu_ptr(&fprof_tables,
			   container_of(src, struct fprof_source, stat)->cpu);
}

static unsigned int fprof_count(struct trace_stat_source *src)
{
	struct fprof_table *t = fprof_src_table(src);
	unsigned int n = 0;

	mutex_lock(&fprof_mutex);
	if (t->recs) {
		/* Pairs with fprof_insert(), as in fprof_snapshot(). */
		n = smp_load_acquire(&t->used);
	}
	mutex_unlock(&fprof_mutex);
	return n;
}

static unsigned int fprof_snapshot(struct trace_stat_source *src,
				   void *entries, unsigned int max)
{
	struct fprof_table *t = fprof_src_table(src);
	struct fprof_stat *out = entries;
	const struct fprof_rec *rec;
	unsigned int i, used = 0, n = 0;

	mutex_lock(&fprof_mutex);
	if (t->recs) {
		/* Pairs with fprof_insert(): records below @used are whole. */
		used = smp_load_acquire(&t->used);
	}
	for (i = 0; i < used && n < max; i++) {
		if (i && !(i % 4096))
			cond_resched();
		rec = &t->recs[i];
		out[n].hits = READ_ONCE(rec->hits);
		if (!out[n].hits)
			continue;
		out[n].ip = rec->ip;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
		out[n].time = READ_ONCE(rec->time);
		out[n].time_sq = READ_ONCE(rec->time_sq);
#endif
		n++;
	}
	mutex_unlock(&fprof_mutex);
	return n;
}

/* Most time first (most calls without the graph tracer). */
static int fprof_cmp(const void *a, const void *b)
{
	const struct fprof_stat *x = a, *y = b;

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (x->time != y->time)
		return x->time > y->time ? -1 : 1;
#endif
	if (x->hits != y->hits)
		return x->hits > y->hits ? -1 : 1;
	if (x->ip != y->ip)
		return x->ip < y->ip ? -1 : 1;
	return 0;
}

/* One line of the header: the same widths as the entries. */
static void fprof_columns(struct seq_file *m, const char *const col[5])
{
	seq_printf(m, "  %-30s  %10s", col[0], col[1]);
	if (IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER))
		seq_printf(m, "    %-16s%-16s%s", col[2], col[3], col[4]);
	seq_putc(m, '\n');
}

static void fprof_header(struct seq_file *m, struct trace_stat_source *src)
{
	static const char *const names[5] = {
		"Function", "Hit", "Time", "Avg", "s^2"
	};
	static const char *const rules[5] = {
		"--------", "---", "----", "---", "---"
	};

	fprof_columns(m, names);
	fprof_columns(m, rules);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The sample variance of a function's call times, in ns^2:
 * (sum(t^2) - sum(t)^2 / n) / (n - 1).  U64_MAX when the sums are too
 * large to tell.  A copy may catch a record between its updates (a hit
 * counted, its time not yet): the result is then approximate, but never
 * overflows.
 */
static u64 fprof_variance(const struct fprof_stat *s)
{
	u64 bound, sq_of_sum;

	if (s->hits < 2)
		return 0;
	if (s->time_sq == U64_MAX)
		return U64_MAX;
	/* sum(t)^2 / n <= (sum(t) / n + 1) * sum(t): must fit the division. */
	if (check_mul_overflow(div64_ul(s->time, s->hits) + 1, s->time, &bound))
		return U64_MAX;
	sq_of_sum = mul_u64_u64_div_u64(s->time, s->time, s->hits);
	if (sq_of_sum >= s->time_sq)
		return 0;
	return div64_ul(s->time_sq - sq_of_sum, s->hits - 1);
}

/* @ns as microseconds, three decimals, left-aligned in @width columns. */
static void fprof_put_usecs(struct seq_file *m, u64 ns, int width)
{
	char buf[32];
	u32 rem;
	u64 us = div_u64_rem(ns, NSEC_PER_USEC, &rem);

	snprintf(buf, sizeof(buf), "%llu.%03u us", us, rem);
	/* At least one blank before the next column, however long. */
	seq_printf(m, "%-*s ", width - 1, buf);
}

static void fprof_show_times(struct seq_file *m, const struct fprof_stat *s)
{
	u64 var = fprof_variance(s);
	u32 rem;

	seq_puts(m, "    ");
	fprof_put_usecs(m, s->time, 16);
	fprof_put_usecs(m, div64_ul(s->time, s->hits), 16);
	if (var == U64_MAX) {
		seq_puts(m, "overflow");
		return;
	}
	/* ns^2 to us^2, with three decimals. */
	var = div_u64_rem(var, 1000000, &rem);
	seq_printf(m, "%llu.%03u us^2", var, rem / 1000);
}
#else
static void fprof_show_times(struct seq_file *m, const struct fprof_stat *s)
{
}
#endif

static void fprof_show(struct seq_file *m, struct trace_stat_source *src,
		       const void *entry)
{
	const struct fprof_stat *s = entry;

	seq_printf(m, "  %-30ps  %10lu", (void *)s->ip, s->hits);
	fprof_show_times(m, s);
	seq_putc(m, '\n');
}

static void fprof_footer(struct seq_file *m, struct trace_stat_source *src)
{
	struct fprof_table *t = fprof_src_table(src);
	unsigned long full = READ_ONCE(t->full);
	unsigned long nested = READ_ONCE(t->nested);

	if (full || nested)
		seq_printf(m, "\n  Not counted: %lu calls (table full), %lu calls (in an NMI)\n",
			   full, nested);
}

static const struct trace_stat_source fprof_stat_template = {
	.entry_size	= sizeof(struct fprof_stat),
	.count		= fprof_count,
	.snapshot	= fprof_snapshot,
	.cmp		= fprof_cmp,
	.header		= fprof_header,
	.show		= fprof_show,
	.footer		= fprof_footer,
};

/* function_profile_enabled */

static ssize_t fprof_enabled_read(struct file *file, char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	char buf[3];

	snprintf(buf, sizeof(buf), "%d\n", READ_ONCE(fprof_on));
	return simple_read_from_buffer(ubuf, count, ppos, buf, 2);
}

static ssize_t fprof_enabled_write(struct file *file, const char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	bool on;
	int ret;

	ret = tracing_parse_bool(ubuf, count, &on);
	if (ret)
		return ret;
	mutex_lock(&fprof_mutex);
	if (on && !fprof_on)
		ret = fprof_start();
	else if (!on && fprof_on)
		fprof_stop();
	mutex_unlock(&fprof_mutex);
	if (ret)
		return ret;
	*ppos += count;
	return count;
}

static const struct file_operations fprof_enabled_fops = {
	.read		= fprof_enabled_read,
	.write		= fprof_enabled_write,
	.llseek		= default_llseek,
};

static int __init fprof_init(void)
{
	struct fprof_source *sources, *src;
	int cpu;

	sources = kcalloc(nr_cpu_ids, sizeof(*sources), GFP_KERNEL);
	if (!sources)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		src = &sources[cpu];
		src->stat = fprof_stat_template;
		src->cpu = cpu;
		snprintf(src->name, sizeof(src->name), "function%d", cpu);
		src->stat.name = src->name;
		trace_stat_register(&src->stat);
	}
	if (!tracefs_create_file("function_profile_enabled", TRACE_MODE_WRITE,
				 NULL, NULL, &fprof_enabled_fops))
		pr_warn("could not create tracefs file 'function_profile_enabled'\n");
	return 0;
}
fs_initcall(fprof_init);
