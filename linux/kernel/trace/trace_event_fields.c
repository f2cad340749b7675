// SPDX-License-Identifier: GPL-2.0
/*
 * The fields of an event's record, and the format file that publishes
 * them (name, ID, one "field:" line per field, print fmt) for trace-cmd,
 * perf and libtraceevent.
 *
 * A TRACE_EVENT() class describes its fields in a table (fields_array);
 * the first event of the class to register turns the table into the
 * class's field list, laying fields out as the C compiler laid out the
 * record (each at its alignment after the previous one).  Syscall and
 * dynamic events add fields with trace_define_field() instead.
 */
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>

#include "trace.h"
#include "trace_event_internal.h"

#define COMMON_FIELD(member, ctype, fname, sgn)				\
	{ .name = fname, .type = ctype, .filter_type = FILTER_OTHER,	\
	  .offset = offsetof(struct trace_entry, member),		\
	  .size = sizeof_field(struct trace_entry, member),		\
	  .is_signed = sgn }

const struct ftrace_event_field trace_common_fields[4] = {
	COMMON_FIELD(type, "unsigned short", "common_type", 0),
	COMMON_FIELD(flags, "unsigned char", "common_flags", 0),
	COMMON_FIELD(preempt_count, "unsigned char", "common_preempt_count", 0),
	COMMON_FIELD(pid, "int", "common_pid", 1),
};

/**
 * trace_event_field_kind - the FILTER_* kind of a field
 * @type: the field's C type as written in the event
 * @filter_type: the kind the event gave, FILTER_OTHER to derive it
 *
 * Return: the kind: a string kind for char arrays, __data_loc and
 * __rel_loc strings and char pointers, CPUMASK for __data_loc cpumasks,
 * else @filter_type.
 */
int trace_event_field_kind(const char *type, int filter_type)
{
	if (filter_type != FILTER_OTHER)
		return filter_type;
	if (strstr(type, "__data_loc")) {
		if (strstr(type, "char"))
			return FILTER_DYN_STRING;
		if (strstr(type, "cpumask_t"))
			return FILTER_CPUMASK;
		return FILTER_OTHER;
	}
	if (strstr(type, "__rel_loc") && strstr(type, "char"))
		return FILTER_RDYN_STRING;
	if (strchr(type, '[') && strstr(type, "char"))
		return FILTER_STATIC_STRING;
	if (!strcmp(type, "char *") || !strcmp(type, "const char *"))
		return FILTER_PTR_STRING;
	return FILTER_OTHER;
}

static int add_field(struct list_head *head, const char *type,
		     const char *name, int offset, int size, int is_signed,
		     int filter_type, int len)
{
	struct ftrace_event_field *f;

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return -ENOMEM;
	f->name = name;
	f->type = type;
	f->filter_type = trace_event_field_kind(type, filter_type);
	f->offset = offset;
	f->size = size;
	f->is_signed = is_signed;
	f->len = len;
	list_add_tail(&f->link, head);
	return 0;
}

/**
 * trace_define_field - add a field to an event's class
 * @call: the event
 * @type: the field's C type (kept by reference: it must outlive @call)
 * @name: its name (kept by reference too)
 * @offset: its offset in the record
 * @size: its size
 * @is_signed: a signed integer
 * @filter_type: FILTER_* or FILTER_OTHER to derive it from @type
 *
 * Return: 0 or -ENOMEM.
 */
int trace_define_field(struct trace_event_call *call, const char *type,
		       const char *name, int offset, int size, int is_signed,
		       int filter_type)
{
	if (WARN_ON_ONCE(!call->class))
		return -EINVAL;
	return add_field(trace_get_fields(call), type, name, offset, size,
			 is_signed, filter_type, 0);
}
EXPORT_SYMBOL_GPL(trace_define_field);

/**
 * trace_event_fields_free - drop a class's field list
 * @call: an event of the class
 */
void trace_event_fields_free(struct trace_event_call *call)
{
	struct ftrace_event_field *f, *n;
	struct list_head *head = trace_get_fields(call);

	list_for_each_entry_safe(f, n, head, link) {
		list_del(&f->link);
		kfree(f);
	}
}

/**
 * trace_event_fields_build - lay out a class's fields from its table
 * @call: an event of the class
 *
 * Does nothing if the class has its fields already (another event of
 * the class registered first) or has no table.
 *
 * Return: 0 or an errno, the list then empty.
 */
int trace_event_fields_build(struct trace_event_call *call)
{
	struct trace_event_class *class = call->class;
	struct trace_event_fields *fa = class->fields_array;
	unsigned int offset = sizeof(struct trace_entry);
	int ret = 0;

	if (!fa || !list_empty(trace_get_fields(call)))
		return 0;
	for (; fa->type; fa++) {
		if (fa->type == TRACE_FUNCTION_TYPE) {
			ret = fa->define_fields(call);
		} else {
			offset = ALIGN(offset, fa->align);
			ret = add_field(&class->fields, fa->type, fa->name,
					offset, fa->size, fa->is_signed,
					fa->filter_type, fa->len);
			offset += fa->size;
		}
		if (ret) {
			trace_event_fields_free(call);
			return ret;
		}
	}
	return 0;
}

/**
 * trace_find_event_field - a field of an event by name
 * @call: the event
 * @name: the name, common fields included
 *
 * Return: the field, or NULL.
 */
struct ftrace_event_field *trace_find_event_field(struct trace_event_call *call,
						 const char *name)
{
	struct ftrace_event_field *f;
	int i;

	for (i = 0; i < ARRAY_SIZE(trace_common_fields); i++) {
		if (!strcmp(trace_common_fields[i].name, name))
			return (struct ftrace_event_field *)&trace_common_fields[i];
	}
	list_for_each_entry(f, trace_get_fields(call), link) {
		if (!strcmp(f->name, name))
			return f;
	}
	return NULL;
}

/**
 * trace_event_get_offsets - the end of an event's last field
 * @call: the event
 *
 * Return: the record size its fields cover (perf bounds BPF reads by it).
 */
int trace_event_get_offsets(struct trace_event_call *call)
{
	struct ftrace_event_field *f;
	int end = sizeof(struct trace_entry);

	list_for_each_entry(f, trace_get_fields(call), link)
		end = max(end, f->offset + f->size);
	return end;
}

/* "\tfield:TYPE NAME;\toffset:N;\tsize:N;\tsigned:N;" */
static void show_field(struct trace_seq *s, const struct ftrace_event_field *f)
{
	const char *bracket = strchr(f->type, '[');

	trace_seq_puts(s, "\tfield:");
	if (!bracket || !strncmp(f->type, "__data_loc", 10))
		trace_seq_printf(s, "%s %s;", f->type, f->name);
	else if (f->len)
		trace_seq_printf(s, "%.*s %s[%d];", (int)(bracket - f->type),
				 f->type, f->name, f->len);
	else
		trace_seq_printf(s, "%.*s %s%s;", (int)(bracket - f->type),
				 f->type, f->name, bracket);
	trace_seq_printf(s, "\toffset:%d;\tsize:%d;\tsigned:%d;\n",
			 f->offset, f->size, !!f->is_signed);
}

/**
 * trace_event_format_show - the text of an event's format file
 * @s: where to print
 * @call: the event
 *
 * Call with event_mutex held (the field list of a module's event).
 *
 * Return: 0, or -EFBIG if the text does not fit @s.
 */
int trace_event_format_show(struct trace_seq *s, struct trace_event_call *call)
{
	struct ftrace_event_field *f;
	int i;

	trace_seq_printf(s, "name: %s\nID: %d\nformat:\n",
			 trace_event_name(call), call->event.type);
	for (i = 0; i < ARRAY_SIZE(trace_common_fields); i++)
		show_field(s, &trace_common_fields[i]);
	trace_seq_putc(s, '\n');
	list_for_each_entry(f, trace_get_fields(call), link)
		show_field(s, f);
	trace_seq_printf(s, "\nprint fmt: %s\n",
			 call->print_fmt ?: "\"\"");
	return trace_seq_has_overflowed(s) ? -EFBIG : 0;
}
