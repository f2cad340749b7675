#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bpf-selftests.sh build PRISTINE KBUILD OUTDIR - upstream's BPF selftest
# runner test_progs, unmodified, built from PRISTINE's
# tools/testing/selftests/bpf with clang-19 and the in-tree libbpf and
# bpftool, for the tracing groups of GROUPS only: every other
# prog_tests/*.c, and every progs/*.c none of the kept ones needs, is left
# out of a copy of the directory, so the build takes minutes, not an
# hour.  vmlinux.h and bpf_testmod.ko come from KBUILD (a BTF kernel).
#
# bpf-selftests.sh module PRISTINE KBUILD OUTDIR - bpf_testmod.ko (and
# its siblings) again, for another kernel KBUILD, into
# OUTDIR/modules-$(basename KBUILD)/NAME/NAME.ko.
#
# bpf-selftests.sh run PRISTINE KBUILD OUTDIR LOG - boot KBUILD's kernel
# with the build and KBUILD's modules, run the tests; the console in LOG.
#
# bpf-selftests.sh all PRISTINE OURS_KBUILD OUTDIR ANCHOR_KBUILD - all
# of it: build against the anchor's BTF (the programs are CO-RE, one
# build runs on both), the modules for each kernel, a run on each, and
# OUTDIR/table.md: each test, ours beside the anchor.
#
# GROUPS (below) are the prog_tests files of the issue's groups: kprobes,
# kretprobes and uprobes, tracepoints, raw tracepoints, perf events,
# kprobe_multi, uprobe_multi, fentry/fexit/fmod_ret, trace_printk and
# vprintk, get_stack, send_signal, attach cookies, task_fd_query; and
# link info, the helpers' context rules, bpf_d_path(), bpf_find_vma(),
# bpf_snprintf_btf(), module tracepoints and functions, recursion; the key
# kfuncs (CONFIG_KEYS: configs/bpf-selftests.config).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
GROUPS_FILES="attach_probe uprobe uprobe_autoattach uretprobe_stack
	probe_user probe_read_user_str tp_attach_query
	raw_tp_test_run raw_tp_writable_test_run
	raw_tp_writable_reject_nbd_invalid raw_tp_null
	perf_link perf_buffer perf_event_stackmap
	kprobe_multi_test kprobe_multi_testmod_test uprobe_multi_test
	fentry_test fexit_test fentry_fexit modify_return fexit_sleep
	module_fentry_shadow get_func_ip_test get_func_args_test
	trace_printk trace_vprintk
	get_stack_raw_tp stacktrace_map stacktrace_map_raw_tp
	stacktrace_build_id stacktrace_build_id_nmi
	send_signal bpf_cookie task_fd_query_rawtp task_fd_query_tp
	fill_link_info helper_restricted d_path find_vma snprintf_btf
	module_attach vmlinux recursion tp_btf_nullable ksyms_btf
	trampoline_count lookup_key kfunc_dynptr_param"
# Kept for what the groups' files call, not run: test_lsm.c defines
# bpf_cookie's stack_mprotect().
SUPPORT_FILES="test_lsm"

mode=$1 pristine=$(realpath "$2") kbuild=$(realpath "$3") out=$4
mkdir -p "$out"
out=$(realpath "$out")
tree=$out/tree
sel=$tree/tools/testing/selftests/bpf
tools=(CLANG=clang-19 LLC=llc-19 LLVM_STRIP=llvm-strip-19
	LLVM_OBJCOPY=llvm-objcopy-19 BPF_GCC=/nonexistent)

# prune: the copy keeps the prog_tests files of GROUPS and the progs
# sources they name (skeletons, light skeletons, object files opened by
# name), with what those sources include.
prune() {
	local keep f inc
	rm -rf "$tree"
	mkdir -p "$tree"
	# Everything but the selftest directory is hard-linked: nothing
	# writes into those files (the builds write new ones beside them).
	cp -al "$pristine"/. "$tree"/
	rm -rf "$sel"
	cp -a "$pristine/tools/testing/selftests/bpf" "$sel"
	keep=$(mktemp)
	for f in $GROUPS_FILES $SUPPORT_FILES; do
		[ -f "$sel/prog_tests/$f.c" ] || {
			echo "bpf-selftests: no prog_tests/$f.c" >&2; exit 1; }
		echo "$f.c" >>"$keep.tests"
		grep -ohE '[a-zA-Z0-9_]+\.(l?skel\.h|bpf\.o)' \
			"$sel/prog_tests/$f.c" |
			sed -E 's/\.(l?skel\.h|bpf\.o)$/.c/' >>"$keep"
	done
	# progs sources including other progs sources (e.g. a variant
	# built from a common .c): keep those too, until nothing is added.
	while :; do
		sort -u "$keep" -o "$keep"
		for f in $(cat "$keep"); do
			[ -f "$sel/progs/$f" ] || continue
			grep -ohE '#include "[a-zA-Z0-9_]+\.c"' "$sel/progs/$f" |
				sed -E 's/.*"(.*)"/\1/'
		done >"$keep.inc"
		inc=$(comm -13 "$keep" <(sort -u "$keep.inc"))
		[ -n "$inc" ] || break
		echo "$inc" >>"$keep"
	done
	(cd "$sel/prog_tests" && ls *.c) | grep -vxFf "$keep.tests" |
		(cd "$sel/prog_tests" && xargs -r rm -f)
	(cd "$sel/progs" && ls *.c) | grep -vxFf "$keep" |
		(cd "$sel/progs" && xargs -r rm -f)
	rm -f "$keep" "$keep.tests" "$keep.inc"
}

# The linked skeletons whose parts are all kept (the Makefile names
# them unconditionally).
linked_skels() {
	local skel deps d ok
	for skel in test_static_linked linked_funcs linked_vars linked_maps \
		    test_subskeleton test_subskeleton_lib test_usdt; do
		deps=$(sed -n "s/^$skel\.skel\.h-deps := //p" "$sel/Makefile")
		ok=1
		for d in $deps; do
			[ -f "$sel/progs/${d%.bpf.o}.c" ] || ok=
		done
		[ -z "$ok" ] || printf '%s.skel.h ' "$skel"
	done
}

# kept VAR: the sources of the Makefile's list VAR that are kept (it
# names its light skeletons unconditionally too).
kept() {
	local f
	for f in $(awk -v var="$1" '
		$1 == var && $2 == ":=" { on = 1; $1 = $2 = "" }
		on { line = $0; sub(/\\$/, "", line); print line
		     if ($0 !~ /\\$/) exit }' "$sel/Makefile"); do
		[ ! -f "$sel/progs/$f" ] || printf '%s ' "$f"
	done
}

case $mode in
build)
	prune
	# Not O=: the selftests take it for their own output directory.
	# As a make of its own (from make bpf-selftests too): under
	# another make, the selftests leave their OUTPUT unset.
	env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS \
	make -C "$sel" -j2 "${tools[@]}" KDIR="$kbuild" \
		GENDIR="$kbuild/include/generated" \
		VMLINUX_BTF="$kbuild/vmlinux" \
		LINKED_SKELS="$(linked_skels)" LSKELS="$(kept LSKELS)" \
		LSKELS_EXTRA="$(kept LSKELS_EXTRA)" test_progs
	;;
module)
	[ -d "$sel" ] || { echo "bpf-selftests: build first" >&2; exit 1; }
	mods=$out/modules-$(basename "$kbuild")
	mkdir -p "$mods"
	for m in bpf_testmod bpf_test_no_cfi bpf_test_modorder_x \
		 bpf_test_modorder_y; do
		rm -rf "${mods:?}/$m"
		cp -a "$pristine/tools/testing/selftests/bpf/$m" "$mods/$m"
		env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS \
		make -C "$kbuild" M="$mods/$m" \
			RESOLVE_BTFIDS="$sel/tools/build/resolve_btfids/resolve_btfids" \
			modules
	done
	;;
run)
	# run PRISTINE KBUILD OUTDIR LOG: boot KBUILD's kernel with the
	# build's test_progs and KBUILD's modules, run the groups' tests.
	log=$5
	mods=$out/modules-$(basename "$kbuild")
	stage=$out/guest-$(basename "$kbuild")
	rm -rf "$stage"
	mkdir -p "$stage"
	for f in test_progs urandom_read liburandom_read.so uprobe_multi; do
		ln -s "$sel/$f" "$stage/$f"
	done
	for f in "$sel"/*.bpf.o; do
		ln -s "$f" "$stage/${f##*/}"
	done
	# libbpf resolves a program's CONFIG_* externs from
	# /boot/config-RELEASE.
	ln -s "$kbuild/.config" "$stage/kernel.config"
	for ko in "$mods"/*/*.ko; do
		ln -s "$ko" "$stage/${ko##*/}"
	done
	names=$(cd "$sel/prog_tests" &&
		for f in $GROUPS_FILES; do
			sed -nE 's/^void (serial_)?test_([a-z0-9_]+)\(void\).*/\2/p' \
				"$f.c"
		done | sort -u | paste -sd,)
	cat >"$out/cmd.sh" <<-EOF
	mkdir -p /sys/fs/bpf /mnt
	mount -t bpf bpf /sys/fs/bpf
	mkdir -p /boot
	cp /extra/kernel.config /boot/config-\$(uname -r)
	cd /extra
	echo "bpf-selftests: test_progs -t $names"
	./test_progs -t $names ${TEST_PROGS_ARGS:-}
	echo "bpf-selftests: test_progs exited with \$?"
	EOF
	EXTRA_TREE=$stage HOST_TOOLS=0 \
		"$here/mkinitramfs.sh" "$pristine" "$out/run.cpio" "$out/cmd.sh"
	# no_timer_check: on a loaded host TCG's first ticks come late,
	# and the IO-APIC timer check then panics the boot.
	QEMU_MEM=2G "$here/qemu.sh" -t "${TIMEOUT:-2400}" -c "$log" \
		-a no_timer_check \
		"$kbuild/arch/x86/boot/bzImage" "$out/run.cpio" || true
	grep -E '^#[0-9]+(/[0-9]+)? |^Summary:|bpf-selftests:' "$log" |
		tr -d '\r'
	;;
all)
	anchor=$(realpath "$5")
	"$0" build "$pristine" "$anchor" "$out"
	for k in "$kbuild" "$anchor"; do
		"$0" module "$pristine" "$k" "$out"
	done
	"$0" run "$pristine" "$kbuild" "$out" "$out/ours.log"
	"$0" run "$pristine" "$anchor" "$out" "$out/anchor.log"
	# The table's status is the target's: a test that passes on the
	# anchor only, or a run that did not finish, fails it.
	status=0
	python3 "$here/bpf-selftests-table.py" "$out/ours.log" \
		"$out/anchor.log" >"$out/table.md" || status=$?
	cat "$out/table.md"
	exit "$status"
	;;
debug)
	# debug PRISTINE DEBUG_KBUILD OUTDIR: the built test_progs on the
	# debug kernel, slower under lockdep: a longer timeout.  Fails on a
	# failed test, an unfinished run or a report in the kernel's log.
	[ -x "$sel/test_progs" ] || {
		echo "bpf-selftests: make bpf-selftests builds test_progs first" >&2
		exit 1; }
	"$0" module "$pristine" "$kbuild" "$out"
	TIMEOUT=${TIMEOUT:-5400} "$0" run "$pristine" "$kbuild" "$out" \
		"$out/debug.log" | tail -n 3
	status=0
	grep -q '^Summary: .* 0 FAILED' "$out/debug.log" || {
		echo "FAIL  bpf-selftests-debug: failed tests or no summary" \
			"(log: $out/debug.log)"; status=1; }
	# check.py's BAD_LOG, as a grep -E pattern.
	bad='\bBUG: |\bWARNING: |\bOops\b|Kernel panic|general protection fault|UBSAN: |KASAN: |INFO: task .* blocked|rcu: INFO: |\bBUG [[:alnum:]_.:-]+ \('
	if grep -E "$bad" "$out/debug.log" | head -n 5 | grep .; then
		echo "FAIL  bpf-selftests-debug: kernel reports in the log"
		status=1
	fi
	[ $status = 1 ] || echo "PASS  bpf-selftests-debug: test_progs on the debug kernel"
	exit "$status"
	;;
*)
	echo "usage: $0 build|module|run|all|debug PRISTINE KBUILD OUTDIR [LOG|ANCHOR]" >&2
	exit 1
	;;
esac
