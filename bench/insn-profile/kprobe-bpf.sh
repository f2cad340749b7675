# SPDX-License-Identifier: GPL-2.0
# make profile SCRIPT=bench/insn-profile/kprobe-bpf.sh PER=1000000: a
# million calls of probe_bench_target with an empty BPF program on a
# kprobe at its ftrace site (the bench row bpf_kprobe_empty_hit).  The
# kallsyms lines name the module, the program and ftrace's trampolines.
insmod /modules/probe_bench.ko
echo 1 > /proc/sys/net/core/bpf_jit_kallsyms 2>/dev/null
/harness/bpf-raw kprobe-empty probe_bench_target -- sh -c \
	'echo 1000000 > /sys/module/probe_bench/parameters/run; grep "\[" /proc/kallsyms | grep -v "^0000"'
dmesg | grep probe_bench | tail -1
