# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0 sysctl.kernel.panic_on_rcu_stall=1
# timeout: 420
# fuzz-seconds: 50
#
# Seeded hostile writes to every writable tracefs file (top level,
# per_cpu, options/, events/ (the system files of every system, the
# event files of a few) and four instances, two of which come and go) and
# the tracing sysctls while the function tracer runs and readers read:
# harness/guest/fuzz.c; osnoise, timerlat and hwlat take turns in an
# instance of their own meanwhile.  Any oops, warning, hang, lockdep or OOM report,
# or an errno no file should give, fails it.  Then tracing must
# still work: a marker written after the fuzz shows in trace and
# trace_pipe, and the fuzz's instances can be removed.
#
# An RCU stall panics the guest: the panic prints what the stall's NMI
# backtraces left in the log (a stalled CPU cannot flush them itself).
#
# The kernel command line gives the seed and the length (fuzz.seed=,
# fuzz.seconds=; check.py sets them from FUZZ_SEED and FUZZ_SECONDS, a
# random seed when none is given); fuzz.kmsg=1 also writes each
# operation to the kernel log; fuzz.exclude=A,B leaves out the operations
# on paths containing A or B (check.py's FUZZ_EXCLUDE: the debug kernel
# leaves out the tracers and function filters, under which its lockdep
# crawls in TCG).
. /harness/lib.sh

T=/sys/kernel/tracing
seed=
seconds=50
kmsg=
excl=
for arg in $(cat /proc/cmdline); do
	case $arg in
	fuzz.seed=*) seed=${arg#*=} ;;
	fuzz.seconds=*) seconds=${arg#*=} ;;
	fuzz.kmsg=1) kmsg=-k ;;
	fuzz.exclude=*)
		for pat in $(echo "${arg#*=}" | tr , ' '); do
			excl="$excl -x $pat"
		done ;;
	esac
done
[ -n "$seed" ] || seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
echo "@@ info fuzz: seed $seed, $seconds seconds" >$RESULTS
cpumask=$(cat $T/tracing_cpumask)

# watch SECONDS PID: wait for PID at most SECONDS; false if it still runs.
watch() {
	n=0
	while kill -0 "$2" 2>/dev/null; do
		[ $n -ge "$1" ] && return 1
		sleep 1
		n=$((n + 1))
	done
	return 0
}

# The real-time tracers beside it (not on the debug kernel, which leaves
# the tracers out): an instance of their own switches between osnoise,
# timerlat, hwlat and nop every two seconds while the fuzz writes
# osnoise/ and hwlat_detector/ and switches the other instances' tracers.
rt_switch() {
	mkdir $T/instances/fuzzrt 2>/dev/null || return 0
	while [ ! -e /tmp/fuzz.done ]; do
		for t in osnoise timerlat hwlat nop; do
			[ -e /tmp/fuzz.done ] && break
			echo $t > $T/instances/fuzzrt/current_tracer 2>/dev/null
			sleep 2
		done
	done
	echo nop > $T/instances/fuzzrt/current_tracer
	rmdir $T/instances/fuzzrt
}
rm -f /tmp/fuzz.done
rt=
if [ -z "$excl" ] && grep -qw osnoise $T/available_tracers; then
	rt_switch &
	rt=$!
fi

/harness/fuzz $kmsg $excl $T "$seed" "$seconds" >/tmp/fuzz.out 2>&1 &
fuzz=$!
# The fuzz stops itself: at most 130 s after its time on a hang.
if watch $((seconds + 200)) $fuzz; then
	wait $fuzz
	status=$?
else
	status=hung
fi
touch /tmp/fuzz.done
if [ -n "$rt" ] && ! watch 30 $rt; then
	result FAIL fuzz "the real-time tracers' instance stops after the fuzz (hung)"
fi
grep '^fuzz: [^ ]*: [0-9]* operations\|^fuzz: [0-9]* operations' \
	/tmp/fuzz.out | sed 's/^/@@ info /' >$RESULTS
if [ "$status" = 0 ]; then
	result PASS fuzz "hostile writes, readers and instance churn: no failure"
else
	result FAIL fuzz "hostile writes, readers and instance churn: no failure (seed $seed, status $status)"
	# The failures, the kernel's report and each process's last four
	# operations (all of them in fuzz.out).
	sed -n '/^fuzz: FAILED/,$p' /tmp/fuzz.out | awk '
	function flush() {
		if (hdr != "") {
			print hdr
			for (i = (n > 4 ? n - 4 : 0); i < n; i++)
				print ops[i]
		}
		hdr = ""
		n = 0
	}
	/^fuzz: last operations of/ { flush(); hdr = $0; next }
	/^    / && hdr != "" { ops[n++] = $0; next }
	{ flush(); print }
	END { flush() }' | head -150 | sed 's/^/@@ info /' >$RESULTS
fi
echo "@@ file fuzz.out" >$RESULTS
base64 /tmp/fuzz.out >$RESULTS
echo "@@ endfile" >$RESULTS
# A hang: where the stuck tasks are (sysrq w: the blocked ones; l: what
# every CPU runs), in the console log, which the harness keeps.  The fuzz
# dumps them itself when it first finds a worker stuck; here only if the
# fuzz itself did not end.
if [ "$status" = hung ] && [ -w /proc/sysrq-trigger ]; then
	echo w > /proc/sysrq-trigger && echo l > /proc/sysrq-trigger
fi
if [ "$status" = hung ] || grep -q 'a hang\|still running\|one operation for over' /tmp/fuzz.out; then
	echo "@@ info fuzz: the blocked tasks (sysrq w) are in the console log" >$RESULTS
fi

# Tracing after the fuzz, each step bounded: a hang must not hide the log.
after() {
	# Each CPU buffer's entry count (written - overrun - read) within
	# what its size can hold, before anything resets them: a trace read
	# takes it as the bound of a walk that writers lap.  An entry takes
	# 8 bytes at least; the reader's sub-buffer (up to 1 MB) comes on top.
	bad=
	for s in $T/per_cpu/cpu*/stats $T/instances/*/per_cpu/cpu*/stats; do
		n=$(sed -n 's/^entries: //p' "$s")
		kb=$(cut -d' ' -f1 "${s%stats}buffer_size_kb")
		[ -n "$n" ] && [ -n "$kb" ] || continue
		[ "$n" -le $(( (kb + 1024) * 128 )) ] 2>/dev/null ||
			bad="$bad ${s#$T/}=$n(${kb}kb)"
	done
	expect fuzz "after the fuzz, every CPU buffer's entry count fits its size" \
		[ -z "$bad" ]
	[ -z "$bad" ] || echo "@@ info fuzz: entry counts:$bad" >$RESULTS
	# Every tracer back to nop first: a latency tracer the fuzz left in
	# a kept instance, recording every function of every section, slows
	# the whole guest down too much for the steps below to be timed.
	# Events off too, in every instance: with all of them on (the
	# preemptirq ones among them, an event per preemption toggle) the
	# trigger walk below crawls.  Off again after it: an enable_event
	# trigger may switch one back on before it goes.
	for d in $T $T/instances/*; do
		echo nop > $d/current_tracer
		echo 0 > $d/events/enable
	done
	echo > $T/set_ftrace_filter
	# Function commands (func:traceoff, ...) stay until removed: one
	# '!*:CMD' per command (a glob command can sit on every function,
	# too many to remove one by one in time).
	grep -v '^#' $T/set_ftrace_filter | cut -d: -f2 | sort -u |
	while read -r cmd; do
		[ -n "$cmd" ] && echo "!*:$cmd" >> $T/set_ftrace_filter
	done
	# Triggers, then events: a traceoff trigger left on an event would
	# switch tracing off again, and an event an enable_event trigger
	# switched on stays on when the trigger goes.
	# One grep for all the files: one per file crawls under TCG.
	grep -v '^#' $T/events/*/*/trigger | while IFS= read -r l; do
		f=${l%%:*}
		t=${l#*:}
		echo "!${t%% *}" > "$f"
	done
	echo 0 > $T/events/enable
	for d in $T $T/instances/*; do
		echo 0 > $d/events/enable
	done
	# The probe and synthetic events the fuzz defined, now unused.
	if [ -f $T/dynamic_events ]; then
		echo > $T/dynamic_events
		expect fuzz "after the fuzz, its probe events can be removed" \
			test ! -s $T/dynamic_events
	fi
	if [ -f $T/synthetic_events ]; then
		expect fuzz "and its synthetic events are gone with them" \
			test ! -s $T/synthetic_events
	fi
	# Options that hide or refuse the marker, back to their defaults.
	for o in markers trace_printk context-info irq-info; do
		echo 1 > $T/options/$o
	done
	# fields shows a marker as "UNKNOWN TYPE" (as upstream's does).
	for o in raw hex bin printk-msg-only fields; do
		echo 0 > $T/options/$o
	done
	echo > $T/set_event_pid
	echo > $T/set_event_notrace_pid
	echo > $T/set_ftrace_notrace
	echo > $T/set_ftrace_pid
	echo > $T/set_ftrace_notrace_pid
	echo "$cpumask" > $T/tracing_cpumask
	echo 4 > $T/buffer_subbuf_size_kb
	echo 1408 > $T/buffer_size_kb
	echo 1 > /proc/sys/kernel/ftrace_enabled
	echo 0 > /proc/sys/kernel/traceoff_on_warning
	echo 1 > $T/tracing_on
	echo > $T/trace
	echo hello after the fuzz > $T/trace_marker ||
		echo "@@ info fuzz: the marker write failed" >$RESULTS
	cat $T/trace >/tmp/trace.out
	expect fuzz "after the fuzz, a marker shows in trace" \
		grep -q 'hello after the fuzz' /tmp/trace.out
	timeout 5 cat $T/trace_pipe >/tmp/pipe.out
	expect fuzz "after the fuzz, a marker shows in trace_pipe" \
		grep -q 'hello after the fuzz' /tmp/pipe.out
	if ! grep -q 'hello after the fuzz' /tmp/trace.out ||
	   ! grep -q 'hello after the fuzz' /tmp/pipe.out; then
		# What showed instead, and the state the fuzz left behind.
		head -30 /tmp/trace.out | sed 's/^/@@ info trace: /' >$RESULTS
		head -10 /tmp/pipe.out | sed 's/^/@@ info trace_pipe: /' >$RESULTS
		for f in tracing_on buffer_size_kb buffer_subbuf_size_kb \
			 tracing_cpumask current_tracer trace_clock \
			 tracing_thresh buffer_percent set_event_pid \
			 events/ftrace/print/trigger; do
			echo "@@ info $f: $(head -5 $T/$f 2>&1 | tr '\n' ' ')"
		done >$RESULTS
		echo "@@ info options: $(for f in $T/options/*; do
			echo "${f##*/}=$(cat $f)"; done | tr '\n' ' ')" >$RESULTS
		cat $T/per_cpu/cpu*/stats | sed 's/^/@@ info stats: /' >$RESULTS
		ps | sed 's/^/@@ info ps: /' >$RESULTS
		tail -15 /tmp/after.out | sed 's/^/@@ info after: /' >$RESULTS
	fi
	ok=1
	for i in fuzz0 fuzz1 fuzzA fuzzB; do
		if [ -d $T/instances/$i ] && ! rmdir $T/instances/$i; then
			ok=
		fi
	done
	expect fuzz "after the fuzz, its instances can be removed" [ -n "$ok" ]
}
(set -x; after) >/tmp/after.out 2>&1 &
if ! watch 60 $!; then
	result FAIL fuzz "after the fuzz, tracing works (hung)"
	# Where it stopped: the step's shell trace and the tasks' states.
	tail -5 /tmp/after.out | sed 's/^/@@ info after: /' >$RESULTS
	echo w > /proc/sysrq-trigger 2>/dev/null
fi
dmesg_tail
