#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh TREE OUT.cpio [CMDFILE] - the guest's initramfs: static
# busybox, our init and guest scripts and tools, ftracetest from TREE
# (upstream's cases plus ours, which the prepared tree already holds) and
# its ring-buffer selftest map_test (built against TREE's uapi), and
# the test modules in $MODULES_DIR if set.  With CMDFILE, the guest runs
# it as /harness/cmd and powers off.  EXTRA_TREE (a host directory, its
# symbolic links followed) becomes the guest's /extra, with the shared
# libraries its programs need (upstream's BPF selftests, for
# harness/bpf-selftests.sh).
#
# GUEST_ARCH (x86_64 unless set; arm64) is the guest's architecture: the
# guest tools are cross-built for it (their binaries named -ARCH beside
# the host's), and busybox and chrt are Debian's arm64 ones
# (harness/arm64-userland.sh).
set -eu
tree=$1
cpio=$2
cmd=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
gen=$(dirname "$cpio")/gen_init_cpio
guest_arch=${GUEST_ARCH:-x86_64}
case $guest_arch in
x86_64)	guest_m=x86_64 ;;
arm64)	guest_m=aarch64 ;;
*)	echo "mkinitramfs: unsupported GUEST_ARCH=$guest_arch" >&2; exit 1 ;;
esac
# The host's own architecture needs no cross compiler, and its clients
# (and uftrace's -pg target) run in the guest.
if [ "$guest_m" = "$(uname -m)" ]; then
	native=1 cc=gcc
else
	native= cc=$guest_m-linux-gnu-gcc
fi
# Tool binaries: x86_64's keep their names, other guests' get -ARCH.
sfx=
[ "$guest_arch" = x86_64 ] || sfx=-$guest_arch
if [ -n "$native" ]; then
	busybox=$(command -v busybox)
	userland=
else
	userland=$("$here/$guest_arch-userland.sh" "$here/../out/$guest_arch-userland")
	busybox=$userland/bin/busybox
fi

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
	bin=$(dirname "$cpio")/$(basename "$src" .c)$sfx
	if [ ! -x "$bin" ] || [ "$bin" -ot "$src" ]; then
		$cc "${flags[@]}" -Wall -o "$bin" "$src"
	fi
	echo "$bin"
}
rawcount=$(guest_tool "$here/guest/rawcount.c")
fuzz=$(guest_tool "$here/guest/fuzz.c")
# The ring-buffer mapping tools need linux/trace_mmap.h (6.10), which the
# libc's kernel headers may lack (Debian 12's are 6.1's): -idirafter
# looks in TREE's uapi only for what those lack (-I would put TREE's
# unexported uapi headers first, and they do not build in user space).
# map_test is upstream's selftest, unmodified: its own headers are found
# beside it, and -D_GNU_SOURCE= is what its lib.mk adds.
uapi=(-static -O2 -idirafter "$tree/include/uapi")
mmaphostile=$(guest_tool "$here/guest/mmap-hostile.c" "${uapi[@]}")
maptest=$(guest_tool "$tree/tools/testing/selftests/ring-buffer/map_test.c" \
	"${uapi[@]}" -D_GNU_SOURCE=)
markbench=$(guest_tool "$here/../bench/guest/markbench.c")
bpftarget=$(guest_tool "$here/guest/bpf-target.c")
# bpf-raw's uprobe_multi links are newer (6.6) than the libc's headers:
# the kernel's own exported ones (make headers, in its build directory)
# when there are (make check's kernels), else it goes without them.
if [ -f "${KBUILD_OBJ:-/nonexistent}/usr/include/linux/bpf.h" ]; then
	bpfraw=$(guest_tool "$here/guest/bpf-raw.c" -static -O2 \
		-I "$KBUILD_OBJ/usr/include" -DHAVE_UPROBE_MULTI)
else
	bpfraw=$(guest_tool "$here/guest/bpf-raw.c" "${uapi[@]}")
fi
# pg-target: dynamic and built with -pg, for uftrace's libmcount (the
# host's, so only on the host's architecture).
pgtarget=
[ -z "$native" ] || pgtarget=$(guest_tool "$here/guest/pg-target.c" -pg -O0)

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
# cross_libs BIN: the loader and libraries a dynamic BIN of another
# architecture needs, from its cross toolchain's libc, as initramfs lines.
cross_libs() {
	local sysroot=/usr/$guest_m-linux-gnu/lib interp lib
	interp=$(readelf -l "$1" | sed -n 's/.*interpreter: \(.*\)]$/\1/p')
	[ -z "$interp" ] ||
		echo "file $interp $(realpath "$sysroot/${interp##*/}") 755 0 0"
	readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p' |
	while read -r lib; do
		echo "file /lib/$lib $(realpath "$sysroot/$lib") 755 0 0"
	done
}
# kheaders_lines OBJ: the kernel headers (of TREE, built in OBJ) that
# <linux/types.h> needs, under /lib/modules/RELEASE/{source,build} as a
# distribution's linux-headers package puts them: bpftrace, without BTF,
# compiles a tracepoint's format with them.
kheaders_lines() {
	local obj=$1 rel hdr cc_m robj rtree
	rel=$(cat "$obj/include/config/kernel.release" 2>/dev/null) || return 0
	robj=$(realpath "$obj") rtree=$(realpath "$tree")
	for cc_m in gcc clang; do
		command -v $cc_m >/dev/null || continue
		echo '#include <linux/types.h>' |
		$cc_m -M -nostdinc -I"$tree/arch/x86/include" \
			-I"$obj/arch/x86/include/generated" -I"$tree/include" \
			-I"$obj/include" -I"$tree/arch/x86/include/uapi" \
			-I"$obj/arch/x86/include/generated/uapi" \
			-I"$tree/include/uapi" -I"$obj/include/generated/uapi" \
			-include "$tree/include/linux/kconfig.h" -D__KERNEL__ \
			-x c - 2>/dev/null
	done | tr ' \\' '\n\n' | grep '\.h$' | sort -u | while read -r hdr; do
		hdr=$(realpath "$hdr")
		case $hdr in
		"$robj"/*)
			dst=/lib/modules/$rel/build/${hdr#"$robj"/} ;;
		"$rtree"/*)
			dst=/lib/modules/$rel/source/${hdr#"$rtree"/} ;;
		*)	continue ;;
		esac
		host_dirs "${dst%/*}"
		echo
		echo "file $dst $hdr 644 0 0"
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

# A scenario's "# guest-tools: TOOL..." header: more host clients (the
# big ones, bpftrace with LLVM's libraries, only where a scenario uses
# them).
extra_tools=
[ -z "$cmd" ] ||
	extra_tools=$(sed -n 's/^#[[:space:]]*guest-tools:[[:space:]]*//p' "$cmd")

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
	echo "file /bin/busybox $busybox 755 0 0 /bin/sh"
	echo "file /init $here/guest/init 755 0 0"
	echo "dir /harness 755 0 0"
	echo "file /harness/lib.sh $here/guest/lib.sh 644 0 0"
	echo "file /harness/motd $here/guest/motd 644 0 0"
	echo "file /bin/nice $here/guest/nice 755 0 0"
	echo "file /harness/rawcount $rawcount 755 0 0"
	echo "file /harness/fuzz $fuzz 755 0 0"
	echo "file /harness/mmap-hostile $mmaphostile 755 0 0"
	echo "file /harness/map_test $maptest 755 0 0"
	echo "file /harness/bpf-target $bpftarget 755 0 0"
	echo "file /harness/bpf-raw $bpfraw 755 0 0"
	[ -z "$pgtarget" ] || echo "file /harness/pg-target $pgtarget 755 0 0"
	# The tracing clients from the host, with their libraries, when the
	# guest runs the host's architecture: trace-cmd, perf, uftrace (and
	# its libmcount), rtla, and util-linux's chrt (busybox has none).
	# HOST_TOOLS=0 leaves them out (bench/memory.sh: what the guest's
	# RAM holds then is the kernel's).
	if [ -n "$native" ] && [ "${HOST_TOOLS:-1}" != 0 ]; then
		echo "dir /usr 755 0 0"
		echo "dir /usr/bin 755 0 0"
		echo "dir /usr/sbin 755 0 0"
		echo "dir /usr/include 755 0 0"
		echo "dir /lib 755 0 0"
		echo "dir /lib64 755 0 0"
		for tool in trace-cmd perf uftrace rtla chrt $extra_tools; do
			bin=$(command -v "$tool" || true)
			[ -n "$bin" ] || continue
			echo "file /usr/bin/$tool $(realpath "$bin") 755 0 0"
			host_libs "$bin"
		done
		# And rtla built from the tree (harness/build-rtla.sh) as
		# rtla-6.12: hwnoise and timerlat's user threads, which
		# Debian's rtla 6.1 lacks.
		if rtla612=$("$here/build-rtla.sh" "$(dirname "$tree")/pristine" \
			"$(dirname "$tree")" 2>/dev/null); then
			rtla612=${rtla612#rtla: }
			echo "file /usr/bin/rtla-6.12 $rtla612 755 0 0"
			host_libs "$rtla612"
		else
			echo "mkinitramfs: no rtla 6.12 (harness/build-rtla.sh failed)" >&2
		fi
		# bpftrace compiles what it builds from tracepoints' formats
		# with the kernel's uapi headers (linux-libc-dev's), as on a
		# distribution without kernel headers installed.
		case " $extra_tools " in
		*" bpftrace "*)
			[ -z "${KBUILD_OBJ:-}" ] || kheaders_lines "$KBUILD_OBJ"
			for d in /usr/include/linux /usr/include/asm-generic \
				 /usr/include/"$(uname -m)"-linux-gnu/asm; do
				dst=/usr/include/${d##*/}
				echo "dir $dst 755 0 0"
				(cd "$d" && find . -mindepth 1 -type d | sort) |
				while read -r sub; do
					echo "dir $dst/${sub#./} 755 0 0"
				done
				(cd "$d" && find . -type f | sort) | while read -r f; do
					echo "file $dst/${f#./} $d/${f#./} 644 0 0"
				done
			done
			;;
		esac
		for lib in /usr/lib/"$(uname -m)"-linux-gnu/uftrace/*.so; do
			[ -f "$lib" ] || continue
			host_dirs "${lib%/*}"
			echo "file $lib $lib 755 0 0"
			host_libs "$lib"
		done
	fi
	# Another architecture's guest has no host clients: chrt from its
	# Debian package, for upstream's wakeup cases and the clients scenario.
	if [ -n "$userland" ] && [ -x "$userland/usr/bin/chrt" ]; then
		echo "dir /usr 755 0 0"
		echo "dir /usr/bin 755 0 0"
		echo "dir /lib 755 0 0"
		echo "file /usr/bin/chrt $userland/usr/bin/chrt 755 0 0"
		cross_libs "$userland/usr/bin/chrt"
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
	if [ -n "${EXTRA_TREE:-}" ]; then
		echo "dir /extra 755 0 0"
		echo "dir /lib 755 0 0"
		echo "dir /lib64 755 0 0"
		(cd "$EXTRA_TREE" && find -L . -mindepth 1 -type d | sort) |
		while read -r d; do echo "dir /extra/${d#./} 755 0 0"; done
		(cd "$EXTRA_TREE" && find -L . -type f | sort) | while read -r f; do
			f=${f#./} mode=644
			[ ! -x "$EXTRA_TREE/$f" ] || mode=755
			echo "file /extra/$f $(realpath "$EXTRA_TREE/$f") $mode 0 0"
			[ "$mode" = 644 ] || host_libs "$EXTRA_TREE/$f"
		done
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
