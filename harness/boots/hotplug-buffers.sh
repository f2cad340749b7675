# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0 maxcpus=1
# timeout: 120
#
# Buffers per online CPU: booted with one of two CPUs up, only cpu0 has
# a buffer; bringing cpu1 up gives it one (the CPU hotplug callback), at
# the size the others have, and it records.
. /harness/lib.sh

T=/sys/kernel/tracing
cpu1=/sys/devices/system/cpu/cpu1
if [ ! -e $cpu1/online ]; then
	result SKIP hotplug "no second CPU to bring up"
	dmesg_tail
	exit 0
fi
echo 100 > $T/buffer_size_kb
expect hotplug "cpu1 starts offline with no buffer" \
	sh -c "[ \$(cat $cpu1/online) = 0 ] && [ \$(cat $T/per_cpu/cpu1/buffer_size_kb) = 0 ]"
expect hotplug "buffer_size_kb reads one size, not X, with cpu1 absent" \
	sh -c "[ \$(cat $T/buffer_size_kb) = \$(cat $T/per_cpu/cpu0/buffer_size_kb) ]"
echo 1 > $cpu1/online
expect hotplug "cpu1 online gets a buffer of the others' size" \
	sh -c "[ \$(cat $T/per_cpu/cpu1/buffer_size_kb) = \$(cat $T/per_cpu/cpu0/buffer_size_kb) ]"
taskset 2 sh -c "echo 'recorded on cpu1' > $T/trace_marker"
expect hotplug "cpu1 records" grep -q "recorded on cpu1" $T/per_cpu/cpu1/trace
mkdir $T/instances/late
expect hotplug "an instance made now has cpu1's buffer" \
	sh -c "[ \$(cat $T/instances/late/per_cpu/cpu1/buffer_size_kb) -gt 0 ]"
rmdir $T/instances/late
dmesg_tail
