# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0 tsc=reliable
# timeout: 240
#
# The tracing clients and the guest setup real users have: perf's
# counters and `perf ftrace` on our function tracer, uftrace on a -pg
# program, chrt, ping on loopback, /etc/group, a shell named sh in
# /proc/PID/maps; `perf ftrace -G` and `uftrace record -k` on our
# function_graph tracer.
. /harness/lib.sh

T=/sys/kernel/tracing
if ! command -v perf >/dev/null; then
	result SKIP clients "no perf for this guest"
else
	expect clients "perf stat counts task-clock (PERF_EVENTS)" \
		perf stat -e task-clock -x, -- true
	# perf ftrace resets max_graph_depth and tracing_thresh first:
	# the files of function_graph and the latency tracers.
	if [ ! -e $T/max_graph_depth ] || [ ! -e $T/tracing_thresh ]; then
		result SKIP clients "perf ftrace -t function -T ksys_write shows the calls (needs max_graph_depth, tracing_thresh: function_graph not built yet)"
	elif perf ftrace -t function -T ksys_write -- /bin/busybox echo hi \
		>/tmp/pftrace.out 2>&1 && grep -q 'ksys_write' /tmp/pftrace.out; then
		result PASS clients "perf ftrace -t function -T ksys_write shows the calls"
		# It leaves the tracer as it found it.
		expect clients "perf ftrace restores current_tracer" \
			grep -qx nop $T/current_tracer
	else
		result FAIL clients "perf ftrace -t function -T ksys_write shows the calls"
		sed 's/^/# /' /tmp/pftrace.out >$RESULTS
	fi
	if [ ! -e $T/set_graph_function ]; then
		result SKIP clients "perf ftrace -G ksys_write (no function_graph)"
	elif perf ftrace -G ksys_write -- /bin/busybox echo hi \
		>/tmp/pfgraph.out 2>&1 &&
		grep -q 'ksys_write() {' /tmp/pfgraph.out &&
		grep -q 'us *| *}' /tmp/pfgraph.out; then
		result PASS clients "perf ftrace -G ksys_write shows its block with durations"
	else
		result FAIL clients "perf ftrace -G ksys_write shows its block with durations"
		sed 's/^/# /' /tmp/pfgraph.out >>$RESULTS
	fi
	# perf probe writes kprobe_events; the probe:* event is then an
	# ordinary tracepoint event to perf record and perf stat.
	if [ ! -e $T/kprobe_events ]; then
		result SKIP clients "perf probe on ksys_write (no kprobe events)"
	elif perf probe -q -a 'ksys_write fd=%di:s32' >/tmp/pprobe.out 2>&1; then
		result PASS clients "perf probe -a 'ksys_write fd=%di:s32' adds probe:ksys_write"
		if perf record -q -o /tmp/pprobe.data -e probe:ksys_write \
			-- /bin/busybox echo hi >/tmp/pprobe.out 2>&1 &&
		   perf script -i /tmp/pprobe.data >>/tmp/pprobe.out 2>&1 &&
		   grep -q 'ksys_write.*fd=1$' /tmp/pprobe.out; then
			result PASS clients "perf record -e probe:ksys_write, perf script shows fd=1"
		else
			result FAIL clients "perf record -e probe:ksys_write, perf script shows fd=1"
			sed 's/^/# /' /tmp/pprobe.out >>$RESULTS
		fi
		# echo writes "hi\n" once: exactly one hit.
		if perf stat -x, -e probe:ksys_write -- /bin/busybox echo hi \
			>/tmp/pprobe.out 2>&1 &&
		   grep -q '^1,,probe:ksys_write' /tmp/pprobe.out; then
			result PASS clients "perf stat -e probe:ksys_write counts one write"
		else
			result FAIL clients "perf stat -e probe:ksys_write counts one write"
			sed 's/^/# /' /tmp/pprobe.out >>$RESULTS
		fi
		expect clients "perf probe -d probe:ksys_write removes it" \
			perf probe -q -d probe:ksys_write
		expect clients "kprobe_events is empty again" \
			test ! -s $T/kprobe_events
	else
		result FAIL clients "perf probe -a 'ksys_write fd=%di:s32' adds probe:ksys_write"
		sed 's/^/# /' /tmp/pprobe.out >>$RESULTS
	fi
	# perf probe -x writes uprobe_events: pg-target calls pg_leaf once
	# a run, so three runs are three hits.
	if [ ! -e $T/uprobe_events ] || [ ! -x /harness/pg-target ]; then
		result SKIP clients "perf probe -x on a program (no uprobe events or no pg-target)"
	elif perf probe -q -x /harness/pg-target -a 'pgx:leaf=pg_leaf' \
		>/tmp/pprobe.out 2>&1; then
		if perf stat -x, -e pgx:leaf -- sh -c '/harness/pg-target;
			/harness/pg-target; /harness/pg-target' \
			>/tmp/pprobe.out 2>&1 &&
		   grep -q '^3,,pgx:leaf' /tmp/pprobe.out; then
			result PASS clients "perf probe -x pg-target pg_leaf, perf stat counts 3 calls in 3 runs"
		else
			result FAIL clients "perf probe -x pg-target pg_leaf, perf stat counts 3 calls in 3 runs"
			sed 's/^/# /' /tmp/pprobe.out >>$RESULTS
		fi
		expect clients "perf probe -d pgx:leaf removes it" \
			sh -c "perf probe -q -d pgx:leaf && test ! -s $T/uprobe_events"
	else
		result FAIL clients "perf probe -x pg-target pg_leaf, perf stat counts 3 calls in 3 runs"
		sed 's/^/# /' /tmp/pprobe.out >>$RESULTS
	fi
fi

if command -v uftrace >/dev/null; then
	cd /tmp
	uftrace record -d /tmp/uft /harness/pg-target >/tmp/uft.out 2>&1
	uftrace replay -d /tmp/uft >>/tmp/uft.out 2>&1
	if grep -q 'pg_leaf' /tmp/uft.out; then
		result PASS clients "uftrace records and replays a -pg program"
	else
		result FAIL clients "uftrace records and replays a -pg program"
		sed 's/^/# /' /tmp/uft.out >$RESULTS
	fi
	# -k: the program's kernel side through function_graph and
	# per_cpu/cpuN/trace_pipe_raw, parsed with our formats.
	if [ ! -e $T/set_graph_function ]; then
		result SKIP clients "uftrace record -k (no function_graph)"
	else
		# uftrace 0.13 resets trace_clock to "local" (sched_clock(),
		# the TSC), then sets it to "mono", and places the kernel's
		# records between its own CLOCK_MONOTONIC stamps.  Its copy
		# of libtraceevent stops reading a CPU's records at an
		# absolute timestamp, which the ring buffer keeps for
		# writers nested two deep (scenario stress counts them).
		# Until 2026-12-06 any interrupt that wrote in the last
		# steps of a reservation made one (under KASAN, 1 in 1000
		# events), and recordings lost what followed it.
		# Earlier empty recordings (CI, twice; upstream's kernel
		# too) were put down to TCG's TSC failing the clocksource
		# watchdog under host load: tsc=reliable on this boot keeps
		# the TSC the clocksource, as on real hardware.  A second
		# recording still runs after an empty one, and the first
		# one's output stays in the results.
		# A system call shows as a leaf with its duration
		# ("ksys_write();") or, when uftrace records deeper, as
		# a block whose closing line has it ("} /* x64_sys_call */").
		uftk_ok() {
			grep -q 'pg_leaf' /tmp/uftk.out &&
			grep -Eq '[0-9] us +\[ *[0-9]+\] \| +([a-z_0-9]*sys_[a-z_0-9]+\(|\} /\* [a-z_0-9]*sys_[a-z_0-9]+ \*/)' \
				/tmp/uftk.out
		}
		uftk_run() {
			rm -rf /tmp/uftk
			uftrace record -k -d /tmp/uftk /harness/pg-target \
				>/tmp/uftk.out 2>&1
			uftrace replay -d /tmp/uftk >>/tmp/uftk.out 2>&1
		}
		uftk_run
		if ! uftk_ok; then
			sed 's/^/# first recording: /' /tmp/uftk.out >>$RESULTS
			uftk_run
		fi
		if uftk_ok; then
			result PASS clients "uftrace record -k shows the program's system calls"
		else
			result FAIL clients "uftrace record -k shows the program's system calls"
			sed 's/^/# /' /tmp/uftk.out >>$RESULTS
			dmesg | grep -i -e clocksource -e tsc | sed 's/^/# /' >>$RESULTS
		fi
	fi
	cd /
else
	result SKIP clients "no uftrace for this guest"
fi

if command -v chrt >/dev/null; then
	expect clients "chrt -f 5 runs a SCHED_FIFO task" chrt -f 5 true
else
	result SKIP clients "no chrt for this guest"
fi
expect clients "ping on loopback" ping -c 1 -W 5 127.0.0.1
expect clients "/etc/group names groups other than root" \
	grep -q '^daemon:' /etc/group
if echo 'cat /proc/$$/maps' | /bin/sh | grep -q "r-xp .*/bin/.*sh$"; then
	result PASS clients "/bin/sh shows as a shell in /proc/PID/maps"
else
	result FAIL clients "/bin/sh shows as a shell in /proc/PID/maps"
fi
dmesg_tail
