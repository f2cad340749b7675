// SPDX-License-Identifier: GPL-2.0
/*
 * Writing trace entries: the top-level buffer and its clock, the common
 * entry header, and trace_printk()/trace_puts().
 */
#define pr_fmt(fmt) "tracing: " fmt

#include <linux/init.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/ftrace.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/trace_clock.h>
#include <linux/workqueue.h>
#include <asm/sections.h>

#include "trace.h"
#include "trace_entries.h"

/* Bytes of data per CPU, from trace_buf_size= (upstream's default). */
static unsigned long trace_buf_size = 1441792UL;

static int __init set_buf_size(char *str)
{
	unsigned long size;

	if (!str)
		return 0;
	size = memparse(str, &str);
	if (!size)
		return 0;
	trace_buf_size = size;
	/* A size asked for at boot is allocated at boot. */
	global_trace.buffer_expanded = true;
	return 1;
}
__setup("trace_buf_size=", set_buf_size);

/**
 * tracing_buf_size - the size buffers expand to
 *
 * Return: bytes per CPU, from trace_buf_size= or the default.
 */
unsigned long tracing_buf_size(void)
{
	return trace_buf_size;
}

/**
 * tracing_update_buffers - give the top level its full buffers on first use
 * @tr: the instance about to be used
 *
 * The top level boots with the smallest buffers (two sub-buffers a CPU)
 * and grows them to trace_buf_size= when tracing is first used: a tracer
 * chosen, a marker written, a trace_printk() run.  Instances are made at
 * full size.  Process context; takes the buffer mutex.
 *
 * Return: 0, or -ENOMEM (the buffers stay small and it is tried again
 * next time).
 */
int tracing_update_buffers(struct trace_array *tr)
{
	int ret = 0;

	if (READ_ONCE(tr->buffer_expanded) || !tr->buffer)
		return 0;
	mutex_lock(&tr->buffer_mutex);
	if (!tr->buffer_expanded) {
		ret = ring_buffer_resize(tr->buffer, trace_buf_size,
					 RING_BUFFER_ALL_CPUS);
		if (!ret)
			WRITE_ONCE(tr->buffer_expanded, true);
	}
	mutex_unlock(&tr->buffer_mutex);
	return ret;
}

/* trace_printk() may run in any context: it expands the buffers later. */
static void expand_work_fn(struct work_struct *work)
{
	tracing_update_buffers(&global_trace);
}
static DECLARE_WORK(expand_work, expand_work_fn);

static void expand_irq_work_fn(struct irq_work *work)
{
	schedule_work(&expand_work);
}
static DEFINE_IRQ_WORK(expand_irq_work, expand_irq_work_fn);

static void expand_soon(void)
{
	if (unlikely(!READ_ONCE(global_trace.buffer_expanded)))
		irq_work_queue(&expand_irq_work);
}

const struct trace_clock_def trace_clocks[] = {
	{ trace_clock_local,		"local",	true },
	{ trace_clock_global,		"global",	true },
	{ trace_clock_counter,		"counter",	false },
	{ trace_clock_jiffies,		"uptime",	false },
	{ trace_clock,			"perf",		true },
	{ ktime_get_mono_fast_ns,	"mono",		true },
	{ ktime_get_raw_fast_ns,	"mono_raw",	true },
	{ ktime_get_boot_fast_ns,	"boot",		true },
	{ ktime_get_tai_fast_ns,	"tai",		true },
#ifdef CONFIG_X86_TSC
	{ trace_clock_x86_tsc,		"x86-tsc",	false },
#endif
};
const int nr_trace_clocks = ARRAY_SIZE(trace_clocks);

/**
 * tracing_set_clock - choose an instance's timestamp clock by name
 * @tr: the instance
 * @name: a name from trace_clocks[]
 *
 * Timestamps of different clocks do not mix, so the buffer is emptied.
 *
 * Return: 0 or -EINVAL for an unknown name.
 */
int tracing_set_clock(struct trace_array *tr, const char *name)
{
	int i;

	for (i = 0; i < nr_trace_clocks; i++) {
		if (!strcmp(trace_clocks[i].name, name))
			break;
	}
	if (i == nr_trace_clocks)
		return -EINVAL;
	mutex_lock(&tr->buffer_mutex);
	tr->clock_id = i;
	ring_buffer_set_clock(tr->buffer, trace_clocks[i].func);
	trace_buffer_empty_all(tr);
	mutex_unlock(&tr->buffer_mutex);
	return 0;
}

/**
 * tracing_alloc_buffer - give an instance its ring buffer
 * @tr: the instance
 *
 * Return: 0 or -ENOMEM.
 */
int tracing_alloc_buffer(struct trace_array *tr)
{
	mutex_init(&tr->buffer_mutex);
	init_rwsem(&tr->pipe_sem);
	if (!zalloc_cpumask_var(&tr->cpumask, GFP_KERNEL))
		return -ENOMEM;
	if (!zalloc_cpumask_var(&tr->pipe_mask, GFP_KERNEL)) {
		free_cpumask_var(tr->cpumask);
		return -ENOMEM;
	}
	cpumask_copy(tr->cpumask, cpu_possible_mask);
	tr->trace_flags = TRACE_FLAGS_DEFAULT;
	/* trace_printk() writes into the top level until one takes it. */
	if (tr == &global_trace)
		tr->trace_flags |= BIT(TRACE_OPT_TRACE_PRINTK_DEST);
	tr->buffer_percent = 50;
	INIT_LIST_HEAD(&tr->probes);
	INIT_LIST_HEAD(&tr->err_log);
	/* Only the top level waits for its first use to grow. */
	if (tr != &global_trace)
		tr->buffer_expanded = true;
	tr->buffer = ring_buffer_alloc(tr->buffer_expanded ? trace_buf_size : 1,
				       RB_FL_OVERWRITE);
	if (!tr->buffer) {
		free_cpumask_var(tr->pipe_mask);
		free_cpumask_var(tr->cpumask);
		return -ENOMEM;
	}
	ring_buffer_set_clock(tr->buffer, trace_clocks[tr->clock_id].func);
	if (trace_functions_instance_init(tr, NULL) ||
	    trace_graph_instance_init(tr)) {
		trace_functions_instance_free(tr);
		ring_buffer_free(tr->buffer);
		tr->buffer = NULL;
		free_cpumask_var(tr->pipe_mask);
		free_cpumask_var(tr->cpumask);
		return -ENOMEM;
	}
	return 0;
}

/**
 * tracing_gen_ctx_irq_test - the context word of an entry written now
 * @irqs_status: TRACE_FLAG_IRQS_OFF or TRACE_FLAG_IRQS_NOSUPPORT, if so
 *
 * Return: the TRACE_FLAG_* bits << 16, the migrate-disable depth << 4
 * and the preemption depth, each depth capped at 15.
 */
unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_status)
{
	unsigned int flags = irqs_status;
	unsigned int pc = preempt_count();
	unsigned int migrate = 0;

	if (pc & NMI_MASK)
		flags |= TRACE_FLAG_NMI;
	if (pc & HARDIRQ_MASK)
		flags |= TRACE_FLAG_HARDIRQ;
	if (in_serving_softirq())
		flags |= TRACE_FLAG_SOFTIRQ;
	if (softirq_count() >> (SOFTIRQ_SHIFT + 1))
		flags |= TRACE_FLAG_BH_OFF;
	if (tif_need_resched())
		flags |= TRACE_FLAG_NEED_RESCHED;
	if (test_preempt_need_resched())
		flags |= TRACE_FLAG_PREEMPT_RESCHED;
#ifdef CONFIG_SMP
	migrate = current->migration_disabled;
#endif
	return flags << 16 | min(migrate, 15U) << 4 | min(pc & 0xff, 15U);
}

/*
 * Scratch space for formatting trace_printk() arguments, one per context
 * level so that an interrupt does not overwrite the text it interrupted.
 */
#define TRACE_PRINTK_MAX	1024
struct printk_scratch {
	char	buf[4][TRACE_PRINTK_MAX];
};
static DEFINE_PER_CPU(struct printk_scratch, printk_scratch);

/* The trace_printk option: trace_printk() and trace_puts() record. */
static bool trace_printk_on(void)
{
	return trace_opt(&global_trace, TRACE_OPT_TRACE_PRINTK);
}

static int write_text(unsigned long ip, const char *text, size_t len)
{
	struct ring_buffer_event *ev;
	struct trace_array *tr;
	struct print_entry *e;
	bool nl = !len || text[len - 1] != '\n';

	expand_soon();
	preempt_disable_notrace();
	tr = READ_ONCE(trace_printk_dest);
	ev = trace_reserve(tr, TRACE_ENTRY_PRINT, sizeof(*e) + len + nl + 1,
			   tracing_gen_ctx());
	if (ev) {
		e = trace_event_payload(ev);
		e->ip = ip;
		memcpy(e->buf, text, len);
		if (nl)
			e->buf[len++] = '\n';
		e->buf[len] = '\0';
		trace_commit(tr, ev);
	}
	preempt_enable_notrace();
	return ev ? len : 0;
}

/**
 * __trace_vprintk - record a formatted message as a print entry
 * @ip: the caller's address
 * @fmt: the format
 * @ap: the arguments
 *
 * Return: the number of bytes recorded.
 */
static int __trace_vprintk(unsigned long ip, const char *fmt, va_list ap)
{
	char *buf;
	int len;

	if (!trace_printk_on())
		return 0;

	preempt_disable_notrace();
	buf = this_cpu_ptr(&printk_scratch)->buf[interrupt_context_level()];
	len = vscnprintf(buf, TRACE_PRINTK_MAX, fmt, ap);
	len = write_text(ip, buf, len);
	preempt_enable_notrace();
	return len;
}

/**
 * __ftrace_vbprintk - record a trace_printk() with a constant format
 * @ip: the caller's address
 * @fmt: the format, in the __trace_printk_fmt section
 * @ap: the arguments
 *
 * The arguments are stored packed (vbin_printf()) and formatted when the
 * trace is read, which needs the format to outlive the entry: a format
 * outside the core kernel's read-only data (a module's) is formatted now.
 *
 * Return: the number of bytes recorded.
 */
int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list ap)
{
	struct ring_buffer_event *ev;
	struct trace_array *tr;
	struct bprint_entry *e;
	u32 *buf;
	int words, ret = 0;

	if (!trace_printk_on())
		return 0;

	if (!is_kernel_rodata((unsigned long)fmt))
		return __trace_vprintk(ip, fmt, ap);
	expand_soon();

	preempt_disable_notrace();
	buf = (u32 *)this_cpu_ptr(&printk_scratch)->buf[interrupt_context_level()];
	words = vbin_printf(buf, TRACE_PRINTK_MAX / sizeof(u32), fmt, ap);
	if (words > TRACE_PRINTK_MAX / sizeof(u32) || words < 0)
		goto out;
	tr = READ_ONCE(trace_printk_dest);
	ev = trace_reserve(tr, TRACE_ENTRY_BPRINT,
			   sizeof(*e) + words * sizeof(u32), tracing_gen_ctx());
	if (!ev)
		goto out;
	e = trace_event_payload(ev);
	e->ip = ip;
	e->fmt = fmt;
	memcpy(e->buf, buf, words * sizeof(u32));
	trace_commit(tr, ev);
	ret = words * sizeof(u32);
out:
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__ftrace_vbprintk);

/**
 * __ftrace_vprintk - va_list form of __trace_printk()
 * @ip: the caller's address
 * @fmt: the format
 * @ap: the arguments
 *
 * Return: the number of bytes recorded.
 */
int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list ap)
{
	return __trace_vprintk(ip, fmt, ap);
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

/**
 * __trace_bprintk - record a trace_printk() with a constant format
 * @ip: the caller's address
 * @fmt: the format, in the __trace_printk_fmt section
 *
 * Return: the number of bytes recorded.
 */
int __trace_bprintk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = __ftrace_vbprintk(ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_bprintk);

/**
 * __trace_printk - record a trace_printk() with a variable format
 * @ip: the caller's address
 * @fmt: the format
 *
 * Return: the number of bytes recorded.
 */
int __trace_printk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = __trace_vprintk(ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_printk);

/**
 * __trace_puts - record a string of known length
 * @ip: the caller's address
 * @str: the string
 * @size: its length
 *
 * Return: the number of bytes recorded.
 */
int __trace_puts(unsigned long ip, const char *str, int size)
{
	if (!trace_printk_on())
		return 0;
	return write_text(ip, str, size);
}
EXPORT_SYMBOL_GPL(__trace_puts);

/**
 * __trace_bputs - record a constant string by reference
 * @ip: the caller's address
 * @str: the string, in the __trace_printk_fmt section
 *
 * Return: the number of bytes recorded.
 */
int __trace_bputs(unsigned long ip, const char *str)
{
	struct ring_buffer_event *ev;
	struct trace_array *tr;
	struct bputs_entry *e;

	if (!trace_printk_on())
		return 0;
	/* Only a string that outlives the entry is kept by reference. */
	if (!is_kernel_rodata((unsigned long)str))
		return write_text(ip, str, strlen(str));
	expand_soon();

	preempt_disable_notrace();
	tr = READ_ONCE(trace_printk_dest);
	ev = trace_reserve(tr, TRACE_ENTRY_BPUTS, sizeof(*e),
			   tracing_gen_ctx());
	if (ev) {
		e = trace_event_payload(ev);
		e->ip = ip;
		e->str = str;
		trace_commit(tr, ev);
	}
	preempt_enable_notrace();
	return ev ? strlen(str) : 0;
}
EXPORT_SYMBOL_GPL(__trace_bputs);

/**
 * trace_dump_stack - record the current kernel stack
 * @skip: the number of innermost frames to leave out
 *
 * The trace shows it as a "<stack trace>" block.
 */
void trace_dump_stack(int skip)
{
	trace_record_stack(&global_trace, tracing_gen_ctx(), skip + 1);
}
EXPORT_SYMBOL_GPL(trace_dump_stack);

/* Room for one stack trace per context level and CPU. */
struct stack_scratch {
	unsigned long	calls[4][TRACE_STACK_MAX];
};
static DEFINE_PER_CPU(struct stack_scratch, stack_scratch);

/* Record @n frames of @calls as a stack entry. */
static void write_stack(struct trace_array *tr, unsigned int trace_ctx,
			unsigned long *calls, unsigned int n)
{
	struct ring_buffer_event *ev;
	struct stack_entry *e;

	ev = trace_reserve(tr, TRACE_ENTRY_STACK, struct_size(e, caller, n),
			   trace_ctx);
	if (ev) {
		e = trace_event_payload(ev);
		e->size = n;
		memcpy(e->caller, calls, n * sizeof(*calls));
		trace_commit(tr, ev);
	}
}

/**
 * trace_record_stack - record the current kernel stack as an entry
 * @tr: the instance
 * @trace_ctx: the context word of the entry it follows
 * @skip: innermost frames to leave out (the tracing code's own)
 */
void trace_record_stack(struct trace_array *tr, unsigned int trace_ctx,
			int skip)
{
	unsigned long *calls;
	unsigned int n;

	preempt_disable_notrace();
	calls = this_cpu_ptr(&stack_scratch)->calls[interrupt_context_level()];
	n = stack_trace_save(calls, TRACE_STACK_MAX, skip + 1);
	write_stack(tr, trace_ctx, calls, n);
	preempt_enable_notrace();
}

#ifdef CONFIG_USER_STACKTRACE_SUPPORT
/* Stops a fault in the user-stack walk from recording another one. */
static DEFINE_PER_CPU(int, user_stack_busy);

/**
 * trace_record_user_stack - record the current task's user-space stack
 * @tr: the instance
 * @trace_ctx: the context word of the entry it follows
 *
 * The userstacktrace option.  Nothing is recorded in NMI context or for
 * kernel threads; the walk does not fault pages in.
 */
void trace_record_user_stack(struct trace_array *tr, unsigned int trace_ctx)
{
	struct ring_buffer_event *ev;
	struct userstack_entry *e;

	if (in_nmi() || !current->mm || (current->flags & PF_KTHREAD))
		return;
	preempt_disable_notrace();
	if (__this_cpu_inc_return(user_stack_busy) != 1)
		goto out;
	ev = trace_reserve(tr, TRACE_ENTRY_USER_STACK, sizeof(*e), trace_ctx);
	if (ev) {
		e = trace_event_payload(ev);
		e->tgid = current->tgid;
		memset(e->caller, 0, sizeof(e->caller));
		stack_trace_save_user(e->caller, ARRAY_SIZE(e->caller));
		trace_commit(tr, ev);
	}
out:
	__this_cpu_dec(user_stack_busy);
	preempt_enable_notrace();
}
#endif

#ifdef CONFIG_FUNCTION_TRACER
/**
 * trace_record_func_stack - a function-tracing callback records the stack
 * @tr: the instance
 * @trace_ctx: the context word of the entry it follows
 * @ip: the traced function's call site, as the callback got it
 *
 * The stack starts at the traced function, above the tracing code and
 * whatever trampoline called the callback: at the return into the
 * function after its call site, or, if the unwinder did not report that
 * one, after the return into the arch's entry code.  Unwinders that
 * report every text address on the stack (the guess unwinder) see stale
 * ones in the entry code's frame; the first rule passes them by.
 */
void trace_record_func_stack(struct trace_array *tr, unsigned int trace_ctx,
			     unsigned long ip)
{
	unsigned long *calls, site_ret = ip + FTRACE_SITE_RETURN_OFFSET;
	unsigned int n, i, entry = 0;
	bool found = false;

	preempt_disable_notrace();
	calls = this_cpu_ptr(&stack_scratch)->calls[interrupt_context_level()];
	n = stack_trace_save(calls, TRACE_STACK_MAX, 1);
	for (i = 0; i < n && !found; i++) {
		if (calls[i] == site_ret) {
			entry = i;
			found = true;
		} else if (!entry && arch_ftrace_entry_text(calls[i])) {
			entry = i + 1;
		}
	}
	write_stack(tr, trace_ctx, calls + entry, n - entry);
	preempt_enable_notrace();
}
#endif
