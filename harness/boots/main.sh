# SPDX-License-Identifier: GPL-2.0
# cmdline: ftrace=nop
# timeout: 3600
#
# The main test boot: KUnit suites run while the kernel boots (the host
# reads them from the console); here, ftracetest with upstream's cases
# and ours (about 2150 s on x86_64 with a core of its own;
# harness/case-times.py lists the slowest cases).
. /harness/lib.sh

expect boot "ftrace=nop is accepted" \
	sh -c '! dmesg | grep -Eq "no such tracer|bootup tracer .* not registered" &&
	       grep -qx nop /sys/kernel/tracing/current_tracer'

run_ftracetest $(ft_select)
dmesg_tail
