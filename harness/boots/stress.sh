# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0
# timeout: 300
#
# Writers on every CPU, from task and hardirq context, against readers of
# every CPU's trace_pipe_raw, for 30 s: every entry attempted must be
# read, overrun or dropped, exactly.  Then 10 s of them again under the
# function_graph tracer on every function, and a few seconds under each
# latency tracer (see below).
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
/harness/rawcount $T >/tmp/read.txt 2>/tmp/stamps.txt &
reader=$!
sleep 1
insmod $mod duration=30
kill -TERM $reader
wait $reader
read=$(cat /tmp/read.txt)
written=$(cat /sys/module/trace_stress_test/parameters/events_written)
lost=$(awk '/^(overrun|commit overrun|dropped events):/ {n += $NF}
	   END {print n + 0}' $T/per_cpu/cpu*/stats)
stamps=$(sed -n 's/^stamps //p' /tmp/stamps.txt)
echo "@@ info stress: written $written, read $read, overrun+dropped $lost, absolute timestamps $stamps" >$RESULTS
expect stress "entries were written and read" \
	sh -c "[ ${written:-0} -gt 0 ] && [ ${read:-0} -gt 0 ]"
expect stress "read + overrun + dropped = written ($read + $lost = $written)" \
	[ $((read + lost)) -eq "$written" ]
# A hardirq writer that interrupts a task writer between its reservation
# and its bookkeeping takes its delta from what the task writer published
# first: only writers nested two deep store an absolute TIME_STAMP, which
# old parsers (uftrace 0.13) stop reading a CPU at.
expect stress "at most one absolute timestamp in 100000 events (${stamps:-?} in $read)" \
	sh -c "[ -n '$stamps' ] && [ ${read:-0} -gt 0 ] && [ \$(($stamps * 100000)) -le ${read:-0} ]"
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

# The latency tracers beside the writers, a few seconds each.  A latency
# tracer swaps its trace array's buffer with the spare one at every new
# maximum (per CPU for irqsoff and preemptoff) and writes entries of its
# own into it at every section: entries the writers put there end up in
# a buffer no reader sees, and a swap refuses writes while it runs,
# uncounted.  So each tracer runs in an instance, with function tracing
# on the stress module's functions (the writers' hot path; patching every
# function would take longer than the runs), while the writers fill the
# top level, whose count must stay exact; the tracer's hooks run inside
# every write (irqs-off hrtimer, preempt-off task writes).  RT and
# deadline tasks are woken throughout, for the wakeup tracers.  Then
# irqsoff and wakeup_rt at the top level itself, readers open: no exact
# count there, but no hang (the readers drain once tracing is off), a
# max latency, and nothing in the kernel log.
BAD_LOG='BUG: |WARNING: |Oops|Kernel panic|general protection fault|UBSAN: |KASAN: |INFO: task .* blocked|rcu: INFO: '
lat=
for t in irqsoff preemptoff preemptirqsoff wakeup wakeup_rt wakeup_dl; do
	grep -qw $t $T/available_tracers && lat="$lat $t"
done
# drain READER OUT: stop the reader and wait (20 s at most) for its count.
drain() {
	kill -TERM $1
	n=0
	while [ ! -s $2 ] && [ $n -lt 200 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	[ -s $2 ] || kill -KILL $1
	wait $1
}
if [ -n "$lat" ]; then
	log0=$(dmesg | wc -l)
	rm -f /tmp/waker.stop
	# The waker is real-time itself: the writers on every CPU must not
	# starve it of its wake-ups (wakeup_rt saw none in 3 s on a busy
	# host).
	(
		command -v chrt >/dev/null || exit 0
		exec chrt -f 10 sh -c '
		while [ ! -e /tmp/waker.stop ]; do
			chrt -f 5 sleep 0.05
			chrt -d --sched-runtime 1000000 --sched-deadline 10000000 \
				--sched-period 10000000 0 sleep 0.05 2>/dev/null
		done'
	) &
	waker=$!
	I=$T/instances/stress-latency
	mkdir $I
	echo ':mod:trace_stress_test' > $I/set_ftrace_filter
	echo 64 > $T/buffer_size_kb
	echo > $T/trace
	: >/tmp/read.txt
	/harness/rawcount $T >/tmp/read.txt &
	reader=$!
	sleep 1
	written=0
	for t in $lat; do
		echo $t > $I/current_tracer
		echo 0 > $I/tracing_max_latency
		insmod $mod duration=3
		w=$(cat /sys/module/trace_stress_test/parameters/events_written)
		rmmod trace_stress_test
		written=$((written + w))
		max=$(cat $I/tracing_max_latency)
		expect stress "$t in an instance beside the writers: a max latency ($max us)" \
			[ "${max:-0}" -gt 0 ]
	done
	echo nop > $I/current_tracer
	drain $reader /tmp/read.txt
	read=$(cat /tmp/read.txt)
	lost=$(awk '/^(overrun|commit overrun|dropped events):/ {n += $NF}
		   END {print n + 0}' $T/per_cpu/cpu*/stats)
	echo "@@ info stress: latency tracers in an instance: written $written, read $read, overrun+dropped $lost" >$RESULTS
	expect stress "latency tracers in an instance: top level read + overrun + dropped = written ($read + $lost = $written)" \
		[ $((read + lost)) -eq "$written" ]
	echo > $I/set_ftrace_filter
	rmdir $I

	echo ':mod:trace_stress_test' > $T/set_ftrace_filter
	for t in irqsoff wakeup_rt; do
		case " $lat " in *" $t "*) ;; *) continue ;; esac
		# A tracer is not changed while trace_pipe_raw is open.
		echo $t > $T/current_tracer
		echo 0 > $T/tracing_max_latency
		echo > $T/trace
		: >/tmp/read.txt
		/harness/rawcount $T >/tmp/read.txt &
		reader=$!
		insmod $mod duration=3
		rmmod trace_stress_test
		# The tracer writes as long as it runs: stop it, then drain.
		echo 0 > $T/tracing_on
		drain $reader /tmp/read.txt
		read=$(cat /tmp/read.txt)
		max=$(cat $T/tracing_max_latency)
		echo nop > $T/current_tracer
		echo 1 > $T/tracing_on
		expect stress "$t at the top level beside the writers and readers: drained ($read read), a max latency ($max us)" \
			sh -c "[ ${read:-0} -gt 0 ] && [ ${max:-0} -gt 0 ]"
	done
	echo > $T/set_ftrace_filter
	touch /tmp/waker.stop
	wait $waker
	expect stress "latency tracers beside the writers: nothing in the kernel log" \
		sh -c "! dmesg | tail -n +$((log0 + 1)) | grep -E '$BAD_LOG'"
fi
dmesg_tail
