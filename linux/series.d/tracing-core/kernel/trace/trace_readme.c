// SPDX-License-Identifier: GPL-2.0
/*
 * The text of the tracefs README file: a short guide to the files this
 * kernel provides.  Tools (ftracetest among them) search it to learn what
 * the kernel supports, so it names only what is built.
 */
#include <linux/kconfig.h>

#include "trace.h"

const char tracing_readme_text[] =
	"Tracing in this kernel: a short guide to the files here.\n"
	"\n"
	"Recording\n"
	"  tracing_on          1 records, 0 pauses recording; reading shows\n"
	"                      which.  Only 0 and 1 are accepted.\n"
	"  current_tracer      the tracer plugin in use; write a name from\n"
	"                      available_tracers to switch (nop = none).\n"
	"  available_tracers   the tracer plugins built into this kernel.\n"
	"\n"
	"Reading\n"
	"  trace               the buffer, left in place; 'echo > trace'\n"
	"                      empties it.\n"
	"  trace_pipe          the buffer, consumed as it is read; a read\n"
	"                      waits while it is empty.\n"
	"  per_cpu/cpuN/       trace, trace_pipe, trace_pipe_raw (binary\n"
	"                      sub-buffers), stats and buffer_size_kb of\n"
	"                      one CPU.\n"
	"  saved_cmdlines      pid and name of tasks seen in the buffer;\n"
	"                      saved_cmdlines_size sets how many.\n"
	"  README              this text.\n"
	"\n"
	"Writing\n"
	"  trace_marker        text written here is recorded as an entry.\n"
	"  trace_marker_raw    an id (4 bytes) and binary data.\n"
	"\n"
	"The buffer\n"
	"  buffer_size_kb      KB of data per CPU (per_cpu/ for one CPU).\n"
	"  buffer_total_size_kb  the sum over all CPUs.\n"
	"  buffer_subbuf_size_kb KB per sub-buffer (rounded to a power of\n"
	"                      two pages); changing it empties the buffer.\n"
	"  free_buffer         closing it shrinks the buffer to a minimum.\n"
	"  trace_clock         the timestamp clock, current one in [].\n"
	"  trace_options       the options, one per line (\"noNAME\" when\n"
	"                      off); write NAME or noNAME to switch one.\n"
	"  options/NAME        the same options, one file each (0 or 1).\n"
	"  error_log           why recent commands failed; 'echo >' clears.\n"
	"  events/header_page, events/header_event, events/ftrace/:\n"
	"                      the binary layouts, for trace-cmd.\n"
	"\n"
#ifdef CONFIG_FUNCTION_TRACER
	"Function tracing (tracer \"function\")\n"
	"  available_filter_functions  the functions that can be traced\n"
	"                      (_addrs: with their call-site addresses).\n"
	"  enabled_functions   functions with callbacks, and how many.\n"
	"  set_ftrace_filter   trace only these functions;\n"
	"                      accepts: func_full_name or glob-matching-pattern,\n"
	"                      !pattern removes, pattern:mod:module, and\n"
	"                      commands func:traceon|traceoff|stacktrace|\n"
	"                      dump|cpudump[:count].\n"
	"  set_ftrace_notrace  never trace these functions (same syntax).\n"
	"  set_ftrace_pid      trace only these pids;\n"
	"  set_ftrace_notrace_pid  never these pids (options/function-fork:\n"
	"                      children inherit).\n"
	"\n"
#endif
	"Boot options\n"
	"  ftrace=NAME                     start tracer NAME during boot\n"
#ifdef CONFIG_FUNCTION_TRACER
	"  ftrace_filter=, ftrace_notrace= function lists, comma-separated\n"
#endif
	"  trace_options=                  options, comma-separated\n"
	"  trace_buf_size=SIZE             bytes of buffer per CPU\n"
	"  ftrace_dump_on_oops[=orig_cpu]  print the buffer on an oops\n"
	"  traceoff_on_warning             pause recording at a WARN()\n";
