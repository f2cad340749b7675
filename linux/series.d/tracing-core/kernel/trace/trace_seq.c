// SPDX-License-Identifier: GPL-2.0
/*
 * trace_seq: the page-sized text buffer that event output is formatted
 * into, on top of lib/seq_buf.  A write that does not fit whole leaves
 * the buffer as it was and marks it full, so no line is ever cut.
 */
#include <linux/seq_file.h>
#include <linux/trace_seq.h>

/* Start a write: false if the buffer is already full. */
static bool tseq_begin(struct trace_seq *s, unsigned int *len)
{
	if (!s->seq.size)
		trace_seq_init(s);
	if (s->full)
		return false;
	*len = s->seq.len;
	return true;
}

/* Finish a write: undo it if it overflowed. */
static void tseq_end(struct trace_seq *s, unsigned int len)
{
	if (seq_buf_has_overflowed(&s->seq)) {
		s->seq.len = len;
		s->full = 1;
	}
}

/**
 * trace_seq_printf - append formatted text
 * @s: the trace_seq
 * @fmt: printf format
 */
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_seq_vprintf(s, fmt, ap);
	va_end(ap);
}
EXPORT_SYMBOL_GPL(trace_seq_printf);

/**
 * trace_seq_vprintf - append formatted text, va_list form
 * @s: the trace_seq
 * @fmt: printf format
 * @args: the arguments
 */
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
	unsigned int len;

	if (!tseq_begin(s, &len))
		return;
	seq_buf_vprintf(&s->seq, fmt, args);
	tseq_end(s, len);
}
EXPORT_SYMBOL_GPL(trace_seq_vprintf);

/**
 * trace_seq_bprintf - append text from a binary printk record
 * @s: the trace_seq
 * @fmt: the format
 * @binary: arguments packed by vbin_printf()
 */
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary)
{
	unsigned int len;

	if (!tseq_begin(s, &len))
		return;
	seq_buf_bprintf(&s->seq, fmt, binary);
	tseq_end(s, len);
}
EXPORT_SYMBOL_GPL(trace_seq_bprintf);

/**
 * trace_seq_bitmask - append a bitmask as a list of hex words
 * @s: the trace_seq
 * @maskp: the mask
 * @nmaskbits: its bits
 */
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits)
{
	unsigned int len;

	if (!tseq_begin(s, &len))
		return;
	seq_buf_printf(&s->seq, "%*pb", nmaskbits, maskp);
	tseq_end(s, len);
}
EXPORT_SYMBOL_GPL(trace_seq_bitmask);

/**
 * trace_seq_puts - append a string
 * @s: the trace_seq
 * @str: the string
 */
void trace_seq_puts(struct trace_seq *s, const char *str)
{
	unsigned int len;

	if (!tseq_begin(s, &len))
		return;
	seq_buf_puts(&s->seq, str);
	tseq_end(s, len);
}
EXPORT_SYMBOL_GPL(trace_seq_puts);

/**
 * trace_seq_putc - append a character
 * @s: the trace_seq
 * @c: the character
 */
void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
	unsigned int len;

	if (!tseq_begin(s, &len))
		return;
	seq_buf_putc(&s->seq, c);
	tseq_end(s, len);
}
EXPORT_SYMBOL_GPL(trace_seq_putc);

/**
 * trace_seq_putmem - append raw bytes
 * @s: the trace_seq
 * @mem: the bytes
 * @len: how many
 */
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len)
{
	unsigned int old;

	if (!tseq_begin(s, &old))
		return;
	seq_buf_putmem(&s->seq, mem, len);
	tseq_end(s, old);
}
EXPORT_SYMBOL_GPL(trace_seq_putmem);

/**
 * trace_seq_putmem_hex - append bytes in hex
 * @s: the trace_seq
 * @mem: the bytes
 * @len: how many
 */
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len)
{
	unsigned int old;

	if (!tseq_begin(s, &old))
		return;
	seq_buf_putmem_hex(&s->seq, mem, len);
	tseq_end(s, old);
}
EXPORT_SYMBOL_GPL(trace_seq_putmem_hex);

/**
 * trace_seq_path - append a path name
 * @s: the trace_seq
 * @path: the path
 *
 * Return: 1 if it fitted, 0 if not.
 */
int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	unsigned int len;

	if (!tseq_begin(s, &len))
		return 0;
	seq_buf_path(&s->seq, path, "\n");
	tseq_end(s, len);
	return !s->full;
}
EXPORT_SYMBOL_GPL(trace_seq_path);

/**
 * trace_seq_hex_dump - append a hex dump
 * @s: the trace_seq
 * @prefix_str: text before each line
 * @prefix_type: DUMP_PREFIX_*
 * @rowsize: bytes per line
 * @groupsize: bytes per group
 * @buf: the data
 * @len: its length
 * @ascii: also print ASCII
 *
 * Return: 1 if it fitted, 0 if not.
 */
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii)
{
	unsigned int old;

	if (!tseq_begin(s, &old))
		return 0;
	seq_buf_hex_dump(&s->seq, prefix_str, prefix_type, rowsize, groupsize,
			 buf, len, ascii);
	tseq_end(s, old);
	return !s->full;
}
EXPORT_SYMBOL_GPL(trace_seq_hex_dump);

/**
 * trace_print_seq - move a trace_seq's text into a seq_file
 * @m: the seq_file
 * @s: the trace_seq, emptied if everything fitted
 *
 * Return: 0, or -1 if @m had no room.
 */
int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	int ret = seq_buf_print_seq(m, &s->seq);

	if (!ret)
		trace_seq_init(s);
	return ret;
}

/**
 * trace_seq_to_user - copy unread text to user space
 * @s: the trace_seq
 * @ubuf: the user buffer
 * @cnt: its size
 *
 * Return: bytes copied, -EBUSY if nothing is left, or -EFAULT.
 */
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt)
{
	int ret;

	if (!s->seq.size)
		trace_seq_init(s);
	ret = seq_buf_to_user(&s->seq, ubuf, s->readpos, cnt);
	if (ret > 0)
		s->readpos += ret;
	return ret;
}
EXPORT_SYMBOL_GPL(trace_seq_to_user);
