// SPDX-License-Identifier: GPL-2.0
/*
 * The formats of trace_printk() and trace_puts(), as printk_formats lists
 * them for tools that read raw pages.
 *
 * A bprint or bputs entry holds a pointer to its format, not the text.
 * vmlinux's formats live as long as the kernel; a module's would go away
 * with it while its entries are still in the buffer.  So when a module
 * comes in, each format its __trace_printk_fmt section points to is
 * copied to memory that is never freed (once per distinct text) and the
 * section is pointed at the copy, which its trace_printk() calls then
 * pass.
 */
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"


/**
 * struct held_format - a module's format, kept after the module is gone
 * @list:	in held_formats
 * @text:	the format
 */
struct held_format {
	struct list_head	list;
	char			text[];
};

static LIST_HEAD(held_formats);
static DEFINE_MUTEX(held_lock);

static const char *hold_format(const char *fmt)
{
	struct held_format *h;
	size_t len;

	list_for_each_entry(h, &held_formats, list)
		if (!strcmp(h->text, fmt))
			return h->text;
	len = strlen(fmt) + 1;
	h = kmalloc(struct_size(h, text, len), GFP_KERNEL);
	if (!h)
		return NULL;
	memcpy(h->text, fmt, len);
	list_add_tail(&h->list, &held_formats);
	return h->text;
}

static int formats_module_notify(struct notifier_block *nb,
				 unsigned long state, void *data)
{
	struct module *mod = data;
	const char *held;
	unsigned int i;

	if (state != MODULE_STATE_COMING || !mod->num_trace_bprintk_fmt)
		return NOTIFY_OK;
	mutex_lock(&held_lock);
	for (i = 0; i < mod->num_trace_bprintk_fmt; i++) {
		if (!mod->trace_bprintk_fmt_start[i])
			continue;
		held = hold_format(mod->trace_bprintk_fmt_start[i]);
		/* Without memory the entries keep the module's pointer. */
		if (held)
			mod->trace_bprintk_fmt_start[i] = held;
	}
	mutex_unlock(&held_lock);
	return NOTIFY_OK;
}

static struct notifier_block formats_module_nb = {
	.notifier_call	= formats_module_notify,
};

static int __init trace_printk_formats_init(void)
{
	return register_module_notifier(&formats_module_nb);
}
early_initcall(trace_printk_formats_init);

static void show_format(struct seq_file *m, const char *fmt)
{
	const char *c;

	seq_printf(m, "0x%lx : \"", (unsigned long)fmt);
	for (c = fmt; *c; c++) {
		switch (*c) {
		case '\n':
			seq_puts(m, "\\n");
			break;
		case '\t':
			seq_puts(m, "\\t");
			break;
		case '\\':
		case '"':
			seq_putc(m, '\\');
			fallthrough;
		default:
			seq_putc(m, *c);
		}
	}
	seq_puts(m, "\"\n");
}

/**
 * trace_printk_formats_show - print printk_formats
 * @m: the seq_file
 *
 * One line per format a bprint or bputs entry may point to, vmlinux's
 * and those held for modules, as 'ADDRESS : "FORMAT"' with C escapes.
 */
void trace_printk_formats_show(struct seq_file *m)
{
	struct held_format *h;
	const char **fmt;

	for (fmt = __start___trace_bprintk_fmt;
	     fmt < __stop___trace_bprintk_fmt; fmt++)
		if (*fmt)
			show_format(m, *fmt);
	mutex_lock(&held_lock);
	list_for_each_entry(h, &held_formats, list)
		show_format(m, h->text);
	mutex_unlock(&held_lock);
}
