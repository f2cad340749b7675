# SPDX-License-Identifier: GPL-2.0
# cmdline: ftrace=nop slub_debug=FZP
# timeout: 2400
#
# The debug kernel (configs/debug.config): KUnit runs while it boots,
# then our own ftracetest cases (the race cases among them), the stress
# module's writers and readers, and hostile use of a mapped
# trace_pipe_raw.  Upstream's cases that trace every function are left
# out: under KASAN and lockdep in TCG one such case takes many minutes.
# KASAN (KASAN=1), lockdep, UBSAN, KFENCE, SLUB and might-sleep reports in the kernel
# log fail the run (harness/check.py).
. /harness/lib.sh

run_ftracetest test.d/core test.d/function \
	test.d/latency/instance-gone.tc

T=/sys/kernel/tracing
mod=/modules/trace_stress_test.ko
if [ -f $mod ]; then
	echo 64 > $T/buffer_size_kb
	/harness/rawcount $T >/tmp/read.txt &
	reader=$!
	insmod $mod duration=10
	kill -TERM $reader
	wait $reader
	expect debug-stress "writers and readers ran" \
		sh -c "[ \$(cat /sys/module/trace_stress_test/parameters/events_written) -gt 0 ]"
	rmmod trace_stress_test
fi

# Hostile use of a mapped trace_pipe_raw (harness/guest/mmap-hostile.c,
# as in the mmap scenario) on an instance, under lockdep and the debug
# allocators.
I=$T/instances/mmap-debug
if [ ! -x /harness/mmap-hostile ]; then
	result SKIP debug-mmap "mmap-hostile not in the initramfs"
elif ! mkdir $I; then
	result FAIL debug-mmap "mkdir $I"
else
	cpu=0
	[ "$(cat /sys/devices/system/cpu/cpu1/online 2>/dev/null)" = 1 ] && cpu=1
	timeout 600 /harness/mmap-hostile $I $cpu >/tmp/hostile.out 2>&1
	status=$?
	ok_lines debug-mmap "" /tmp/hostile.out ||
		result FAIL debug-mmap "mmap-hostile reported nothing (exit status $status)"
	expect debug-mmap "the instance is removed after the run" rmdir $I
fi
dmesg_tail
