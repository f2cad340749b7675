#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# exports-check.sh PRISTINE TREE - one result line: every symbol upstream's
# kernel/trace exports (EXPORT_SYMBOL*() in PRISTINE) is exported by our
# kernel/trace in TREE, except those README.md's "Exports still to come"
# table lists with the capability that brings each.  A listed symbol that
# we export by now fails too: the table must say what is true.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pristine=$1 tree=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# exports DIR: the names kernel/trace exports, one per line, sorted.
exports() {
	grep -rhoE 'EXPORT_SYMBOL(_GPL)?\([[:space:]]*[A-Za-z0-9_]+' \
		"$1/kernel/trace" --include='*.c' --include='*.h' |
		sed -E 's/.*\([[:space:]]*//' | sort -u
}

if [ ! -d "$pristine/kernel/trace" ] || [ ! -d "$tree/kernel/trace" ]; then
	echo "FAIL  exports: no kernel/trace in $pristine or $tree (make tree)"
	exit 1
fi
exports "$pristine" >"$tmp/up"
exports "$tree" >"$tmp/ours"
# The table's rows between its markers: "| `symbol` | capability |".
sed -n '/<!-- exports-to-come -->/,/<!-- \/exports-to-come -->/p' \
	"$top/README.md" | sed -nE 's/^\| `([A-Za-z0-9_]+)` \|.*/\1/p' |
	sort -u >"$tmp/later"
comm -23 "$tmp/up" "$tmp/ours" >"$tmp/absent"
comm -23 "$tmp/absent" "$tmp/later" >"$tmp/missing"
comm -12 "$tmp/later" "$tmp/ours" >"$tmp/stale"
comm -23 "$tmp/later" "$tmp/up" >"$tmp/unknown"
up=$(wc -l <"$tmp/up") later=$(wc -l <"$tmp/later")
if [ -s "$tmp/missing" ] || [ -s "$tmp/stale" ] || [ -s "$tmp/unknown" ]; then
	echo "FAIL  exports: of upstream's $up kernel/trace exports," \
		"$(wc -l <"$tmp/missing") missing and not listed as to come," \
		"$(wc -l <"$tmp/stale") listed but exported," \
		"$(wc -l <"$tmp/unknown") listed but not upstream's"
	{ sed 's/^/missing: /' "$tmp/missing"
	  sed 's/^/listed but exported: /' "$tmp/stale"
	  sed 's/^/listed, not upstream'"'"'s: /' "$tmp/unknown"; } |
		sed 's/^/#   /'
	exit 1
fi
echo "PASS  exports: upstream's $up kernel/trace exports: $((up - later))" \
	"exported by ours, $later to come with their capability (README.md)"
