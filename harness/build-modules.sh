#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-modules.sh KBUILD OUTDIR - build the test modules of
# harness/modules/ and the benchmark modules of bench/modules/ against the
# kernel built in KBUILD (ours or the anchor); the .ko files land in
# OUTDIR.  The kernel's own modules (the samples ftracetest loads with
# modprobe) are installed under OUTDIR/root/lib/modules, unless
# KERNEL_MODULES=none.
set -eu
kbuild=$(realpath "$1")
mkdir -p "$2"
out=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
# The build directory does not remember ARCH: an arm64 kernel (its
# .config says so) is cross-built, and so are its modules; a loongarch
# one is built with clang-19.
kmake=(make -s -C "$kbuild")
skip=
if grep -q '^CONFIG_ARM64=y' "$kbuild/.config"; then
	kmake+=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-)
	# ftrace_regs_test's trampolines and checks are x86 code (its
	# ftracetest case is unsupported without the module).
	skip=ftrace_regs_test.o
elif grep -q '^CONFIG_LOONGARCH=y' "$kbuild/.config"; then
	kmake+=(ARCH=loongarch LLVM=-19)
	skip=ftrace_regs_test.o
fi

mkdir -p "$out/src"
for f in "$here"/modules/*.[ch] "$here"/../bench/modules/*.[ch]; do
	cmp -s "$f" "$out/src/${f##*/}" || cp "$f" "$out/src/"
done
cat "$here"/modules/Kbuild "$here"/../bench/modules/Kbuild |
	grep -vxF "obj-m += $skip" >"$out/src/Kbuild.new"
cmp -s "$out/src/Kbuild.new" "$out/src/Kbuild" ||
	mv "$out/src/Kbuild.new" "$out/src/Kbuild"
rm -f "$out/src/Kbuild.new"
# A module's BTF is split from vmlinux's, whose type ids a relink may
# renumber (pahole -j); kbuild relinks an external module only when its
# objects change, so one older than vmlinux is relinked here.
grep -q '^CONFIG_DEBUG_INFO_BTF_MODULES=y' "$kbuild/.config" &&
	find "$out/src" -maxdepth 1 -name '*.ko' ! -newer "$kbuild/vmlinux" -delete
"${kmake[@]}" M="$out/src" modules
cp "$out"/src/*.ko "$out/"
# A kernel with BTF (configs/btf.config) is built with DWARF, which the
# guests need not carry: the modules keep their .BTF, not their DWARF.
grep -q '^CONFIG_DEBUG_INFO_BTF=y' "$kbuild/.config" &&
	strip --strip-debug "$out"/*.ko
rm -rf "$out/root"
# KERNEL_MODULES=none: the kernel's own modules are not all built (make
# check-distro builds those that use kernel/trace's exports).
[ "${KERNEL_MODULES:-}" = none ] && exit 0
"${kmake[@]}" modules_install INSTALL_MOD_PATH="$out/root" \
	INSTALL_MOD_STRIP=1 >/dev/null
