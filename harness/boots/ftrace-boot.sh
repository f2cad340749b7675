# SPDX-License-Identifier: GPL-2.0
# cmdline: ftrace=function ftrace_filter=do_one_initcall,ksys_write ftrace_notrace=ksys_write trace_options=sym-offset trace_buf_size=2M kunit.enable=0
# timeout: 180
#
# The function tracer started from the command line covers the boot:
# initcalls show in the trace, with the filter, notrace, options and
# buffer size given there.
. /harness/lib.sh

T=/sys/kernel/tracing
# A traced function shows at its call site: its first byte on x86_64
# (-mfentry), its second instruction on arm64 (the first NOP of
# -fpatchable-function-entry saves the return address).
site=0x0
[ "$(uname -m)" != aarch64 ] || site=0x4
expect boot "ftrace=function makes function current" \
	grep -qx function $T/current_tracer
expect boot "ftrace_filter= and ftrace_notrace= fill the sets" \
	sh -c "grep -qx do_one_initcall $T/set_ftrace_filter &&
	       grep -qx ksys_write $T/set_ftrace_filter &&
	       grep -qx ksys_write $T/set_ftrace_notrace"
expect boot "initcalls run at boot are in the trace" \
	sh -c "grep -q ' do_one_initcall+$site/0x[0-9a-f]* <-' $T/trace"
expect boot "notrace wins over the filter" \
	sh -c "echo x > /dev/null; ! grep -q ksys_write $T/trace"
expect boot "only filtered functions are traced" \
	sh -c "[ \$(grep -v '^#' $T/trace | grep -vc ' do_one_initcall+') -eq 0 ]"
expect boot "trace_buf_size= sizes the buffer" \
	sh -c "kb=\$(cat $T/buffer_size_kb); [ \$kb -ge 2048 ] && [ \$kb -lt 2100 ]"
dmesg_tail
