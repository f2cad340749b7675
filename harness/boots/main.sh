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

# add_remove_uprobe.tc probes /bin/sh at the file offset of its r-xp
# mapping.  Debian's arm64 busybox-static has one R E segment from file
# offset 0, so that probe sits on the ELF header and is never hit: the
# case cannot pass with this binary, on any kernel.  x86_64's busybox
# maps its text from _init, which every run executes.
if [ "$(uname -m)" = aarch64 ]; then
	result SKIP ftracetest "dynevent/add_remove_uprobe.tc (arm64: busybox-static's text mapping starts at its ELF header)"
	run_ftracetest $(cd /ftracetest &&
		find test.d -name '*.tc' ! -name add_remove_uprobe.tc | sort)
else
	run_ftracetest
fi
dmesg_tail
