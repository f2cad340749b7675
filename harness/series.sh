#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series.sh - the product as a patch series, split and ordered as
# linux/series says (its header describes the format).
#
#   series.sh check-map             every overlay file, line of linux/remove
#                                   and edit in exactly one patch; every
#                                   linux/series.d/ file used and completed
#   series.sh make OUTDIR           git commits on the pristine base, then
#                                   git format-patch --cover-letter into OUTDIR
#   series.sh am-check OUTDIR       git am of OUTDIR on a fresh base equals
#                                   out/linux, file by file
#   series.sh checkpatch OUTDIR     checkpatch.pl on each patch of OUTDIR
#   series.sh check OUTDIR          the four above, as result lines for
#                                   make check
#   series.sh prefix-check OUTDIR BUILDDIR
#                                   build the first k patches for every k
#                                   (slow: make series-check, outside CI)
#
# The pristine base is a git repository cached in out/series-base (made
# once from out/pristine); the commits are made in a clone of it
# (out/series-work); am-check and prefix-check use clones of their own.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$top/out}
overlay=$top/linux
series=$overlay/series
pristine=$out/pristine
base=$out/series-base

die() {
	echo "series: $*" >&2
	exit 1
}

usage() {
	sed -n '4,21p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# parse_series DIR: split linux/series into DIR: author, cover.subject,
# cover.msg, patches ("NN slug" lines) and NN.subject, NN.msg, NN.files.
parse_series() {
	mkdir -p "$1"
	awk -v dir="$1" '
	function fail(msg) {
		printf "series: %s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
		failed = 1
		exit 1
	}
	function switch_to(prefix) {
		if (msgf != "") close(msgf)
		if (filesf != "") close(filesf)
		if (subjf != "") close(subjf)
		msgf = dir "/" prefix ".msg"
		subjf = dir "/" prefix ".subject"
		filesf = dir "/" prefix ".files"
		printf "" > msgf
		printf "" > filesf
		sect = ""
		nmsg = 0
		pend = 0
	}
	/^#/ { next }
	/^[ \t]*$/ { if (sect == "message" && nmsg) pend++; next }
	/^\t/ {
		line = substr($0, 2)
		if (sect == "message") {
			for (; pend > 0; pend--) print "" > msgf
			print line > msgf
			nmsg++
			next
		}
		if (sect == "files") {
			sub(/[ \t]+$/, "", line)
			print line > filesf
			next
		}
		fail("indented line outside message: or files:")
	}
	{ pend = 0 }
	/^author: / { print substr($0, 9) > (dir "/author"); next }
	/^cover$/ { switch_to("cover"); where = "cover"; next }
	/^patch [a-z0-9][a-z0-9._-]*$/ {
		if ($2 in seen) fail("patch " $2 " twice")
		seen[$2] = 1
		n++
		num = sprintf("%02d", n)
		switch_to(num)
		where = num
		print num, $2 > (dir "/patches")
		next
	}
	/^subject: / {
		if (where == "") fail("subject: before cover or patch")
		print substr($0, 10) > subjf
		next
	}
	/^message:$/ { if (where == "") fail("message: outside a block"); sect = "message"; next }
	/^files:$/ {
		if (where == "" || where == "cover") fail("files: outside a patch")
		sect = "files"
		next
	}
	{ fail("unknown line: " $0) }
	END {
		if (failed) exit 1
		if (n == 0) fail("no patch")
	}' "$series"
	[ -s "$1/author" ] || die "linux/series: no author: line"
	[ -s "$1/cover.subject" ] || die "linux/series: the cover block needs a subject:"
	local num slug
	while read -r num slug; do
		[ -s "$1/$num.subject" ] || die "linux/series: patch $slug has no subject:"
		[ -s "$1/$num.files" ] || die "linux/series: patch $slug has no files:"
	done <"$1/patches"
}

# check_map DIR: the membership checks on a parsed series; messages on
# stderr, non-zero on any failure.
check_map() {
	local meta=$1 num slug a b c e f
	(cd "$overlay" && find . -type f ! -path './edits/*' ! -path ./remove \
		! -path ./series ! -path './series.d/*' | sed 's|^\./||' |
		sort) >"$meta/have.overlay"
	grep -v '^[[:space:]]*\(#\|$\)' "$overlay/remove" | sort >"$meta/have.remove"
	(cd "$overlay/edits" 2>/dev/null && ls -- *.patch 2>/dev/null || :) |
		sort >"$meta/have.edit"
	(cd "$overlay" && find series.d -type f 2>/dev/null | sed 's|^series\.d/||' |
		sort || :) >"$meta/have.partial"
	# The claims, "kind item num slug"; the files edits touch.
	while read -r num slug; do
		while read -r a b c; do
			[ -n "$a" ] || continue
			[ -z "$c" ] || die "linux/series: patch $slug: bad files line: $a $b $c"
			case $a in
			remove) [ -n "$b" ] || die "linux/series: $slug: remove what?"
				echo "remove $b $num $slug" ;;
			edit)	[ -n "$b" ] || die "linux/series: $slug: edit what?"
				echo "edit $b $num $slug" ;;
			*)	case $b in
				'') echo "overlay $a $num $slug" ;;
				partial) echo "partial $a $num $slug" ;;
				*) die "linux/series: patch $slug: bad files line: $a $b" ;;
				esac ;;
			esac
		done <"$meta/$num.files"
	done <"$meta/patches" >"$meta/claims"
	while read -r e; do
		sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$overlay/edits/$e" |
			sed "s|^|$e |"
	done <"$meta/have.edit" >"$meta/edit-files"
	awk -v meta="$meta" '
	function bad(msg) { print "series: " msg > "/dev/stderr"; errors++ }
	FILENAME ~ /have\.[a-z]*$/ {
		kind = FILENAME; sub(/.*have\./, "", kind)
		have[kind, $0] = 1; list[kind] = list[kind] SUBSEP $0
		next
	}
	FILENAME ~ /edit-files$/ { touched[$2] = touched[$2] " " $1; next }
	{
		kind = $1; item = $2; num = $3; slug = $4
		if (kind == "partial") {
			key = slug "/" item
			if (!have["partial", key])
				bad("patch " slug ": no linux/series.d/" key)
			if ((key) in partial_used)
				bad("patch " slug ": " item " partial twice")
			partial_used[key] = 1
			partials[++np] = item SUBSEP num SUBSEP slug
			next
		}
		if (!have[kind, item])
			bad("patch " slug ": " kind " " item \
			    " is not in linux/" (kind == "overlay" ? "" : \
			    kind == "edit" ? "edits/" : "remove"))
		if ((kind, item) in owner)
			bad(kind " " item " belongs to two patches: " \
			    owner[kind, item] " and " slug)
		else
			owner[kind, item] = slug
		at[kind, item] = num
	}
	END {
		for (kind in list) {
			if (kind == "partial") continue
			n = split(substr(list[kind], 2), items, SUBSEP)
			for (i = 1; i <= n; i++)
				if (!((kind, items[i]) in owner))
					bad(kind " " items[i] " belongs to no patch")
		}
		n = split(substr(list["partial"], 2), items, SUBSEP)
		for (i = 1; i <= n; i++)
			if (!(items[i] in partial_used))
				bad("linux/series.d/" items[i] " is used by no patch")
		for (i = 1; i <= np; i++) {
			split(partials[i], p, SUBSEP)
			if (!(("overlay", p[1]) in at) || at["overlay", p[1]] <= p[2])
				bad("patch " p[3] ": partial " p[1] \
				    " is not completed by a later patch")
		}
		# Edits of one file must apply in name order, as prepare-tree
		# applies them.
		for (f in touched) {
			n = split(touched[f], es, " ")
			for (i = 2; i <= n; i++)
				if (at["edit", es[i]] < at["edit", es[i - 1]])
					bad("edits " es[i - 1] " and " es[i] \
					    " of " f " are out of name order")
		}
		exit errors > 0
	}' "$meta/have.overlay" "$meta/have.remove" "$meta/have.edit" \
		"$meta/have.partial" "$meta/edit-files" "$meta/claims"
}

# git_id: run git with the series identity as author and committer.
git_id() {
	local name=${author%% <*} email=${author##*<}
	email=${email%>}
	GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email \
	GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email \
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date git "$@"
}

# ensure_base: the cached repository of the pristine tree (bare, one
# commit); sets base_commit.
ensure_base() {
	local version date
	[ -f "$pristine/Makefile" ] || die "no $pristine (make tree first)"
	if [ -f "$base/series-base-ok" ]; then
		base_commit=$(git --git-dir="$base" rev-parse HEAD)
		return 0
	fi
	echo "series: creating the base repository $base (once, slow)" >&2
	rm -rf "$base"
	git init -q --bare "$base"
	git --git-dir="$base" config gc.auto 0
	# Every file of the pristine tree, ignored or not; pristine is only
	# read (the index and the objects go to $base).
	git --git-dir="$base" --work-tree="$pristine" add -A -f .
	version=$(awk '/^VERSION =/ { v = $3 } /^PATCHLEVEL =/ { p = $3 }
		/^SUBLEVEL =/ { print v "." p "." $3; exit }' "$pristine/Makefile")
	date="@$(date -r "$pristine/Makefile" +%s) +0000"
	git_id --git-dir="$base" --work-tree="$pristine" commit -q \
		-m "Linux $version (Debian linux-source-6.12)"
	rm -f "$base/index"
	touch "$base/series-base-ok"
	base_commit=$(git --git-dir="$base" rev-parse HEAD)
}

# fresh_clone DIR: DIR as a clean checkout of the base commit (a shared
# clone, reused when it is one already).
fresh_clone() {
	if [ -d "$1/.git" ] &&
	   git -C "$1" cat-file -e "$base_commit^{commit}" 2>/dev/null; then
		git -C "$1" am --abort >/dev/null 2>&1 || :
		git -C "$1" checkout -q -f --detach "$base_commit"
		git -C "$1" clean -q -f -d -x
	else
		rm -rf "$1"
		git clone -q --shared --no-checkout "$base" "$1"
		git -C "$1" config gc.auto 0
		git -C "$1" checkout -q --detach "$base_commit"
	fi
}

# install_file SRC DST: DST's content and mode become SRC's.
install_file() {
	mkdir -p "$(dirname "$2")"
	rm -f "$2"
	cp "$1" "$2"
}

# patches_of OUTDIR: the patch files of OUTDIR, without the cover letter.
patches_of() {
	find "$1" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' \
		! -name '0000-cover-letter.patch' | sort
}

cmd_check_map() {
	parse_series "$tmp/meta"
	check_map "$tmp/meta"
	echo "series: check-map: $(wc -l <"$tmp/meta/patches") patches; every" \
		"overlay file, removal and edit in exactly one" >&2
}

cmd_make() {
	local outdir=$1 work=$out/series-work num slug a b c f n=0
	parse_series "$tmp/meta"
	check_map "$tmp/meta" || die "check-map failed"
	author=$(cat "$tmp/meta/author")
	date="@$(git -C "$top" log -1 --format=%ct 2>/dev/null || date +%s) +0000"
	ensure_base
	fresh_clone "$work"
	# Files the series wrote so far: a later removal leaves them alone.
	: >"$tmp/written"
	while read -r num slug; do
		while read -r a b c; do
			[ "$a" = remove ] || continue
			git -C "$work" ls-files -z -- "$b" |
				tr '\0' '\n' | grep -vxF -f "$tmp/written" |
				tr '\n' '\0' |
				xargs -0 -r git -C "$work" rm -q --
		done <"$tmp/meta/$num.files"
		while read -r a b c; do
			case $a in
			remove|edit) continue ;;
			esac
			if [ "$b" = partial ]; then
				install_file "$overlay/series.d/$slug/$a" "$work/$a"
			else
				install_file "$overlay/$a" "$work/$a"
			fi
			git -C "$work" add -f -- "$a"
			echo "$a" >>"$tmp/written"
		done <"$tmp/meta/$num.files"
		while read -r a b c; do
			[ "$a" = edit ] || continue
			patch -s -p1 --no-backup-if-mismatch -d "$work" \
				<"$overlay/edits/$b" ||
				die "patch $slug: edit $b does not apply"
			sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' \
				"$overlay/edits/$b" | while read -r f; do
				git -C "$work" add -f -- "$f"
			done
		done <"$tmp/meta/$num.files"
		if git -C "$work" diff --cached --quiet; then
			die "patch $slug changes nothing"
		fi
		{
			cat "$tmp/meta/$num.subject"
			if [ -s "$tmp/meta/$num.msg" ]; then
				echo
				cat "$tmp/meta/$num.msg"
			fi
			echo
			echo "Signed-off-by: $author"
		} >"$tmp/msg"
		git_id -C "$work" commit -q --no-verify -F "$tmp/msg"
		n=$((n + 1))
	done <"$tmp/meta/patches"
	mkdir -p "$outdir"
	rm -f "$outdir"/[0-9][0-9][0-9][0-9]-*.patch
	git_id -C "$work" format-patch -q --no-renames --cover-letter \
		-o "$outdir" "$base_commit..HEAD"
	# The cover letter's subject and blurb from linux/series.
	awk -v subj="$(cat "$tmp/meta/cover.subject")" \
	    -v blurbf="$tmp/meta/cover.msg" '
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subj) }
	/^\*\*\* BLURB HERE \*\*\*$/ {
		while ((getline l < blurbf) > 0)
			print l
		next
	}
	{ print }' "$outdir/0000-cover-letter.patch" >"$tmp/cover"
	cp "$tmp/cover" "$outdir/0000-cover-letter.patch"
	echo "series: $n patches and a cover letter in $outdir" >&2
}

# am_check OUTDIR: result lines; non-zero on a failure.
cmd_am_check() {
	local outdir=$1 am=$out/series-am n
	local -a patches
	mapfile -t patches < <(patches_of "$outdir")
	n=${#patches[@]}
	if [ "$n" = 0 ]; then
		echo "FAIL  series: no patches in $outdir"
		return 1
	fi
	author=$(sed -n 's/^author: //p' "$series")
	date="@0 +0000"
	ensure_base
	rm -rf "$am"
	fresh_clone "$am"
	if ! git_id -C "$am" am -q "${patches[@]}" >"$tmp/am.log" 2>&1; then
		echo "FAIL  series: git am of $n patches does not apply"
		sed 's/^/#   /' "$tmp/am.log" | tail -n 20
		return 1
	fi
	# The am result's commit against the prepared tree: what differs,
	# what is missing on either side (git-ignored files do not count).
	git --git-dir="$am/.git" --work-tree="$out/linux" status --porcelain \
		--untracked-files=all 2>&1 | grep -v ' \.ftrace-prep/' \
		>"$tmp/diff" || :
	if [ -s "$tmp/diff" ]; then
		echo "FAIL  series: git am of $n patches differs from the prepared tree"
		sed 's/^/#   /' "$tmp/diff" | head -n 50
		return 1
	fi
	echo "PASS  series: git am of $n patches equals the prepared tree"
	rm -rf "$am"
}

# checkpatch OUTDIR: a result line per patch; non-zero on any ERROR.
cmd_checkpatch() {
	local outdir=$1 p res rc=0
	[ -n "$(patches_of "$outdir")" ] || {
		echo "FAIL  series-checkpatch: no patches in $outdir"
		return 1
	}
	while read -r p; do
		res=$(cd "$pristine" && perl scripts/checkpatch.pl -q "$p" 2>&1) || :
		if echo "$res" | grep -q '^ERROR:'; then
			echo "FAIL  series-checkpatch: $(basename "$p")"
			echo "$res" | sed 's/^/#   /'
			rc=1
		else
			echo "PASS  series-checkpatch: $(basename "$p")"
			echo "$res" | grep -A3 '^WARNING:' | sed 's/^/#   /' || :
		fi
	done < <(patches_of "$outdir")
	return $rc
}

# check OUTDIR: make check's quick series step, result lines only.
cmd_check() {
	local outdir=$1
	if (cmd_check_map) >"$tmp/map.log" 2>&1; then
		echo "PASS  series: check-map: every overlay file, removal and edit in one patch"
	else
		echo "FAIL  series: check-map"
		sed 's/^/#   /' "$tmp/map.log"
		return 1
	fi
	if (cmd_make "$outdir") >"$tmp/make.log" 2>&1; then
		echo "PASS  series: make: $(patches_of "$outdir" | wc -l) patches in $outdir"
	else
		echo "FAIL  series: make"
		sed 's/^/#   /' "$tmp/make.log" | tail -n 20
		return 1
	fi
	local rc=0
	cmd_am_check "$outdir" || rc=1
	cmd_checkpatch "$outdir" || rc=1
	return $rc
}

# prefix_check OUTDIR BUILDDIR: build the first k patches, every k.
cmd_prefix_check() {
	local outdir=$1 build=$2 tree=$out/series-prefix p k subj rc=0
	author=$(sed -n 's/^author: //p' "$series")
	date="@0 +0000"
	ensure_base
	fresh_clone "$tree"
	# Every prefix changes the configuration, so kbuild rebuilds all;
	# ccache (preprocessor mode) compiles only what the change reaches.
	if command -v ccache >/dev/null; then
		mkdir -p "$tmp/ccbin"
		printf '#!/bin/sh\nexec ccache %s "$@"\n' "$(command -v gcc)" \
			>"$tmp/ccbin/gcc"
		chmod +x "$tmp/ccbin/gcc"
		export PATH="$tmp/ccbin:$PATH" CCACHE_DIR="$out/ccache"
	fi
	while read -r p; do
		k=$(basename "$p" | cut -c1-4)
		if ! git_id -C "$tree" am -q "$p" >"$tmp/am.log" 2>&1; then
			echo "FAIL  series-check: $k $(basename "$p"): git am failed"
			sed 's/^/#   /' "$tmp/am.log" | tail -n 10
			git -C "$tree" am --abort >/dev/null 2>&1 || :
			return 1
		fi
		subj=$(git -C "$tree" log -1 --format=%s)
		if KTARGETS=bzImage SERIES_PREFIX=1 \
		   nice -n 19 "$top/harness/build-kernel.sh" \
			"$tree" "$build" x86_64 >"$tmp/build.log" 2>&1; then
			echo "PASS  series-check: $k $subj"
		else
			echo "FAIL  series-check: $k $subj"
			tail -n 25 "$tmp/build.log" | sed 's/^/#   /'
			rc=1
		fi
	done < <(patches_of "$outdir")
	return $rc
}

[ $# -ge 1 ] || usage
cmd=$1
shift
# OUTDIR as an absolute path: git runs in other directories.
if [ $# -ge 1 ]; then
	[ "$cmd" != make ] || mkdir -p "$1"
	[ -d "$1" ] || die "no directory $1"
	set -- "$(cd "$1" && pwd)" "${@:2}"
fi
case $cmd in
check-map)	[ $# = 0 ] || usage; cmd_check_map ;;
make)		[ $# = 1 ] || usage; cmd_make "$1" ;;
am-check)	[ $# = 1 ] || usage; cmd_am_check "$1" ;;
checkpatch)	[ $# = 1 ] || usage; cmd_checkpatch "$1" ;;
check)		[ $# = 1 ] || usage; cmd_check "$1" ;;
prefix-check)	[ $# = 2 ] || usage; cmd_prefix_check "$1" "$2" ;;
*)		usage ;;
esac
