# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0
# timeout: 300
#
# Memory-mapped ring buffers: per_cpu/cpuN/trace_pipe_raw mapped and read
# with TRACE_MMAP_IOCTL_GET_READER.  Upstream's selftest
# (tools/testing/selftests/ring-buffer/map_test.c, one line per case),
# then harness/guest/mmap-hostile.c on the top level (cpu1) and on a new
# instance with 8 KB sub-buffers (cpu0): forbidden mappings, bounds,
# several mappings, resizes and snapshots while mapped, fork, partial
# munmap, a reader blocked across munmap, rmdir, resizes racing a reader,
# an exact count of markers read.  Nothing in the kernel log meanwhile.
# About 20 s in all when nothing hangs; a hung check costs its watchdog's
# 30 to 60 s, then the run goes on.
. /harness/lib.sh

T=/sys/kernel/tracing
BAD_LOG='BUG: |WARNING: |Oops|Kernel panic|general protection fault|UBSAN: |KASAN: |INFO: task .* blocked|rcu: INFO: '
log0=$(dmesg | wc -l)
cpu=0
[ "$(cat /sys/devices/system/cpu/cpu1/online 2>/dev/null)" = 1 ] && cpu=1
subbuf=$(cat $T/buffer_subbuf_size_kb 2>/dev/null)

# map_test's TAP: "ok N CASE", "ok N CASE # SKIP WHY", "not ok N CASE";
# the lines since the case began go under a failure.
if [ -x /harness/map_test ]; then
	(cd /tmp && timeout 120 /harness/map_test) >/tmp/map_test.out 2>&1
	status=$?
	plan='' n=0 bad=0
	: >/tmp/map_test.case
	while IFS= read -r line; do
		case $line in
		"1.."*) plan=${line#1..} ;;
		"ok "* | "not ok "*)
			n=$((n + 1))
			tst=PASS
			case $line in "not ok "*) tst=FAIL bad=$((bad + 1)) ;; esac
			case $line in *" # SKIP"*) tst=SKIP ;; esac
			name=${line#*ok } name=${name#* } name=${name%% #*}
			result $tst mmap "map_test: $name"
			[ $tst = FAIL ] && sed 's/^#*/#/' /tmp/map_test.case >"$RESULTS"
			: >/tmp/map_test.case
			;;
		"#"*) echo "$line" >>/tmp/map_test.case ;;
		*) echo "# $line" >>/tmp/map_test.case ;;
		esac
	done </tmp/map_test.out
	if [ -z "$plan" ]; then
		result FAIL mmap "map_test: no TAP plan (exit status $status)"
		sed 's/^/# /' /tmp/map_test.out | tail -n 30 >"$RESULTS"
	elif [ "$n" != "$plan" ]; then
		result FAIL mmap "map_test: $n of $plan cases reported (exit status $status)"
		sed 's/^#*/#/' /tmp/map_test.case | tail -n 30 >"$RESULTS"
	elif [ "$status" != 0 ] && [ "$bad" = 0 ]; then
		result FAIL mmap "map_test: exit status $status"
	fi
else
	result SKIP mmap "map_test: not in the initramfs"
fi
# map_test leaves its last sub-buffer size and tracing off.
[ -z "$subbuf" ] || echo "$subbuf" >$T/buffer_subbuf_size_kb
echo nop >$T/current_tracer
echo 1 >$T/tracing_on

# hostile LABEL DIR CPU: mmap-hostile's lines as "mmap: LABEL: TEXT".
hostile() {
	timeout 150 /harness/mmap-hostile "$2" "$3" >/tmp/hostile.out 2>&1
	status=$?
	ok_lines mmap "$1: " /tmp/hostile.out ||
		result FAIL mmap "$1: mmap-hostile reported nothing (exit status $status)"
	if [ "$status" != 0 ] && ! grep -q '^not ok ' /tmp/hostile.out; then
		result FAIL mmap "$1: mmap-hostile exit status $status"
		grep -v '^ok \|^# ' /tmp/hostile.out | sed 's/^/# /' |
			tail -n 30 >"$RESULTS"
	fi
}
if [ -x /harness/mmap-hostile ]; then
	hostile "top level" $T $cpu
	I=$T/instances/mmap
	if mkdir $I; then
		echo 8 >$I/buffer_subbuf_size_kb ||
			echo "@@ info mmap: instance: 8 KB sub-buffers refused" >"$RESULTS"
		hostile "instance" $I 0
		expect mmap "instance: removed after the runs" rmdir $I
	else
		result FAIL mmap "instance: mkdir $I"
	fi
else
	result SKIP mmap "mmap-hostile: not in the initramfs"
fi

# trace_pipe formats in place in the reader page that a raw read (or a
# mapping's hand-over) takes: the two never share a CPU; raw readers do.
# (busybox timeout's watchdog child keeps the fds it inherits: 3<&-.)
expect mmap "trace_pipe_raw open: trace_pipe of that CPU is refused (EBUSY)" \
	sh -c "exec 3<$T/per_cpu/cpu0/trace_pipe_raw &&
	       timeout 2 cat $T/per_cpu/cpu0/trace_pipe 2>&1 3<&- | grep -qi busy"
expect mmap "trace_pipe open: trace_pipe_raw of a CPU is refused (EBUSY)" \
	sh -c "exec 3<$T/trace_pipe &&
	       timeout 2 cat $T/per_cpu/cpu1/trace_pipe_raw 2>&1 3<&- | grep -qi busy"
expect mmap "two trace_pipe_raw readers of one CPU" \
	sh -c "exec 3<$T/per_cpu/cpu0/trace_pipe_raw 4<$T/per_cpu/cpu0/trace_pipe_raw"
expect mmap "nothing in the kernel log" \
	sh -c "! dmesg | tail -n +$((log0 + 1)) | grep -E '$BAD_LOG'"
dmesg_tail
