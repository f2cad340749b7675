# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0
# timeout: 240
# host-check: host/events-report.sh
#
# Trace events as their users reach them: trace-cmd records sched events
# (the host's trace-cmd report parses our formats), perf counts, records
# and scripts a tracepoint and runs perf sched, and a module's events
# come and go with the module.
. /harness/lib.sh

T=/sys/kernel/tracing
cd /tmp

# A module's events: samples/trace_events.
if modprobe trace-events-sample 2>/tmp/modprobe.out; then
	expect events "the sample module's events appear with it" \
		test -f $T/events/sample-trace/foo_bar/format
	echo > $T/trace
	echo 1 > $T/events/sample-trace/foo_bar/enable
	sleep 2
	expect events "the sample module's foo_bar event records" \
		grep -q 'foo_bar: foo hello' $T/trace
	expect events "the sample module unloads with its event on" \
		rmmod trace-events-sample
	expect events "the sample module's events go with it" \
		test ! -e $T/events/sample-trace
	expect events "trace reads cleanly after the module went" \
		sh -c "cat $T/trace >/dev/null"
	modprobe trace-events-sample &&
		expect events "the sample module loads again" \
			test -f $T/events/sample-trace/foo_bar/enable
	rmmod trace-events-sample 2>/dev/null
else
	result FAIL events "modprobe trace-events-sample"
	sed 's/^/# /' /tmp/modprobe.out >$RESULTS
fi

# record_events NAME COMMAND...: trace-cmd record of the two sched
# events around COMMAND, sent to the host as NAME.dat.
record_events() {
	name=$1
	shift
	if trace-cmd record -e sched:sched_switch -e sched:sched_process_fork \
		-o /tmp/$name.dat -- "$@" >/tmp/tc.out 2>&1 &&
	   ! grep -qi 'invalid\|error\|fail' /tmp/tc.out; then
		result PASS events "trace-cmd record -e sched:sched_switch -e sched:sched_process_fork -- $* runs cleanly"
	else
		result FAIL events "trace-cmd record -e sched:sched_switch -e sched:sched_process_fork -- $* runs cleanly"
		sed 's/^/# /' /tmp/tc.out >$RESULTS
	fi
	echo "@@ file $name.dat" >$RESULTS
	base64 /tmp/$name.dat >$RESULTS
	echo "@@ endfile" >$RESULTS
}
if command -v trace-cmd >/dev/null; then
	record_events events sleep 0.2
	# A command that forks, for sched_process_fork.
	record_events fork sh -c '/bin/true & wait'
else
	result SKIP events "no trace-cmd for this guest"
fi

if command -v perf >/dev/null; then
	expect events "perf list shows sched:sched_switch" \
		sh -c 'perf list tracepoint 2>&1 | grep -q "sched:sched_switch"'
	perf stat -x, -e sched:sched_switch -- sleep 0.2 >/tmp/stat.out 2>&1
	n=$(grep 'sched:sched_switch' /tmp/stat.out | cut -d, -f1)
	case $n in
	''|*[!0-9]*|0)
		result FAIL events "perf stat -e sched:sched_switch counts > 0"
		sed 's/^/# /' /tmp/stat.out >$RESULTS ;;
	*)
		result PASS events "perf stat -e sched:sched_switch counts > 0 ($n)" ;;
	esac
	if perf record -e sched:sched_switch -o /tmp/perf.data -- sleep 0.2 \
		>/tmp/rec.out 2>&1 &&
	   perf script -i /tmp/perf.data >/tmp/script.out 2>&1 &&
	   grep -q 'sched:sched_switch: prev_comm=.* ==> next_comm=' \
		/tmp/script.out; then
		result PASS events "perf record + perf script show sched_switch with its fields"
	else
		result FAIL events "perf record + perf script show sched_switch with its fields"
		cat /tmp/rec.out /tmp/script.out | tail -20 |
			sed 's/^/# /' >$RESULTS
	fi
	if perf sched record -o /tmp/sched.data -- sleep 0.3 \
		>/tmp/sched.out 2>&1 &&
	   perf sched latency -i /tmp/sched.data >/tmp/lat.out 2>&1 &&
	   grep -q 'Task.*Runtime' /tmp/lat.out &&
	   grep -q 'TOTAL:' /tmp/lat.out; then
		result PASS events "perf sched record + perf sched latency"
	else
		result FAIL events "perf sched record + perf sched latency"
		cat /tmp/sched.out /tmp/lat.out | tail -20 |
			sed 's/^/# /' >$RESULTS
	fi
else
	result SKIP events "no perf for this guest"
fi
dmesg_tail
