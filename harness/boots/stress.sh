# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0
# timeout: 300
#
# Writers on every CPU, from task and hardirq context, against readers of
# every CPU's trace_pipe_raw, for 30 s: every entry attempted must be
# read, overrun or dropped, exactly.  Then 10 s of them again under the
# function_graph tracer on every function.
. /harness/lib.sh

T=/sys/kernel/tracing
mod=/modules/trace_stress_test.ko
if [ ! -f $mod ]; then
	result SKIP stress "trace_stress_test.ko not built"
	dmesg_tail
	exit 0
fi
echo 64 > $T/buffer_size_kb
echo > $T/trace
/harness/rawcount $T >/tmp/read.txt &
reader=$!
sleep 1
insmod $mod duration=30
kill -TERM $reader
wait $reader
read=$(cat /tmp/read.txt)
written=$(cat /sys/module/trace_stress_test/parameters/events_written)
lost=$(awk '/^(overrun|commit overrun|dropped events):/ {n += $NF}
	   END {print n + 0}' $T/per_cpu/cpu*/stats)
echo "@@ info stress: written $written, read $read, overrun+dropped $lost" >$RESULTS
expect stress "entries were written and read" \
	sh -c "[ ${written:-0} -gt 0 ] && [ ${read:-0} -gt 0 ]"
expect stress "read + overrun + dropped = written ($read + $lost = $written)" \
	[ $((read + lost)) -eq "$written" ]
rmmod trace_stress_test

# The graph tracer on every function while the writers run again, task
# and hardirq nesting into each other's graphs: no shadow stack may be
# found corrupt, and tracing stops cleanly.
if grep -qw function_graph $T/available_tracers; then
	echo 1024 > $T/buffer_size_kb
	echo function_graph > $T/current_tracer
	insmod $mod duration=10
	echo nop > $T/current_tracer
	rmmod trace_stress_test
	expect stress "function_graph on every function through the writers" \
		sh -c "[ \$(cat /sys/kernel/tracing/current_tracer) = nop ]"
	expect stress "no shadow stack found corrupt" \
		sh -c "! dmesg | grep -q 'shadow stack'"
fi
dmesg_tail
