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

# run_ftracetest [TEST...]: ftracetest (all cases, or those named) in
# KTAP to the results port, then the logs of the cases that failed.
run_ftracetest() {
	echo "@@ ftracetest begin" >"$RESULTS"
	(cd /ftracetest && sh ./ftracetest -K -l /tmp/ftlogs "$@") \
		>"$RESULTS" 2>&1
	echo "@@ ftracetest exit $?" >"$RESULTS"
	for f in /tmp/ftlogs/*-log.*; do
		[ -f "$f" ] || continue
		echo "@@ log ${f##*/}" >"$RESULTS"
		sed 's/^/# /' "$f" >"$RESULTS"
	done
}

# dmesg_tail: the kernel log, for the host to scan for BUG/WARNING/Oops.
dmesg_tail() {
	echo "@@ dmesg" >"$RESULTS"
	dmesg >"$RESULTS"
	echo "@@ end" >"$RESULTS"
}
