# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0 nokaslr reserve_mem=4M:4096:trace trace_instance=boot_map@trace trace_instance=nomem@no_such_label
# timeout: 300
# reboot: yes
#
# A boot-mapped instance (trace_instance=NAME@LABEL on reserve_mem=
# memory) keeps what it recorded across reboots (QEMU keeps RAM): the
# first boot writes markers on both CPUs, the second finds them (with
# last_boot_info and buffer_meta) and adds its own, the third finds both,
# in order, and ends its results (the host stops QEMU then:
# harness/check.py).  Without
# nokaslr the memory would move (Documentation/trace/debugging.rst).
. /harness/lib.sh

T=/sys/kernel/tracing
B=$T/instances/boot_map

# The third boot finds the second one's markers after the first one's.
if grep -q 'boot-map-second' $B/trace 2>/dev/null; then
	expect boot-map "third boot: both earlier boots' markers, oldest first" \
		sh -c "grep -o 'boot-map-[a-z]* cpu0 [0-9]*' $B/trace >/tmp/order &&
		       [ \$(grep -c first /tmp/order) -eq 20 ] &&
		       [ \$(grep -c second /tmp/order) -eq 5 ] &&
		       ! sed -n '/second/,\$p' /tmp/order | grep -q first"
	expect boot-map "third boot: clearing the trace drops the earlier boots' data" \
		sh -c "echo > $B/trace && ! grep -q boot-map- $B/trace"
	expect boot-map "third boot: last_boot_info after the clear" \
		sh -c "printf 'text delta:\t0\ndata delta:\t0\n' | cmp -s - $B/last_boot_info"
	dmesg_tail
	# The kernel cannot power off: the host stops QEMU after '@@ end'.
	sleep 600
fi

# The second boot finds the first one's markers.
if grep -q 'boot-map-first' $B/trace 2>/dev/null; then
	expect boot-map "second boot: the first boot's markers are in the trace, both CPUs" \
		sh -c "[ \$(grep -c 'boot-map-first cpu0' $B/trace) -eq 20 ] &&
		       [ \$(grep -c 'boot-map-first cpu1' $B/trace) -eq 20 ]"
	expect boot-map "second boot: in the order written" \
		sh -c "grep -o 'boot-map-first cpu0 [0-9]*' $B/trace |
		       awk '{ if (\$3 != NR) exit 1 }'"
	expect boot-map "second boot: the ring buffer says it kept the data" \
		sh -c "dmesg | grep -q \"previous boot's data kept\""
	expect boot-map "second boot: last_boot_info shows the deltas (0 without KASLR)" \
		sh -c "printf 'text delta:\t0\ndata delta:\t0\n' | cmp -s - $B/last_boot_info"
	expect boot-map "second boot: the statistics count the kept events" \
		sh -c "grep -q '^entries: 20$' $B/per_cpu/cpu0/stats"
	expect boot-map "second boot: trace_pipe consumes them (cpu1)" \
		sh -c "timeout 5 cat $B/per_cpu/cpu1/trace_pipe | grep -c 'boot-map-first cpu1' | grep -qx 20"
	taskset -c 0 sh -c "i=1; while [ \$i -le 5 ]; do
		echo boot-map-second cpu0 \$i > $B/trace_marker; i=\$((i + 1)); done"
	expect boot-map "second boot: the instance records on" \
		sh -c "[ \$(grep -c boot-map-second $B/trace) -eq 5 ]"
	expect boot-map "second boot: no kernel warning" \
		sh -c "! dmesg | grep -Eq 'WARNING|BUG|Oops'"
	sync
	reboot -f
fi

expect boot-map "first boot: the instance is made in the reserved memory" \
	sh -c "[ -d $B ] && dmesg | grep -q 'mapped boot instance boot_map at physical memory'"
expect boot-map "an unknown reserve_mem label: no instance, a message" \
	sh -c "[ ! -d $T/instances/nomem ] &&
	       dmesg | grep -q 'Failed to map boot instance nomem to no_such_label'"
expect boot-map "first boot: last_boot_info says nothing was kept" \
	sh -c "printf 'text delta:\t0\ndata delta:\t0\n' | cmp -s - $B/last_boot_info"
expect boot-map "buffer_meta describes each CPU's sub-buffers" \
	sh -c "grep -q '^subbuf_size:   4096$' $B/per_cpu/cpu0/buffer_meta &&
	       n=\$(sed -n 's/^nr_subbufs: *//p' $B/per_cpu/cpu1/buffer_meta) &&
	       [ \$(grep -c '^buffer\[' $B/per_cpu/cpu1/buffer_meta) -eq \$n ]"
expect boot-map "no snapshot file in a boot-mapped instance" \
	sh -c "[ ! -e $B/snapshot ] && [ ! -e $B/per_cpu/cpu0/snapshot_raw ]"
expect boot-map "buffer_size_kb cannot change it (EBUSY)" \
	sh -c "! echo 2000 > $B/buffer_size_kb && ! echo 8 > $B/buffer_subbuf_size_kb"
expect boot-map "it cannot be removed (EBUSY)" \
	sh -c "! rmdir $B && [ -d $B ]"
if grep -qw irqsoff $B/available_tracers; then
	expect boot-map "no latency tracer in it" \
		sh -c "! echo irqsoff > $B/current_tracer"
fi
for cpu in 0 1; do
	taskset -c $cpu sh -c "i=1; while [ \$i -le 20 ]; do
		echo boot-map-first cpu$cpu \$i > $B/trace_marker; i=\$((i + 1)); done"
done
expect boot-map "first boot: 20 markers on each CPU" \
	sh -c "[ \$(grep -c 'boot-map-first cpu1' $B/trace) -eq 20 ]"
expect boot-map "first boot: no kernel warning" \
	sh -c "! dmesg | grep -Eq 'WARNING|BUG|Oops'"
sync
reboot -f
