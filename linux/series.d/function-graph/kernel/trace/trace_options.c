// SPDX-License-Identifier: GPL-2.0
/*
 * trace_options and the options/ directory: named on/off switches of an
 * instance, and trace_options= on the command line for the top level.
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/err.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <asm/setup.h>

#include "trace.h"
#include "fgraph_internal.h"

/**
 * struct option_def - an option's file name and reach
 * @name:	its name in trace_options and options/
 * @top_only:	only the top level has it (trace_printk() writes there)
 * @tracer:	the tracer it belongs to: trace_options lists and sets it
 *		only while that tracer is current (options/ always has it)
 */
struct option_def {
	const char	*name;
	bool		top_only;
	const char	*tracer;
};

#define GRAPH	"function_graph"

static const struct option_def option_defs[TRACE_OPT_MAX] = {
	[TRACE_OPT_PRINT_PARENT] = { "print-parent" },
	[TRACE_OPT_SYM_OFFSET] = { "sym-offset" },
	[TRACE_OPT_SYM_ADDR] = { "sym-addr" },
	[TRACE_OPT_VERBOSE] = { "verbose" },
	[TRACE_OPT_RAW] = { "raw" },
	[TRACE_OPT_HEX] = { "hex" },
	[TRACE_OPT_BIN] = { "bin" },
	[TRACE_OPT_BLOCK] = { "block" },
	[TRACE_OPT_FIELDS] = { "fields" },
	[TRACE_OPT_TRACE_PRINTK] = { "trace_printk", true },
	[TRACE_OPT_ANNOTATE] = { "annotate" },
	[TRACE_OPT_USERSTACKTRACE] = { "userstacktrace" },
	[TRACE_OPT_SYM_USEROBJ] = { "sym-userobj" },
	[TRACE_OPT_PRINTK_MSG_ONLY] = { "printk-msg-only", true },
	[TRACE_OPT_CONTEXT_INFO] = { "context-info" },
	[TRACE_OPT_LATENCY_FMT] = { "latency-format" },
	[TRACE_OPT_RECORD_CMD] = { "record-cmd" },
	[TRACE_OPT_RECORD_TGID] = { "record-tgid" },
	[TRACE_OPT_OVERWRITE] = { "overwrite" },
	[TRACE_OPT_DISABLE_ON_FREE] = { "disable_on_free" },
	[TRACE_OPT_IRQ_INFO] = { "irq-info" },
	[TRACE_OPT_MARKERS] = { "markers" },
	[TRACE_OPT_EVENT_FORK] = { "event-fork" },
	[TRACE_OPT_TRACE_PRINTK_DEST] = { "trace_printk_dest" },
	[TRACE_OPT_PAUSE_ON_TRACE] = { "pause-on-trace" },
	[TRACE_OPT_HASH_PTR] = { "hash-ptr" },
	[TRACE_OPT_FUNCTION_TRACE] = { "function-trace" },
	[TRACE_OPT_FUNCTION_FORK] = { "function-fork" },
	[TRACE_OPT_DISPLAY_GRAPH] = { "display-graph" },
	[TRACE_OPT_STACKTRACE] = { "stacktrace" },
	[TRACE_OPT_FUNC_STACK_TRACE] = { "func_stack_trace", .tracer = "function" },
	[TRACE_OPT_FUNC_NO_REPEATS] = { "func-no-repeats", .tracer = "function" },
	[TRACE_OPT_TEST_NOP_ACCEPT] = { "test_nop_accept", .tracer = "nop" },
	[TRACE_OPT_TEST_NOP_REFUSE] = { "test_nop_refuse", .tracer = "nop" },
	[TRACE_OPT_GRAPH_OVERRUN] = { "funcgraph-overrun", .tracer = GRAPH },
	[TRACE_OPT_GRAPH_CPU] = { "funcgraph-cpu", .tracer = GRAPH },
	[TRACE_OPT_GRAPH_OVERHEAD] = { "funcgraph-overhead", .tracer = GRAPH },
	[TRACE_OPT_GRAPH_PROC] = { "funcgraph-proc", .tracer = GRAPH },
	[TRACE_OPT_GRAPH_DURATION] = { "funcgraph-duration", .tracer = GRAPH },
	[TRACE_OPT_GRAPH_ABSTIME] = { "funcgraph-abstime", .tracer = GRAPH },
	[TRACE_OPT_GRAPH_IRQS] = { "funcgraph-irqs", .tracer = GRAPH },
	[TRACE_OPT_GRAPH_TAIL] = { "funcgraph-tail", .tracer = GRAPH },
	[TRACE_OPT_GRAPH_RETVAL] = { "funcgraph-retval", .tracer = GRAPH },
	[TRACE_OPT_GRAPH_RETVAL_HEX] = { "funcgraph-retval-hex", .tracer = GRAPH },
	[TRACE_OPT_SLEEP_TIME] = { "sleep-time", .tracer = GRAPH },
	[TRACE_OPT_GRAPH_TIME] = { "graph-time", .tracer = GRAPH },
};

/* trace_flags holds every option as one bit. */
static_assert(TRACE_OPT_MAX <= BITS_PER_LONG);

static DEFINE_MUTEX(options_mutex);

/* Whether @opt's tracer, if it has one, is @tr's current one. */
static bool option_listed(struct trace_array *tr, int opt)
{
	const char *owner = option_defs[opt].tracer;
	bool ret;

	if (!owner)
		return true;
	mutex_lock(&tracer_mutex);
	ret = tr->current_trace && !strcmp(tr->current_trace->name, owner);
	mutex_unlock(&tracer_mutex);
	return ret;
}

static bool option_built(struct trace_array *tr, int opt)
{
	if (option_defs[opt].top_only && tr != &global_trace)
		return false;
	switch (opt) {
	case TRACE_OPT_FUNCTION_TRACE:
	case TRACE_OPT_FUNCTION_FORK:
	case TRACE_OPT_FUNC_STACK_TRACE:
	case TRACE_OPT_FUNC_NO_REPEATS:
		return IS_ENABLED(CONFIG_FUNCTION_TRACER);
	case TRACE_OPT_DISPLAY_GRAPH:
	case TRACE_OPT_GRAPH_OVERRUN ... TRACE_OPT_GRAPH_RETVAL - 1:
	case TRACE_OPT_SLEEP_TIME:
		return IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER);
	case TRACE_OPT_GRAPH_RETVAL:
	case TRACE_OPT_GRAPH_RETVAL_HEX:
		return IS_ENABLED(CONFIG_FUNCTION_GRAPH_RETVAL);
	case TRACE_OPT_GRAPH_TIME:
		return IS_ENABLED(CONFIG_FUNCTION_PROFILER);
	case TRACE_OPT_USERSTACKTRACE:
	case TRACE_OPT_SYM_USEROBJ:
		return IS_ENABLED(CONFIG_USER_STACKTRACE_SUPPORT);
	}
	return true;
}

struct trace_array *trace_printk_dest = &global_trace;

/*
 * trace_printk_dest: one instance has it; taking it clears the others',
 * the top level cannot let it go (but can take it back).
 */
static int set_printk_dest(struct trace_array *tr, bool on)
{
	struct trace_array *old = trace_printk_dest;

	lockdep_assert_held(&options_mutex);
	if (!on) {
		if (tr == &global_trace)
			return -EINVAL;
		on = true;
		tr = &global_trace;
	}
	if (old == tr)
		return 0;
	WRITE_ONCE(old->trace_flags,
		   old->trace_flags & ~BIT(TRACE_OPT_TRACE_PRINTK_DEST));
	WRITE_ONCE(tr->trace_flags,
		   tr->trace_flags | BIT(TRACE_OPT_TRACE_PRINTK_DEST));
	WRITE_ONCE(trace_printk_dest, tr);
	return 0;
}

/**
 * trace_printk_dest_release - an instance going gives trace_printk back
 * @tr: the instance
 *
 * Waits until no trace_printk() can still be writing into it.
 */
void trace_printk_dest_release(struct trace_array *tr)
{
	mutex_lock(&options_mutex);
	if (trace_printk_dest == tr) {
		set_printk_dest(&global_trace, true);
		synchronize_rcu();
	}
	mutex_unlock(&options_mutex);
}

static int set_option(struct trace_array *tr, int opt, bool on)
{
	int ret = 0;

	mutex_lock(&options_mutex);
	if (opt == TRACE_OPT_TRACE_PRINTK_DEST) {
		ret = set_printk_dest(tr, on);
		goto out;
	}
	if (on == trace_opt(tr, opt))
		goto out;
	/* The nop tracer's test pair: one takes any value, one none. */
	if (opt == TRACE_OPT_TEST_NOP_REFUSE) {
		pr_info("test_nop_refuse: refused, as it always is\n");
		ret = -EINVAL;
		goto out;
	}
	if (opt == TRACE_OPT_TEST_NOP_ACCEPT)
		pr_info("test_nop_accept: set to %d\n", on);
	/* The map comes first: without memory the option stays off. */
	if (opt == TRACE_OPT_RECORD_TGID && on && trace_tgids_alloc()) {
		ret = -ENOMEM;
		goto out;
	}
	if (opt == TRACE_OPT_FUNC_NO_REPEATS && on) {
		ret = trace_func_repeats_alloc(tr);
		if (ret)
			goto out;
	}
	WRITE_ONCE(tr->trace_flags, tr->trace_flags ^ BIT(opt));
	switch (opt) {
	case TRACE_OPT_OVERWRITE:
		tr->overwrite = on;
		if (tr->buffer)
			ring_buffer_change_overwrite(tr->buffer, on);
		break;
#ifdef CONFIG_FUNCTION_TRACER
	case TRACE_OPT_FUNCTION_FORK:
		trace_pid_fork_update(tr);
		break;
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/* The graph core's: one value for every instance. */
	case TRACE_OPT_SLEEP_TIME:
		WRITE_ONCE(fgraph_sleep_time, on);
		break;
	case TRACE_OPT_GRAPH_TIME:
		WRITE_ONCE(fgraph_graph_time, on);
		break;
#endif
	}
out:
	mutex_unlock(&options_mutex);
	return ret;
}

/**
 * trace_set_option - set an option from its trace_options spelling
 * @tr: the instance
 * @name: "name" to set it, "noname" to clear it
 *
 * Return: 0, or -EINVAL for an unknown option.
 */
int trace_set_option(struct trace_array *tr, const char *name)
{
	bool on = strncmp(name, "no", 2) != 0;
	int opt;

	if (!on)
		name += 2;
	for (opt = 0; opt < TRACE_OPT_MAX; opt++) {
		if (option_defs[opt].name && option_built(tr, opt) &&
		    !strcmp(name, option_defs[opt].name)) {
			if (!option_listed(tr, opt))
				return -EINVAL;
			return set_option(tr, opt, on);
		}
	}
	return -EINVAL;
}

static int trace_options_show(struct seq_file *m, void *v)
{
	struct trace_cpu_file *f = m->private;
	int opt;

	for (opt = 0; opt < TRACE_OPT_MAX; opt++) {
		if (!option_defs[opt].name || !option_built(f->tr, opt) ||
		    !option_listed(f->tr, opt))
			continue;
		seq_printf(m, "%s%s\n", trace_opt(f->tr, opt) ? "" : "no",
			   option_defs[opt].name);
	}
	return 0;
}

static int trace_options_open(struct inode *inode, struct file *file)
{
	return trace_open_single(inode, file, trace_options_show);
}

static ssize_t trace_options_write(struct file *file, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	struct trace_cpu_file *f = m->private;
	char buf[64], *word;
	int ret;

	word = tracing_user_word(ubuf, cnt, buf, sizeof(buf));
	if (IS_ERR(word))
		return PTR_ERR(word);
	ret = trace_set_option(f->tr, word);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_options_fops = {
	.open		= trace_options_open,
	.read		= seq_read,
	.write		= trace_options_write,
	.llseek		= seq_lseek,
	.release	= trace_release_single,
};

static ssize_t option_read(struct file *file, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	struct option_file *of = file->private_data;
	char buf[4];

	snprintf(buf, sizeof(buf), "%d\n", trace_opt(of->tr, of->opt));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, 2);
}

static ssize_t option_write(struct file *file, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct option_file *of = file->private_data;
	bool on;
	int ret;

	ret = tracing_parse_bool(ubuf, cnt, &on);
	if (ret)
		return ret;
	ret = set_option(of->tr, of->opt, on);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static int option_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = trace_array_get_inode(inode);

	if (IS_ERR(tr))
		return PTR_ERR(tr);
	file->private_data = inode->i_private;
	return 0;
}

static int option_release(struct inode *inode, struct file *file)
{
	struct option_file *of = inode->i_private;

	trace_array_put(of->tr);
	return 0;
}

static const struct file_operations option_fops = {
	.open		= option_open,
	.release	= option_release,
	.read		= option_read,
	.write		= option_write,
	.llseek		= default_llseek,
};

/**
 * trace_options_init - create trace_options and options/ of an instance
 * @tr: the instance
 * @dir: its directory (NULL for the tracefs root)
 *
 * The options/ files live as long as the instance: their i_private is
 * part of an array freed with the instance's other files.
 */
void trace_options_init(struct trace_array *tr, struct dentry *dir)
{
	struct option_file *files;
	struct dentry *options;
	int opt;

	tracefs_create_file("trace_options", TRACE_MODE_WRITE, dir,
			    tr->files_all, &trace_options_fops);
	options = tracefs_create_dir("options", dir);
	files = kcalloc(TRACE_OPT_MAX, sizeof(*files), GFP_KERNEL);
	if (!options || !files) {
		kfree(files);
		return;
	}
	tr->option_files = files;
	for (opt = 0; opt < TRACE_OPT_MAX; opt++) {
		if (!option_defs[opt].name || !option_built(tr, opt))
			continue;
		files[opt].tr = tr;
		files[opt].opt = opt;
		tracefs_create_file(option_defs[opt].name, TRACE_MODE_WRITE,
				    options, &files[opt], &option_fops);
	}
}

static char boot_options[COMMAND_LINE_SIZE] __initdata;

static int __init set_boot_options(char *str)
{
	strscpy(boot_options, str, sizeof(boot_options));
	return 1;
}
__setup("trace_options=", set_boot_options);

/* Tracer options of trace_options=, kept until the boot tracer starts. */
static unsigned long boot_tracer_set, boot_tracer_clear;

/* A name of trace_options= that belongs to a tracer: kept for later. */
static bool __init boot_option_defer(const char *name)
{
	bool on = strncmp(name, "no", 2) != 0;
	int opt;

	if (!on)
		name += 2;
	for (opt = 0; opt < TRACE_OPT_MAX; opt++) {
		if (!option_defs[opt].tracer ||
		    strcmp(name, option_defs[opt].name))
			continue;
		if (on)
			boot_tracer_set |= BIT(opt);
		else
			boot_tracer_clear |= BIT(opt);
		return true;
	}
	return false;
}

/**
 * trace_boot_options_apply - apply trace_options= to the top level
 * @tr: the top-level instance
 *
 * Options of a tracer wait for ftrace= to start it, when
 * trace_boot_tracer_options() applies them.
 */
void __init trace_boot_options_apply(struct trace_array *tr)
{
	char *s = boot_options, *tok;

	while ((tok = strsep(&s, ","))) {
		tok = strim(tok);
		if (!*tok || boot_option_defer(tok))
			continue;
		if (trace_set_option(tr, tok))
			pr_warn("trace_options=: unknown option '%s'\n", tok);
	}
}

/**
 * trace_boot_tracer_options - the boot tracer started: its options now
 * @tr: the top-level instance, whose tracer ftrace= just set
 *
 * Applies the options of trace_options= that belong to that tracer;
 * those of other tracers are dropped.
 */
void trace_boot_tracer_options(struct trace_array *tr)
{
	unsigned long set = boot_tracer_set, clear = boot_tracer_clear;
	int opt;

	boot_tracer_set = 0;
	boot_tracer_clear = 0;
	for (opt = 0; opt < TRACE_OPT_MAX; opt++) {
		if (!((set | clear) & BIT(opt)) || !option_listed(tr, opt))
			continue;
		if (set_option(tr, opt, set & BIT(opt)))
			pr_warn("trace_options=: cannot set '%s'\n",
				option_defs[opt].name);
	}
}
