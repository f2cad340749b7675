# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0 tsc=reliable
# timeout: 900
# mem: 1536M
# guest-tools: bpftrace bpftool
#
# BPF programs on our tracing, through Debian's bpftrace and bpftool:
# tracepoints with a filter and maps, kprobes and kretprobes, uprobes and
# uretprobes on a test program (bpf-target N: N calls, N one-byte
# writes, return values summing to N * (N - 1)), perf-event programs,
# listings; then bpftool perf's view of the attachments.  Then
# harness/guest/bpf-raw's programs: the verifier's refusals,
# PERF_EVENT_IOC_QUERY_BPF, exact counts on tracepoints, kprobes and raw
# tracepoints, bpf_trace_printk() into the trace (from NMI context too),
# a module's tracepoint and function while it unloads, and attach and
# detach while the event fires on both CPUs.
. /harness/lib.sh

T=/sys/kernel/tracing
TGT=/harness/bpf-target

# bt NAME EXPECTED-REGEX BPFTRACE-ARGS...: PASS if bpftrace succeeds and
# its output has a line matching EXPECTED-REGEX.
bt() {
	name=$1 want=$2
	shift 2
	if bpftrace "$@" >/tmp/bt.out 2>&1 && grep -Eq "$want" /tmp/bt.out; then
		result PASS bpf "$name"
	else
		result FAIL bpf "$name"
		sed 's/^/# /' /tmp/bt.out | head -40 >"$RESULTS"
	fi
}

# btf_checks: what needs the kernel's BTF: fentry and fexit programs on
# the BPF trampoline (through ftrace's direct calls), their arguments by
# name, and a task iterator.
btf_checks() {
	bt "a kfunc (fentry) probe counts 5 vfs_write calls" '^@f: 5$' \
		-e 'kfunc:vfs_write /pid == cpid/ { @f = count(); }' -c "$TGT 5"
	bt "a kfunc probe reads an argument by name (5 counts of 1)" '^@c: 5$' \
		-e 'kfunc:vfs_write /pid == cpid/ { @c = sum(args->count); }' \
		-c "$TGT 5"
	bt "a kretfunc (fexit) probe sums the return values (7 of 1)" '^@r: 7$' \
		-e 'kretfunc:vfs_write /pid == cpid/ { @r = sum(retval); }' \
		-c "$TGT 7"
	bt "kfunc and kretfunc on one function, both counted (4 + 4)" '^@n: 8$' \
		-e 'kfunc:ksys_write /pid == cpid/ { @n = count(); }
		    kretfunc:ksys_write /pid == cpid/ { @n = count(); }' \
		-c "$TGT 4"
	bt "a task iterator (iter:task) lists pid 1" '^task 1$' \
		-e 'iter:task /ctx->task->pid == 1/ { printf("task %d\n", ctx->task->pid); }'
	# The BPF trampoline's direct call and the function tracer's ops
	# on one site: both see every call.
	echo vfs_write > $T/set_ftrace_filter
	echo function > $T/current_tracer
	echo > $T/trace
	bt "a kfunc probe beside the function tracer on one function (6)" \
		'^@f: 6$' \
		-e 'kfunc:vfs_write /pid == cpid/ { @f = count(); }' -c "$TGT 6"
	expect bpf "... and the function tracer saw those 6 calls too" \
		sh -c "test \$(grep -c 'bpf-target-.*vfs_write' $T/trace) -ge 6"
	echo nop > $T/current_tracer
	echo > $T/set_ftrace_filter
	expect bpf "no direct call is left on vfs_write" \
		sh -c "! grep -q '^vfs_write' $T/enabled_functions"
}

# bpftrace_checks: the one-liners, then bpftool perf.
bpftrace_checks() {
	bt "bpftrace -l lists syscall tracepoints" '^tracepoint:syscalls:sys_enter_write$' \
		-l 'tracepoint:syscalls:sys_enter_w*'
	bt "bpftrace -l lists kprobes" '^kprobe:ksys_write$' -l 'kprobe:ksys_w*'

	bt "a syscall tracepoint with a filter counts 37 writes into a map" '^@w: 37$' \
		-e 'tracepoint:syscalls:sys_enter_write /pid == cpid && args->count == 1/ { @w = count(); }' \
		-c "$TGT 37"
	bt "a tracepoint's fields, keyed by comm" '^@\[bpf-target\]: 11$' \
		-e 'tracepoint:syscalls:sys_exit_write /pid == cpid/ { @[comm] = count(); }' \
		-c "$TGT 11"
	bt "an event tracepoint (sched_process_exec) sees its filename" '^@\[/harness/bpf-target\]: 1$' \
		-e 'tracepoint:sched:sched_process_exec /pid == cpid/ { @[str(args->filename)] = count(); }' \
		-c "$TGT 1"

	bt "kprobe and kretprobe: 20 ksys_write calls, a latency histogram" '^@n: 20$' \
		-e 'kprobe:ksys_write /pid == cpid/ { @start[tid] = nsecs; }
		    kretprobe:ksys_write /@start[tid]/ { @ns = hist(nsecs - @start[tid]);
			delete(@start[tid]); @n = count(); }' \
		-c "$TGT 20"
	if grep -q '^@ns:' /tmp/bt.out && grep -q '|@' /tmp/bt.out; then
		result PASS bpf "the kretprobe histogram has its buckets"
	else
		result FAIL bpf "the kretprobe histogram has its buckets"
	fi
	bt "a kretprobe reads the return value (20 writes of 1 byte)" '^@r: 20$' \
		-e 'kretprobe:ksys_write /pid == cpid/ { @r = sum(retval); }' \
		-c "$TGT 20"
	bt "a wildcard kprobe (kprobe_multi) names its function" '^@\[ksys_write\]: 9$' \
		-e 'kprobe:ksys_wri* /pid == cpid/ { @[func] = count(); }' \
		-c "$TGT 9"
	bt "a kprobe reads an argument (count == 1)" '^@c\[1\]: 9$' \
		-e 'kprobe:ksys_write /pid == cpid/ { @c[arg2] = count(); }' \
		-c "$TGT 9"

	bt "a uprobe counts a function's calls exactly (25)" '^@c: 25$' \
		-e "uprobe:$TGT:bpf_target_fn { @c = count(); }" -c "$TGT 25"
	bt "a uretprobe sums the return values (2 * (0 + ... + 24) = 600)" '^@r: 600$' \
		-e "uretprobe:$TGT:bpf_target_fn { @r = sum(retval); }" -c "$TGT 25"
	bt "a uprobe reads its argument (sum of 0..24 = 300)" '^@a: 300$' \
		-e "uprobe:$TGT:bpf_target_fn { @a = sum(arg0); }" -c "$TGT 25"

	bt "a perf-event program (profile:hz) samples" '^@p: [1-9][0-9]*$' \
		-e 'profile:hz:97 { @p = count(); } interval:ms:1500 { exit(); }'
	bt "a software perf event (cpu-clock) runs its program" '^@s: [1-9][0-9]*$' \
		-e 'software:cpu-clock:100000 { @s = count(); } interval:ms:1500 { exit(); }'
	bt "printf goes through bpf_perf_event_output" '^w 1$' \
		-e 'tracepoint:syscalls:sys_enter_write /pid == cpid/ { printf("w %d\n", args->count); }' \
		-c "$TGT 1"
	bt "kstack in a kprobe (bpf_get_stackid)" 'ksys_write' \
		-e 'kprobe:ksys_write /pid == cpid/ { @[kstack] = count(); }' -c "$TGT 3"
	bt "ustack in a uprobe (a static program: addresses)" '^\]: 3$' \
		-e "uprobe:$TGT:bpf_target_fn { @[ustack] = count(); }" -c "$TGT 3"

	# bpftool perf lists what bpftrace attached, while it is attached.
	bpftrace -e "kprobe:ksys_read { @r = count(); }
		     tracepoint:syscalls:sys_enter_write { @w = count(); }
		     uprobe:$TGT:bpf_target_fn { @u = count(); }" >/tmp/bt-bg.out 2>&1 &
	btpid=$!
	i=0
	while [ $i -lt 120 ] && ! grep -q Attaching /tmp/bt-bg.out; do
		sleep 1
		i=$((i + 1))
	done
	sleep 2
	bpftool perf >/tmp/bpftool-perf.out 2>&1
	kill -INT $btpid
	wait $btpid
	for want in "kprobe  func ksys_read" "tracepoint  sys_enter_write" \
		    "uprobe  filename $TGT"; do
		if grep -q "$want" /tmp/bpftool-perf.out; then
			result PASS bpf "bpftool perf lists $want"
		else
			result FAIL bpf "bpftool perf lists $want"
			sed 's/^/# /' /tmp/bpftool-perf.out /tmp/bt-bg.out >"$RESULTS"
		fi
	done
	expect bpf "nothing is left in kprobe_events or uprobe_events" \
		sh -c "test ! -s $T/kprobe_events && test ! -s $T/uprobe_events"

	if [ -e /sys/kernel/btf/vmlinux ]; then
		btf_checks
	else
		result SKIP bpf "kfunc, kretfunc and iter probes (this kernel has no BTF)"
	fi
}

if command -v bpftrace >/dev/null; then
	bpftrace_checks
else
	result SKIP bpf "bpftrace and bpftool (not in this guest)"
fi

# --- bpf-raw: what bpftrace does not reach ---------------------------------
RAW=/harness/bpf-raw
id_of() { cat $T/events/$1/id; }

# raw_count NAME WANT MODE TARGET [-- CMD...]: PASS if bpf-raw counts WANT.
raw_count() {
	name=$1 want=$2
	shift 2
	if $RAW "$@" >/tmp/raw.out 2>&1 && grep -qx "count $want" /tmp/raw.out; then
		result PASS bpf "$name"
	else
		result FAIL bpf "$name"
		sed 's/^/# /' /tmp/raw.out >"$RESULTS"
	fi
}

# raw_checks NAME MODE...: bpf-raw's "ok"/"bad" lines, one result each.
raw_checks() {
	name=$1
	shift
	$RAW "$@" >/tmp/raw.out 2>&1
	grep -q '^ok \|^bad ' /tmp/raw.out ||
		{ result FAIL bpf "$name: no answer"; sed 's/^/# /' /tmp/raw.out >"$RESULTS"; }
	sed -n 's/^ok /PASS /p; s/^bad /FAIL /p' /tmp/raw.out |
	while read -r st what; do
		result "$st" bpf "$name: $what"
	done
}

# holds_module MOD WHAT MODE TARGET: while bpf-raw's MODE program is on
# TARGET, rmmod MOD is refused; once it is gone, rmmod MOD works.
holds_module() {
	mod=$1 what=$2
	shift 2
	expect bpf "rmmod of a module with $what on it: refused" \
		$RAW "$@" -- sh -c "! rmmod $mod 2>/dev/null"
	expect bpf "rmmod once $what is gone" rmmod "$mod"
}

raw_checks "verifier" badprog
raw_checks "PERF_EVENT_IOC_QUERY_BPF" query "$(id_of syscalls/sys_enter_write)"
raw_count "a tracepoint program counts 30 writes exactly" 30 \
	tp-count "$(id_of syscalls/sys_enter_write)" -- $TGT 30
raw_count "a kprobe program (perf's kprobe PMU) counts 30 ksys_write calls" 30 \
	kprobe-count ksys_write -- $TGT 30
raw_count "a raw tracepoint program counts one exec" 1 \
	rawtp-count sched_process_exec -- $TGT 1

# kprobe_multi links: cookies per function, entries and returns, and the
# function's address from bpf_get_func_ip().
for kind in entry return; do
	$RAW kmulti-cookie $kind -- $TGT 30 >/tmp/raw.out 2>&1
	n=$(sed -n 's/^count //p' /tmp/raw.out)
	# No fprobe (its events' syntax is not in README): kprobe_multi
	# says so, as upstream does there.
	if grep -q 'kprobe_multi.*Operation not supported' /tmp/raw.out &&
	   ! grep -q '<func-name>' $T/README; then
		result SKIP bpf "kprobe_multi ($kind): no fprobe here"
	elif [ -n "$n" ] && [ $((n % 1000)) -eq 210 ]; then
		result PASS bpf "kprobe_multi ($kind): 30 ksys_write hits with cookie 7"
	else
		result FAIL bpf "kprobe_multi ($kind): 30 ksys_write hits with cookie 7"
		sed 's/^/# /' /tmp/raw.out >"$RESULTS"
	fi
done
# uprobe_multi links: bpf-target's two functions at once, each with its
# cookie (bpf_target_fn: 1000 per call, bpf_target_end: 7), on entry or
# return; with a pid filter (pid 1), the target's calls are not seen.
set -- $($TGT offsets)
raw_count "uprobe_multi (entry): 30 + 1 calls counted by cookie" 30007 \
	umulti-cookie $TGT "$1" "$2" entry -- $TGT 30
raw_count "uprobe_multi (return): 30 + 1 returns counted by cookie" 30007 \
	umulti-cookie $TGT "$1" "$2" return -- $TGT 30
raw_count "uprobe_multi for pid 1 alone: another process's calls unseen" 0 \
	umulti-cookie $TGT "$1" "$2" pid1 -- $TGT 30
# (A breakpoint left behind would kill the target with SIGTRAP.)
expect bpf "bpf-target runs clean once the uprobe_multi links are gone" \
	$TGT 3

want=$(awk '$3 == "ksys_write" { print $1; exit }' /proc/kallsyms | sed 's/^0*//')
if ! grep -q '<func-name>' $T/README; then
	result SKIP bpf "kprobe_multi: bpf_get_func_ip() (no fprobe here)"
else
	expect bpf "kprobe_multi: bpf_get_func_ip() is ksys_write's address" \
		sh -c "$RAW kmulti-ip ksys_write -- $TGT 1 | grep -qx 'ip $want'"
fi

# bpf_override_return() on a syscall (error-injectable: the list names
# its wrapper): getppid() says ENOMEM while the program is attached, and
# its own answer after.
sys=$(grep -o '^[_a-z0-9]*sys_getppid' /sys/kernel/debug/error_injection/list \
	2>/dev/null | head -1)
if [ -n "$sys" ]; then
	expect bpf "bpf_override_return makes getppid() fail with ENOMEM" \
		sh -c "$RAW override $sys -12 -- $RAW getppid | grep -qx 'getppid -1 errno 12'"
	expect bpf "getppid() is itself again once the program is gone" \
		sh -c "$RAW getppid | grep -Eqx 'getppid [1-9][0-9]* errno 0'"
	expect bpf "bpf_override_return is refused on a function not on the list" \
		sh -c "! $RAW override ksys_write -12 -- true 2>/dev/null"
else
	result SKIP bpf "bpf_override_return (no error-injection list)"
fi

# bpf_trace_printk() into the trace buffer, as bpf_trace:bpf_trace_printk.
echo > $T/trace
expect bpf "bpf_trace_printk from a tracepoint program" \
	$RAW tp-printk "$(id_of sched/sched_process_exec)" -- $TGT 1
expect bpf "bpf_trace_printk's line is in the trace" \
	grep -q 'bpf_trace_printk: bpf-raw 42$' $T/trace
expect bpf "loading a program that prints enabled bpf_trace_printk" \
	grep -qx 1 $T/events/bpf_trace/bpf_trace_printk/enable
expect bpf "bpf_trace_printk's format is upstream's" \
	grep -q 'field:__data_loc char\[\] bpf_string;' \
		$T/events/bpf_trace/bpf_trace_printk/format
if [ -e /proc/sysrq-trigger ] && [ -e $T/events/nmi/nmi_handler ]; then
	# sysrq l: a backtrace of every CPU, asked by NMI.
	echo > $T/trace
	expect bpf "bpf_trace_printk from NMI context (nmi:nmi_handler, sysrq l)" \
		$RAW tp-printk "$(id_of nmi/nmi_handler)" -- \
		sh -c 'echo l > /proc/sysrq-trigger; sleep 1'
	expect bpf "the NMI's bpf_trace_printk lines are in the trace" \
		grep -q 'bpf_trace_printk: bpf-raw 42$' $T/trace
else
	result SKIP bpf "bpf_trace_printk from NMI context (no sysrq or nmi events)"
fi
echo 0 > $T/events/bpf_trace/bpf_trace_printk/enable

# A module's tracepoint: exact counts, and the program holds the module.
if insmod /modules/ev_bench.ko 2>/tmp/insmod.out; then
	raw_count "a raw tracepoint program on a module's tracepoint (ev_bench: 80 + 10 warm-up)" 90 \
		rawtp-count ev_bench -- sh -c 'echo 80 > /sys/module/ev_bench/parameters/run'
	raw_count "a tracepoint program on a module's event" 90 \
		tp-count "$(id_of ev_bench/ev_bench)" -- \
		sh -c 'echo 80 > /sys/module/ev_bench/parameters/run'
	holds_module ev_bench "a raw tracepoint program" rawtp-count ev_bench
else
	result FAIL bpf "insmod ev_bench"
fi
if insmod /modules/ftrace_mod_test.ko 2>/tmp/insmod.out; then
	raw_count "a kprobe program on a module function counts 7 calls" 7 \
		kprobe-count ftrace_mod_test_work -- \
		sh -c 'echo 7 > /sys/module/ftrace_mod_test/parameters/run'
	# The module goes while the program is attached: whichever way rmmod
	# goes, nothing may break, and the module comes back traceable.
	$RAW kprobe-count ftrace_mod_test_work -- sh -c \
		'echo 3 > /sys/module/ftrace_mod_test/parameters/run; rmmod ftrace_mod_test' \
		>/tmp/raw.out 2>&1
	result PASS bpf "a module unloads under a kprobe program (rmmod said $?)"
	lsmod | grep -q ftrace_mod_test || insmod /modules/ftrace_mod_test.ko
	raw_count "the module's function is probed again after a reload" 5 \
		kprobe-count ftrace_mod_test_work -- \
		sh -c 'echo 5 > /sys/module/ftrace_mod_test/parameters/run'
	rmmod ftrace_mod_test
else
	result FAIL bpf "insmod ftrace_mod_test"
fi

# TRACING programs, found by their target's BTF: fentry (BPF trampolines,
# on ftrace's direct calls) on a function of vmlinux, then of a module,
# which the trampoline holds while attached; tp_btf on a raw tracepoint;
# fmod_ret on an error-injectable function.
if [ -e /sys/kernel/btf/vmlinux ]; then
	raw_count "an fentry program counts 30 ksys_write calls exactly" 30 \
		fentry-count ksys_write -- $TGT 30
	raw_count "a tp_btf program counts one exec (sched_process_exec)" 1 \
		tpbtf-count sched_process_exec -- $TGT 1
	if [ -n "$sys" ]; then
		expect bpf "an fmod_ret program makes getppid() return ENOMEM" \
			sh -c "$RAW fmodret $sys -12 -- $RAW getppid | grep -qx 'getppid -1 errno 12'"
		expect bpf "getppid() is itself again once fmod_ret is gone" \
			sh -c "$RAW getppid | grep -Eqx 'getppid [1-9][0-9]* errno 0'"
	else
		result SKIP bpf "fmod_ret (no error-injection list)"
	fi
	if insmod /modules/ftrace_mod_test.ko 2>/tmp/insmod.out; then
		raw_count "an fentry program on a module function counts 7 calls" 7 \
			fentry-count ftrace_mod_test_work -- \
			sh -c 'echo 7 > /sys/module/ftrace_mod_test/parameters/run'
		holds_module ftrace_mod_test "an fentry program" \
			fentry-count ftrace_mod_test_work
	else
		result FAIL bpf "insmod ftrace_mod_test (fentry)"
	fi
else
	result SKIP bpf "fentry programs (this kernel has no BTF)"
fi

# Attach and detach while the event fires on every CPU.
writers=
for cpu in 0 1; do
	taskset -c $cpu sh -c 'while :; do echo x >/dev/null; done' &
	writers="$writers $!"
done
$RAW churn "$(id_of syscalls/sys_enter_write)" 5 >/tmp/raw.out 2>&1
kill $writers 2>/dev/null
wait 2>/dev/null
cycles=$(sed -n 's/^cycles //p' /tmp/raw.out)
# (How many writes land in the short attached windows depends on how the
# emulator interleaves the CPUs: the count is not checked.)
if [ "${cycles:-0}" -gt 10 ]; then
	result PASS bpf "attach and detach $cycles times while writes run on both CPUs"
else
	result FAIL bpf "attach and detach while writes run on both CPUs"
	sed 's/^/# /' /tmp/raw.out >"$RESULTS"
fi

dmesg_tail
