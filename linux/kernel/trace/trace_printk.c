// SPDX-License-Identifier: GPL-2.0
/*
 * Entry points of trace_printk(), trace_puts() and trace_dump_stack().
 *
 * They are what the macros in include/linux/kernel.h call.  Until the
 * ring buffer lands there is nowhere to record to: each call returns 0,
 * the number of bytes recorded.
 */
#include <linux/kernel.h>

#include "trace.h"

/**
 * __trace_bprintk - record a trace_printk() with a constant format
 * @ip: the caller's address
 * @fmt: the format, in the __trace_printk_fmt section
 *
 * Return: the number of bytes recorded.
 */
int __trace_bprintk(unsigned long ip, const char *fmt, ...)
{
	return 0;
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
	return 0;
}
EXPORT_SYMBOL_GPL(__trace_printk);

/**
 * __ftrace_vbprintk - va_list form of __trace_bprintk()
 * @ip: the caller's address
 * @fmt: the format
 * @ap: the arguments
 *
 * Return: the number of bytes recorded.
 */
int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list ap)
{
	return 0;
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
	return 0;
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

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
	return 0;
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
	return 0;
}
EXPORT_SYMBOL_GPL(__trace_bputs);

/**
 * trace_dump_stack - record the current kernel stack
 * @skip: the number of innermost frames to leave out
 */
void trace_dump_stack(int skip)
{
}
EXPORT_SYMBOL_GPL(trace_dump_stack);
