#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# initramfs.sh SRC BUILD - the LoongArch guest's initramfs, built into
# vmlinux (QEMU 7.2 passes no -initrd to a firmware-less LoongArch guest).
# Called by harness/build-kernel.sh between its two passes, once BUILD has
# vmlinux.o, Module.symvers and usr/include:
#
#   /init                 harness/guest/ftrace-runner.c, a nolibc program
#                         built with clang-19 against BUILD's headers and
#                         SRC's tools/include/nolibc
#   /lib/modules-test/    the test modules of harness/modules/ (and the
#                         ftrace-direct sample when built), built
#                         against BUILD by harness/build-modules.sh
#   /dev/console
#
# The files go to BUILD/initramfs/ and the list kbuild reads
# (CONFIG_INITRAMFS_SOURCE) to BUILD/initramfs/list; each is replaced only
# when its content changes, so an unchanged initramfs relinks nothing.
set -eu
src=$(realpath "$1")
build=$(realpath "$2")
here=$(cd "$(dirname "$0")/.." && pwd)
stage=$build/initramfs
mkdir -p "$stage/modules"

# install_changed SRC DST: DST replaced by rename when its content differs.
install_changed() {
	cmp -s "$1" "$2" && return 0
	cp "$1" "$2.prep-new" && mv -f "$2.prep-new" "$2"
}

"$here/build-modules.sh" "$build" "$build/test-modules"

# QEMU 7.2 has no LSX, which clang-19 uses by default.
clang-19 --target=loongarch64-linux-gnu -march=loongarch64 -mno-lsx -Os \
	-Wall -nostdlib -static -fno-stack-protector \
	-fno-asynchronous-unwind-tables -fuse-ld=lld \
	-I "$build/usr/include" -I "$src/tools/include/nolibc" \
	-include nolibc.h -o "$stage/init.new" "$here/guest/ftrace-runner.c"
install_changed "$stage/init.new" "$stage/init"
rm -f "$stage/init.new"

{
	echo "# $stage/list - written by harness/loongarch/initramfs.sh"
	echo "dir /dev 755 0 0"
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "dir /proc 755 0 0"
	echo "dir /sys 755 0 0"
	echo "dir /tmp 1777 0 0"
	echo "file /init $stage/init 755 0 0"
	echo "dir /lib 755 0 0"
	echo "dir /lib/modules-test 755 0 0"
	for m in $(sed -n 's/^obj-m += \(.*\)\.o$/\1/p' "$here/modules/Kbuild" |
		   sort); do
		[ -f "$build/test-modules/$m.ko" ] || continue
		install_changed "$build/test-modules/$m.ko" \
			"$stage/modules/$m.ko"
		echo "file /lib/modules-test/$m.ko $stage/modules/$m.ko 644 0 0"
	done
	# The direct-call sample the runner loads (SAMPLE_FTRACE_DIRECT).
	for ko in "$build"/test-modules/root/lib/modules/*/kernel/samples/ftrace/ftrace-direct.ko; do
		[ -f "$ko" ] || continue
		install_changed "$ko" "$stage/modules/ftrace-direct.ko"
		echo "file /lib/modules-test/ftrace-direct.ko $stage/modules/ftrace-direct.ko 644 0 0"
	done
} >"$stage/list.new"
install_changed "$stage/list.new" "$stage/list"
rm -f "$stage/list.new"
