# SPDX-License-Identifier: GPL-2.0
# cmdline: ftrace=nop slub_debug=FZP
# timeout: 2400
#
# The debug kernel (configs/debug.config): KUnit runs while it boots,
# then our own ftracetest cases (the race cases among them) and the
# stress module's writers and readers.  Upstream's cases that trace
# every function are left out: under KASAN and lockdep in TCG one such
# case takes many minutes.
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
dmesg_tail
