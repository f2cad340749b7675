/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ring-buffer entry points that kernel/trace uses beyond the public
 * include/linux/ring_buffer.h.
 */
#ifndef _RING_BUFFER_EXT_H
#define _RING_BUFFER_EXT_H

#include <linux/ring_buffer.h>
#include <linux/types.h>

struct ring_buffer_event *
ring_buffer_read_nowait(struct trace_buffer *buffer, int cpu, u64 *ts,
			unsigned long *lost_events, bool consume);
bool ring_buffer_iter_next_ts(struct ring_buffer_iter *iter, u64 *ts);

#endif /* _RING_BUFFER_EXT_H */
