# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0 trace_clock=global tracing_thresh=150 trace_instance=bootinst^traceoff^traceprintk,sched:sched_switch,irq,initcall:initcall_finish trace_instance=second,sched_wakeup trace_event=initcall:initcall_start tp_printk tp_printk_stop_on_boot
# timeout: 180
#
# The tracing boot parameters of 6.12's kernel-parameters.txt not covered
# elsewhere: trace_clock=, tracing_thresh=, trace_instance= (flags and
# events; twice), tp_printk with tp_printk_stop_on_boot.
. /harness/lib.sh

T=/sys/kernel/tracing
I=$T/instances/bootinst
expect params "trace_clock=global selects the top level's clock" \
	grep -q '\[global\]' $T/trace_clock
expect params "tracing_thresh=150 reads back in microseconds" \
	grep -qx 150 $T/tracing_thresh
expect params "trace_instance= makes the instance" test -d $I
expect params "its events are on: sched:sched_switch, the irq system, one initcall event" \
	sh -c "grep -qx 1 $I/events/sched/sched_switch/enable &&
	       grep -qx 1 $I/events/irq/enable &&
	       grep -qx 1 $I/events/initcall/initcall_finish/enable &&
	       grep -qx 0 $I/events/initcall/initcall_start/enable"
expect params "^traceoff: it is not recording" grep -qx 0 $I/tracing_on
expect params "^traceprintk: trace_printk() writes into it" \
	sh -c "grep -qx 1 $I/options/trace_printk_dest &&
	       grep -qx 0 $T/options/trace_printk_dest"
expect params "a second trace_instance= makes a second instance, a bare event name enabled" \
	grep -qx 1 $T/instances/second/events/sched/sched_wakeup/enable
expect params "the second instance records" \
	sh -c "sleep 0.2; grep -q sched_wakeup: $T/instances/second/trace"
expect params "the boot instances can be removed" \
	sh -c "rmdir $T/instances/second && test ! -e $T/instances/second"
expect params "tp_printk printed the boot's events on the console" \
	sh -c "dmesg | grep -q 'initcall_start: func='"
expect params "tp_printk_stop_on_boot stopped it at the end of boot" \
	sh -c "grep -qx 0 /proc/sys/kernel/tracepoint_printk &&
	       dmesg | grep -q 'tp_printk: stopped at the end of boot'"
# On again: an event whose printer reads the record's size (a kprobe
# event's) prints whole on the console, not "(truncated)".
if [ -e $T/kprobe_events ]; then
	echo 1 > /proc/sys/kernel/tracepoint_printk
	echo 'p:tpk vfs_read count=$arg3:u64' >> $T/kprobe_events
	echo 1 > $T/events/kprobes/tpk/enable
	dd if=/proc/version of=/dev/null bs=7 count=1 2>/dev/null
	echo 0 > $T/events/kprobes/tpk/enable
	echo 0 > /proc/sys/kernel/tracepoint_printk
	expect params "tp_printk prints a kprobe event whole" \
		sh -c "dmesg | grep -q 'tpk: (vfs_read+0x0/0x[0-9a-f]*) count=7'"
	echo '-:tpk' >> $T/kprobe_events
fi
dmesg_tail
