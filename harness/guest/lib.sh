# SPDX-License-Identifier: GPL-2.0
#
# Helpers for guest-side check scripts.  Results go to the second serial
# port, one line each, as "@@ result PASS|FAIL|SKIP <suite>: <name>",
# which harness/parse-results.py collects.  (On arm64 /dev/ttyS1 is the
# virtio console hvc0, linked by /init: see harness/qemu.sh.)

RESULTS=/dev/ttyS1

# result STATUS SUITE NAME...
result() {
	st=$1 suite=$2
	shift 2
	echo "@@ result $st $suite: $*" >"$RESULTS"
}

# expect SUITE NAME COMMAND...: PASS if COMMAND succeeds.
expect() {
	suite=$1 name=$2
	shift 2
	if "$@" >/tmp/expect.out 2>&1; then
		result PASS "$suite" "$name"
	else
		result FAIL "$suite" "$name"
		sed 's/^/# /' /tmp/expect.out >"$RESULTS"
	fi
}

# ft_select [CASE...]: the ftracetest cases given (test.d/DIR/NAME.tc;
# every case when none is), one per line, less those that cannot pass
# in this guest, on any kernel; each of those is reported SKIP with why.
#
# add_remove_uprobe.tc probes /bin/sh at the file offset of its r-xp
# mapping.  Debian's arm64 busybox-static has one R E segment from file
# offset 0, so that probe sits on the ELF header and is never hit.
# x86_64's busybox maps its text from _init, which every run executes.
#
# trigger-synthetic-event-dynstring.tc keys its histogram on the file
# name that sched_process_exec shows for "ping" and looks for "ping"
# there; busybox's shell runs its applets (ping) by executing
# /proc/self/exe, the name the event then shows, on any kernel (the
# anchor fails the case too).  The string variable it passes reaches the
# synthetic event all the same; boots/hist.sh checks one.
ft_select() {
	if [ $# -eq 0 ]; then
		set -- $(cd /ftracetest && find test.d -name '*.tc' | sort)
	fi
	ft_arch=$(uname -m)
	for ft_case in "$@"; do
		case $ft_case:$ft_arch in
		*/trigger-synthetic-event-dynstring.tc:*)
			result SKIP ftracetest "${ft_case#test.d/} (busybox runs ping as /proc/self/exe)"
			;;
		*/add_remove_uprobe.tc:aarch64)
			result SKIP ftracetest "${ft_case#test.d/} (arm64: busybox-static's text mapping starts at its ELF header)"
			;;
		*)
			echo "$ft_case"
			;;
		esac
	done
}

# run_ftracetest [TEST...]: ftracetest (all cases, or those named) in
# KTAP to the results port, then the logs of the cases that failed.
# Each case's result line follows a "# uptime SECONDS" diagnostic, the
# guest's uptime when the case ended: harness/case-times.py turns them
# into durations, from which the debug shards are sized.  A watcher
# writes "# running N-FILE" as each case that lasts a second or more
# starts (its log file appears), so that a guest killed in a case names
# it (harness/check.py).
ft_uptime() {
	read -r ft_up ft_idle </proc/uptime
	echo "# uptime $ft_up"
}

run_ftracetest() {
	echo "@@ ftracetest begin" >"$RESULTS"
	rm -rf /tmp/ftlogs
	(
		ft_seen=
		while :; do
			for ft_log in /tmp/ftlogs/*-log.*; do
				[ -f "$ft_log" ] || continue
				ft_case=${ft_log##*/}
				ft_case=${ft_case%-log.*}
				case " $ft_seen " in
				*" $ft_case "*) ;;
				*)	ft_seen="$ft_seen $ft_case"
					echo "# running $ft_case" ;;
				esac
			done
			sleep 1
		done
	) >"$RESULTS" &
	ft_watch=$!
	ft_uptime >"$RESULTS"
	{ (cd /ftracetest && sh ./ftracetest -K -l /tmp/ftlogs "$@")
	  echo $? >/tmp/ftracetest.rc; } 2>&1 |
	while IFS= read -r ft_line; do
		case $ft_line in
		"ok "*|"not ok "*)
			ft_uptime ;;
		esac
		echo "$ft_line"
	done >"$RESULTS"
	kill $ft_watch 2>/dev/null
	wait $ft_watch 2>/dev/null
	echo "@@ ftracetest exit $(cat /tmp/ftracetest.rc)" >"$RESULTS"
	for f in /tmp/ftlogs/*-log.*; do
		[ -f "$f" ] || continue
		echo "@@ log ${f##*/}" >"$RESULTS"
		sed 's/^/# /' "$f" >"$RESULTS"
	done
}

# ok_lines SUITE PREFIX FILE: a result line per line of FILE (a guest
# tool's output: harness/guest/mmap-hostile.c's) reading "ok TEXT" (PASS;
# SKIP if it ends " # SKIP WHY") or "not ok TEXT: DETAILS" (FAIL, DETAILS
# under it), named PREFIX TEXT; its "# TEXT" lines go as information.
# False if FILE holds no result.
ok_lines() {
	ok_suite=$1 ok_prefix=$2 ok_n=0
	while IFS= read -r ok_line; do
		case $ok_line in
		"not ok "*)
			ok_line=${ok_line#not ok }
			result FAIL "$ok_suite" "$ok_prefix${ok_line%%: *}"
			case $ok_line in
			*": "*) echo "# ${ok_line#*: }" >"$RESULTS" ;;
			esac
			;;
		"ok "*" # SKIP"*)
			ok_line=${ok_line#ok }
			result SKIP "$ok_suite" "$ok_prefix${ok_line%% # SKIP*}"
			echo "@@ info $ok_suite: $ok_prefix${ok_line%% # SKIP*}: skipped:${ok_line#* # SKIP}" >"$RESULTS"
			;;
		"ok "*)
			result PASS "$ok_suite" "$ok_prefix${ok_line#ok }"
			;;
		"# "*)
			echo "@@ info $ok_suite: $ok_prefix${ok_line#\# }" >"$RESULTS"
			continue
			;;
		*)
			continue
			;;
		esac
		ok_n=$((ok_n + 1))
	done <"$3"
	[ "$ok_n" -gt 0 ]
}

# dmesg_tail: the kernel log, for the host to scan for BUG/WARNING/Oops.
dmesg_tail() {
	echo "@@ dmesg" >"$RESULTS"
	dmesg >"$RESULTS"
	echo "@@ end" >"$RESULTS"
}
