#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh TREE OUT.cpio [CMDFILE] - the guest's initramfs: static
# busybox, our init and guest scripts and tools, ftracetest from TREE
# (upstream's cases plus ours, which the prepared tree already holds), and
# the test modules in $MODULES_DIR if set.  With CMDFILE, the guest runs
# it as /harness/cmd and powers off.
set -eu
tree=$1
cpio=$2
cmd=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
gen=$(dirname "$cpio")/gen_init_cpio

if [ ! -x "$gen" ] || [ "$gen" -ot "$tree/usr/gen_init_cpio.c" ]; then
	gcc -O2 -o "$gen" "$tree/usr/gen_init_cpio.c"
fi
# guest_tool SRC: a static binary of SRC, rebuilt when SRC changes.
guest_tool() {
	local bin
	bin=$(dirname "$cpio")/$(basename "$1" .c)
	if [ ! -x "$bin" ] || [ "$bin" -ot "$1" ]; then
		gcc -static -O2 -Wall -o "$bin" "$1"
	fi
	echo "$bin"
}
rawcount=$(guest_tool "$here/guest/rawcount.c")
fuzz=$(guest_tool "$here/guest/fuzz.c")
markbench=$(guest_tool "$here/../bench/guest/markbench.c")

list=$(mktemp)
trap 'rm -f "$list"' EXIT
{
	echo "dir /bin 755 0 0"
	echo "dir /dev 755 0 0"
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "dir /proc 755 0 0"
	echo "dir /sys 755 0 0"
	echo "dir /tmp 1777 0 0"
	echo "file /bin/busybox $(command -v busybox) 755 0 0"
	echo "file /init $here/guest/init 755 0 0"
	echo "dir /harness 755 0 0"
	echo "file /harness/lib.sh $here/guest/lib.sh 644 0 0"
	echo "file /harness/motd $here/guest/motd 644 0 0"
	echo "file /harness/rawcount $rawcount 755 0 0"
	echo "file /harness/fuzz $fuzz 755 0 0"
	# trace-cmd from the host, with its libraries, when the guest runs
	# the host's architecture.
	tc=$(command -v trace-cmd || true)
	if [ -n "$tc" ] && [ "${GUEST_ARCH:-x86_64}" = "$(uname -m)" ]; then
		echo "dir /usr 755 0 0"
		echo "dir /usr/bin 755 0 0"
		echo "file /usr/bin/trace-cmd $tc 755 0 0"
		# Libraries go to /lib (searched without ld.so.cache); the
		# loader keeps the path the binary names.
		echo "dir /lib 755 0 0"
		echo "dir /lib64 755 0 0"
		ldd "$tc" | grep -o '/[^ ]*' | while read -r lib; do
			case $lib in
			*/ld-linux*) dst=$lib ;;
			*) dst=/lib/${lib##*/} ;;
			esac
			echo "file $dst $(realpath "$lib") 755 0 0"
		done | awk '!seen[$0]++'
	fi
	echo "dir /bench 755 0 0"
	echo "file /bench/markbench $markbench 755 0 0"
	echo "dir /modules 755 0 0"
	for ko in ${MODULES_DIR:+"$MODULES_DIR"/*.ko}; do
		[ -f "$ko" ] && echo "file /modules/${ko##*/} $ko 644 0 0"
	done
	# The kernel's modules, for modprobe.
	root=${MODULES_DIR:+$(realpath "$MODULES_DIR")/root}
	if [ -n "$root" ] && [ -d "$root/lib/modules" ]; then
		echo "dir /lib 755 0 0"
		(cd "$root" && find lib/modules -type d | sort) |
		while read -r d; do echo "dir /$d 755 0 0"; done
		(cd "$root" && find lib/modules -type f | sort) |
		while read -r f; do echo "file /$f $root/$f 644 0 0"; done
	fi
	[ -n "$cmd" ] && echo "file /harness/cmd $(realpath "$cmd") 755 0 0"
	# ftracetest, directories first.
	src=$tree/tools/testing/selftests/ftrace
	echo "dir /ftracetest 755 0 0"
	(cd "$src" && find . -mindepth 1 -type d | sort) | while read -r d; do
		echo "dir /ftracetest/${d#./} 755 0 0"
	done
	(cd "$src" && find . -type f | sort) | while read -r f; do
		mode=644
		[ -x "$src/$f" ] && mode=755
		echo "file /ftracetest/${f#./} $src/${f#./} $mode 0 0"
	done
} | awk '!seen[$0]++' >"$list"
"$gen" "$list" >"$cpio"
