# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0
# timeout: 180
# host-check: host/trace-cmd-report.sh
#
# trace-cmd extract in the guest; trace-cmd report on the host must show
# the trace_marker entries written in the guest.  Then trace-cmd record
# of the function tracer: the host's report must show the traced calls.
. /harness/lib.sh

if ! command -v trace-cmd >/dev/null; then
	result SKIP trace-cmd "no trace-cmd for this guest"
	dmesg_tail
	exit 0
fi
T=/sys/kernel/tracing
echo > $T/trace
echo "trace-cmd sees marker one" > $T/trace_marker
echo "trace-cmd sees marker two" > $T/trace_marker
cd /tmp
expect trace-cmd "trace-cmd extract reads the buffers" \
	trace-cmd extract -o /tmp/trace.dat
echo "@@ file trace.dat" >$RESULTS
base64 /tmp/trace.dat >$RESULTS
echo "@@ endfile" >$RESULTS

# trace-cmd record: the function tracer on one function, read by splice;
# it must neither fail nor complain (it reads back every filter file).
if trace-cmd record -p function -l ksys_write -o /tmp/record.dat \
	sh -c 'echo recorded > /dev/null' >/tmp/record.out 2>&1 &&
   ! grep -qi 'invalid\|error\|fail' /tmp/record.out; then
	result PASS trace-cmd "trace-cmd record -p function -l ksys_write runs cleanly"
else
	result FAIL trace-cmd "trace-cmd record -p function -l ksys_write runs cleanly"
	sed 's/^/# /' /tmp/record.out >$RESULTS
fi
echo "@@ file record.dat" >$RESULTS
base64 /tmp/record.dat >$RESULTS
echo "@@ endfile" >$RESULTS

# trace-cmd record of the graph tracer from ksys_write down.
if grep -qw function_graph $T/available_tracers; then
	if trace-cmd record -p function_graph -g ksys_write -o /tmp/graph.dat \
		sh -c 'echo graphed > /dev/null' >/tmp/graph.out 2>&1; then
		result PASS trace-cmd "trace-cmd record -p function_graph -g ksys_write runs"
	else
		result FAIL trace-cmd "trace-cmd record -p function_graph -g ksys_write runs"
		sed 's/^/# /' /tmp/graph.out >$RESULTS
	fi
	echo "@@ file graph.dat" >$RESULTS
	base64 /tmp/graph.dat >$RESULTS
	echo "@@ endfile" >$RESULTS
fi
dmesg_tail
