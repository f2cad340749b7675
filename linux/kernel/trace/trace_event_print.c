// SPDX-License-Identifier: GPL-2.0
/*
 * What a TRACE_EVENT()'s TP_printk() expands into (include/trace/stages/
 * stage3_trace_output.h): the "name: " prefix, the printf into the line,
 * and the helpers behind __print_flags(), __print_symbolic(),
 * __print_hex(), __print_array(), __get_bitmask() and
 * __print_hex_dump().  The helpers print into iter->tmp_seq and return a
 * C string there, which the event's printf then copies into the line.
 */
#include <linux/ctype.h>
#include <linux/hardirq.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>

#include "trace.h"
#include "trace_event_internal.h"

/* Start a helper's string: where it begins in @p. */
static const char *helper_begin(struct trace_seq *p)
{
	return trace_seq_buffer_ptr(p);
}

/* End a helper's string with its NUL; "" if @p ran out of room. */
static const char *helper_end(struct trace_seq *p, const char *start)
{
	trace_seq_putc(p, '\0');
	if (trace_seq_has_overflowed(p))
		return "";
	return start;
}

/**
 * trace_print_flags_seq - __print_flags(): the names of the set flags
 * @p: the scratch trace_seq
 * @delim: what separates two names
 * @flags: the value
 * @flag_array: { mask, name } pairs, ended by a NULL name
 *
 * Bits no entry names print in hex at the end.
 *
 * Return: the text, NUL-terminated, inside @p.
 */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array)
{
	const char *start = helper_begin(p);
	bool first = true;
	int i;

	for (i = 0; flag_array[i].name && flags; i++) {
		unsigned long mask = flag_array[i].mask;

		if (!mask || (flags & mask) != mask)
			continue;
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_puts(p, flag_array[i].name);
		flags &= ~mask;
		first = false;
	}
	if (flags) {
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_printf(p, "0x%lx", flags);
	}
	return helper_end(p, start);
}
EXPORT_SYMBOL(trace_print_flags_seq);

/**
 * trace_print_symbols_seq - __print_symbolic(): the name of a value
 * @p: the scratch trace_seq
 * @val: the value
 * @symbol_array: { value, name } pairs, ended by a NULL name
 *
 * Return: the name, or @val in hex if none matches, inside @p.
 */
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array)
{
	const char *start = helper_begin(p);
	int i;

	for (i = 0; symbol_array[i].name; i++) {
		if (symbol_array[i].mask == val) {
			trace_seq_puts(p, symbol_array[i].name);
			return helper_end(p, start);
		}
	}
	trace_seq_printf(p, "0x%lx", val);
	return helper_end(p, start);
}
EXPORT_SYMBOL(trace_print_symbols_seq);

#if BITS_PER_LONG == 32
const char *trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
				      unsigned long long flags,
				      const struct trace_print_flags_u64 *flag_array)
{
	const char *start = helper_begin(p);
	bool first = true;
	int i;

	for (i = 0; flag_array[i].name && flags; i++) {
		unsigned long long mask = flag_array[i].mask;

		if (!mask || (flags & mask) != mask)
			continue;
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_puts(p, flag_array[i].name);
		flags &= ~mask;
		first = false;
	}
	if (flags) {
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_printf(p, "0x%llx", flags);
	}
	return helper_end(p, start);
}
EXPORT_SYMBOL(trace_print_flags_seq_u64);

const char *trace_print_symbols_seq_u64(struct trace_seq *p,
					unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array)
{
	const char *start = helper_begin(p);
	int i;

	for (i = 0; symbol_array[i].name; i++) {
		if (symbol_array[i].mask == val) {
			trace_seq_puts(p, symbol_array[i].name);
			return helper_end(p, start);
		}
	}
	trace_seq_printf(p, "0x%llx", val);
	return helper_end(p, start);
}
EXPORT_SYMBOL(trace_print_symbols_seq_u64);
#endif

/**
 * trace_print_bitmask_seq - __get_bitmask(): a bitmask as hex words
 * @p: the scratch trace_seq
 * @bitmask_ptr: the mask
 * @bitmask_size: its size in bytes
 *
 * Return: the text inside @p.
 */
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size)
{
	const char *start = helper_begin(p);

	trace_seq_bitmask(p, bitmask_ptr, bitmask_size * 8);
	return helper_end(p, start);
}
EXPORT_SYMBOL_GPL(trace_print_bitmask_seq);

/**
 * trace_print_hex_seq - __print_hex(): bytes in hex
 * @p: the scratch trace_seq
 * @buf: the bytes
 * @buf_len: how many
 * @concatenate: no space between bytes (__print_hex_str())
 *
 * Return: the text inside @p.
 */
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int buf_len, bool concatenate)
{
	const char *start = helper_begin(p);
	int i;

	for (i = 0; i < buf_len; i++) {
		if (i && !concatenate)
			trace_seq_putc(p, ' ');
		trace_seq_printf(p, "%02x", buf[i]);
	}
	return helper_end(p, start);
}
EXPORT_SYMBOL(trace_print_hex_seq);

/**
 * trace_print_array_seq - __print_array(): "{0x1,0x2}"
 * @p: the scratch trace_seq
 * @buf: the elements
 * @count: how many
 * @el_size: the size of one: 1, 2, 4 or 8
 *
 * Return: the text inside @p.
 */
const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size)
{
	const char *start = helper_begin(p);
	const char *sep = "";
	int i;

	trace_seq_putc(p, '{');
	for (i = 0; i < count; i++) {
		const void *el = buf + i * el_size;

		switch (el_size) {
		case 1:
			trace_seq_printf(p, "%s0x%x", sep, *(const u8 *)el);
			break;
		case 2:
			trace_seq_printf(p, "%s0x%x", sep, *(const u16 *)el);
			break;
		case 4:
			trace_seq_printf(p, "%s0x%x", sep, *(const u32 *)el);
			break;
		case 8:
			trace_seq_printf(p, "%s0x%llx", sep, *(const u64 *)el);
			break;
		default:
			trace_seq_printf(p, "BAD SIZE:%zu", el_size);
			i = count;
			break;
		}
		sep = ",";
	}
	trace_seq_putc(p, '}');
	return helper_end(p, start);
}
EXPORT_SYMBOL(trace_print_array_seq);

/**
 * trace_print_hex_dump_seq - __print_hex_dump(): print_hex_dump()'s layout
 * @p: the scratch trace_seq
 * @prefix_str: what starts each row
 * @prefix_type: DUMP_PREFIX_*
 * @rowsize: bytes per row
 * @groupsize: bytes per group
 * @buf: the data
 * @len: its length
 * @ascii: add the ASCII column
 *
 * Return: the text, starting on a new line, inside @p.
 */
const char *trace_print_hex_dump_seq(struct trace_seq *p,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	const char *start = helper_begin(p);

	trace_seq_putc(p, '\n');
	trace_seq_hex_dump(p, prefix_str, prefix_type, rowsize, groupsize,
			   buf, len, ascii);
	return helper_end(p, start);
}
EXPORT_SYMBOL(trace_print_hex_dump_seq);

/**
 * trace_raw_output_prep - begin an event's line: "name: "
 * @iter: the iterator at the entry
 * @trace_event: the entry's event
 *
 * Return: TRACE_TYPE_HANDLED, or UNHANDLED if the entry is not of the
 * event (a type reused while the entry waited in the buffer).
 */
int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *trace_event)
{
	struct trace_event_call *call;

	call = container_of(trace_event, struct trace_event_call, event);
	if (WARN_ON_ONCE(iter->ent->type != trace_event->type))
		return TRACE_TYPE_UNHANDLED;
	trace_seq_init(&iter->tmp_seq);
	trace_seq_printf(&iter->seq, "%s: ", trace_event_name(call));
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL(trace_raw_output_prep);

/*
 * The hash-ptr option off: each bare %p of @fmt becomes %px, in a copy
 * kept in the iterator (freed with it).  @fmt itself if that fails.
 */
static const char *unhashed_fmt(struct trace_iterator *iter, const char *fmt)
{
	size_t len = strlen(fmt), need = len + len / 2 + 1, i, j;
	char *out;

	/* No allocation in NMI (a tp_printk line printed there). */
	if (!strstr(fmt, "%p") || in_nmi())
		return fmt;
	if (need > iter->fmt_size) {
		out = krealloc(iter->fmt, need, GFP_NOWAIT | __GFP_NOWARN);
		if (!out)
			return fmt;
		iter->fmt = out;
		iter->fmt_size = need;
	}
	out = iter->fmt;
	for (i = 0, j = 0; i < len; i++) {
		out[j++] = fmt[i];
		if (fmt[i] != '%')
			continue;
		if (fmt[i + 1] == '%') {
			out[j++] = fmt[++i];
			continue;
		}
		if (fmt[i + 1] == 'p' && !isalnum(fmt[i + 2])) {
			out[j++] = fmt[++i];
			out[j++] = 'x';
		}
	}
	out[j] = '\0';
	return out;
}

/**
 * trace_event_printf - the printf of TP_printk() into the line
 * @iter: the iterator
 * @fmt: the event's format
 *
 * With the hash-ptr option off, %p prints the address itself (%px).
 */
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...)
{
	va_list ap;

	if (iter->tr && !trace_opt(iter->tr, TRACE_OPT_HASH_PTR))
		fmt = unhashed_fmt(iter, fmt);
	va_start(ap, fmt);
	trace_seq_vprintf(&iter->seq, fmt, ap);
	va_end(ap);
}
EXPORT_SYMBOL(trace_event_printf);

/**
 * trace_output_call - a DEFINE_EVENT_PRINT() event's whole line
 * @iter: the iterator
 * @name: the event's name
 * @fmt: its format
 *
 * Return: TRACE_TYPE_HANDLED or PARTIAL_LINE.
 */
int trace_output_call(struct trace_iterator *iter, char *name, char *fmt, ...)
{
	va_list ap;

	trace_seq_printf(&iter->seq, "%s: ", name);
	va_start(ap, fmt);
	trace_seq_vprintf(&iter->seq, fmt, ap);
	va_end(ap);
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL_GPL(trace_output_call);

/* One field's value for the fields option; @rec holds @len bytes. */
static void print_field_value(struct trace_seq *s,
			      const struct ftrace_event_field *f,
			      const void *rec, int len)
{
	const void *p = rec + f->offset;
	unsigned int loc, off, n;

	if (f->offset < 0 || f->size < 0 || f->offset + f->size > len) {
		trace_seq_puts(s, "<OVERFLOW>");
		return;
	}
	switch (f->filter_type) {
	case FILTER_STATIC_STRING:
		trace_seq_printf(s, "%.*s", (int)strnlen(p, f->size),
				 (const char *)p);
		return;
	case FILTER_DYN_STRING:
	case FILTER_RDYN_STRING:
		loc = *(const u32 *)p;
		off = loc & 0xffff;
		n = loc >> 16;
		if (f->filter_type == FILTER_RDYN_STRING)
			off += f->offset + f->size;
		if (off > len || n > len - off) {
			trace_seq_puts(s, "<OVERFLOW>");
			return;
		}
		trace_seq_printf(s, "%.*s", (int)strnlen(rec + off, n),
				 (const char *)rec + off);
		return;
	case FILTER_PTR_STRING:
		/* A pointer the record does not hold the text of. */
		trace_seq_printf(s, "(0x%016lx)", *(const unsigned long *)p);
		return;
	}
	switch (f->len ? 0 : f->size) {
	case 1:
		trace_seq_printf(s, "(%d)", *(const s8 *)p);
		break;
	case 2:
		trace_seq_printf(s, "0x%x (%d)", *(const u16 *)p,
				 *(const s16 *)p);
		break;
	case 4:
		trace_seq_printf(s, "0x%x (%d)", *(const u32 *)p,
				 *(const s32 *)p);
		break;
	case 8:
		trace_seq_printf(s, "0x%llx (%lld)", *(const u64 *)p,
				 *(const s64 *)p);
		break;
	default:
		trace_seq_puts(s, "<INVALID-SIZE>");
	}
}

/**
 * trace_event_print_fields - an entry as the fields option shows it
 * @iter: the iterator, at the entry
 * @event: the entry's event, or NULL
 *
 * "name: field=value ..." from the event's field list: strings as text,
 * numbers in hex and decimal.  Entries that are not of a trace event
 * (the core's own) show as an unknown type.  Call under
 * rcu_read_lock(), in which @event was found.
 */
void trace_event_print_fields(struct trace_iterator *iter,
			      struct trace_event *event)
{
	struct trace_event_call *call = trace_event_call_of(event);
	struct trace_seq *s = &iter->seq;
	struct ftrace_event_field *f;

	if (!call || (call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)) {
		trace_seq_printf(s, "UNKNOWN TYPE %d\n", iter->ent->type);
		return;
	}
	trace_seq_printf(s, "%s:", trace_event_name(call));
	list_for_each_entry_rcu(f, trace_get_fields(call), link) {
		trace_seq_printf(s, " %s=", f->name);
		print_field_value(s, f, iter->ent, iter->ent_size);
	}
	trace_seq_putc(s, '\n');
}
