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
#
# trigger-synthetic-event-dynstring.tc keys its histogram on the file
# name that sched_process_exec shows for "ping" and looks for "ping"
# there; busybox's shell runs its applets (ping) by executing
# /proc/self/exe, the name the event then shows, on any kernel (the
# anchor fails the case too).  The string variable it passes reaches the
# synthetic event all the same; boots/hist.sh checks one.
skip=trigger-synthetic-event-dynstring.tc
result SKIP ftracetest "trigger/inter-event/$skip (busybox runs ping as /proc/self/exe)"
if [ "$(uname -m)" = aarch64 ]; then
	result SKIP ftracetest "dynevent/add_remove_uprobe.tc (arm64: busybox-static's text mapping starts at its ELF header)"
	skip="$skip add_remove_uprobe.tc"
fi
run_ftracetest $(cd /ftracetest && find test.d -name '*.tc' | sort |
	grep -v -F "$(printf '%s\n' $skip)")
dmesg_tail
