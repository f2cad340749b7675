#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# lint.sh PRISTINE - checkpatch on every file we own, and the team's
# copycheck of our kernel overlay against the pristine tree.  One result
# line per file ("PASS  checkpatch: FILE"), details of failures after it.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pristine=$(realpath "$1")
checkpatch="$pristine/scripts/checkpatch.pl"
copycheck=$top/../shared/tools/copycheck.py
cd "$top"

files=$(git ls-files --cached --others --exclude-standard -- linux harness \
	bench configs Makefile .ci | grep -v -e '^linux/remove$' \
	-e '^linux/series$' -e '/motd$' | sort)
for f in $files; do
	[ -f "$f" ] || continue
	case $f in
	*.patch) out=$(perl "$checkpatch" --no-tree -q "$f" 2>&1) ;;
	*) out=$(perl "$checkpatch" --no-tree -q -f "$f" 2>&1) ;;
	esac
	if echo "$out" | grep -q '^ERROR:'; then
		echo "FAIL  checkpatch: $f"
		echo "$out" | sed 's/^/#   /'
	else
		echo "PASS  checkpatch: $f"
		# Kernel files must be warning-free too; the harness's shell
		# and Python only trip checkpatch's C heuristics.
		case $f in
		linux/*) echo "$out" | grep -A3 '^WARNING:' | sed 's/^/#   /' ;;
		esac
	fi
done

if [ -f "$copycheck" ]; then
	if out=$(python3 "$copycheck" linux "$pristine" 2>&1); then
		echo "PASS  copycheck: no run of upstream tracing code in linux/"
	else
		echo "FAIL  copycheck: copied runs in linux/"
		echo "$out" | sed 's/^/#   /'
	fi
else
	echo "SKIP  copycheck: $copycheck not found"
fi
