#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# config-sweep.sh SRC OUT [N] [SEED] - build x86_64 defconfig with our
# series under many combinations of the tracing options, as the kernel's
# build bots do: every tracing option off, every one on, and N (default
# 8) random combinations from SEED (default 1), the preemption model
# drawn too (none, voluntary, full, dynamic).  One result line per
# configuration ("sweep:"): vmlinux builds, and kernel/trace/ (compiled
# every time) and the arch ftrace code give no warning.  One build
# directory, OUT/build-sweep, rebuilt incrementally (and through
# OUT/ccache); each configuration's fragment and log are
# OUT/sweep-K.config and .log.
set -u
src=$(realpath "$1")
mkdir -p "$2"
out=$(realpath "$2")
n=${3:-8} seed=${4:-1}
top=$(cd "$(dirname "$0")/.." && pwd)
build=$out/build-sweep
kmake=(make -C "$src" O="$build" ARCH=x86_64)
jobs=$(( $(nproc) + 1 ))
mkdir -p "$build"

# Through ccache when installed: configurations that share the options
# every file sees (the compiler flags of FUNCTION_TRACER, the likely()
# of the branch profilers, the preemption model) share most objects.
if command -v ccache >/dev/null; then
	mkdir -p "$out/ccbin"
	printf '#!/bin/sh\nexec ccache %s "$@"\n' "$(command -v gcc)" \
		>"$out/ccbin/gcc"
	chmod +x "$out/ccbin/gcc"
	export PATH="$out/ccbin:$PATH" CCACHE_DIR="$out/ccache"
	ccache -M 8G >/dev/null
fi

# The options a user can set: those of our kernel/trace/Kconfig with a
# prompt (a quoted string after bool/tristate).
syms=$(awk '/^(menu)?config /{s=$2} /^[ \t]+(bool|tristate)[ \t]+"/{print s}' \
	"$src/kernel/trace/Kconfig" | sort -u)
preempts="PREEMPT_NONE PREEMPT_VOLUNTARY PREEMPT"

# fragment K: the fragment of configuration K (0 all off, 1 all on,
# 2.. random), deterministic in SEED.
fragment() {
	python3 - "$1" "$seed" "$preempts" $syms <<'EOF'
import random, sys
k, seed, preempts, syms = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split(), sys.argv[4:]
rnd = random.Random(seed * 1000 + k)
models = preempts + ['PREEMPT_DYNAMIC']
model = models[k % len(models)] if k < 2 else rnd.choice(models)
lines = []
if model == 'PREEMPT_DYNAMIC':
    lines += ['CONFIG_PREEMPT=y', 'CONFIG_PREEMPT_DYNAMIC=y']
else:
    lines += ['CONFIG_%s=y' % model, '# CONFIG_PREEMPT_DYNAMIC is not set']
if k == 0:
    lines += ['# CONFIG_FTRACE is not set']
else:
    lines += ['CONFIG_FTRACE=y']
    for s in syms:
        on = k == 1 or rnd.random() < 0.5
        lines.append('CONFIG_%s=y' % s if on else '# CONFIG_%s is not set' % s)
print('\n'.join(lines))
EOF
}

pass=0 fail=0
for k in $(seq 0 $((n + 1))); do
	frag=$out/sweep-$k.config log=$out/sweep-$k.log start=$SECONDS
	case $k in
	0) what="every tracing option off" ;;
	1) what="every tracing option on" ;;
	*) what="random combination $((k - 1)) (seed $seed)" ;;
	esac
	fragment "$k" >"$frag"
	model=$(grep -oE '^CONFIG_PREEMPT(_NONE|_VOLUNTARY|_DYNAMIC)?=y' "$frag" |
		tail -n 1)
	{
		"${kmake[@]}" -s defconfig &&
		(cd "$build" && KCONFIG_CONFIG=.config \
			"$src/scripts/kconfig/merge_config.sh" -m .config "$frag") &&
		"${kmake[@]}" -s olddefconfig &&
		rm -f "$build"/kernel/trace/*.o "$build"/arch/x86/kernel/ftrace*.o &&
		"${kmake[@]}" -s -j"$jobs" vmlinux
	} >"$log" 2>&1
	rc=$?
	on=$(grep -c '=y$' <(grep -E "^CONFIG_($(echo $syms | tr ' ' '|'))=" \
		"$build/.config"))
	warn=$(grep -E '(kernel/trace|arch/x86/kernel/ftrace)[^:]*:[0-9]+:[0-9]+: warning:' "$log" | head -n 5)
	if [ "$rc" = 0 ] && [ -z "$warn" ]; then
		pass=$((pass + 1))
		echo "PASS  sweep: $k: $what, ${model%=y}: builds, no warning ($on tracing options on; $((SECONDS - start)) s)"
	else
		fail=$((fail + 1))
		echo "FAIL  sweep: $k: $what, ${model%=y} ($on tracing options on; log: ${log#"$top"/})"
		{ echo "$warn"; grep -E 'error' "$log" | head -n 10; } |
			sed '/^$/d; s/^/#   /'
	fi
done
echo "# sweep: $pass of $((n + 2)) configurations built"
