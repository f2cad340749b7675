# SPDX-License-Identifier: GPL-2.0
# make profile SCRIPT=bench/insn-profile/tracepoint-bpf.sh PER=1000000: a
# million hits of ev_bench's event with an empty BPF program on it through
# perf (the bench row bpf_tracepoint_empty_hit).
insmod /modules/ev_bench.ko
E=/sys/kernel/tracing/events/ev_bench/ev_bench
echo 1 > /proc/sys/net/core/bpf_jit_kallsyms 2>/dev/null
/harness/bpf-raw tp-empty "$(cat $E/id)" -- sh -c \
	'echo 1000000 > /sys/module/ev_bench/parameters/run; grep "\[" /proc/kallsyms | grep -v "^0000"'
dmesg | grep ev_bench | tail -1
