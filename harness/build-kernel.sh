#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-kernel.sh SRC BUILD ARCH - configure (tinyconfig + our fragments,
# plus those named in $EXTRA_FRAGMENTS) and build a kernel out of tree.
# The .config is regenerated only when a fragment or a Kconfig file
# changed, so an edit of one C file rebuilds in seconds.
#
# With MATCH_CONFIG=FILE (another build's .config), every option of SRC's
# kernel/trace/Kconfig that FILE does not enable is turned off: the
# benchmark's anchor then has exactly the tracing features ours has.
set -eu
src=$(realpath "$1")
mkdir -p "$2"
build=$(realpath "$2")
arch=$3
top=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(( $(nproc) + 1 ))

# KMAKE_EXTRA: more make variables, such as LLVM=-19 for a clang build.
# arm64 is cross-built with Debian's gcc-aarch64-linux-gnu, loongarch with
# clang-19/lld-19 (Debian 12 has no LoongArch gcc).
case "$arch" in
x86_64)	kmake=(make -C "$src" O="$build" ARCH=x86_64 ${KMAKE_EXTRA:-})
	image=arch/x86/boot/bzImage srcarch=x86 ;;
arm64)	kmake=(make -C "$src" O="$build" ARCH=arm64
	       CROSS_COMPILE=aarch64-linux-gnu- ${KMAKE_EXTRA:-})
	image=arch/arm64/boot/Image srcarch=arm64 ;;
loongarch)
	kmake=(make -C "$src" O="$build" ARCH=loongarch LLVM=-19
	       ${KMAKE_EXTRA:-})
	image=vmlinux srcarch=loongarch ;;
*)	echo "build-kernel: unsupported ARCH=$arch" >&2; exit 1 ;;
esac

frags=("$top/configs/$arch.config" "$top/configs/kunit.config")
for f in ${EXTRA_FRAGMENTS:-}; do frags+=("$top/configs/$f"); done
# LoongArch boots without firmware (harness/loongarch/): the device tree
# and the initramfs are built into vmlinux.  The DT source goes into the
# build directory, where kbuild looks before the source tree (VPATH), so
# neither tree gets a file of ours.  The initramfs list is written by
# harness/loongarch/initramfs.sh after the first pass below.
if [ "$arch" = loongarch ]; then
	dts=$build/arch/loongarch/boot/dts/qemu-virt.dts
	mkdir -p "${dts%/*}" "$build/initramfs"
	cmp -s "$top/harness/loongarch/qemu-virt.dts" "$dts" ||
		cp "$top/harness/loongarch/qemu-virt.dts" "$dts"
	echo "CONFIG_INITRAMFS_SOURCE=\"$build/initramfs/list\"" \
		>"$build/initramfs.config.new"
	cmp -s "$build/initramfs.config.new" "$build/initramfs.config" ||
		mv "$build/initramfs.config.new" "$build/initramfs.config"
	rm -f "$build/initramfs.config.new"
	frags+=("$build/initramfs.config")
	# Until the first initramfs.sh: a console only (no /init).
	[ -f "$build/initramfs/list" ] ||
		printf 'dir /dev 755 0 0\nnod /dev/console 600 0 0 c 5 1\n' \
			>"$build/initramfs/list"
fi

# check_fragments: every option a fragment sets (or unsets) is so in the
# final .config, or the build stops.  Kconfig drops an option whose
# dependencies fail without a word (tinyconfig's SLUB_TINY once took
# KASAN out of the debug kernel).  Options SRC's Kconfig does not know
# (upstream lacks ours, for the anchor; another arch's) and, with MATCH_CONFIG, the
# tracing options matched away are not checked.
check_fragments() {
	local known line sym val bad=
	local -A want=()
	known=$(find "$src" -path "$src/arch" -prune -o -name 'Kconfig*' \
		-print | cat - <(find "$src/arch/$srcarch" -name 'Kconfig*') |
		xargs sed -n \
		's/^[[:space:]]*\(menu\)\{0,1\}config \([A-Za-z0-9_]*\).*/\2/p' |
		sort -u)
	# A later fragment's setting of an option replaces an earlier one's
	# (kasan.config turns off some of debug.config's).
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*)	sym=${line%%=*}; val=${line#*=} ;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }; sym=${sym%% *}; val=n ;;
		*)		continue ;;
		esac
		want[${sym#CONFIG_}]=$val
	done < <(cat "${frags[@]}")
	for sym in "${!want[@]}"; do
		val=${want[$sym]}
		grep -qxF "$sym" <<<"$known" || continue
		if [ -n "$match" ] && grep -qxF "$sym" <<<"$trace_syms"; then
			continue
		fi
		if [ "$val" = n ]; then
			! grep -q "^CONFIG_$sym=" "$build/.config" && continue
		else
			grep -qxF "CONFIG_$sym=$val" "$build/.config" && continue
		fi
		bad="$bad CONFIG_$sym=$val"
	done
	[ -z "$bad" ] && return 0
	echo "build-kernel: options of the fragments not in $build/.config" \
		"(unmet dependencies):$bad" >&2
	# Regenerated next time rather than built with what was dropped.
	rm -f "$stamp"
	exit 1
}

stamp="$build/.fragments.sum"
match=${MATCH_CONFIG:-}
trace_syms=$(sed -n 's/^\(menu\)\{0,1\}config \([A-Z0-9_]*\).*/\2/p' \
	"$src/kernel/trace/Kconfig")
sum=$( { cat "${frags[@]}"; [ -z "$match" ] || grep '^CONFIG_' "$match"; } |
	md5sum)
if [ ! -f "$build/.config" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ] ||
   [ -n "$(find "$src" -name 'Kconfig*' -newer "$stamp" -print -quit)" ]; then
	"${kmake[@]}" -s tinyconfig >/dev/null
	(cd "$build" && KCONFIG_CONFIG=.config \
		"$src/scripts/kconfig/merge_config.sh" -m .config "${frags[@]}" \
		>"$build/merge_config.log" 2>&1)
	"${kmake[@]}" -s olddefconfig >/dev/null
	# Twice: turning one option off may let a select drop another.
	for _ in 1 2; do
		[ -n "$match" ] || break
		for sym in $trace_syms; do
			grep -q "^CONFIG_$sym=y" "$build/.config" || continue
			grep -q "^CONFIG_$sym=y" "$match" && continue
			"$src/scripts/config" --file "$build/.config" -d "$sym"
		done
		"${kmake[@]}" -s olddefconfig >/dev/null
	done
	# A prefix of the series (SERIES_PREFIX=1, make series-check) has
	# not yet the options of the patches after it.
	[ -n "${SERIES_PREFIX:-}" ] || check_fragments
	echo "$sum" >"$stamp"
fi
if [ "$arch" = loongarch ] && [ -z "${KTARGETS:-}" ]; then
	# vmlinux.o is what modules need (Module.symvers); the initramfs
	# needs the modules and the headers for the runner.  Then only usr/
	# and the final link are redone, and nothing when nothing changed.
	"${kmake[@]}" -s -j"$jobs" vmlinux_o modules
	"${kmake[@]}" -s headers_install
	"$top/harness/loongarch/initramfs.sh" "$src" "$build"
	"${kmake[@]}" -s -j"$jobs" vmlinux
else
	# headers: the exported uapi headers (usr/include) for the guest
	# tools that need newer ones than the libc's (harness/mkinitramfs.sh).
	"${kmake[@]}" -s -j"$jobs" ${KTARGETS:-${image##*/} modules headers}
fi
echo "build-kernel: $build/$image"
