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
# guest_tool SRC [CFLAGS...]: a binary of SRC (static and -O2 unless
# CFLAGS say otherwise), rebuilt when SRC changes.
guest_tool() {
	local src=$1 bin flags
	shift
	flags=("$@")
	[ ${#flags[@]} -gt 0 ] || flags=(-static -O2)
	bin=$(dirname "$cpio")/$(basename "$src" .c)
	if [ ! -x "$bin" ] || [ "$bin" -ot "$src" ]; then
		gcc "${flags[@]}" -Wall -o "$bin" "$src"
	fi
	echo "$bin"
}
rawcount=$(guest_tool "$here/guest/rawcount.c")
fuzz=$(guest_tool "$here/guest/fuzz.c")
markbench=$(guest_tool "$here/../bench/guest/markbench.c")
# pg-target: dynamic and built with -pg, for uftrace's libmcount.
pgtarget=$(guest_tool "$here/guest/pg-target.c" -pg -O0)

# host_libs BIN: the shared libraries BIN needs, as initramfs lines.
# Libraries go to /lib (searched without ld.so.cache); the loader keeps
# the path the binary names.
host_libs() {
	ldd "$1" 2>/dev/null | grep -o '/[^ ]*' | while read -r lib; do
		case $lib in
		*/ld-linux*) dst=$lib ;;
		*) dst=/lib/${lib##*/} ;;
		esac
		echo "file $dst $(realpath "$lib") 755 0 0"
	done
}
# host_dirs DIR: DIR and its parents, as initramfs lines.
host_dirs() {
	local d=$1 out=
	while [ -n "$d" ] && [ "$d" != / ]; do
		out="dir $d 755 0 0
$out"
		d=${d%/*}
	done
	printf '%s' "$out"
}

list=$(mktemp)
trap 'rm -f "$list"' EXIT
{
	echo "dir /bin 755 0 0"
	echo "dir /dev 755 0 0"
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "dir /proc 755 0 0"
	echo "dir /sys 755 0 0"
	echo "dir /tmp 1777 0 0"
	# Hard-linked as /bin/sh: /proc/self/maps then names a "sh", as
	# upstream's uprobe case expects of a shell.
	echo "file /bin/busybox $(command -v busybox) 755 0 0 /bin/sh"
	echo "file /init $here/guest/init 755 0 0"
	echo "dir /harness 755 0 0"
	echo "file /harness/lib.sh $here/guest/lib.sh 644 0 0"
	echo "file /harness/motd $here/guest/motd 644 0 0"
	echo "file /harness/rawcount $rawcount 755 0 0"
	echo "file /harness/fuzz $fuzz 755 0 0"
	echo "file /harness/pg-target $pgtarget 755 0 0"
	# The tracing clients from the host, with their libraries, when the
	# guest runs the host's architecture: trace-cmd, perf, uftrace (and
	# its libmcount), rtla, and util-linux's chrt (busybox has none).
	# HOST_TOOLS=0 leaves them out (bench/memory.sh: what the guest's
	# RAM holds then is the kernel's).
	if [ "${GUEST_ARCH:-x86_64}" = "$(uname -m)" ] &&
	   [ "${HOST_TOOLS:-1}" != 0 ]; then
		echo "dir /usr 755 0 0"
		echo "dir /usr/bin 755 0 0"
		echo "dir /lib 755 0 0"
		echo "dir /lib64 755 0 0"
		for tool in trace-cmd perf uftrace rtla chrt; do
			bin=$(command -v "$tool" || true)
			[ -n "$bin" ] || continue
			echo "file /usr/bin/$tool $(realpath "$bin") 755 0 0"
			host_libs "$bin"
		done
		for lib in /usr/lib/"$(uname -m)"-linux-gnu/uftrace/*.so; do
			[ -f "$lib" ] || continue
			host_dirs "${lib%/*}"
			echo "file $lib $lib 755 0 0"
			host_libs "$lib"
		done
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
