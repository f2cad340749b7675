#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-kernel.sh SRC BUILD ARCH - configure (tinyconfig + our fragments,
# plus those named in $EXTRA_FRAGMENTS) and build a kernel out of tree.  The .config is regenerated only when a
# fragment or a Kconfig file changed, so an edit of one C file rebuilds in
# seconds.
set -eu
src=$(realpath "$1")
mkdir -p "$2"
build=$(realpath "$2")
arch=$3
top=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(( $(nproc) + 1 ))

case "$arch" in
x86_64)	kmake=(make -C "$src" O="$build" ARCH=x86_64)
	image=arch/x86/boot/bzImage ;;
*)	echo "build-kernel: unsupported ARCH=$arch" >&2; exit 1 ;;
esac

frags=("$top/configs/$arch.config" "$top/configs/kunit.config")
for f in ${EXTRA_FRAGMENTS:-}; do frags+=("$top/configs/$f"); done
stamp="$build/.fragments.sum"
sum=$(cat "${frags[@]}" | md5sum)
if [ ! -f "$build/.config" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ] ||
   [ -n "$(find "$src" -name 'Kconfig*' -newer "$stamp" -print -quit)" ]; then
	"${kmake[@]}" -s tinyconfig >/dev/null
	(cd "$build" && KCONFIG_CONFIG=.config \
		"$src/scripts/kconfig/merge_config.sh" -m .config "${frags[@]}" \
		>"$build/merge_config.log" 2>&1)
	"${kmake[@]}" -s olddefconfig >/dev/null
	echo "$sum" >"$stamp"
fi
"${kmake[@]}" -s -j"$jobs" bzImage modules
echo "build-kernel: $build/$image"
