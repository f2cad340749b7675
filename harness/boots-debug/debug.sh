# SPDX-License-Identifier: GPL-2.0
# cmdline: ftrace=nop
# timeout: 900
#
# What only the debug kernels (configs/debug.config, and kasan.config
# with KASAN=1) run, beside make check's scenarios and ftracetest's
# shards (harness/debug-plan.py): KUnit while it boots, the stress
# module's writers and readers, hostile use of a mapped trace_pipe_raw
# and the branch profiler.  KASAN, lockdep, UBSAN, KFENCE, SLUB and
# might-sleep reports in the kernel log fail the run (harness/check.py).
. /harness/lib.sh

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
# The branch profiler and tracer (configs/debug.config: every likely()
# and unlikely() of this kernel is profiled).
S=$T/trace_stat/branch_annotated
if [ ! -f $S ]; then
	result SKIP debug-branch "no trace_stat/branch_annotated (not built)"
else
	cat $S >/tmp/branch.txt
	expect debug-branch "branch_annotated: header, then rows" sh -c "
		head -n 1 /tmp/branch.txt | grep -q '^ correct incorrect  %  *Function  *File  *Line\$' &&
		[ \$(grep -cE '^ *[0-9]+ +[0-9]+ +([0-9]+|X) +[^ ]+ +[^ ]+ +[0-9]+\$' /tmp/branch.txt) -gt 100 ]"
	# The worst guessed first: the percent column never rises.
	expect debug-branch "branch_annotated: sorted by the wrong guesses' share" sh -c "
		awk 'NR > 2 && \$3 != \"X\" { if (seen && \$3 > last) exit 1; last = \$3; seen = 1 }' /tmp/branch.txt"
	expect debug-branch "branch_annotated: counts move" sh -c "
		awk 'NR > 2 { n += \$1 + \$2 } END { exit !(n > 1000) }' /tmp/branch.txt"
	expect debug-branch "events/ftrace/branch/format is upstream's" sh -c "
		grep -q '^ID: 9\$' $T/events/ftrace/branch/format &&
		grep -q 'field:char func\[31\];	offset:12;	size:31;	signed:0;' $T/events/ftrace/branch/format &&
		grep -q 'field:char constant;	offset:65;	size:1;	signed:0;' $T/events/ftrace/branch/format"

	echo 0 >$T/trace
	echo branch >$T/current_tracer
	sleep 1
	echo 0 >$T/tracing_on
	grep -v '^#' $T/trace >/tmp/branch-trace.txt
	echo nop >$T/current_tracer
	echo 1 >$T/tracing_on
	expect debug-branch "branch tracer: entries, each [  ok  ] or [ MISS ] func:file:line" sh -c "
		[ \$(grep -c ': \[  ok  \] [^ :]*:[^ :]*:[0-9]*\$' /tmp/branch-trace.txt) -gt 10 ] &&
		! grep -v ': \[  ok  \] \|: \[ MISS \] \|\[LOST ' /tmp/branch-trace.txt | grep -q ."
	echo 0 >$T/trace
	sleep 1
	expect debug-branch "branch tracer: none after the switch to nop" sh -c "
		! grep -q '\[  ok  \]\|\[ MISS \]' $T/trace"

	# One instance at a time: the tracer on one refuses the option on
	# another (EBUSY) until it is removed.
	A=$T/instances/branch-a
	mkdir $A
	echo branch >$A/current_tracer
	expect debug-branch "option branch elsewhere while an instance traces branches: EBUSY" sh -c "
		! echo 1 >$T/options/branch 2>/tmp/err && grep -q 'busy' /tmp/err"
	expect debug-branch "an instance tracing branches is removed" rmdir $A
	echo 0 >$T/trace
	expect debug-branch "option branch with the nop tracer records branches" sh -c "
		echo 1 >$T/options/branch && sleep 1 && echo 0 >$T/options/branch &&
		grep -q '\[  ok  \]' $T/trace"
	# Races: the option flips while an instance switches its tracer and
	# readers read, then everything is off.
	mkdir $A
	(for i in $(seq 40); do echo 1 >$T/options/branch; echo 0 >$T/options/branch; done) 2>/dev/null &
	flips=$!
	(for i in $(seq 40); do echo branch >$A/current_tracer; echo nop >$A/current_tracer; done) 2>/dev/null &
	switches=$!
	timeout 20 cat $T/trace_pipe >/dev/null &
	wait $flips $switches
	expect debug-branch "races of the option and the tracer leave both off" sh -c "
		grep -q '^nobranch\$' $T/trace_options && [ \"\$(cat $A/current_tracer)\" = nop ]"
	expect debug-branch "the instance is removed after the races" rmdir $A
	echo 0 >$T/trace
fi

dmesg_tail
