#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# trace-cmd-report.sh OUTDIR SCENARIO - host side of boots/trace-cmd.sh:
# the host's trace-cmd report must show the guest's marker lines and the
# calls trace-cmd record saw.
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

r=$1/$2.record.dat
if [ ! -s "$r" ]; then
	echo "FAIL  trace-cmd: no record.dat came back from the guest"
	exit 0
fi
report=$(trace-cmd report -i "$r" 2>&1)
# The parent ("<-- caller") shows only where trace-cmd has its plugins.
if grep -q "function: *ksys_write\b" <<<"$report" &&
   ! grep -v "function: *ksys_write\b" <<<"$report" | grep -q "function:"; then
	echo "PASS  trace-cmd: record -l ksys_write: host report shows only ksys_write"
else
	echo "FAIL  trace-cmd: record -l ksys_write: host report"
	sed 's/^/#   /' <<<"$report" | tail -20
fi

g=$1/$2.graph.dat
if [ ! -s "$g" ]; then
	grep -q "function_graph" "$1/$2.results" 2>/dev/null &&
		echo "FAIL  trace-cmd: no graph.dat came back from the guest"
	exit 0
fi
report=$(trace-cmd report -i "$g" 2>&1)
# A ksys_write() block, closed, with durations.
if grep -q "ksys_write() {" <<<"$report" &&
   grep -Eq "[0-9]+\.[0-9]+ us +\| +}" <<<"$report"; then
	echo "PASS  trace-cmd: record -p function_graph -g ksys_write: host report shows the ksys_write() block with durations"
else
	echo "FAIL  trace-cmd: record -p function_graph -g ksys_write: host report"
	sed 's/^/#   /' <<<"$report" | head -30
fi
