#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# asm-check.sh TREE OUT - build our kernel with the x86 mitigations the
# entry code must honour and report what objtool says about it:
#   gcc: IBT, return thunks, call-depth tracking (x86_64-asmcheck.config)
#   clang-19: the same plus kCFI (x86_64-cfi.config), if clang-19 and
#   lld-19 are installed or installable.
# Prints PASS/FAIL lines; any objtool warning or build error fails.
set -u
tree=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
status=0

check() { # name build-dir fragments make-extra
	local name=$1 dir=$2 frags=$3 extra=$4 log="$2.log"
	if ! EXTRA_FRAGMENTS=$frags KMAKE_EXTRA=$extra KTARGETS=vmlinux \
	    "$here/build-kernel.sh" "$tree" "$dir" x86_64 >"$log" 2>&1; then
		echo "FAIL  asm-check ($name): build failed, see $log"
		tail -20 "$log" | sed 's/^/#   /'
		status=1
		return
	fi
	for sym in CONFIG_X86_KERNEL_IBT CONFIG_MITIGATION_CALL_DEPTH_TRACKING \
		   CONFIG_MITIGATION_RETHUNK CONFIG_CFI_CLANG; do
		grep -q "^$sym=y" "$dir/.config" && echo "#   $name: $sym=y"
	done
	if grep -q 'objtool' "$log"; then
		echo "FAIL  asm-check ($name): objtool warnings"
		grep 'objtool' "$log" | sed 's/^/#   /' | head -20
		status=1
	else
		echo "PASS  asm-check ($name): objtool reports nothing"
	fi
}

check gcc "$out/build-x86_64-asmcheck" x86_64-asmcheck.config ""
if ! command -v clang-19 >/dev/null || ! command -v ld.lld-19 >/dev/null; then
	sudo=$([ "$(id -u)" = 0 ] || echo sudo)
	$sudo apt-get install -y -qq --no-install-recommends \
		clang-19 lld-19 llvm-19 >/dev/null 2>&1 || :
fi
if command -v clang-19 >/dev/null && command -v ld.lld-19 >/dev/null; then
	check clang-19 "$out/build-x86_64-cfi" \
		"x86_64-asmcheck.config x86_64-cfi.config" "LLVM=-19"
else
	echo "SKIP  asm-check (clang-19): clang-19/lld-19 not installable"
fi
exit $status
