# SPDX-License-Identifier: GPL-2.0
# cmdline: ftrace=no_such_tracer kunit.enable=0
# timeout: 120
#
# An unknown ftrace= name logs one warning and the kernel boots on with
# nop.
. /harness/lib.sh

T=/sys/kernel/tracing
expect boot "unknown ftrace= name is reported" \
	sh -c 'dmesg | grep -Eq "ftrace=no_such_tracer: no such tracer|bootup tracer .no_such_tracer. not registered"'
expect boot "unknown ftrace= name leaves nop current" \
	grep -qx nop $T/current_tracer
expect boot "debugfs tracing reaches tracefs" \
	sh -c "[ \"\$(cat /sys/kernel/debug/tracing/current_tracer)\" = nop ] &&
	       echo 0 > /sys/kernel/debug/tracing/tracing_on &&
	       grep -qx 0 $T/tracing_on && echo 1 > $T/tracing_on"
dmesg_tail
