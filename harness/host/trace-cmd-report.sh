#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# trace-cmd-report.sh OUTDIR SCENARIO - host side of boots/trace-cmd.sh:
# the host's trace-cmd report must show the guest's marker lines.
f=$1/$2.trace.dat
if ! command -v trace-cmd >/dev/null; then
	echo "SKIP  trace-cmd: no trace-cmd on the host"
	exit 0
fi
if [ ! -s "$f" ]; then
	grep -q "^@@ result SKIP" "$1/$2.results" 2>/dev/null ||
		echo "FAIL  trace-cmd: no trace.dat came back from the guest"
	exit 0
fi
report=$(trace-cmd report -i "$f" 2>&1)
for m in "trace-cmd sees marker one" "trace-cmd sees marker two"; do
	if grep -q "print: .*tracing_mark_write: $m" <<<"$report"; then
		echo "PASS  trace-cmd: host report shows '$m'"
	else
		echo "FAIL  trace-cmd: host report lacks '$m'"
		sed 's/^/#   /' <<<"$report" | tail -20
	fi
done
