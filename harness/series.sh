#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series.sh - the stored series (patches/) and its git branch (out/linux).
#
#   series.sh export            out/linux's branch ftrace-ng written back
#                               to patches/ (make series-export)
#   series.sh check             make check's series step, result lines:
#                               out/linux is exactly patches/; the patches
#                               apply in order onto the base and give
#                               out/linux; checkpatch on every patch; the
#                               prefixes not in patches/prefixes-built
#                               build (at most 3: more is a SKIP line)
#   series.sh prefix-check BUILDDIR [missing]
#                               build every prefix (make series-check, slow)
#                               and record each prefix that builds in
#                               patches/prefixes-built; with "missing", only
#                               those the record lacks
#
# A prefix build is x86_64 with configs/x86_64.config and kunit.config,
# bzImage only, in one worktree of out/linux (out/series-prefix) and one
# build directory, through ccache when it is installed.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$top/out}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=harness/series-lib.sh
. "$top/harness/series-lib.sh"

record=$patches/prefixes-built
prefix_tree=$out/series-prefix
# The most prefixes make check builds itself (each takes minutes).
max_prefixes=${SERIES_MAX_PREFIXES:-3}

usage() {
	sed -n '4,22p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

[ -d "$tree/.git" ] || die "no $tree (make tree first)"
ensure_base
series_list

cmd_export() {
	local p n

	tree_clean || die "out/linux has uncommitted changes (or is not on" \
		"ftrace-ng, or a rebase is under way): commit them to the" \
		"patch they belong to first"
	# patches/ changed since out/linux last followed it (a pull): the
	# export would overwrite that change.
	read -r synced_hash _ <"$stamp" 2>/dev/null || synced_hash=none
	if [ "$synced_hash" != "$(patches_hash)" ] && [ -z "${FORCE:-}" ]; then
		die "patches/ changed since out/linux followed it: make tree" \
			"first, or FORCE=1 to overwrite patches/ with out/linux"
	fi
	export_to "$tmp/new"
	n=$(wc -l <"$tmp/new/series")
	[ "$n" -gt 0 ] || die "out/linux's ftrace-ng has no commit on base"
	# Report what changes, then replace patches/'s patch files.
	while read -r p; do
		if [ ! -f "$patches/$p" ]; then
			echo "series: new      $p"
		elif ! cmp -s "$tmp/new/$p" "$patches/$p"; then
			echo "series: changed  $p"
		fi
	done <"$tmp/new/series"
	grep -vxF -f "$tmp/new/series" "$patches/series" 2>/dev/null |
		sed 's/^/series: gone     /' || :
	rm -f "$patches"/[0-9][0-9][0-9][0-9]-*.patch
	cp "$tmp/new"/*.patch "$tmp/new/series" "$patches/"
	write_stamp
	echo "series: $n patches in patches/"
}

# status_line: PASS when out/linux holds exactly what patches/ stores.
status_line() {
	local ahead

	if tree_exported; then
		echo "PASS  series: out/linux is patches/ ($(wc -l <"$patches/series") patches), nothing unexported"
		return 0
	fi
	echo "FAIL  series: out/linux and patches/ differ (make series-export stores out/linux; make tree follows patches/)"
	git -C "$tree" status --short --ignored --untracked-files=all | head -n 20 |
		sed 's/^/#   uncommitted: /'
	ahead=$(git -C "$tree" rev-list --count base..HEAD 2>/dev/null || echo ?)
	echo "#   out/linux has $ahead commits on base, patches/series $(wc -l <"$patches/series")"
	if [ -d "$tmp/exported" ]; then
		diff -q "$tmp/exported" "$patches" 2>/dev/null |
			grep -v -e 'Only in .*patches: \(cover-letter\|prefixes-built\)' |
			sed "s|$tmp/exported|out/linux's export|" |
			head -n 20 | sed 's/^/#   /' || :
	fi
	return 1
}

# apply_line: the stored patches apply in order onto the base (git am's
# mailinfo and apply, without a work tree) and give out/linux's tree.
apply_line() {
	local head n

	n=$(wc -l <"$tmp/series.list")
	if ! head=$(am_index "$tree/.git" 2>"$tmp/apply.err"); then
		echo "FAIL  series: the $n patches do not apply in order onto 6.12"
		sed 's/^/#   /' "$tmp/apply.err"
		return 1
	fi
	if [ "$(git -C "$tree" rev-parse "$head^{tree}")" != \
	     "$(git -C "$tree" rev-parse "HEAD^{tree}")" ] || ! tree_clean; then
		echo "FAIL  series: the $n patches applied onto 6.12 differ from out/linux"
		git -C "$tree" diff --stat "$head" | tail -n 20 | sed 's/^/#   /'
		return 1
	fi
	echo "PASS  series: the $n patches apply in order onto 6.12 and give out/linux"
}

# checkpatch_line: checkpatch.pl on every patch, two at a time; one line,
# failing on errors, the patches with errors listed under it and the
# warnings counted by kind (every new file asks whether MAINTAINERS needs
# updating).
checkpatch_line() {
	local n bad warn

	n=$(wc -l <"$tmp/series.list")
	mkdir -p "$tmp/cp"
	# checkpatch.pl exits 1 on errors or warnings; anything else (a crash,
	# no perl) is written as an error of its own.
	# shellcheck disable=SC2016
	xargs -d '\n' -P 2 -I{} sh -c 'log="$3/$(basename "$2").log"
		(cd "$1" && perl scripts/checkpatch.pl -q "$2") >"$log" 2>&1
		rc=$?; [ $rc -le 1 ] || echo "ERROR: checkpatch.pl exited $rc" >>"$log"' \
		sh "$pristine" {} "$tmp/cp" <"$tmp/series.list"
	bad=$(grep -l '^ERROR:' "$tmp/cp"/*.log 2>/dev/null | wc -l)
	warn=$(cat "$tmp/cp"/*.log | grep '^WARNING:' | sed 's/^WARNING: //' |
		sed 's/line length of [0-9]* exceeds/line length exceeds/' |
		sort | uniq -c | sort -rn | awk '{ $1 = $1 " x"; print }' |
		paste -sd ';' -)
	if [ "$bad" = 0 ]; then
		echo "PASS  series: checkpatch on $n patches: no error"
		[ -z "$warn" ] || echo "#   warnings: $warn"
		return 0
	fi
	echo "FAIL  series: checkpatch on $n patches: $bad with errors"
	grep -A4 '^ERROR:' "$tmp/cp"/*.log | head -n 60 | sed "s|$tmp/cp/||; s/^/#   /"
	return 1
}

# with_ccache: compilers through ccache (preprocessor mode): every prefix
# changes the configuration, so kbuild rebuilds all, but ccache compiles
# only what the change reaches.
with_ccache() {
	command -v ccache >/dev/null || return 0
	mkdir -p "$tmp/ccbin"
	printf '#!/bin/sh\nexec ccache %s "$@"\n' "$(command -v gcc)" \
		>"$tmp/ccbin/gcc"
	chmod +x "$tmp/ccbin/gcc"
	export PATH="$tmp/ccbin:$PATH" CCACHE_DIR="$out/ccache"
}

# lock_prefixes: one user of the prefix worktree and build at a time;
# non-zero when another holds them.
lock_prefixes() {
	exec 9>"$out/series-prefix.lock"
	flock -n 9
}

# build_prefix K COMMIT BUILDDIR: build the series up to patch K.
build_prefix() {
	local k=$1 commit=$2 build=$3

	# A checkout that fails must not build the previous prefix instead.
	if [ ! -e "$prefix_tree/.git" ]; then
		git -C "$tree" worktree prune || return 1
		git -C "$tree" worktree add -q --detach "$prefix_tree" \
			"$commit" || return 1
	else
		git -C "$prefix_tree" checkout -q -f --detach "$commit" ||
			return 1
		git -C "$prefix_tree" clean -q -f -d -x || return 1
	fi
	[ "$(git -C "$prefix_tree" rev-parse HEAD)" = "$commit" ] || return 1
	# kbuild follows a configuration that grows, not one that shrinks
	# back (an object built with an option a shorter prefix lacks stays):
	# a prefix at or before the last one built starts from an empty build
	# directory, which ccache refills cheaply.
	# (A build directory of unknown prefix counts as a later one.)
	if [ -e "$build/.config" ] &&
	   [ "$(cat "$build/.series-prefix" 2>/dev/null || echo 9999)" -ge "$k" ]; then
		rm -rf "$build"
	fi
	mkdir -p "$build"
	echo "$k" >"$build/.series-prefix"
	KTARGETS=bzImage SERIES_PREFIX=1 nice -n 19 \
		"$top/harness/build-kernel.sh" "$prefix_tree" "$build" x86_64 \
		>"$tmp/build.log" 2>&1
}

# commits: out/linux's patch commits, "K COMMIT KEY SUBJECT" per line.
# The key of a prefix is its tree and what it is built with: a change to
# any patch up to it, to the configs or to build-kernel.sh makes it a
# prefix not yet built.
commits() {
	local k=0 c key built_with

	built_with=$(cat "$top/configs/x86_64.config" "$top/configs/kunit.config" \
		"$top/harness/build-kernel.sh" | sha1sum | cut -c1-12)
	git -C "$tree" rev-list --reverse base..ftrace-ng >"$tmp/revs" ||
		die "no branch ftrace-ng in out/linux"
	while read -r c; do
		k=$((k + 1))
		key=$(git -C "$tree" rev-parse "$c^{tree}" | cut -c1-28)-$built_with
		echo "$k $c $key $(git -C "$tree" log -1 --format=%s "$c")"
	done <"$tmp/revs"
}

# prefixes_line BUILDDIR: build the prefixes whose patch changed since
# make series-check recorded it (the whole series is make check's own
# kernel, so the last patch is not built here).
prefixes_line() {
	local build=$1 k c pid subj n bad=0 todo=""

	if ! grep -q '^[0-9a-f]' "$record" 2>/dev/null; then
		echo "SKIP  series: prefixes: no make series-check has recorded a build (patches/prefixes-built)"
		return 0
	fi
	commits >"$tmp/commits"
	n=$(wc -l <"$tmp/commits")
	while read -r k c pid subj; do
		[ "$k" -lt "$n" ] || continue
		grep -q "^$pid " "$record" || todo="$todo $k"
	done <"$tmp/commits"
	if [ -z "$todo" ]; then
		echo "PASS  series: prefixes: the first $((n - 1)) patches are as make series-check built them"
		return 0
	fi
	# make check builds a few; more is make series-check's job.
	if [ "$(echo $todo | wc -w)" -gt "$max_prefixes" ]; then
		echo "SKIP  series: prefixes not built since make series-check:$todo (over $max_prefixes: make series-check)"
		return 0
	fi
	if ! lock_prefixes; then
		echo "SKIP  series: prefixes changed since make series-check:$todo (a make series-check is running)"
		return 0
	fi
	with_ccache
	for k in $todo; do
		read -r _ c _ subj < <(sed -n "${k}p" "$tmp/commits")
		if ! build_prefix "$k" "$c" "$build"; then
			bad=$((bad + 1))
			{ echo "prefix $k ($subj) does not build:"
			  tail -n 25 "$tmp/build.log"; } >>"$tmp/prefix.log"
		fi
	done
	if [ "$bad" != 0 ]; then
		echo "FAIL  series: prefixes changed since make series-check:$todo; $bad do not build"
		sed 's/^/#   /' "$tmp/prefix.log"
		return 1
	fi
	echo "PASS  series: prefixes changed since make series-check build:$todo"
}

cmd_check() {
	local rc=0

	status_line || rc=1
	apply_line || rc=1
	checkpatch_line || rc=1
	prefixes_line "$out/build-series-x86_64" || rc=1
	return $rc
}

# prefix_check BUILDDIR: build every prefix, a line each; each prefix that
# builds is recorded in patches/prefixes-built as it passes, so that a run
# cut short still records what it verified.
cmd_prefix_check() {
	local build=$1 missing=${2:-} k c pid subj rc=0 start=$SECONDS

	tree_exported || die "out/linux and patches/ differ: export or make tree first"
	lock_prefixes || die "another prefix build runs (out/series-prefix.lock)"
	with_ccache
	commits >"$tmp/commits"
	if [ -z "$missing" ] || [ ! -f "$record" ]; then
		{
			echo "# Each prefix of the series that make series-check built (x86_64,"
			echo "# configs/x86_64.config + kunit.config): its key (the tree's id and"
			echo "# a hash of the configs and build-kernel.sh), the patch file of its"
			echo "# last patch, the date of the build."
		} >"$record"
	fi
	while read -r k c pid subj; do
		if [ -n "$missing" ] && grep -q "^$pid " "$record"; then
			continue
		fi
		if build_prefix "$k" "$c" "$build"; then
			echo "PASS  series-check: $(printf %04d "$k") $subj"
			echo "$pid $(sed -n "${k}p" "$patches/series") $(date -u +%Y-%m-%d)" >>"$record"
		else
			echo "FAIL  series-check: $(printf %04d "$k") $subj"
			tail -n 25 "$tmp/build.log" | sed 's/^/#   /'
			rc=1
		fi
	done <"$tmp/commits"
	# Only the current prefixes stay recorded: a key of a tree that is
	# no longer a prefix of the series says nothing about it.
	awk 'NR == FNR { keep[$3] = 1; next } /^#/ || ($1 in keep)' \
		"$tmp/commits" "$record" >"$tmp/record" && cat "$tmp/record" >"$record"
	echo "# series-check: $(grep -c '^[0-9a-f]' "$record") of $(wc -l <"$tmp/commits")" \
		"prefixes built in $(( (SECONDS - start) / 60 )) min; recorded in patches/prefixes-built"
	return $rc
}

[ $# -ge 1 ] || usage
cmd=$1
shift
case $cmd in
export)		[ $# = 0 ] || usage; cmd_export ;;
check)		[ $# = 0 ] || usage; cmd_check ;;
prefix-check)	[ $# = 1 ] || [ "$#:${2:-}" = 2:missing ] || usage
		mkdir -p "$1"; cmd_prefix_check "$(realpath "$1")" "${2:-}" ;;
*)		usage ;;
esac
