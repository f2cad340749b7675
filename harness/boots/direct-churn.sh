# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0
# timeout: 420
#
# Direct trampolines (upstream's samples/ftrace modules) loaded and
# unloaded over and over while the function tracer starts and stops on
# every function, so that sites move between the NOP, ftrace_caller,
# ftrace_regs_caller and the trampolines under running code; the
# ftrace-direct-modify samples also move their trampolines from a
# kthread once a second.  A hang is caught by the timeout.
. /harness/lib.sh

T=/sys/kernel/tracing
MODS="ftrace-direct ftrace-direct-too ftrace-direct-modify
ftrace-direct-multi ftrace-direct-multi-modify"

if [ -z "$(find /lib/modules -name 'ftrace-direct.ko*' 2>/dev/null)" ]; then
	result SKIP direct-churn "samples/ftrace modules not built"
	dmesg_tail
	exit 0
fi

churn() {
	for round in 1 2 3; do
		for m in $MODS; do
			modprobe $m || return 1
			echo function > $T/current_tracer || return 1
			sleep 1
			cat $T/trace > /dev/null
			echo nop > $T/current_tracer
			rmmod $m || return 1
		done
	done
}
expect direct-churn "5 direct samples x 3 rounds under the function tracer" \
	churn
expect direct-churn "no site left enabled" \
	sh -c "[ \$(wc -l < $T/enabled_functions) -eq 0 ]"
expect direct-churn "two direct samples on one function at once (-EBUSY)" \
	sh -c "modprobe ftrace-direct && ! modprobe ftrace-direct-multi;
	       r=\$?; rmmod ftrace-direct; exit \$r"
dmesg_tail
