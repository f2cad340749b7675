// SPDX-License-Identifier: GPL-2.0
/*
 * The events/ directory of an instance, on eventfs (fs/tracefs), which
 * makes a directory's files only when someone looks:
 *
 *   events/enable, header_page, header_event
 *   events/<system>/enable, filter
 *   events/<system>/<event>/enable, filter, format, id, trigger
 *
 * An event file's inode points at its struct trace_event_file; the
 * eventfs directory holds a reference to it until the directory is
 * freed, and an open file holds one until it is closed.  Every read and
 * write looks again, under event_mutex, whether the event was removed
 * meanwhile (its module unloaded) and fails with -ENODEV if so.
 */
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/seq_buf.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_event_internal.h"

/* A filter or trigger write is one command of less than a page. */
#define EVENT_CMD_MAX	PAGE_SIZE

/* The text of a read-only file, made whole on each read. */
static ssize_t read_text(char __user *ubuf, size_t cnt, loff_t *ppos,
			 int (*fill)(struct trace_seq *s, void *arg), void *arg)
{
	struct trace_seq *s;
	ssize_t ret;

	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	trace_seq_init(s);
	mutex_lock(&event_mutex);
	ret = fill(s, arg);
	mutex_unlock(&event_mutex);
	if (!ret)
		ret = simple_read_from_buffer(ubuf, cnt, ppos, s->buffer,
					      trace_seq_used(s));
	kfree(s);
	return ret;
}

/* A user write of one command, NUL-terminated and stripped. */
static char *copy_cmd(const char __user *ubuf, size_t cnt)
{
	char *buf;

	if (cnt >= EVENT_CMD_MAX)
		return ERR_PTR(-EINVAL);
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return buf;
	return buf;
}

static bool event_can_enable(struct trace_event_call *call)
{
	return call->class->reg && !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE);
}

/* --- Event files ----------------------------------------------------------- */

static int event_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file;
	int ret = -ENODEV;

	mutex_lock(&event_mutex);
	file = inode->i_private;
	if (file && !(file->flags & EVENT_FILE_FL_FREED)) {
		ret = trace_array_get(file->tr);
		if (!ret)
			refcount_inc(&file->ref);
	}
	mutex_unlock(&event_mutex);
	if (ret)
		return ret;
	filp->private_data = file;
	return 0;
}

static int event_release(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = filp->private_data;
	struct trace_array *tr = file->tr;

	trace_event_file_put(file);
	trace_array_put(tr);
	return 0;
}

/* The file of @filp, or NULL if its event is gone; under event_mutex. */
static struct trace_event_file *event_live(struct file *filp)
{
	struct trace_event_file *file = filp->private_data;

	lockdep_assert_held(&event_mutex);
	return (file->flags & EVENT_FILE_FL_FREED) ? NULL : file;
}

static ssize_t enable_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	struct trace_event_file *file;
	unsigned long flags;
	char buf[4];
	int n = 0;

	mutex_lock(&event_mutex);
	file = event_live(filp);
	flags = file ? file->flags : 0;
	mutex_unlock(&event_mutex);
	if (!file)
		return -ENODEV;
	buf[n++] = (flags & EVENT_FILE_FL_ENABLED) &&
		   !(flags & EVENT_FILE_FL_SOFT_DISABLED) ? '1' : '0';
	if (flags & (EVENT_FILE_FL_SOFT_MODE | EVENT_FILE_FL_SOFT_DISABLED))
		buf[n++] = '*';
	buf[n++] = '\n';
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, n);
}

static ssize_t enable_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;
	mutex_lock(&event_mutex);
	file = event_live(filp);
	ret = file ? trace_event_enable(file, val, false) : -ENODEV;
	mutex_unlock(&event_mutex);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations enable_fops = {
	.open		= event_open,
	.read		= enable_read,
	.write		= enable_write,
	.release	= event_release,
	.llseek		= default_llseek,
};

static int fill_format(struct trace_seq *s, void *arg)
{
	struct trace_event_file *file = event_live(arg);

	if (!file)
		return -ENODEV;
	return trace_event_format_show(s, file->event_call);
}

static ssize_t format_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	return read_text(ubuf, cnt, ppos, fill_format, filp);
}

static const struct file_operations format_fops = {
	.open		= event_open,
	.read		= format_read,
	.release	= event_release,
	.llseek		= default_llseek,
};

static int fill_id(struct trace_seq *s, void *arg)
{
	struct trace_event_file *file = event_live(arg);

	if (!file)
		return -ENODEV;
	trace_seq_printf(s, "%d\n", file->event_call->event.type);
	return 0;
}

static ssize_t id_read(struct file *filp, char __user *ubuf, size_t cnt,
		       loff_t *ppos)
{
	return read_text(ubuf, cnt, ppos, fill_id, filp);
}

static const struct file_operations id_fops = {
	.open		= event_open,
	.read		= id_read,
	.release	= event_release,
	.llseek		= default_llseek,
};

static void put_filter_text(struct trace_seq *s, const char *text)
{
	size_t len = strlen(text);

	trace_seq_puts(s, text);
	if (!len || text[len - 1] != '\n')
		trace_seq_putc(s, '\n');
}

static int fill_filter(struct trace_seq *s, void *arg)
{
	struct trace_event_file *file = event_live(arg);
	struct event_filter *filter;

	if (!file)
		return -ENODEV;
	filter = rcu_dereference_protected(file->filter,
					   lockdep_is_held(&event_mutex));
	put_filter_text(s, filter ? event_filter_string(filter) : "none");
	return 0;
}

static ssize_t filter_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	return read_text(ubuf, cnt, ppos, fill_filter, filp);
}

static ssize_t filter_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file;
	char *buf;
	int ret;

	buf = copy_cmd(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&event_mutex);
	file = event_live(filp);
	ret = file ? trace_event_set_filter(file, strim(buf)) : -ENODEV;
	mutex_unlock(&event_mutex);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations filter_fops = {
	.open		= event_open,
	.read		= filter_read,
	.write		= filter_write,
	.release	= event_release,
	.llseek		= default_llseek,
};

/* The most text a trigger file shows: beyond it, reading fails. */
#define TRIGGER_TEXT_MAX	SZ_1M

/*
 * The trigger list, however long: built whole at each read, in a buffer
 * doubled until it fits, so that removal scripts never see a cut list.
 */
static ssize_t trigger_read(struct file *filp, char __user *ubuf, size_t cnt,
			    loff_t *ppos)
{
	struct trace_event_file *file;
	size_t size = PAGE_SIZE;
	struct seq_buf sb;
	ssize_t ret;
	char *buf;

	for (;;) {
		buf = kvmalloc(size, GFP_KERNEL);
		if (!buf)
			return -ENOMEM;
		seq_buf_init(&sb, buf, size);
		mutex_lock(&event_mutex);
		file = event_live(filp);
		if (file)
			trace_event_triggers_show(&sb, file);
		mutex_unlock(&event_mutex);
		if (!file || !seq_buf_has_overflowed(&sb))
			break;
		kvfree(buf);
		if (size >= TRIGGER_TEXT_MAX)
			return -EFBIG;
		size *= 2;
	}
	ret = file ? simple_read_from_buffer(ubuf, cnt, ppos, buf,
					     seq_buf_used(&sb)) : -ENODEV;
	kvfree(buf);
	return ret;
}

static ssize_t trigger_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file;
	char *buf;
	int ret;

	buf = copy_cmd(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&event_mutex);
	file = event_live(filp);
	ret = file ? trace_event_trigger_write(file, strim(buf)) : -ENODEV;
	mutex_unlock(&event_mutex);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trigger_fops = {
	.open		= event_open,
	.read		= trigger_read,
	.write		= trigger_write,
	.release	= event_release,
	.llseek		= default_llseek,
};

/*
 * Which files an event's directory has: format always; enable when the
 * event can be enabled; filter and trigger unless the core writes the
 * event itself (triggers on trace_marker's ftrace/print are not built);
 * id when the event has a type.
 */
static int event_file_callback(const char *name, umode_t *mode, void **data,
			       const struct file_operations **fops)
{
	struct trace_event_file *file = *data;
	struct trace_event_call *call = file->event_call;
	bool core = call->flags & TRACE_EVENT_FL_IGNORE_ENABLE;

	if (!strcmp(name, "format")) {
		*mode = TRACE_MODE_READ;
		*fops = &format_fops;
		return 1;
	}
	if (!strcmp(name, "enable") && event_can_enable(call)) {
		*mode = TRACE_MODE_WRITE;
		*fops = &enable_fops;
		return 1;
	}
	if (!strcmp(name, "filter") && !core) {
		*mode = TRACE_MODE_WRITE;
		*fops = &filter_fops;
		return 1;
	}
	if (!strcmp(name, "trigger") && !core) {
		*mode = TRACE_MODE_WRITE;
		*fops = &trigger_fops;
		return 1;
	}
	if (IS_ENABLED(CONFIG_PERF_EVENTS) && !strcmp(name, "id") &&
	    call->event.type) {
		*mode = TRACE_MODE_READ;
		*fops = &id_fops;
		return 1;
	}
	return 0;
}

/* The directory is freed: drop the reference it held on the file. */
static void event_dir_release(const char *name, void *data)
{
	trace_event_file_put(data);
}

static const struct eventfs_entry event_entries[] = {
	{ .name = "enable", .callback = event_file_callback,
	  .release = event_dir_release },
	{ .name = "filter", .callback = event_file_callback },
	{ .name = "format", .callback = event_file_callback },
	{ .name = "id", .callback = event_file_callback },
	{ .name = "trigger", .callback = event_file_callback },
};

/* --- System and top-level files -------------------------------------------- */

/**
 * struct event_group - what a group file (enable, filter) covers
 * @tr:		the instance
 * @system:	the system, or NULL for every event of @tr
 */
struct event_group {
	struct trace_array		*tr;
	struct trace_subsystem_dir	*system;
};

static int group_open(struct file *filp, struct trace_array *tr,
		      struct trace_subsystem_dir *dir)
{
	struct event_group *g;

	g = kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g) {
		trace_array_put(tr);
		if (dir)
			trace_event_system_put(dir);
		return -ENOMEM;
	}
	g->tr = tr;
	g->system = dir;
	filp->private_data = g;
	return 0;
}

/* events/<system>/{enable,filter}: i_private is the system directory. */
static int system_open(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir;
	int ret = -ENODEV;

	mutex_lock(&event_mutex);
	dir = inode->i_private;
	if (dir && !dir->freed) {
		ret = trace_array_get(dir->tr);
		if (!ret)
			refcount_inc(&dir->ref);
	}
	mutex_unlock(&event_mutex);
	if (ret)
		return ret;
	return group_open(filp, dir->tr, dir);
}

/* events/enable: i_private is the instance. */
static int top_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = trace_array_get(tr);
	if (ret)
		return ret;
	return group_open(filp, tr, NULL);
}

static int group_release(struct inode *inode, struct file *filp)
{
	struct event_group *g = filp->private_data;

	if (g->system)
		trace_event_system_put(g->system);
	trace_array_put(g->tr);
	kfree(g);
	return 0;
}

/* Whether @file is one of the group's enable-able events. */
static bool in_group(struct event_group *g, struct trace_event_file *file)
{
	if (g->system && file->system != g->system)
		return false;
	return event_can_enable(file->event_call);
}

static ssize_t group_enable_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct event_group *g = filp->private_data;
	struct trace_event_file *file;
	bool on = false, off = false;
	char buf[2];

	mutex_lock(&event_mutex);
	if (g->system && g->system->freed) {
		mutex_unlock(&event_mutex);
		return -ENODEV;
	}
	list_for_each_entry(file, &g->tr->events, list) {
		if (!in_group(g, file))
			continue;
		if (file->flags & EVENT_FILE_FL_ENABLED)
			on = true;
		else
			off = true;
	}
	mutex_unlock(&event_mutex);
	buf[0] = on ? (off ? 'X' : '1') : (off ? '0' : '?');
	buf[1] = '\n';
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, 2);
}

static ssize_t group_enable_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct event_group *g = filp->private_data;
	struct trace_event_file *file;
	unsigned long val;
	int ret, err = 0;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;
	mutex_lock(&event_mutex);
	if (g->system && g->system->freed) {
		err = -ENODEV;
	} else {
		list_for_each_entry(file, &g->tr->events, list) {
			if (!in_group(g, file))
				continue;
			ret = trace_event_enable(file, val, false);
			if (ret && !err)
				err = ret;
		}
	}
	mutex_unlock(&event_mutex);
	if (err)
		return err;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations system_enable_fops = {
	.open		= system_open,
	.read		= group_enable_read,
	.write		= group_enable_write,
	.release	= group_release,
	.llseek		= default_llseek,
};

static const struct file_operations top_enable_fops = {
	.open		= top_open,
	.read		= group_enable_read,
	.write		= group_enable_write,
	.release	= group_release,
	.llseek		= default_llseek,
};

static const char system_filter_help[] =
	"### global filter ###\n"
	"# Use this to set filters for multiple events.\n"
	"# Only events with the given fields will be affected.\n"
	"# If no events are modified, an error message will be displayed here\n";

static int fill_system_filter(struct trace_seq *s, void *arg)
{
	struct event_group *g = arg;

	if (g->system->freed)
		return -ENODEV;
	if (g->system->filter)
		put_filter_text(s, g->system->filter);
	else
		trace_seq_puts(s, system_filter_help);
	return 0;
}

static ssize_t system_filter_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return read_text(ubuf, cnt, ppos, fill_system_filter,
			 filp->private_data);
}

static ssize_t system_filter_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct event_group *g = filp->private_data;
	char *buf;
	int ret;

	buf = copy_cmd(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&event_mutex);
	if (g->system->freed)
		ret = -ENODEV;
	else
		ret = trace_event_set_system_filter(g->system, strim(buf));
	mutex_unlock(&event_mutex);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations system_filter_fops = {
	.open		= system_open,
	.read		= system_filter_read,
	.write		= system_filter_write,
	.release	= group_release,
	.llseek		= default_llseek,
};

static int system_file_callback(const char *name, umode_t *mode, void **data,
				const struct file_operations **fops)
{
	if (!strcmp(name, "enable")) {
		*mode = TRACE_MODE_WRITE;
		*fops = &system_enable_fops;
		return 1;
	}
	if (!strcmp(name, "filter")) {
		*mode = TRACE_MODE_WRITE;
		*fops = &system_filter_fops;
		return 1;
	}
	return 0;
}

static void system_dir_release(const char *name, void *data)
{
	trace_event_system_put(data);
}

static const struct eventfs_entry system_entries[] = {
	{ .name = "enable", .callback = system_file_callback,
	  .release = system_dir_release },
	{ .name = "filter", .callback = system_file_callback },
};

/* events/header_page and header_event: the ring buffer's layouts. */
static int fill_header_page(struct trace_seq *s, void *arg)
{
	struct trace_array *tr = arg;

	ring_buffer_print_page_header(tr->buffer, s);
	return 0;
}

static int fill_header_event(struct trace_seq *s, void *arg)
{
	ring_buffer_print_entry_header(s);
	return 0;
}

static ssize_t header_page_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct event_group *g = filp->private_data;

	return read_text(ubuf, cnt, ppos, fill_header_page, g->tr);
}

static ssize_t header_event_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return read_text(ubuf, cnt, ppos, fill_header_event, NULL);
}

static const struct file_operations header_page_fops = {
	.open		= top_open,
	.read		= header_page_read,
	.release	= group_release,
	.llseek		= default_llseek,
};

static const struct file_operations header_event_fops = {
	.open		= top_open,
	.read		= header_event_read,
	.release	= group_release,
	.llseek		= default_llseek,
};

static int top_file_callback(const char *name, umode_t *mode, void **data,
			     const struct file_operations **fops)
{
	if (!strcmp(name, "enable")) {
		*mode = TRACE_MODE_WRITE;
		*fops = &top_enable_fops;
		return 1;
	}
	if (!strcmp(name, "header_page")) {
		*mode = TRACE_MODE_READ;
		*fops = &header_page_fops;
		return 1;
	}
	if (!strcmp(name, "header_event")) {
		*mode = TRACE_MODE_READ;
		*fops = &header_event_fops;
		return 1;
	}
	return 0;
}

static const struct eventfs_entry top_entries[] = {
	{ .name = "enable", .callback = top_file_callback },
	{ .name = "header_page", .callback = top_file_callback },
	{ .name = "header_event", .callback = top_file_callback },
};

/* --- Building and removing ------------------------------------------------- */

static int system_dir_add(struct trace_array *tr,
			  struct trace_subsystem_dir *dir)
{
	struct eventfs_inode *ei;

	if (dir->ei)
		return 0;
	refcount_inc(&dir->ref);
	ei = eventfs_create_dir(dir->name, tr->event_dir, system_entries,
				ARRAY_SIZE(system_entries), dir);
	if (IS_ERR_OR_NULL(ei)) {
		refcount_dec(&dir->ref);
		pr_warn("tracing: could not create events/%s\n", dir->name);
		return -ENOMEM;
	}
	dir->ei = ei;
	return 0;
}

/**
 * trace_event_fs_add - make an event's directory in an instance
 * @tr: the instance, its events/ made
 * @file: the event's file
 *
 * Called with event_mutex held.
 *
 * Return: 0 or -ENOMEM.
 */
int trace_event_fs_add(struct trace_array *tr, struct trace_event_file *file)
{
	struct eventfs_inode *ei;
	int ret;

	lockdep_assert_held(&event_mutex);
	ret = system_dir_add(tr, file->system);
	if (ret)
		return ret;
	refcount_inc(&file->ref);
	ei = eventfs_create_dir(trace_event_name(file->event_call),
				file->system->ei, event_entries,
				ARRAY_SIZE(event_entries), file);
	if (IS_ERR_OR_NULL(ei)) {
		refcount_dec(&file->ref);
		pr_warn("tracing: could not create events/%s/%s\n",
			file->system->name, trace_event_name(file->event_call));
		return -ENOMEM;
	}
	file->ei = ei;
	return 0;
}

/**
 * trace_event_fs_remove - remove an event's directory
 * @file: the event's file, already marked freed
 *
 * Called with event_mutex held.  The directory lets go of @file once no
 * one has it open or looked up.
 */
void trace_event_fs_remove(struct trace_event_file *file)
{
	lockdep_assert_held(&event_mutex);
	if (file->ei)
		eventfs_remove_dir(file->ei);
	file->ei = NULL;
}

/**
 * trace_event_fs_instance_init - make an instance's events/ directory
 * @tr: the instance, its event files created
 *
 * Return: 0 or -ENOMEM.
 */
int trace_event_fs_instance_init(struct trace_array *tr)
{
	struct trace_event_file *file;
	struct eventfs_inode *ei;

	ei = eventfs_create_events_dir("events", tr->dir, top_entries,
				       ARRAY_SIZE(top_entries), tr);
	if (IS_ERR_OR_NULL(ei)) {
		pr_warn("tracing: could not create events/\n");
		return -ENOMEM;
	}
	mutex_lock(&event_mutex);
	tr->event_dir = ei;
	list_for_each_entry(file, &tr->events, list)
		trace_event_fs_add(tr, file);
	mutex_unlock(&event_mutex);
	return 0;
}

/**
 * trace_event_fs_instance_free - remove an instance's events/ directory
 * @tr: the instance, its event files removed
 *
 * Called with event_mutex held.
 */
void trace_event_fs_instance_free(struct trace_array *tr)
{
	lockdep_assert_held(&event_mutex);
	if (tr->event_dir)
		eventfs_remove_events_dir(tr->event_dir);
	tr->event_dir = NULL;
}

/**
 * trace_event_files_init - the event layer's files of an instance
 * @tr: the instance
 * @dir: its directory (NULL for the tracefs root)
 *
 * An instance other than the top level gets its event files first; the
 * top level has had them since trace_init().
 */
void trace_event_files_init(struct trace_array *tr, struct dentry *dir)
{
	if (tr != &global_trace && trace_events_instance_init(tr))
		pr_warn("tracing: no memory for the events of an instance\n");
	if (tr == &global_trace)
		trace_eval_map_file_init();
	trace_event_fs_instance_init(tr);
	trace_event_set_files_init(tr, dir);
}
