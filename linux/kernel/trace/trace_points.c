// SPDX-License-Identifier: GPL-2.0
/*
 * The tracepoints whose headers other subsystems share and that live in
 * no subsystem of their own: power management (cpu_idle, cpu_frequency,
 * suspend_resume, ...), runtime PM and error reports.  This file is
 * where they are instantiated.
 */
#define CREATE_TRACE_POINTS
#include <trace/events/power.h>
#include <trace/events/error_report.h>
#ifdef CONFIG_PM
#include <trace/events/rpm.h>
#endif

EXPORT_TRACEPOINT_SYMBOL_GPL(suspend_resume);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_frequency);
EXPORT_TRACEPOINT_SYMBOL_GPL(powernv_throttle);
EXPORT_TRACEPOINT_SYMBOL_GPL(error_report_end);
#ifdef CONFIG_PM
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_return_int);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_suspend);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_resume);
#endif
