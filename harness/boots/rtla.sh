# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0 tsc=reliable
# timeout: 600
#
# The real-time tracers as their users drive them: rtla (Debian's 6.1,
# and 6.12's as rtla-6.12 for hwnoise and timerlat's user threads) prints
# its tables with samples on every CPU; trace-cmd records the osnoise
# and timerlat entries; the stop conditions end the trace where they
# say; the tracers are switched, moved between instances, and lose and
# regain a CPU while their threads run.
. /harness/lib.sh

T=/sys/kernel/tracing
ncpu=$(grep -c '^processor' /proc/cpuinfo)

# rows FILE: FILE has a row "  N #COUNT" with COUNT > 0 for every CPU N
# (rtla's top tables).
rows() {
	cpu=0
	while [ "$cpu" -lt "$ncpu" ]; do
		grep -Eq "^ *$cpu #[1-9]" "$1" || return 1
		cpu=$((cpu + 1))
	done
}

# counts FILE: rtla's histogram has a "count:" row, none of its counts 0.
counts() {
	line=$(grep '^count:' "$1" | head -n 1)
	[ -n "$line" ] || return 1
	set -- $line
	shift
	[ $# -ge "$ncpu" ] || return 1
	for c in "$@"; do
		[ "$c" -gt 0 ] 2>/dev/null || return 1
	done
}

# rtla_case NAME CHECK OUT CMD...: run CMD, PASS if CHECK OUT holds.
rtla_case() {
	name=$1 check=$2 out=$3
	shift 3
	"$@" >"$out" 2>&1
	if $check "$out"; then
		result PASS rtla "$name"
	else
		result FAIL rtla "$name"
		sed 's/^/# /' "$out" | tail -n 40 >"$RESULTS"
	fi
}

reset_tracing() {
	echo 0 > $T/tracing_on
	echo nop > $T/current_tracer
	echo 0 > $T/events/enable
	echo 0 > $T/osnoise/stop_tracing_us
	echo 0 > $T/osnoise/stop_tracing_total_us
	echo 0 > $T/osnoise/print_stack 2>/dev/null
	echo 0 > $T/tracing_thresh
	echo DEFAULTS > $T/osnoise/options
	echo > $T/trace
	echo 1 > $T/tracing_on
}

if ! grep -qw osnoise $T/available_tracers; then
	result SKIP rtla "no osnoise tracer in this kernel"
	dmesg_tail
	exit 0
fi

# --- rtla ------------------------------------------------------------------
if ! command -v rtla >/dev/null; then
	result SKIP rtla "no rtla for this guest"
else
	rtla_case "rtla osnoise top -d 2s: a row with samples per CPU" \
		rows /tmp/osn-top.out rtla osnoise top -d 2s
	rtla_case "rtla osnoise hist -d 2s: samples on every CPU" \
		counts /tmp/osn-hist.out rtla osnoise hist -d 2s
	rtla_case "rtla timerlat top -d 2s: a row with samples per CPU" \
		rows /tmp/tlat-top.out rtla timerlat top -d 2s
	rtla_case "rtla timerlat hist -d 2s: samples on every CPU" \
		counts /tmp/tlat-hist.out rtla timerlat hist -d 2s
fi
if ! command -v rtla-6.12 >/dev/null; then
	result SKIP rtla "no rtla 6.12 (harness/build-rtla.sh) for this guest"
else
	rtla_case "rtla 6.12 hwnoise -d 2s: a row with samples per CPU" \
		rows /tmp/hwnoise.out rtla-6.12 hwnoise -d 2s
	rtla_case "rtla 6.12 timerlat top -u -d 2s (user threads): a row per CPU" \
		rows /tmp/tlat-u.out rtla-6.12 timerlat top -u -d 2s
	rtla_case "rtla 6.12 osnoise top -d 2s: a row with samples per CPU" \
		rows /tmp/osn-top612.out rtla-6.12 osnoise top -d 2s
	rtla_case "rtla 6.12 timerlat top -d 2s: a row with samples per CPU" \
		rows /tmp/tlat-top612.out rtla-6.12 timerlat top -d 2s
fi
reset_tracing

# --- trace-cmd ---------------------------------------------------------------
if ! command -v trace-cmd >/dev/null; then
	result SKIP rtla "no trace-cmd for this guest"
else
	for tracer in osnoise timerlat; do
		case $tracer in
		osnoise) want='noise:[0-9]+.max_sample:[0-9]+.hw:' ;;
		timerlat) want='context:[0-9].timer_latency:[0-9]+' ;;
		esac
		if trace-cmd record -p $tracer -o /tmp/$tracer.dat sleep 3 \
			>/tmp/$tracer.rec 2>&1 &&
		   trace-cmd report -i /tmp/$tracer.dat >/tmp/$tracer.rep 2>&1 &&
		   grep -Eq "$want" /tmp/$tracer.rep; then
			result PASS rtla "trace-cmd record -p $tracer; report shows its entries"
		else
			result FAIL rtla "trace-cmd record -p $tracer; report shows its entries"
			cat /tmp/$tracer.rec /tmp/$tracer.rep | tail -n 30 |
				sed 's/^/# /' >"$RESULTS"
		fi
	done
	reset_tracing
fi

# --- the trace file's lines ----------------------------------------------------
echo osnoise > $T/current_tracer
sleep 3
echo 0 > $T/tracing_on
if grep -Eq '^ *osnoise/[0-9]+-[0-9]+ +\[[0-9]+\] .{4} +[0-9.]+: +[0-9]+ +[0-9]+ +[0-9]+\.[0-9]{5} ' $T/trace ||
   grep -Eq ': +[0-9]+ +[0-9]+ +[0-9]+\.[0-9]{5} +[0-9]+( +[0-9]+){5}$' $T/trace; then
	result PASS rtla "osnoise's trace lines: runtime, noise, % available, max, counters"
else
	result FAIL rtla "osnoise's trace lines: runtime, noise, % available, max, counters"
	head -n 30 $T/trace | sed 's/^/# /' >"$RESULTS"
fi
reset_tracing

# --- stop conditions -----------------------------------------------------------
# stop_tracing_us: the first sample over it turns tracing off, and it is
# the trace's last line (1 us: any sample over the threshold of 1 us).
echo 1 > $T/tracing_thresh
echo 1 > $T/osnoise/stop_tracing_us
echo 1 > $T/events/osnoise/sample_threshold/enable
echo osnoise > $T/current_tracer
i=0
while [ "$(cat $T/tracing_on)" = 1 ] && [ $i -lt 30 ]; do
	sleep 1
	i=$((i + 1))
done
last=$(grep -v '^#' $T/trace | tail -n 1)
dur=$(echo "$last" | sed -n 's/.*sample_threshold:.* duration \([0-9]*\) ns.*/\1/p')
if [ "$(cat $T/tracing_on)" = 0 ] && [ -n "$dur" ] && [ "$dur" -gt 1000 ]; then
	result PASS rtla "stop_tracing_us: tracing stops, the trace ends with the sample over it"
else
	result FAIL rtla "stop_tracing_us: tracing stops, the trace ends with the sample over it"
	echo "# tracing_on=$(cat $T/tracing_on) last: $last" >"$RESULTS"
fi
reset_tracing

# timerlat's print_stack: a thread later than it is followed by the stack
# of its timer's IRQ.
echo 1 > $T/osnoise/print_stack
echo timerlat > $T/current_tracer
sleep 2
echo 0 > $T/tracing_on
if grep -A3 'context thread' $T/trace | grep -q '=> '; then
	result PASS rtla "timerlat print_stack: the timer IRQ's stack follows a late thread"
else
	result FAIL rtla "timerlat print_stack: the timer IRQ's stack follows a late thread"
	head -n 40 $T/trace | sed 's/^/# /' >"$RESULTS"
fi
# tracing_max_latency: the worst latency of the run, in us (rtla timerlat
# top --aa-only prints it), at least the largest thread entry's.
worst=$(sed -n 's/.*context \{1,\}thread timer_latency \{1,\}\([0-9]*\) ns.*/\1/p' \
	$T/trace | sort -n | tail -n 1)
max=$(cat $T/tracing_max_latency)
if [ -n "$worst" ] && [ "$max" -gt 0 ] && [ "$max" -ge $((worst / 1000)) ]; then
	result PASS rtla "timerlat raises tracing_max_latency to its worst latency"
else
	result FAIL rtla "timerlat raises tracing_max_latency to its worst latency"
	echo "# tracing_max_latency=$max, worst thread latency ${worst:-none} ns" >"$RESULTS"
fi
# A snapshot taken meanwhile keeps it (upstream's snapshot only reads it).
if echo 1 > $T/snapshot 2>/dev/null; then
	after=$(cat $T/tracing_max_latency)
	echo 0 > $T/snapshot
	if [ "$after" = "$max" ]; then
		result PASS rtla "a snapshot keeps tracing_max_latency ($max us)"
	else
		result FAIL rtla "a snapshot keeps tracing_max_latency ($max us)"
		echo "# tracing_max_latency $max before the snapshot, $after after" >"$RESULTS"
	fi
fi
reset_tracing

# --- switching, instances, CPUs ----------------------------------------------
threads() {
	n=0
	for c in /proc/[0-9]*/comm; do
		case $(cat "$c" 2>/dev/null) in
		"$1"/*) n=$((n + 1)) ;;
		esac
	done
	echo $n
}
ok=1
for tr in osnoise timerlat hwlat osnoise nop timerlat nop; do
	echo $tr > $T/current_tracer || ok=0
	sleep 1
done
[ "$(threads osnoise)" = 0 ] && [ "$(threads timerlat)" = 0 ] || ok=0
if [ $ok = 1 ]; then
	result PASS rtla "switching osnoise, timerlat, hwlat and nop while they run; no thread left"
else
	result FAIL rtla "switching osnoise, timerlat, hwlat and nop while they run; no thread left"
fi

mkdir $T/instances/rtla_a $T/instances/rtla_b
echo osnoise > $T/instances/rtla_a/current_tracer
if echo timerlat > $T/instances/rtla_b/current_tracer 2>/dev/null; then
	result FAIL rtla "timerlat in one instance while osnoise runs in another: EBUSY"
else
	result PASS rtla "timerlat in one instance while osnoise runs in another: EBUSY"
fi
expect rtla "osnoise in two instances at once" \
	sh -c "echo osnoise > $T/instances/rtla_b/current_tracer"
sleep 2
expect rtla "both instances get the osnoise entries" \
	sh -c "grep -q ' [0-9]*\.[0-9]\{5\} ' $T/instances/rtla_a/trace &&
	       grep -q ' [0-9]*\.[0-9]\{5\} ' $T/instances/rtla_b/trace"
rmdir $T/instances/rtla_a
expect rtla "the threads run on after one instance is removed" \
	test "$(threads osnoise)" = "$ncpu"
rmdir $T/instances/rtla_b
expect rtla "removing the last instance stops the threads" \
	test "$(threads osnoise)" = 0

if [ "$ncpu" -gt 1 ] && [ -e /sys/devices/system/cpu/cpu1/online ]; then
	for tr in osnoise timerlat; do
		echo $tr > $T/current_tracer
		sleep 1
		echo 0 > /sys/devices/system/cpu/cpu1/online
		n_off=$(threads $tr)
		sleep 1
		echo 1 > /sys/devices/system/cpu/cpu1/online
		sleep 1
		n_on=$(threads $tr)
		echo nop > $T/current_tracer
		if [ "$n_off" = $((ncpu - 1)) ] && [ "$n_on" = "$ncpu" ]; then
			result PASS rtla "$tr: CPU 1 offline loses its thread, online gets it back"
		else
			result FAIL rtla "$tr: CPU 1 offline loses its thread, online gets it back"
			echo "# threads: $n_off offline, $n_on online" >"$RESULTS"
		fi
	done
else
	result SKIP rtla "CPU hotplug while the threads run (one CPU)"
fi

# A CPU going offline while rtla's user thread reads its timerlat_fd:
# the read ends, the CPU goes (no hang), rtla ends.
if command -v rtla-6.12 >/dev/null && [ "$ncpu" -gt 1 ] &&
   [ -e /sys/devices/system/cpu/cpu1/online ]; then
	rtla-6.12 timerlat top -u -q -d 6s >/tmp/tlat-u-hp.out 2>&1 &
	rtla_pid=$!
	sleep 3
	(echo 0 > /sys/devices/system/cpu/cpu1/online) &
	hp=$!
	i=0
	while kill -0 $hp 2>/dev/null && [ $i -lt 30 ]; do
		sleep 1
		i=$((i + 1))
	done
	if kill -0 $hp 2>/dev/null; then
		result FAIL rtla "CPU 1 goes offline while a user thread reads its timerlat_fd"
	else
		result PASS rtla "CPU 1 goes offline while a user thread reads its timerlat_fd"
	fi
	wait $rtla_pid
	echo 1 > /sys/devices/system/cpu/cpu1/online
	expect rtla "no timerlat thread or user thread is left after rtla -u" \
		test "$(threads timerlat)" = 0
	reset_tracing
fi

# --- hwlat's window -------------------------------------------------------------
# New width or window settings end the window under way at its start
# plus the new window: rewriting them never starts a sample at once.  A
# width of 1 s in a window of an hour, per CPU, rewritten ten times 0.1 s
# apart: the first sample of each CPU costs a second; a new sample per
# rewrite (the bug) kept both CPUs' interrupts off for 13 s.
if grep -qw hwlat $T/available_tracers; then
	echo per-cpu > $T/hwlat_detector/mode
	echo 3600000000 > $T/hwlat_detector/window
	echo 1000000 > $T/hwlat_detector/width
	echo hwlat > $T/current_tracer
	t0=$(cut -d' ' -f1 /proc/uptime)
	for i in 1 2 3 4 5 6 7 8 9 10; do
		echo 1000000 > $T/hwlat_detector/width
		sleep 0.1
	done
	t1=$(cut -d' ' -f1 /proc/uptime)
	echo nop > $T/current_tracer
	echo 500000 > $T/hwlat_detector/width
	echo 1000000 > $T/hwlat_detector/window
	echo round-robin > $T/hwlat_detector/mode
	el=$(awk "BEGIN {print $t1 - $t0}")
	expect rtla "hwlat: ten rewrites of width in an hour's window start no new sample ($el s, under 6)" \
		awk "BEGIN {exit !($el < 6)}"
fi

# --- bad settings ---------------------------------------------------------------
bad() {
	if echo "$2" > "$T/osnoise/$1" 2>/dev/null; then
		result FAIL rtla "osnoise/$1 refuses '$2'"
	else
		result PASS rtla "osnoise/$1 refuses '$2'"
	fi
}
bad period_us 0
bad period_us 18446744073709551616
bad runtime_us 2000000
bad timerlat_period_us 10
bad stop_tracing_us -1
bad options NO_SUCH_OPTION
bad cpus 9999
expect rtla "osnoise/options lists the options" \
	grep -q '^DEFAULTS OSNOISE_WORKLOAD NO_PANIC_ON_STOP' $T/osnoise/options

reset_tracing
dmesg_tail
