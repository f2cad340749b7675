# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0
# timeout: 240
# host-check: host/events-report.sh
#
# Trace events as their users reach them: trace-cmd records sched events
# (the host's trace-cmd report parses our formats), perf counts, records
# and scripts a tracepoint and runs perf sched, and a module's events
# come and go with the module.  The in-tree users of the tracing API
# ("users" lines): an instance a module holds, a trace export, the block
# events, recursed_functions.
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

# In-tree users of the tracing API (configs/tracing-users.config; their
# modules exist only in the x86_64 test kernels).
have_module() {
	[ -n "$(find /lib/modules -name "$1.ko*" 2>/dev/null | head -n 1)" ]
}
# samples/ftrace/sample-trace-array: an instance made and held by a
# module, with the event systems it names, written by trace_array_printk().
if have_module sample-trace-array; then
	I=$T/instances/sample-instance
	expect users "sample-trace-array loads" modprobe sample-trace-array
	expect users "its instance has the systems it named, not the others" \
		sh -c "test -d $I/events/sched && test -d $I/events/timer &&
		       test ! -e $I/events/irq"
	sleep 2
	expect users "trace_array_printk() writes the module's instance" \
		grep -q 'trace_array_printk: count=' $I/trace
	expect users "the top level gets none of it" \
		sh -c "! grep -q 'trace_array_printk: count=' $T/trace"
	expect users "rmdir of the held instance is refused" \
		sh -c "! rmdir $I 2>/dev/null && test -d $I"
	expect users "sample-trace-array unloads" rmmod sample-trace-array
	expect users "trace_array_destroy() removed its instance" \
		test ! -e $I
else
	result SKIP users "no sample-trace-array module in this kernel"
fi
# The STM ftrace source links against register_ftrace_export().
if have_module stm_ftrace; then
	expect users "stm_ftrace (register_ftrace_export) loads and unloads" \
		sh -c "modprobe stm_ftrace && rmmod stm_ftrace"
else
	result SKIP users "no stm_ftrace module in this kernel"
fi
# The block layer's events, with blk_fill_rwbs()'s rwbs column.
if [ -b /dev/ram0 ] && [ -d $T/events/block ]; then
	echo > $T/trace
	echo 1 > $T/events/block/block_bio_queue/enable
	dd if=/dev/zero of=/dev/ram0 bs=4096 count=4 conv=fsync 2>/dev/null
	echo 0 > $T/events/block/block_bio_queue/enable
	expect users "block_bio_queue records a write to /dev/ram0 (rwbs W...)" \
		grep -Eq 'block_bio_queue: 1,0 W[FSAM]* [0-9]+ \+ [0-9]+' $T/trace
else
	result SKIP users "no /dev/ram0 or no block events in this kernel"
fi
# recursed_functions (FTRACE_RECORD_RECURSION).
if [ -f $T/recursed_functions ]; then
	expect users "recursed_functions reads and empties" \
		sh -c "cat $T/recursed_functions >/dev/null &&
		       echo > $T/recursed_functions &&
		       test ! -s $T/recursed_functions"
else
	result SKIP users "no recursed_functions in this kernel"
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
