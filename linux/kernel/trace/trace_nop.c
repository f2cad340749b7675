// SPDX-License-Identifier: GPL-2.0
/*
 * The nop tracer: traces nothing by itself.  It is every instance's
 * default, and with it the buffer holds only what events and
 * trace_marker write.
 */
#include "trace.h"

struct tracer nop_tracer = {
	.name	= "nop",
};
