// SPDX-License-Identifier: GPL-2.0
/*
 * The text of the tracefs README file: a short guide to the files this
 * kernel provides.  Tools (ftracetest among them) search it to learn what
 * the kernel supports, so it names only what is built.
 */
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
	"  README              this text.\n"
	"\n"
	"Boot options\n"
	"  ftrace=NAME                     start tracer NAME during boot\n"
	"  ftrace_dump_on_oops[=orig_cpu]  print the buffer on an oops\n"
	"  traceoff_on_warning             pause recording at a WARN()\n";
