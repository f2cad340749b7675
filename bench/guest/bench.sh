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
bench trace_clock_local "$(dmesg | sed -n 's/.*rb_bench: clock_local \([0-9]*\) ns.*/\1/p' | tail -1)"

# Function tracing: getppid() with no tracer, then with the function
# tracer on every function; the entries written per call give the
# number of traced calls per getppid().
# (200 000 calls: a one-off piece of deferred work left by the steps
# above, which lands in a shorter window, is then under 0.1%.)
bench getppid_nop "$(/bench/markbench getppid 200000)"
echo function > $T/current_tracer
echo > $T/trace
bench getppid_function "$(/bench/markbench getppid 20000)"
echo 0 > $T/tracing_on
w=$(awk '/^entries:|^overrun:/ { n += $2 } END { print n }' $T/per_cpu/cpu0/stats)
bench getppid_function_entries_x1000 "$((w * 1000 / 25000))"
echo nop > $T/current_tracer
echo 1 > $T/tracing_on

# The graph tracer on every function: getppid(), and the entries written
# per call (an entry and an exit per traced call, fewer for leaves only
# if they were merged, which they are not in the buffer).
if grep -qw function_graph $T/available_tracers; then
	echo function_graph > $T/current_tracer
	echo > $T/trace
	bench getppid_function_graph "$(/bench/markbench getppid 20000)"
	echo 0 > $T/tracing_on
	w=$(awk '/^entries:|^overrun:/ { n += $2 } END { print n }' $T/per_cpu/cpu0/stats)
	bench getppid_function_graph_entries_x1000 "$((w * 1000 / 25000))"
	# One graph user on the syscall's own function, whose callbacks
	# return at once (tracing is off): the cost of the hook itself.
	# (No figure if the filter is refused: it would trace everything.)
	echo nop > $T/current_tracer
	if echo __do_sys_getppid > $T/set_ftrace_filter; then
		echo function_graph > $T/current_tracer
		bench getppid_graph_one_func_off \
			"$(/bench/markbench getppid 20000)"
		echo nop > $T/current_tracer
	fi
	echo > $T/set_ftrace_filter
	echo 1 > $T/tracing_on
fi
# The function profiler on every function (with the graph's timing).
if [ -f $T/function_profile_enabled ]; then
	echo 1 > $T/function_profile_enabled
	bench getppid_profiler "$(/bench/markbench getppid 20000)"
	echo 0 > $T/function_profile_enabled
fi

# ftrace_init() at boot, per call site (x1000): the time between the
# first and the last line it prints.  So early in the boot, printk's
# clock is the TSC as tsc_early_khz=1000000 (on the command line with
# printk.time=1) declares it: 1 GHz, which under -icount shift=0 it is,
# one tick per guest instruction.
# busybox awk reads "030371" as octal: the leading zeros go first.
ts() { # microseconds of the first dmesg line matching $1
	dmesg | grep "$1" | head -1 |
		awk -F'[][]' '{ split($2, t, "."); sub(/^0+/, "", t[2]);
			print t[1] * 1000000 + t[2] }'
}
n=$(dmesg | sed -n 's/.*ftrace: converting \([0-9]*\) call sites.*/\1/p;s/.*ftrace: allocating \([0-9]*\) entries.*/\1/p' | head -1)
t0=$(ts 'ftrace: converting\|ftrace: allocating')
t1=$(ts 'ftrace: [0-9]* call sites ready\|ftrace: allocated')
if [ -n "$n" ] && [ -n "$t0" ] && [ -n "$t1" ]; then
	bench ftrace_init_sites "$n"
	bench ftrace_init_per_site "$(( (t1 - t0) * 1000 / n ))"
	bench ftrace_init_total "$(( (t1 - t0) * 1000 ))"
fi
dmesg | grep ftrace: >$R
# The cost of calling one traced function, by the kind of ops, from
# upstream's samples/ftrace/ftrace-ops.ko (it times 20 000 calls of its
# tracee, prints the total and refuses to stay loaded): no ops (the
# NOP), one ops called directly, the same saving all registers, two ops
# through the list function, one relevant among ten.
ops_bench() { # NAME MODULE-ARGS...
	name=$1
	shift
	dmesg -c >/dev/null
	modprobe ftrace-ops nr_function_calls=20000 "$@" 2>/dev/null
	total=$(dmesg | sed -n 's/.*ftrace_ops: Attempted [0-9]* calls to .* in \([0-9]*\)ns.*/\1/p' | tail -1)
	[ -n "$total" ] && bench "$name" "$((total / 20000))"
}
ops_bench call_traced_none nr_ops_relevant=0
ops_bench call_traced_1ops nr_ops_relevant=1
ops_bench call_traced_1ops_regs nr_ops_relevant=1 save_regs=1
ops_bench call_traced_2ops nr_ops_relevant=2
ops_bench call_traced_1of10ops nr_ops_relevant=1 nr_ops_irrelevant=9

# 200 ops, each filtering a function of its own, registered then
# unregistered (figures: the whole 200, in guest instructions).
dmesg -c >/dev/null
insmod /modules/ops_bench.ko 2>/dev/null
bench ops_register_200 "$(dmesg | sed -n 's/.*ops_bench: register_200 \([0-9]*\) ns.*/\1/p' | tail -1)"
bench ops_unregister_200 "$(dmesg | sed -n 's/.*unregister_200 \([0-9]*\) ns.*/\1/p' | tail -1)"

# trace-cmd record -p function for 5 s of guest time: the data it
# recorded (uncompressed, in 4 KiB pages) and the events the kernel lost
# (overrun + dropped, all CPUs), both from the statistics trace-cmd
# stores in its file as it stops (`trace-cmd report --stat`).
if command -v trace-cmd >/dev/null; then
	cd /tmp
	trace-cmd record -p function -o /tmp/tc.dat sleep 5 >/tmp/tc.out 2>&1
	trace-cmd report --stat -i /tmp/tc.dat >/tmp/tc.stat 2>&1
	pages=$(sed -n 's/^ *\([0-9]*\) bytes in size.*/\1/p' /tmp/tc.stat |
		awk '{ n += $1 } END { print int(n / 4096) }')
	lost=$(awk '/^(overrun|dropped events):/ { n += $NF }
		    END { print n + 0 }' /tmp/tc.stat)
	bench trace_cmd_function_5s_pages "$pages"
	bench trace_cmd_function_5s_lost "$lost"
	sed 's/^/@@ info /' /tmp/tc.out /tmp/tc.stat >$R
	echo nop > $T/current_tracer
fi

# Trace events, per hit of ev_bench:ev_bench (three fields; the module
# fires it and times the loop): disabled, enabled, enabled with a filter
# that rejects every hit.  Then getppid() with every syscall event on.
ev_run() {
	dmesg -c >/dev/null
	echo 200000 > /sys/module/ev_bench/parameters/run
	dmesg | sed -n 's/.*ev_bench: \([0-9]*\) ns\/hit.*/\1/p' | tail -1
}
if insmod /modules/ev_bench.ko 2>/dev/null; then
	E=$T/events/ev_bench/ev_bench
	bench event_disabled "$(ev_run)"
	echo > $T/trace
	echo 1 > $E/enable
	bench event_enabled "$(ev_run)"
	echo 'a == -1' > $E/filter
	bench event_filtered "$(ev_run)"
	echo 0 > $E/filter
	echo 0 > $E/enable
	# Hist triggers on the event left off (the histogram alone counts):
	# one key (c: the same in every timed hit) and hitcount; a key
	# .log2 (a: about 18 buckets) and a second key, a value; then an
	# onmatch() synthetic event (enabled: written to the buffer) per
	# pair of events, keyed on a (64), as histogram.rst's wakeup latency
	# (upstream refuses a field of the pair's second event as a trace()
	# argument here: "Invalid action param").
	if [ -e $E/hist ]; then
		echo 'hist:keys=c' > $E/trigger
		bench hist_one_key "$(ev_run)"
		echo '!hist:keys=c' >> $E/trigger
		echo 'hist:keys=a.log2,c:vals=b' > $E/trigger
		bench hist_log2_two_keys "$(ev_run)"
		echo '!hist:keys=a.log2,c:vals=b' >> $E/trigger
		echo 'ev_bench_lat u64 lat' >> $T/synthetic_events
		echo 'hist:keys=a:ts0=common_timestamp' > $E/trigger
		echo 'hist:keys=a:lat=common_timestamp-$ts0:onmatch(ev_bench.ev_bench).ev_bench_lat($lat)' \
			> $T/events/ev_bench/ev_bench_end/trigger
		echo 1 > $T/events/synthetic/ev_bench_lat/enable
		dmesg -c >/dev/null
		echo 200000 > /sys/module/ev_bench/parameters/pairs
		bench hist_onmatch_pair "$(dmesg | sed -n 's/.*ev_bench: \([0-9]*\) ns\/pair.*/\1/p' | tail -1)"
		echo 0 > $T/events/synthetic/ev_bench_lat/enable
		echo '!hist:keys=a:lat=common_timestamp-$ts0:onmatch(ev_bench.ev_bench).ev_bench_lat($lat)' \
			>> $T/events/ev_bench/ev_bench_end/trigger
		echo '!hist:keys=a:ts0=common_timestamp' >> $E/trigger
		echo '!ev_bench_lat' >> $T/synthetic_events
	fi
	# An empty BPF program (bpf-raw, harness/guest/bpf-raw.c) on the
	# event through perf, and on its raw tracepoint; the event off.
	# Each figure is the cost per hit beyond the disabled event's.
	if [ -x /harness/bpf-raw ]; then
		off=$(ev_run)
		bpf_ev() { # MODE TARGET
			dmesg -c >/dev/null
			/harness/bpf-raw "$1" "$2" -- \
				sh -c 'echo 200000 > /sys/module/ev_bench/parameters/run' \
				>/dev/null 2>&1 || return
			v=$(dmesg | sed -n 's/.*ev_bench: \([0-9]*\) ns\/hit.*/\1/p' | tail -1)
			[ -n "$v" ] && [ -n "$off" ] && echo $((v - off))
		}
		bench bpf_tracepoint_empty_hit "$(bpf_ev tp-empty "$(cat $E/id)")"
		bench bpf_raw_tracepoint_empty_hit "$(bpf_ev rawtp-empty ev_bench)"
	fi
	rmmod ev_bench
fi
if [ -f $T/events/syscalls/enable ]; then
	echo > $T/trace
	echo 1 > $T/events/syscalls/enable
	bench getppid_syscall_events "$(/bench/markbench getppid 20000)"
	echo 0 > $T/events/syscalls/enable
fi

# The latency tracers' hooks (bench/modules/lat_bench.c times the loop):
# a local_irq_disable()/local_irq_enable() pair with no tracer and with
# irqsoff current, a preempt_disable()/preempt_enable() pair with no
# tracer and with preemptoff current (function-trace as by default:
# the pairs call no function, but every section is timed and its ends
# written).
lat_run() { # irq|preempt
	dmesg -c >/dev/null
	echo 200000 > /sys/module/lat_bench/parameters/${1}_pair
	dmesg | sed -n "s/.*lat_bench: ${1}_pair \([0-9]*\) ns\/op.*/\1/p" | tail -1
}
if insmod /modules/lat_bench.ko 2>/dev/null; then
	echo nop > $T/current_tracer
	bench irq_pair_nop "$(lat_run irq)"
	bench preempt_pair_nop "$(lat_run preempt)"
	for t in irqsoff:irq preemptoff:preempt; do
		grep -qw ${t%:*} $T/available_tracers || continue
		echo > $T/trace
		echo ${t%:*} > $T/current_tracer
		echo 0 > $T/tracing_max_latency
		bench ${t#*:}_pair_${t%:*} "$(lat_run ${t#*:})"
		echo nop > $T/current_tracer
	done
	rmmod lat_bench
fi

# Probe events, overhead per hit with two arguments each: the module's
# probe_bench_target(a, b) called in a loop (bench/modules/probe_bench.c)
# with a kprobe event on its ftrace site, a kprobe event in its body (the
# first offset past the ftrace site that takes a kprobe), a kretprobe
# (the return value and an entry argument), an fprobe entry and exit
# pair; then markbench's bench_ufunc() with a uprobe event.  Each figure
# is the loop's time per call less its time with no probe.
case $(uname -m) in
aarch64) A1=%x0 A2=%x1 ;;
*) A1=%di A2=%si ;;
esac
# pb_last: the last figure probe_bench logged since dmesg -c.
pb_last() {
	dmesg | sed -n 's/.*probe_bench: \([0-9]*\) ns\/call.*/\1/p' | tail -1
}
pb_run() {
	dmesg -c >/dev/null
	echo 200000 > /sys/module/probe_bench/parameters/run
	pb_last
}
# probe_hit NAME FIGURE-WITHOUT DEFINITION...: define, enable every
# event of the group "pb", measure with pb_run, remove.
probe_hit() {
	name=$1 base=$2 file=$3
	shift 3
	for d in "$@"; do
		echo "$d" >> $T/$file || return
	done
	echo 1 > $T/events/pb/enable
	v=$(pb_run)
	echo 0 > $T/events/pb/enable
	echo > $T/$file
	[ -n "$v" ] && [ -n "$base" ] && bench "$name" "$((v - base))"
}
# bpf_hit ROW MODE BASE: probe_bench's calls with bpf-raw's MODE program on
# probe_bench_target, less BASE.
bpf_hit() {
	dmesg -c >/dev/null
	/harness/bpf-raw "$2" probe_bench_target -- \
		sh -c 'echo 200000 > /sys/module/probe_bench/parameters/run' \
		>/dev/null 2>&1 &&
	v=$(pb_last) &&
	[ -n "$v" ] && bench "$1" "$((v - $3))"
}

if [ -f $T/kprobe_events ] && insmod /modules/probe_bench.ko 2>/dev/null; then
	base=$(pb_run)
	bench probe_call_none "$base"
	probe_hit kprobe_ftrace_site_hit "$base" kprobe_events \
		'p:pb/k probe_bench_target a=$arg1 b=$arg2'
	# The body: the ftrace site's offset, from its address, then the
	# first offset 4 or more past it that a kprobe may take.
	sym=$(awk '$3 == "probe_bench_target" { print $1; exit }' /proc/kallsyms)
	site=$(awk '$2 == "probe_bench_target" { print $1; exit }' \
		$T/available_filter_functions_addrs 2>/dev/null)
	if [ -n "$sym" ] && [ -n "$site" ]; then
		o=$(( 0x$site - 0x$sym + 4 ))
		while [ $o -lt 40 ]; do
			echo "p:pb/b probe_bench_target+$o a=$A1 b=$A2" \
				>> $T/kprobe_events 2>/dev/null && break
			o=$((o + 1))
		done
		echo > $T/kprobe_events
		[ $o -lt 40 ] && probe_hit kprobe_body_hit "$base" kprobe_events \
			"p:pb/b probe_bench_target+$o a=$A1 b=$A2"
	fi
	probe_hit kretprobe_hit "$base" kprobe_events \
		'r:pb/r probe_bench_target r=$retval a=$arg1'
	if [ -f $T/dynamic_events ] && grep -q '<func-name>' $T/README; then
		probe_hit fprobe_entry_exit_hit "$base" dynamic_events \
			'f:pb/f probe_bench_target a=$arg1 b=$arg2' \
			'f:pb/x probe_bench_target%return r=$retval a=$arg1'
	fi
	# An empty BPF program on a kprobe of the function (perf's kprobe
	# PMU, at its ftrace site), and on its entry through a BPF
	# trampoline (fentry: ftrace's direct call; needs the BTF).
	if [ -x /harness/bpf-raw ]; then
		bpf_hit bpf_kprobe_empty_hit kprobe-empty "$base"
		[ -e /sys/kernel/btf/vmlinux ] &&
			bpf_hit bpf_fentry_empty_hit fentry-empty "$base"
	fi
	rmmod probe_bench
fi
if [ -f $T/uprobe_events ]; then
	off=$(/bench/markbench ufunc-offset)
	ubase=$(/bench/markbench ufunc 20000)
	echo "p:pb/u /bench/markbench:$off a=$A1 b=$A2" > $T/uprobe_events &&
	echo 1 > $T/events/pb/enable &&
	bench uprobe_hit "$(( $(/bench/markbench ufunc 20000) - ubase ))"
	echo 0 > $T/events/pb/enable 2>/dev/null
	echo > $T/uprobe_events
fi

# The real-time tracers on the idle guest: timerlat's IRQ and thread
# latencies (means over 2 s of its 1 ms period), and osnoise's noise per
# second of sampling in its periods after the first (4 s: the first
# period holds the shell starting sleep; the others are the idle guest's
# ticks alone).

# rt_trace TRACER SECONDS: TRACER's entries of SECONDS on an emptied
# buffer, without the header; nop again after.
rt_trace() {
	echo > $T/trace
	echo "$1" > $T/current_tracer
	sleep "$2"
	echo 0 > $T/tracing_on
	grep -v '^#' $T/trace
	echo nop > $T/current_tracer
	echo 1 > $T/tracing_on
}
if grep -qw timerlat $T/available_tracers; then
	rt_trace timerlat 2 | awk '
		/context +irq / { i += $(NF - 1); ni++ }
		/context +thread / { t += $(NF - 1); nt++ }
		END { printf "%d %d %d\n", ni ? i / ni : 0, nt ? t / nt : 0, ni }' \
		>/tmp/tlat
	read -r tl_irq tl_thread tl_n </tmp/tlat
	if [ "$tl_n" -gt 0 ]; then
		bench timerlat_irq_latency_mean "$tl_irq"
		bench timerlat_thread_latency_mean "$tl_thread"
	fi
fi
if grep -qw osnoise $T/available_tracers; then
	# runtime and noise (us) follow the timestamp.
	rt_trace osnoise 4 | awk '
		NR > 1 { for (i = 1; i < NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) break
		  r += $(i + 1); n += $(i + 2) }
		END { printf "%d\n", r ? n * 1000000000 / r : -1 }' >/tmp/osn
	read -r osn </tmp/osn
	[ "$osn" -ge 0 ] && bench osnoise_noise_ns_per_s "$osn"
fi

echo "@@ end" >$R
