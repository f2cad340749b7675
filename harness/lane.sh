#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check's second lane.  QEMU TCG runs a guest on one core, and the
# x86_64 scenarios alone take most of make check's time, so the other
# core runs lint and the series checks, and builds and boots the arm64
# kernel, meanwhile (make check-lane-run).
#
#   lane.sh start NAME CMD...  run CMD in the background at nice 10, its
#                              output in out/lanes/NAME.log; returns at
#                              once
#   lane.sh wait NAME          wait for it, then print its output and
#                              return its exit status
#
# Its output goes out whole at the end, so that its result lines do not
# mix with the foreground's; out/lanes/NAME.log shows it as it runs.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
dir="$top/out/lanes"

usage() {
	sed -n '3,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
	exit 2
}

case "${1:-}" in
start)
	[ $# -ge 3 ] || usage
	name=$2
	shift 2
	mkdir -p "$dir"
	rm -f "$dir/$name.rc" "$dir/$name.log"
	# The lane's builds must not slow the foreground's guest; its own
	# guests have a core to themselves once the builds are done.
	# Nothing of the caller's output stays open in it: a pipe reading
	# make check's output ends with make check.
	(
		nice -n 10 "$@" </dev/null >"$dir/$name.log" 2>&1
		echo "$?" >"$dir/$name.rc.new"
		mv "$dir/$name.rc.new" "$dir/$name.rc"
	) </dev/null >/dev/null 2>&1 &
	echo "$!" >"$dir/$name.pid"
	;;
wait)
	[ $# -eq 2 ] || usage
	name=$2
	[ -e "$dir/$name.pid" ] || { echo "FAIL  lane $name: never started"; exit 1; }
	start=$(date +%s)
	while [ ! -e "$dir/$name.rc" ]; do
		if ! kill -0 "$(cat "$dir/$name.pid")" 2>/dev/null &&
		   [ ! -e "$dir/$name.rc" ]; then
			echo "FAIL  lane $name: ended without a status"
			cat "$dir/$name.log"
			exit 1
		fi
		sleep 2
	done
	echo "# lane $name: the foreground waited $(( $(date +%s) - start )) s for it"
	cat "$dir/$name.log"
	rm -f "$dir/$name.pid"
	exit "$(cat "$dir/$name.rc")"
	;;
*)
	usage
	;;
esac
