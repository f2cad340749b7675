#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check's background builder.  QEMU TCG runs a guest on one core, so
# while the x86_64 scenarios run the other core builds the kernels that
# make check boots later (recordmcount.pl, debug, arm64, LoongArch), one
# after another at nice 19, each through `make prebuild-NAME`.
#
#   prebuild.sh start NAME...  start the builder; returns once it holds
#                              one lock per NAME (out/prebuild/NAME.lock)
#   prebuild.sh wait NAME      wait until NAME's build has ended (at once
#                              when no builder holds its lock)
#
# A step of make check that boots a kernel waits for its build, then runs
# its own build, which finds nothing to do, or fails and reports the
# failure as it would without the builder.  Each build's output is in
# out/prebuild/NAME.log.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
dir="$top/out/prebuild"

usage() {
	sed -n '3,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
	exit 2
}

# build NAME...: hold every NAME's lock, then build them in order,
# letting go of each lock as its build ends.
build() {
	local n fd
	declare -A fds

	for n in "$@"; do
		exec {fd}>"$dir/$n.lock"
		flock "$fd"
		fds[$n]=$fd
	done
	touch "$dir/started"
	for n in "$@"; do
		# The build's processes must not inherit the other locks.
		(
			for fd in "${fds[@]}"; do
				eval "exec $fd>&-"
			done
			exec nice -n 19 make -s -C "$top" "prebuild-$n"
		) >"$dir/$n.log" 2>&1
		echo "$?" >"$dir/$n.rc"
		eval "exec ${fds[$n]}>&-"
	done
}

case "${1:-}" in
start)
	shift
	[ $# -gt 0 ] || usage
	mkdir -p "$dir"
	rm -f "$dir/started" "$dir"/*.rc
	build "$@" </dev/null >/dev/null 2>&1 &
	pid=$!
	# The builder has its locks before make check goes on.
	while [ ! -e "$dir/started" ] && kill -0 "$pid" 2>/dev/null; do
		sleep 0.1
	done
	;;
wait)
	[ $# -eq 2 ] || usage
	[ -e "$dir/$2.lock" ] || exit 0
	flock "$dir/$2.lock" true
	;;
*)
	usage
	;;
esac
