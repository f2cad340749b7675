#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mcount-check.sh TREE BUILD OUT [build] - build the kernel of BUILD a
# second time with scripts/recordmcount.pl recording the call sites
# instead of the compiler, check that both record the same sites, and
# boot it through the ftrace-boot scenario.  Prints PASS/FAIL lines.
# With "build", only builds it (make check's background builder).
set -u
tree=$1
build=$2
out=$3
only_build=${4:-}
top=$(cd "$(dirname "$0")/.." && pwd)
rmc="$build-rmc"
mkdir -p "$out"

# BUILD's own extra fragments (KERNEL_FRAGMENTS, from the Makefile), and
# recordmcount.config.
if ! EXTRA_FRAGMENTS="recordmcount.config ${KERNEL_FRAGMENTS:-}" \
	"$top/harness/build-kernel.sh" \
	"$tree" "$rmc" x86_64 >"$out/build.log" 2>&1; then
	echo "FAIL  mcount-sites: the recordmcount.pl build failed" \
	     "(see $out/build.log)"
	tail -5 "$out/build.log" | sed 's/^/#   /'
	exit 0
fi
[ -z "$only_build" ] || exit 0
if ! grep -q '^CONFIG_FTRACE_MCOUNT_USE_RECORDMCOUNT=y' "$rmc/.config"; then
	echo "FAIL  mcount-sites: the second build did not use recordmcount.pl"
	exit 0
fi
python3 "$top/harness/mcount-sites.py" "$build/vmlinux" "$rmc/vmlinux"
python3 "$top/harness/check.py" --kernel "$rmc/arch/x86/boot/bzImage" \
	--tree "$tree" --out "$out" --only ftrace-boot |
	sed -E 's/^(PASS|FAIL|SKIP)  boot: /\1  boot (recordmcount.pl): /'
