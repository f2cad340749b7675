# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0 ftrace_dump_on_oops
# timeout: 120
# expect-log: Oops: invalid opcode
# expect-log-arm64: Internal error: Oops - BUG: |at kernel/context_tracking\.c:[0-9]+ ct_kernel_exit
#
# ftrace_dump_on_oops: an oops prints the top-level buffer and, named in
# the sysctl, an instance's, on the console; the kernel goes on.  (On
# arm64 the task dies inside the BRK exception, never leaving it for
# context tracking, so that CPU's next idle entry warns too: part of the
# oops provoked here.)
. /harness/lib.sh

T=/sys/kernel/tracing
mod=/modules/trace_oops_test.ko
if [ ! -f $mod ]; then
	result SKIP dump "trace_oops_test.ko not built"
	dmesg_tail
	exit 0
fi
expect dump "ftrace_dump_on_oops on the command line sets the sysctl" \
	grep -qx 1 /proc/sys/kernel/ftrace_dump_on_oops
mkdir $T/instances/foo
echo "a line of the top level" > $T/trace_marker
echo "a line of instance foo" > $T/instances/foo/trace_marker
echo "1,foo" > /proc/sys/kernel/ftrace_dump_on_oops
insmod $mod 2>/dev/null
expect dump "the oops dumped the top-level buffer" \
	sh -c 'dmesg | grep -q "Dumping ftrace buffer:" &&
	       dmesg | grep -q "a line of the top level" &&
	       dmesg | grep -q "the line before the oops"'
expect dump "the oops dumped instance foo's buffer" \
	sh -c 'dmesg | grep -q "Dumping ftrace instance foo buffer:" &&
	       dmesg | grep -q "a line of instance foo"'
expect dump "the kernel goes on after the dump" \
	sh -c 'echo 1 > '$T'/tracing_on && echo "still alive" > '$T'/trace_marker && grep -q "still alive" '$T'/trace'
dmesg_tail
