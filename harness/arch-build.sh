#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# arch-build.sh ARCH BASE SRC BUILD - one result line: a kernel of an
# architecture our series does not port builds with tracing on.
#
#   ARCH  i386 (the host's gcc, -m32) or riscv (riscv64-linux-gnu-gcc)
#   BASE  tinyconfig or defconfig, with configs/arch-tracing.config merged
#
# The .config must have TRACING and EVENT_TRACING, and no FUNCTION_TRACER
# (not offered without our port); vmlinux must build without a warning.
# The build log is BUILD.log.
set -u
arch=$1 base=$2 src=$(realpath "$3")
mkdir -p "$4"
build=$(realpath "$4")
top=$(cd "$(dirname "$0")/.." && pwd)
log=$build.log
name="arches: $arch $base with tracing"

case "$arch" in
i386)	kmake=(make -C "$src" O="$build" ARCH=i386) ;;
riscv)	kmake=(make -C "$src" O="$build" ARCH=riscv
	       CROSS_COMPILE=riscv64-linux-gnu-) ;;
*)	echo "FAIL  $name: unknown ARCH" ; exit 1 ;;
esac
start=$SECONDS

fail() {
	echo "FAIL  $name: $1 (log: ${log#"$top"/})"
	grep -E 'error|warning' "$log" | head -n 20 | sed 's/^/#   /'
	exit 1
}

# Configured again only when the fragment, BASE or a Kconfig changed: a
# second run (make check after its background build) rebuilds nothing.
stamp=$build/.arch-build.sum
sum=$( { echo "$base"; cat "$top/configs/arch-tracing.config"; } | md5sum)
: >"$log"
if [ ! -f "$build/.config" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ] ||
   [ -n "$(find "$src" -name 'Kconfig*' -newer "$stamp" -print -quit)" ]; then
	{
		"${kmake[@]}" -s "$base" &&
		(cd "$build" && KCONFIG_CONFIG=.config \
			"$src/scripts/kconfig/merge_config.sh" -m .config \
			"$top/configs/arch-tracing.config") &&
		"${kmake[@]}" -s olddefconfig
	} >>"$log" 2>&1 || fail "configuration"
	echo "$sum" >"$stamp"
fi
for opt in TRACING EVENT_TRACING RING_BUFFER; do
	grep -qx "CONFIG_$opt=y" "$build/.config" ||
		fail "CONFIG_$opt is not set"
done
grep -qx 'CONFIG_FUNCTION_TRACER=y' "$build/.config" &&
	fail "FUNCTION_TRACER is offered without our port"
# kernel/trace/ is compiled every time, so that its warnings are seen.
rm -f "$build"/kernel/trace/*.o
"${kmake[@]}" -s -j"$(( $(nproc) + 1 ))" vmlinux >>"$log" 2>&1 ||
	fail "vmlinux does not build"
if grep -E '(^|: )warning:' "$log" | grep -q 'kernel/trace/'; then
	fail "kernel/trace/ warns"
fi
echo "PASS  $name: vmlinux builds ($((SECONDS - start)) s;" \
	"FUNCTION_TRACER not offered, TRACING and EVENT_TRACING on)"
