#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# lint.sh PRISTINE - the checks on our files that need no kernel: one
# result line per check, the files that fail listed under it.
#
#   checkpatch of the harness, the bench and the configs (checkpatch.pl -f;
#     errors fail, warnings are C heuristics tripping on shell and Python)
#   copycheck of patches/: no run of upstream's tracing code in the lines
#     the series adds (the team's ../shared/tools/copycheck.py)
#   exports: upstream's kernel/trace exports, ours (harness/exports-check.sh
#     on PRISTINE and out/linux)
#
# The kernel files themselves are checked as the patches that carry them
# (harness/series.sh check: checkpatch.pl on every patch, warnings fail).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pristine=$(realpath "$1")
checkpatch="$pristine/scripts/checkpatch.pl"
copycheck=$top/../shared/tools/copycheck.py
cd "$top"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

files=$(git ls-files --cached --others --exclude-standard -- harness bench \
	configs Makefile .ci | grep -v -e '/motd$' -e '\.md$' | sort)
n=0 bad=0
for f in $files; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	out=$(perl "$checkpatch" --no-tree -q -f "$f" 2>&1)
	if echo "$out" | grep -q '^ERROR:'; then
		bad=$((bad + 1))
		{ echo "$f:"; echo "$out" | grep -A3 '^ERROR:'; } >>"$tmp/cp"
	fi
done
if [ "$bad" = 0 ]; then
	echo "PASS  lint: checkpatch of $n harness, bench and config files"
else
	echo "FAIL  lint: checkpatch of $n harness, bench and config files: $bad with errors"
	sed 's/^/#   /' "$tmp/cp"
fi

if [ ! -f "$copycheck" ]; then
	echo "SKIP  lint: copycheck: $copycheck not found"
elif out=$(python3 "$copycheck" patches "$pristine" 2>&1); then
	echo "PASS  lint: copycheck: no run of upstream tracing code in patches/"
	echo "$out" | tail -n 2 | sed 's/^/#   /'
else
	echo "FAIL  lint: copycheck: copied runs in patches/"
	echo "$out" | sed 's/^/#   /'
fi

"$top/harness/exports-check.sh" "$pristine" "$top/out/linux"
