#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# distro-check.sh SRC PRISTINE OUT [STEP...] - our series on a
# distribution's own configuration: Debian's 6.12 amd64 config (package
# linux-config-6.12), as a user applying the series would build it.  One
# result line per step ("distro:"); STEPs, in order (default all):
#
#   config   Debian's config, made olddefconfig on SRC and on PRISTINE
#            (config only).  Every tracing option (one of PRISTINE's
#            kernel/trace/Kconfig) that Debian's config sets and upstream
#            keeps must be kept by ours, or be in harness/distro-dropped
#            with the capability that brings it.  The report:
#            OUT/distro-options.txt.
#   build    bzImage (vmlinux) links.
#   modules  every in-tree module whose sources call a symbol upstream's
#            kernel/trace exports builds and passes modpost (DISTRO_MODULES
#            =all: every module of the config).
#   boot     the kernel boots under QEMU with our initramfs and runs the
#            main scenario (KUnit is not in Debian's config; ftracetest
#            is), into OUT/check-distro/.
#
# Only debug information is changed in Debian's config (off: it triples
# the build's time and disk; BTF goes with it, and BPF's tracing comes
# with a later issue), and the trusted keys of Debian's signing, which
# are not in the source tree.
set -u
src=$(realpath "$1") pristine=$(realpath "$2")
mkdir -p "$3"
out=$(realpath "$3")
shift 3
steps=${*:-config build modules boot}
top=$(cd "$(dirname "$0")/.." && pwd)
debconf=/usr/src/linux-config-6.12/config.amd64_none_amd64.xz
build=$out/build-distro
aconf=$out/build-distro-anchor
jobs=$(( $(nproc) + 1 ))
kmake=(make -C "$src" O="$build" ARCH=x86_64)
mkdir -p "$build" "$aconf"

has_step() { [[ " $steps " == *" $1 "* ]]; }

# fail NAME LOG: a FAIL line with the log's errors under it.
fail() {
	echo "FAIL  distro: $1 (log: ${2#"$top"/})"
	grep -E 'error|Error|undefined' "$2" | head -n 20 | sed 's/^/#   /'
	exit 1
}

# debian_config DIR TREE: Debian's config, adjusted, made olddefconfig.
debian_config() {
	local dir=$1 tree=$2

	xz -dc "$debconf" >"$dir/.config" || return 1
	"$tree/scripts/config" --file "$dir/.config" \
		--set-str SYSTEM_TRUSTED_KEYS "" \
		--set-str SYSTEM_REVOCATION_KEYS "" \
		-d DEBUG_INFO_DWARF5 -d DEBUG_INFO_DWARF4 \
		-d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT -d DEBUG_INFO_BTF \
		-e DEBUG_INFO_NONE
	make -s -C "$tree" O="$dir" ARCH=x86_64 olddefconfig
}

# The tracing options Debian's config sets, as upstream and ours keep them.
step_config() {
	local log=$out/distro-config.log sym up ours why kept=0 dropped=0 bad=0

	[ -f "$debconf" ] || { echo "FAIL  distro: config: $debconf missing (make deps)"; exit 1; }
	{ debian_config "$aconf" "$pristine" &&
	  debian_config "$build" "$src"; } >"$log" 2>&1 ||
		fail "config: olddefconfig" "$log"
	: >"$out/distro-options.txt"
	for sym in $(sed -n 's/^\(menu\)\{0,1\}config \([A-Z0-9_]*\).*/\2/p' \
			"$pristine/kernel/trace/Kconfig" | sort -u); do
		xz -dc "$debconf" | grep -q "^CONFIG_$sym=" || continue
		up=$(grep "^CONFIG_$sym=" "$aconf/.config")
		[ -n "$up" ] || continue
		ours=$(grep "^CONFIG_$sym=" "$build/.config")
		if [ "$ours" = "$up" ]; then
			kept=$((kept + 1))
			echo "kept     $up" >>"$out/distro-options.txt"
			continue
		fi
		dropped=$((dropped + 1))
		why=$(sed -n "s/^$sym[[:space:]]\{1,\}//p" "$top/harness/distro-dropped")
		if [ -z "$why" ]; then
			bad=$((bad + 1))
			why="NOT LISTED in harness/distro-dropped"
		fi
		echo "dropped  $up (ours: ${ours:-not set}): $why" \
			>>"$out/distro-options.txt"
	done
	if [ "$bad" != 0 ]; then
		echo "FAIL  distro: config: $bad tracing options of Debian's config dropped without a reason"
		grep 'NOT LISTED' "$out/distro-options.txt" | sed 's/^/#   /'
		exit 1
	fi
	echo "PASS  distro: config: of the tracing options Debian sets, $kept kept," \
		"$dropped dropped, each for a capability not built yet" \
		"(out/${out#"$top"/out/}/distro-options.txt)"
}

step_build() {
	local log=$out/distro-build.log start=$SECONDS

	"${kmake[@]}" -s -j"$jobs" bzImage >"$log" 2>&1 ||
		fail "build: bzImage" "$log"
	echo "PASS  distro: build: vmlinux and bzImage link ($((SECONDS - start)) s)"
}

# Upstream's kernel/trace exports, as one extended regex (a|b|...).
trace_syms() {
	grep -rhoE 'EXPORT_SYMBOL(_GPL)?\([[:space:]]*[A-Za-z0-9_]+' \
		"$pristine/kernel/trace" | sed -E 's/.*\([[:space:]]*//' |
		sort -u | paste -sd'|'
}

# The in-tree modules whose sources call a kernel/trace export.
users_modules() {
	local syms

	syms=$(trace_syms)
	(cd "$src" && grep -rlwE --include='*.c' "$syms" \
		drivers fs net sound samples lib mm block crypto security \
		virt arch/x86 2>/dev/null) | xargs -r -n1 dirname | sort -u
}

step_modules() {
	local log=$out/distro-modules.log start=$SECONDS dirs d n=0 kos=""

	if [ "${DISTRO_MODULES:-}" = all ]; then
		"${kmake[@]}" -s -j"$jobs" modules >"$log" 2>&1 ||
			fail "modules: make modules" "$log"
		n=$(find "$build" -name '*.ko' | wc -l)
		echo "PASS  distro: modules: all $n modules build and pass modpost ($((SECONDS - start)) s)"
		return
	fi
	dirs=$(users_modules)
	: >"$log"
	for d in $dirs; do
		# Objects and the directory's modules.order (none if built in).
		"${kmake[@]}" -s -j"$jobs" "$d/" >>"$log" 2>&1 ||
			fail "modules: make $d/" "$log"
		[ -f "$build/$d/modules.order" ] || continue
		for ko in $(sed 's/\.o$/.ko/' "$build/$d/modules.order"); do
			kos="$kos $ko"
		done
	done
	kos=$(echo $kos | tr ' ' '\n' | sort -u)
	[ -n "$kos" ] || { echo "FAIL  distro: modules: no module found"; exit 1; }
	# Modules these need from elsewhere are not built: their symbols
	# are missing for modpost, which only warns, and only kernel/trace's
	# own fail the step.
	"${kmake[@]}" -s -j"$jobs" KBUILD_MODPOST_WARN=1 $kos >>"$log" 2>&1 ||
		fail "modules: the modules using kernel/trace exports" "$log"
	undef=$(sed -nE 's/.*modpost: "([A-Za-z0-9_]+)" \[.*\] undefined!.*/\1/p' \
		"$log" | sort -u)
	missing=$(echo "$undef" | grep -xE "$(trace_syms)" | paste -sd' ')
	if [ -n "$missing" ]; then
		echo "FAIL  distro: modules: kernel/trace exports missing for modpost: $missing"
		exit 1
	fi
	n=$(echo "$kos" | wc -l)
	echo "PASS  distro: modules: the $n modules in $(echo "$dirs" | wc -w)" \
		"directories whose sources call kernel/trace exports build and" \
		"find every kernel/trace symbol they use ($((SECONDS - start)) s;" \
		"$(echo "$undef" | grep -c .) symbols of modules not built ignored;" \
		"out/${out#"$top"/out/}/distro-modules.txt)"
	echo "$kos" >"$out/distro-modules.txt"
}

step_boot() {
	local log=$out/distro-test-modules.log

	KERNEL_MODULES=none "$top/harness/build-modules.sh" "$build" \
		"$out/modules-distro" >"$log" 2>&1 ||
		fail "boot: the test modules do not build" "$log"
	MODULES_DIR=$out/modules-distro python3 "$top/harness/check.py" \
		--kernel "$build/arch/x86/boot/bzImage" --tree "$src" \
		--out "$out/check-distro" --only main --no-kunit |
		sed -u 's/^\(PASS\|FAIL\|SKIP\)  /\1  distro: /'
}

for s in config build modules boot; do
	has_step "$s" && "step_$s"
done
exit 0
