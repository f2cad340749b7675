/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces of the tracing core, shared by the files of
 * kernel/trace only.  Other subsystems use include/linux/ftrace.h,
 * include/linux/kernel.h and include/linux/trace_events.h.
 */
#ifndef _KERNEL_TRACE_TRACE_H
#define _KERNEL_TRACE_TRACE_H

#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/cpumask.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/ring_buffer.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/trace_events.h>
#include <linux/types.h>

struct dentry;
struct eventfs_inode;
struct syscall_files;
struct file;
struct inode;
struct ring_buffer_event;
struct task_struct;
struct trace_entry;
struct seq_file;
struct trace_array;
struct ftrace_ops;
struct trace_graph;

/* Longest tracer name accepted by register_tracer() and current_tracer. */
#define TRACER_NAME_MAX		32

/**
 * struct tracer - a tracer plugin, registered with register_tracer()
 * @name:	the name listed in available_tracers and written to
 *		current_tracer; letters, digits and '_' only
 * @init:	called with the tracer mutex held when the tracer becomes the
 *		current one of @tr; a negative errno keeps the previous tracer
 *		(which the core has already reset to nop)
 * @reset:	called with the tracer mutex held when the tracer stops being
 *		the current one of @tr
 * @print_line:	formats the entry at @iter for trace and trace_pipe ahead
 *		of the generic path, which TRACE_TYPE_UNHANDLED leaves it to
 * @print_header: the column header of trace, after "# tracer:"
 * @open:	a reader of trace or trace_pipe opened while the tracer was
 *		current; its state goes in iter->private.  May sleep.
 * @close:	that reader goes
 * @flag_changed: an option of its instance is about to change while the
 *		tracer is current (options and tracer mutexes held); a
 *		negative errno refuses the change
 * @use_max_tr:	the tracer swaps its worst case into the max buffer: the
 *		core allocates the snapshot while it is current, and the
 *		snapshot file refuses writes (-EBUSY)
 * @print_max:	trace shows the max buffer (the worst case) rather than
 *		the live one; trace_pipe still reads the live one
 * @list:	link in the registry, owned by the core
 *
 * A tracer that is current on some trace array cannot be unregistered.
 * Readers keep the tracer they opened with: one with @open or @close
 * must not be unregistered at all.
 */
struct tracer {
	const char		*name;
	int			(*init)(struct trace_array *tr);
	void			(*reset)(struct trace_array *tr);
	enum print_line_t	(*print_line)(struct trace_iterator *iter);
	void			(*print_header)(struct seq_file *m,
						struct trace_array *tr);
	int			(*open)(struct trace_iterator *iter);
	void			(*close)(struct trace_iterator *iter);
	int			(*flag_changed)(struct trace_array *tr,
						int opt, bool on);
	bool			use_max_tr;
	bool			print_max;
	struct list_head	list;
};

/**
 * struct trace_max_data - the worst case a latency tracer kept
 * @latency:	its latency in ns (tracing_max_latency shows it in us)
 * @cpu:	the CPU it was measured on
 * @pid:	the task it is about (the woken one for the wakeup tracers)
 * @comm:	that task's name
 * @uid:	its uid
 * @nice:	its nice value
 * @policy:	its scheduling policy
 * @rt_priority: its real-time priority
 * @start:	where the section began (0: not a section)
 * @end:	where it ended
 * @ts:		the max buffer's time base: the buffer clock when the case
 *		began; entries older than it (earlier cases') are not shown
 *
 * Written under trace_array.max_lock with the swap that saves its trace.
 */
struct trace_max_data {
	unsigned long	latency;
	int		cpu;
	pid_t		pid;
	char		comm[TASK_COMM_LEN];
	uid_t		uid;
	long		nice;
	unsigned long	policy;
	unsigned long	rt_priority;
	unsigned long	start;
	unsigned long	end;
	u64		ts;
};

/**
 * struct trace_array - one tracing instance: a tracer, its buffer and
 * its switches
 * @current_trace:	the tracer in use; never NULL once tracing is up
 * @record_on:		the tracing_on switch of this instance
 * @dir:		the instance's tracefs directory (NULL for the
 *			top level, which is the tracefs root)
 * @buffer:		the ring buffer writers write; NULL until
 *			tracing_alloc_buffer().  Swapped with @max_buffer by
 *			a snapshot: a writer reads it once per entry.
 * @max_buffer:		the snapshot (max) buffer: as big as @buffer while
 *			@snapshot_allocated, else the smallest (CONFIG_TRACER_MAX_TRACE)
 * @max_lock:		serialises swaps of @buffer and @max_buffer; taken with
 *			interrupts off, never in NMI
 * @snapshot_allocated: @max_buffer has @buffer's size (tracer_mutex)
 * @snapshot_users:	snapshot triggers and commands that need the max
 *			buffer: it cannot be freed meanwhile (tracer_mutex)
 * @max:		the worst case kept in @max_buffer (max_lock)
 * @buffer_mutex:	serialises resizing, clock and sub-buffer changes
 * @clock_id:		index in trace_clocks[] of the buffer's clock
 * @overwrite:		the overwrite option: recycle the oldest data
 * @cpumask:		tracing_cpumask: the CPUs that record
 * @pipe_mask:		CPUs that have a consuming reader: one each at most
 * @walkers:		trace files open for reading (iterators)
 * @pipe_sem:		held shared by consuming readers while they read
 *			events, exclusive by a sub-buffer order change
 * @buffer_expanded:	the buffer has its full size: the top level boots
 *			with the smallest and grows on first use
 * @buffer_percent:	how full (in percent of a CPU's sub-buffers) the
 *			buffer must be before blocked trace_pipe_raw readers
 *			and splicers wake
 * @name:		the instance's name (NULL for the top level)
 * @list:		link in the list of instances
 * @ref:		open files of the instance (trace_array_get_inode())
 * @dead:		being removed: no new references
 * @files_all:		i_private of the instance's all-CPU files
 * @files_cpu:		i_private of its per_cpu/cpuN files, by CPU
 * @trace_flags:	the options of trace_options (TRACE_OPT_* bits)
 * @time_start:	the buffer's clock when it was last emptied: the
 *			latency format's times count from there
 * @func_ops:		the function tracer's ftrace_ops for this instance;
 *			its hashes are set_ftrace_filter and set_ftrace_notrace
 * @graph:		the function_graph tracer's state for this instance
 * @func_repeats:	the func-no-repeats option's last call per CPU and
 *			context level; allocated when the option is first set
 * @pids:		set_ftrace_pid and set_ftrace_notrace_pid: pid
 *			bitmaps, NULL when empty (RCU)
 * @probes:		function commands of set_ftrace_filter
 * @err_log:		error_log entries, oldest first
 * @err_count:		entries in @err_log
 * @option_files:	i_private of the options/ files
 * @fork_ops:		an instance's ops that follows forks for function-fork
 *			(ftrace_pid.c); the top level's is static
 * @events:		its trace_event_files, one per event (event_mutex)
 * @marker_file:	its ftrace/print event file, whose triggers its
 *			trace_marker writes run; set while the file exists
 * @event_systems:	its trace_subsystem_dirs (event_mutex)
 * @event_dir:		its events/ directory (eventfs)
 * @event_instance:	link in the event layer's list of instances
 * @event_pids:		set_event_pid and set_event_notrace_pid (RCU)
 * @event_ignore:	per CPU: the pid lists filter out the running task
 * @event_pid_probes:	the scheduler probes behind @event_ignore are on
 * @syscall_files:	the syscall events it has on, by number (RCU)
 */
struct trace_array {
	struct tracer		*current_trace;
	bool			record_on;
	struct dentry		*dir;
	struct trace_buffer	*buffer;
#ifdef CONFIG_TRACER_MAX_TRACE
	struct trace_buffer	*max_buffer;
	arch_spinlock_t		max_lock;
	bool			snapshot_allocated;
	int			snapshot_users;
	struct trace_max_data	max;
#endif
	struct mutex		buffer_mutex;
	int			clock_id;
	bool			overwrite;
	cpumask_var_t		cpumask;
	cpumask_var_t		pipe_mask;
	atomic_t		walkers;
	struct rw_semaphore	pipe_sem;
	bool			buffer_expanded;
	unsigned int		buffer_percent;
	char			*name;
	struct list_head	list;
	int			ref;
	bool			dead;
	struct trace_cpu_file	*files_all;
	struct trace_cpu_file	*files_cpu;
	unsigned long		trace_flags;
	u64			time_start;
	struct ftrace_ops	*func_ops;
	struct trace_graph	*graph;
	struct func_repeats __percpu *func_repeats;
	unsigned long __rcu	*pids[2];
	struct list_head	probes;
	struct list_head	err_log;
	unsigned int		err_count;
	struct option_file	*option_files;
	struct ftrace_ops	*fork_ops;
	struct list_head	events;
	struct trace_event_file	*marker_file;
	struct list_head	event_systems;
	struct eventfs_inode	*event_dir;
	struct list_head	event_instance;
	unsigned long __rcu	*event_pids[2];
	bool __percpu		*event_ignore;
	bool			event_pid_probes;
	struct syscall_files __rcu *syscall_files;
};

/**
 * struct option_file - what an options/<name> file switches
 * @tr:		the instance
 * @opt:	the TRACE_OPT_* bit
 */
struct option_file {
	struct trace_array	*tr;
	int			opt;
};

/* Permissions of tracefs files. */
#define TRACE_MODE_WRITE	0640
#define TRACE_MODE_READ		0440

/*
 * The options of trace_options and options/, bits of
 * trace_array.trace_flags, in the order trace_options lists them
 * (trace_options.c names them).
 */
enum {
	TRACE_OPT_PRINT_PARENT,
	TRACE_OPT_SYM_OFFSET,
	TRACE_OPT_SYM_ADDR,
	TRACE_OPT_VERBOSE,
	TRACE_OPT_RAW,
	TRACE_OPT_HEX,
	TRACE_OPT_BIN,
	TRACE_OPT_BLOCK,
	TRACE_OPT_FIELDS,
	TRACE_OPT_TRACE_PRINTK,
	TRACE_OPT_ANNOTATE,
	TRACE_OPT_USERSTACKTRACE,
	TRACE_OPT_SYM_USEROBJ,
	TRACE_OPT_PRINTK_MSG_ONLY,
	TRACE_OPT_CONTEXT_INFO,
	TRACE_OPT_LATENCY_FMT,
	TRACE_OPT_RECORD_CMD,
	TRACE_OPT_RECORD_TGID,
	TRACE_OPT_OVERWRITE,
	TRACE_OPT_DISABLE_ON_FREE,
	TRACE_OPT_IRQ_INFO,
	TRACE_OPT_MARKERS,
	TRACE_OPT_EVENT_FORK,
	TRACE_OPT_TRACE_PRINTK_DEST,
	TRACE_OPT_PAUSE_ON_TRACE,
	TRACE_OPT_HASH_PTR,
	TRACE_OPT_FUNCTION_TRACE,
	TRACE_OPT_FUNCTION_FORK,
	TRACE_OPT_DISPLAY_GRAPH,
	TRACE_OPT_STACKTRACE,
	/* The function tracer's own, listed only while it is current. */
	TRACE_OPT_FUNC_STACK_TRACE,
	TRACE_OPT_FUNC_NO_REPEATS,
	/* The nop tracer's, to try the tracer-option paths. */
	TRACE_OPT_TEST_NOP_ACCEPT,
	TRACE_OPT_TEST_NOP_REFUSE,
	/* The function_graph tracer's. */
	TRACE_OPT_GRAPH_OVERRUN,
	TRACE_OPT_GRAPH_CPU,
	TRACE_OPT_GRAPH_OVERHEAD,
	TRACE_OPT_GRAPH_PROC,
	TRACE_OPT_GRAPH_DURATION,
	TRACE_OPT_GRAPH_ABSTIME,
	TRACE_OPT_GRAPH_IRQS,
	TRACE_OPT_GRAPH_TAIL,
	TRACE_OPT_GRAPH_RETVAL,
	TRACE_OPT_GRAPH_RETVAL_HEX,
	TRACE_OPT_SLEEP_TIME,
	TRACE_OPT_GRAPH_TIME,
	TRACE_OPT_MAX
};

#define TRACE_FLAGS_DEFAULT	(BIT(TRACE_OPT_PRINT_PARENT) | \
				 BIT(TRACE_OPT_TRACE_PRINTK) | \
				 BIT(TRACE_OPT_ANNOTATE) | \
				 BIT(TRACE_OPT_CONTEXT_INFO) | \
				 BIT(TRACE_OPT_RECORD_CMD) | \
				 BIT(TRACE_OPT_OVERWRITE) | \
				 BIT(TRACE_OPT_IRQ_INFO) | \
				 BIT(TRACE_OPT_MARKERS) | \
				 BIT(TRACE_OPT_HASH_PTR) | \
				 BIT(TRACE_OPT_FUNCTION_TRACE) | \
				 BIT(TRACE_OPT_GRAPH_CPU) | \
				 BIT(TRACE_OPT_GRAPH_OVERHEAD) | \
				 BIT(TRACE_OPT_GRAPH_DURATION) | \
				 BIT(TRACE_OPT_GRAPH_IRQS) | \
				 BIT(TRACE_OPT_SLEEP_TIME) | \
				 BIT(TRACE_OPT_GRAPH_TIME))

static inline bool trace_opt(struct trace_array *tr, int opt)
{
	return READ_ONCE(tr->trace_flags) & BIT(opt);
}

/*
 * The instance trace_printk() and trace_puts() write into (the
 * trace_printk_dest option): the top level unless an instance took it.
 * Writers read it with preemption disabled; an instance that goes gives
 * it back and waits for them.
 */
extern struct trace_array *trace_printk_dest;

/* trace_options and options/ (trace_options.c) */
void trace_printk_dest_release(struct trace_array *tr);
void trace_options_init(struct trace_array *tr, struct dentry *dir);
int trace_set_option(struct trace_array *tr, const char *name);
bool trace_option_force(struct trace_array *tr, int opt, bool on);
void trace_boot_options_apply(struct trace_array *tr);
void trace_boot_tracer_options(struct trace_array *tr);

/* error_log (trace_error_log.c) */
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char *msg, unsigned int pos);
void trace_error_log_init(struct trace_array *tr, struct dentry *dir);
void trace_error_log_free(struct trace_array *tr);

/* Whether set_ftrace_pid or set_ftrace_notrace_pid lists any pid. */
static inline bool trace_pids_set(struct trace_array *tr)
{
	return rcu_access_pointer(tr->pids[0]) ||
	       rcu_access_pointer(tr->pids[1]);
}

/**
 * struct trace_pid_set - a pair of pid lists of every instance
 * @lock:	serialises their changes
 * @lists:	where an instance's two lists are: trace, notrace (RCU)
 * @changed:	called with @lock held after one of an instance's lists
 *		changed, before the old list is freed
 */
struct trace_pid_set {
	struct mutex		*lock;
	unsigned long __rcu	**(*lists)(struct trace_array *tr);
	void			(*changed)(struct trace_array *tr);
};

/**
 * struct trace_pid_file - one file of a pair (trace_pid_lists.c)
 * @name:	its name
 * @set:	the lists
 * @which:	0 for the trace list, 1 for the notrace list
 */
struct trace_pid_file {
	const char			*name;
	const struct trace_pid_set	*set;
	int				which;
};

void trace_pid_set_list(const struct trace_pid_set *set,
			struct trace_array *tr, int which, unsigned long *bits);
void trace_pid_files_create(const struct trace_pid_file files[2],
			    struct trace_array *tr, struct dentry *dir);

/* The function tracer (trace_functions.c) */
#ifdef CONFIG_FUNCTION_TRACER
/*
 * Where the call at a function-tracing site returns in the traced
 * function: just past the site, unless the arch's call is not the
 * site's first instruction (it then says how far it returns).
 */
#ifndef FTRACE_SITE_RETURN_OFFSET
#define FTRACE_SITE_RETURN_OFFSET	MCOUNT_INSN_SIZE
#endif
int trace_functions_instance_init(struct trace_array *tr, struct dentry *dir);
void trace_functions_instance_free(struct trace_array *tr);
bool trace_function_record(struct trace_array *tr, unsigned long ip,
			   unsigned long parent_ip, unsigned int ctx);
void trace_functions_register(void);
bool trace_pid_allowed(struct trace_array *tr);
void trace_pid_files_init(struct trace_array *tr, struct dentry *dir);
void trace_pids_free(struct trace_array *tr);
void trace_pid_fork_update(struct trace_array *tr);
int trace_func_repeats_alloc(struct trace_array *tr);
#else
static inline int trace_functions_instance_init(struct trace_array *tr,
						struct dentry *dir)
{
	return 0;
}
static inline void trace_functions_instance_free(struct trace_array *tr) { }
static inline void trace_functions_register(void) { }
static inline int trace_func_repeats_alloc(struct trace_array *tr)
{
	return 0;
}
#endif

/* The function_graph tracer (trace_functions_graph.c, trace_graph_output.c) */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
int trace_graph_instance_init(struct trace_array *tr);
void trace_graph_instance_free(struct trace_array *tr);
void trace_graph_files_init(struct trace_array *tr, struct dentry *dir);
enum print_line_t trace_graph_print_line(struct trace_iterator *iter);
void trace_graph_print_header(struct seq_file *m, struct trace_array *tr);
int trace_graph_open(struct trace_iterator *iter);
void trace_graph_close(struct trace_iterator *iter);
enum print_line_t trace_graph_print_event(struct trace_iterator *iter);
int trace_graph_lat_open(struct trace_iterator *iter);
enum print_line_t trace_graph_print_lat_line(struct trace_iterator *iter,
					     u64 base);
void trace_graph_print_lat_header(struct seq_file *m, struct trace_array *tr);
bool trace_graph_record_entry(struct trace_array *tr,
			      struct ftrace_graph_ent *trace, unsigned int ctx);
void trace_graph_record_return(struct trace_array *tr,
			       struct ftrace_graph_ret *trace, unsigned int ctx);
void trace_graph_record_call(struct trace_array *tr, unsigned long ip,
			     unsigned int ctx);
#else
static inline int trace_graph_instance_init(struct trace_array *tr)
{
	return 0;
}
static inline void trace_graph_instance_free(struct trace_array *tr) { }
static inline void trace_graph_files_init(struct trace_array *tr,
					  struct dentry *dir) { }
#endif

/*
 * The max buffer (trace_snapshot.c): the snapshot file's second buffer,
 * into which the latency tracers swap their worst case.
 */

/* tracing_thresh, in ns (the file takes us); 0 when unset. */
extern unsigned long tracing_thresh;
void trace_latency_files_init(struct trace_array *tr, struct dentry *dir);
void trace_lat_record_call(struct trace_array *tr, unsigned long ip,
			   unsigned long parent_ip, unsigned int ctx);
void trace_max_latency_set(struct trace_array *tr, unsigned long ns);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
int trace_lat_open(struct trace_iterator *iter);
void trace_lat_close(struct trace_iterator *iter);
enum print_line_t trace_lat_print_line(struct trace_iterator *iter);
void trace_lat_print_header(struct seq_file *m, struct trace_array *tr);
#else
#define trace_lat_open		NULL
#define trace_lat_close		NULL
#define trace_lat_print_line	NULL
#define trace_lat_print_header	NULL
#endif

#ifdef CONFIG_TRACER_MAX_TRACE
int trace_max_buffer_alloc(struct trace_array *tr);
void trace_max_buffer_free(struct trace_array *tr);
int trace_snapshot_alloc(struct trace_array *tr);
void trace_snapshot_free(struct trace_array *tr);
int trace_snapshot_arm(struct trace_array *tr);
void trace_snapshot_disarm(struct trace_array *tr);
void trace_snapshot_take(struct trace_array *tr);
void trace_max_swap(struct trace_array *tr, const struct trace_max_data *d);
int trace_max_swap_cpu(struct trace_array *tr, const struct trace_max_data *d);
void trace_max_data_task(struct trace_max_data *d, struct task_struct *p);
int trace_snapshot_command(struct trace_array *tr, int cpu, unsigned long val);
void trace_snapshot_help(struct seq_file *m, struct trace_array *tr, int cpu);
int tracing_alloc_snapshot(void);
void trace_buffers_set_clock(struct trace_array *tr, u64 (*clock)(void));
void trace_buffers_set_overwrite(struct trace_array *tr, bool on);
int trace_buffers_subbuf_order(struct trace_array *tr, int order);
void trace_snapshot_files_init(struct trace_cpu_file *f, struct dentry *dir);
int trace_buffers_resize(struct trace_array *tr, unsigned long size, int cpu);
void trace_buffers_record_cpu(struct trace_array *tr, int cpu, bool on);
#else
static inline int trace_max_buffer_alloc(struct trace_array *tr)
{
	return 0;
}
static inline void trace_max_buffer_free(struct trace_array *tr) { }
static inline void trace_snapshot_files_init(struct trace_cpu_file *f,
					     struct dentry *dir) { }
static inline void trace_snapshot_help(struct seq_file *m,
				       struct trace_array *tr, int cpu) { }
static inline int trace_buffers_resize(struct trace_array *tr,
				       unsigned long size, int cpu)
{
	return ring_buffer_resize(tr->buffer, size, cpu);
}
static inline void trace_buffers_record_cpu(struct trace_array *tr,
					    int cpu, bool on)
{
	if (on)
		ring_buffer_record_enable_cpu(tr->buffer, cpu);
	else
		ring_buffer_record_disable_cpu(tr->buffer, cpu);
}
static inline void trace_buffers_set_clock(struct trace_array *tr,
					   u64 (*clock)(void))
{
	ring_buffer_set_clock(tr->buffer, clock);
}
static inline void trace_buffers_set_overwrite(struct trace_array *tr,
					       bool on)
{
	ring_buffer_change_overwrite(tr->buffer, on);
}
static inline int trace_buffers_subbuf_order(struct trace_array *tr,
					     int order)
{
	return ring_buffer_subbuf_order_set(tr->buffer, order);
}
#endif

/**
 * trace_max_buffer - the buffer a latency tracer's worst case is in
 * @tr: the instance
 *
 * Return: the max buffer, or NULL without CONFIG_TRACER_MAX_TRACE.
 */
static inline struct trace_buffer *trace_max_buffer(struct trace_array *tr)
{
#ifdef CONFIG_TRACER_MAX_TRACE
	return READ_ONCE(tr->max_buffer);
#else
	return NULL;
#endif
}

int trace_write_string(struct trace_array *tr, unsigned long ip,
		       const char *text, size_t len);

/* Stack traces in the buffer (trace_write.c) */
void trace_record_stack(struct trace_array *tr, unsigned int trace_ctx,
			int skip);
void trace_record_func_stack(struct trace_array *tr, unsigned int trace_ctx,
			     unsigned long ip);
#ifdef CONFIG_USER_STACKTRACE_SUPPORT
void trace_record_user_stack(struct trace_array *tr, unsigned int trace_ctx);
#else
static inline void trace_record_user_stack(struct trace_array *tr,
					   unsigned int trace_ctx) { }
#endif

/**
 * struct trace_clock_def - a clock offered in trace_clock
 * @func:	the clock
 * @name:	its name in trace_clock
 * @in_ns:	it counts nanoseconds (else timestamps print as raw counts)
 */
struct trace_clock_def {
	u64		(*func)(void);
	const char	*name;
	bool		in_ns;
};

/**
 * struct trace_cpu_file - what a per-CPU capable file reads
 * @tr:		the instance
 * @cpu:	a CPU, or RING_BUFFER_ALL_CPUS for the instance's top files
 */
struct trace_cpu_file {
	struct trace_array	*tr;
	int			cpu;
};

/* Instances (trace_instances.c) */
struct trace_array *trace_array_get_inode(const struct inode *inode);
int trace_array_get(struct trace_array *tr);
void trace_array_put(struct trace_array *tr);
bool trace_instance_uses_tracer(struct tracer *t);
struct trace_array *trace_instance_find_nowait(const char *name);
void trace_instances_init(void);

/*
 * The files of an instance (trace_fs.c): their inodes' i_private is a
 * trace_cpu_file, and they hold the instance while open.
 */
void trace_instance_files_init(struct trace_array *tr);
int trace_open_generic(struct inode *inode, struct file *file);
int trace_release_generic(struct inode *inode, struct file *file);
int trace_open_single(struct inode *inode, struct file *file,
		      int (*show)(struct seq_file *m, void *v));
int trace_release_single(struct inode *inode, struct file *file);
loff_t trace_lseek(struct file *file, loff_t offset, int whence);

/* Readers (trace_read.c) */
extern const struct file_operations trace_fops;
extern const struct file_operations trace_pipe_fops;
extern const struct file_operations trace_pipe_raw_fops;
extern const struct file_operations trace_snapshot_fops;
extern const struct file_operations trace_snapshot_raw_fops;

/* The buffer's tracefs files (trace_buffer_fs.c). */
int trace_buffer_fs_init(struct trace_array *tr, struct dentry *dir);

/* The event layer's files of an instance (trace_event_fs.c). */
void trace_event_files_init(struct trace_array *tr, struct dentry *dir);

extern const struct trace_clock_def trace_clocks[];
extern const int nr_trace_clocks;
int tracing_set_clock(struct trace_array *tr, const char *name);

/* The top-level instance, backing the files in the tracefs root. */
extern struct trace_array global_trace;

/* Serialises tracer registration and every change of a current tracer. */
extern struct mutex tracer_mutex;

/* The nop tracer: the default of every instance. */
extern struct tracer nop_tracer;

int register_tracer(struct tracer *t);
int unregister_tracer(struct tracer *t);
int tracing_set_tracer(struct trace_array *tr, const char *name);
void tracing_show_tracers(struct seq_file *m, struct trace_array *tr);
bool tracer_name_valid(const char *name);
void tracer_registry_init(void);

bool tracer_tracing_is_on(struct trace_array *tr);
void tracer_tracing_on(struct trace_array *tr);
void tracer_tracing_off(struct trace_array *tr);
int tracing_alloc_buffer(struct trace_array *tr);
int tracing_update_buffers(struct trace_array *tr);
unsigned long tracing_buf_size(void);

/* Pending tracing_stop() calls (trace_core.c). */
extern atomic_t tracing_stop_depth;

/**
 * tracing_is_recording - may writers record into an instance now?
 * @tr: the instance
 *
 * Return: true if @tr's switch is on and no tracing_stop() is pending.
 */
static inline bool tracing_is_recording(struct trace_array *tr)
{
	return READ_ONCE(tr->record_on) && !atomic_read(&tracing_stop_depth);
}

/* trace_printk() formats, vmlinux's and modules' (trace_printk_formats.c) */
extern const char *__start___trace_bprintk_fmt[];
extern const char *__stop___trace_bprintk_fmt[];
void trace_printk_formats_show(struct seq_file *m);

/* The pid -> comm map behind saved_cmdlines (trace_cmdlines.c) */
void trace_cmdlines_init(void);
void trace_save_cmdline(struct task_struct *tsk);
int trace_tgids_alloc(void);
void trace_save_tgid(struct task_struct *tsk);
int trace_find_tgid(int pid);
void trace_tgids_show(struct seq_file *m);

/* The task whose name this CPU saved last, and the map's generation then. */
struct trace_cmdline_last {
	struct task_struct	*task;
	unsigned long		gen;
};
DECLARE_PER_CPU(struct trace_cmdline_last, trace_cmdline_last);
/* Bumped whenever a slot of the map changes owner or the map is replaced. */
extern unsigned long trace_cmdline_gen;

/**
 * trace_cmdline_fresh - whether @tsk's name needs no saving
 * @tsk: the task writing an entry
 *
 * Return: true if this CPU saved (or found) it last and no slot changed
 * since.  A migration between the reads makes this answer false, which
 * costs one slow check.
 */
static __always_inline bool trace_cmdline_fresh(struct task_struct *tsk)
{
	return this_cpu_read(trace_cmdline_last.task) == tsk &&
	       this_cpu_read(trace_cmdline_last.gen) ==
	       READ_ONCE(trace_cmdline_gen);
}

/**
 * trace_buffer_empty_all - empty every CPU's buffer of an instance
 * @tr: the instance, which has a buffer
 *
 * Its times in the latency format start from here.
 */
static inline void trace_buffer_empty_all(struct trace_array *tr)
{
	ring_buffer_reset(tr->buffer);
	WRITE_ONCE(tr->time_start, ring_buffer_time_stamp(tr->buffer));
}

/* Writing entries (trace_write.c, inline for the tracing path) */

/**
 * trace_event_payload - the payload of an event from trace_reserve()
 * @ev: the event
 *
 * ring_buffer_event_data() without its call and check: entries fit the
 * small-event header, larger ones carry their length in array[0].
 */
static __always_inline void *trace_event_payload(struct ring_buffer_event *ev)
{
	return ev->type_len ? (void *)&ev->array[0] : (void *)&ev->array[1];
}

/**
 * trace_reserve - reserve an entry in an instance's buffer
 * @tr: the instance
 * @bufp: set to the buffer reserved in, for trace_commit()
 * @type: the entry type
 * @len: the entry's size, common header included
 * @trace_ctx: from tracing_gen_ctx()
 *
 * The buffer is read once: a snapshot may swap @tr's buffers between
 * the reserve and the commit, which must reach the same buffer.
 *
 * Return: the event with its common header filled in, or NULL if the
 * instance is not recording or the buffer refused.  Commit it with
 * trace_commit().
 */
static __always_inline struct ring_buffer_event *
trace_reserve(struct trace_array *tr, struct trace_buffer **bufp, int type,
	      unsigned long len, unsigned int trace_ctx)
{
	struct trace_buffer *buffer = READ_ONCE(tr->buffer);
	struct ring_buffer_event *ev;

	if (unlikely(!buffer || !tracing_is_recording(tr)))
		return NULL;
	ev = ring_buffer_lock_reserve(buffer, len);
	if (likely(ev))
		tracing_generic_entry_update(trace_event_payload(ev), type,
					     trace_ctx);
	*bufp = buffer;
	return ev;
}

/**
 * trace_commit - commit an entry from trace_reserve()
 * @tr: the instance
 * @buffer: the buffer trace_reserve() reserved in
 * @ev: the event
 *
 * With record-cmd, the writer's name is saved unless this CPU saved it
 * last and no name was saved since; with record-tgid, its thread group.
 */
static __always_inline void trace_commit(struct trace_array *tr,
					 struct trace_buffer *buffer,
					 struct ring_buffer_event *ev)
{
	unsigned long flags = READ_ONCE(tr->trace_flags);

	ring_buffer_unlock_commit(buffer);
	if ((flags & BIT(TRACE_OPT_RECORD_CMD)) &&
	    !trace_cmdline_fresh(current))
		trace_save_cmdline(current);
	if (unlikely(flags & BIT(TRACE_OPT_RECORD_TGID)))
		trace_save_tgid(current);
}

void trace_find_cmdline(int pid, char comm[]);
int trace_cmdlines_resize(unsigned int n);
unsigned int trace_cmdlines_size(void);
void trace_cmdlines_show(struct seq_file *m);

/*
 * A trace_iterator.iter_flags bit of ours: the iterator formats where
 * nothing may sleep or take a sleeping lock (ftrace_dump()).
 */
#define TRACE_FILE_ATOMIC	BIT(8)
/*
 * Set by a tracer's print_line() that consumed the entry of a consuming
 * reader itself (to look at the one after it): the reader must not.
 */
#define TRACE_FILE_CONSUMED	BIT(9)
/*
 * A graph reader of a latency tracer (display-graph): its columns are
 * upstream's fixed set for those tracers, not the funcgraph-* options.
 */
#define TRACE_FILE_GRAPH_LAT	BIT(11)
/*
 * The iterator reads the max buffer: a snapshot, or the worst case of a
 * latency tracer, whose latency-format times count from tr->max.ts.
 */
#define TRACE_FILE_MAX		BIT(10)

/* Formatting entries (trace_output.c) */
struct trace_seq;
void trace_print_header(struct seq_file *m, struct trace_iterator *iter,
			struct trace_buffer *buffer, bool empty);
char trace_duration_mark(u64 ns);
void trace_print_latency_legend(struct seq_file *m, const char *const *names,
				int n, int indent, int dashes);
void trace_format_context(char out[6], struct trace_entry *ent);
void trace_format_entry(struct trace_iterator *iter, u64 next_ts);
u64 trace_latency_time_base(struct trace_iterator *iter);

int tracing_bool_from_str(const char *s, bool *val);
int tracing_parse_bool(const char __user *ubuf, size_t count, bool *val);
int tracing_parse_ulong(const char __user *ubuf, size_t count,
			unsigned long max, unsigned long *val);
char *tracing_user_word(const char __user *ubuf, size_t count, char *buf,
			size_t size);

extern const char tracing_readme_text[];

#endif /* _KERNEL_TRACE_TRACE_H */
