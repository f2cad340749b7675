# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the cases that time the sections of preemptirq_delay_test
# under the latency tracers (irqsoff, preemptoff, preemptirqsoff and
# latency-thresh).  Sourced by the .tc files, not a case itself.

MOD=preemptirq_delay_test
# Under QEMU's round-robin vCPUs the kernel's own irqs-off and
# preempt-off sections last up to a few tens of ms (a vCPU waits while
# the other runs): the module's sections must stand clear of them.
DELAY=50000

grep -q "/$MOD\.ko" /lib/modules/$(uname -r)/modules.dep 2>/dev/null ||
	exit_unsupported

# Only the CPU the sections run on is traced: the other's sections
# stretch while this one spins.
cpu=$(($(nproc) - 1))
[ $cpu -le 31 ] || cpu=31
orig_mask=$(cat tracing_cpumask)
# ("N (expanded: M)" until the buffers are first used: M is restored.)
orig_size=$(sed 's/.*expanded: \([0-9]*\).*/\1/; s/ .*//' buffer_size_kb)
# The function-traced sections fill any buffer; a small one is quicker
# to read.
echo 256 > buffer_size_kb

cleanup() {
	rmmod $MOD 2>/dev/null || :
	echo nop > current_tracer
	echo 1 > options/function-trace
	echo $orig_mask > tracing_cpumask
	echo $orig_size > buffer_size_kb
	[ ! -f tracing_thresh ] || echo 0 > tracing_thresh
	echo 0 > tracing_max_latency
}
fail() { echo "$1"; cleanup; exit_fail; }

# start_tracer TRACER FUNCTION_TRACE: TRACER on the sections' CPU, with
# the function-trace option (0 or 1: set first, as turning function
# tracing on and off patches every call site, seconds under QEMU), the
# max reset.
start_tracer() {
	echo $2 > options/function-trace
	echo $1 > current_tracer
	printf '%x\n' $((1 << cpu)) > tracing_cpumask
	echo 0 > tracing_max_latency
}
# load MODE [PARAM=VALUE...]: the module runs its sections and stays.
load() {
	mode=$1
	shift
	modprobe $MOD test_mode=$mode cpu_affinity=$cpu "$@" ||
		fail "modprobe $MOD test_mode=$mode $*"
}
unload() { rmmod $MOD || fail "rmmod $MOD"; }

# save_trace: the trace, read once (formatting it is slow under QEMU),
# in $TMPDIR/trace for the helpers below.
save_trace() { cat trace > $TMPDIR/trace; }
# The module's function names, read from /proc/kallsyms (slow under
# QEMU) once, the first time it is loaded.
mod_funcs() {
	[ -s $TMPDIR/modfuncs ] ||
		awk -v m="[$MOD]" '$4 == m && $2 ~ /^[tT]$/ { print $3 }' \
			/proc/kallsyms > $TMPDIR/modfuncs
	echo $TMPDIR/modfuncs
}
# is_mod_func NAME: NAME is a function of the module.
is_mod_func() {
	[ -n "$1" ] && grep -qxF "$1" $(mod_funcs)
}
header_func() { # started|ended: the function the header names
	awk -v w=$1 '$1 == "#" && $2 == "=>" && $3 == w { print $5 }' \
		$TMPDIR/trace
}
header_latency() {
	sed -n 's/^# latency: \([0-9]*\) us,.*/\1/p' $TMPDIR/trace
}
# Body lines "FUNC <-PARENT" whose PARENT is a module function (of the
# trace check_section saved).
mod_parent_lines() {
	grep -v '^#' $TMPDIR/trace | awk 'NR == FNR { s[$1] = 1; next }
		$NF ~ /^<-/ && substr($NF, 3) in s { n++ } END { print n + 0 }' \
		$(mod_funcs) -
}
# check_section TRACER MIN [ENDED...]: TRACER's trace (saved) is of one
# of the module's sections, MIN us or longer: the header names a module
# function where it started and where it ended (or one of ENDED), and
# the stack trace a module function.
check_section() {
	tracer=$1 min=$2
	shift 2
	max=$(cat tracing_max_latency)
	save_trace
	lat=$(header_latency)
	started=$(header_func started)
	ended=$(header_func ended)
	echo "$tracer: max $max us, header $lat us, started at $started, ended at $ended"
	grep -q "^# tracer: $tracer\$" $TMPDIR/trace || fail "not $tracer's trace"
	[ "$max" -ge $min ] || fail "tracing_max_latency $max < $min"
	[ "$lat" = "$max" ] || fail "header's latency $lat, not $max"
	is_mod_func "$started" || fail "started at $started: not the module's"
	ok=
	is_mod_func "$ended" && ok=1
	for e in "$@"; do
		[ "$ended" != "$e" ] || ok=1
	done
	[ -n "$ok" ] || fail "ended at $ended: not the module's"
	grep '^ => ' $TMPDIR/trace | while read -r _ f; do
		if is_mod_func "$f"; then
			echo "stack: $f"
			break
		fi
	done | grep -q . || fail "the stack trace names no module function"
}
