# SPDX-License-Identifier: GPL-2.0
#
# Guest side of make bench: each figure goes to the results port as
# "@@ bench NAME VALUE" (guest ns per operation).
R=/dev/ttyS1
T=/sys/kernel/tracing
bench() {
	echo "@@ bench $1 $2" >$R
}
echo nop > $T/current_tracer
echo 1 > $T/tracing_on
bench write_devnull_16 "$(/bench/markbench /dev/null 20000)"
echo > $T/trace
bench trace_marker_16 "$(/bench/markbench $T/trace_marker 20000)"
insmod /modules/rb_bench.ko iters=200000
bench rb_reserve_commit_16 "$(dmesg | sed -n 's/.*rb_bench: reserve_commit_16 \([0-9]*\) ns.*/\1/p' | tail -1)"
echo "@@ end" >$R
