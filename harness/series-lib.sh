# SPDX-License-Identifier: GPL-2.0
#
# series-lib.sh - sourced by prepare-tree.sh and series.sh: the stored
# series (patches/) and the git branch it gives (out/linux).
#
# The product is patches/: a quilt-style `series` file naming the patch
# files in order, each written by git format-patch.  out/linux is a clone of
# a cached git repository of the pristine base (out/series-base, one
# commit, tagged `base` in out/linux) with the branch `ftrace-ng`: one
# commit per patch.  Edits happen there and go back to patches/ with
# `make series-export`.
#
# Callers set top (the repository) and out (its out/) and run under set -eu
# with $tmp a scratch directory.

# The user's git configuration does not change what is made or compared
# (format-patch prefixes, apply's whitespace rules, ...).
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1

pristine=$out/pristine
base=$out/series-base
tree=$out/linux
patches=$top/patches
# The stamp of the last sync between patches/ and out/linux: the hash of
# patches/ and the branch's head at that moment.
stamp=$tree/.git/ftrace-ng-synced

die() {
	echo "series: $*" >&2
	exit 1
}

# The identity of commits the harness makes itself (the base).
git_base_id() {
	GIT_AUTHOR_NAME=ftrace-ng GIT_AUTHOR_EMAIL=ftrace-ng@localhost \
	GIT_COMMITTER_NAME=ftrace-ng GIT_COMMITTER_EMAIL=ftrace-ng@localhost \
	GIT_AUTHOR_DATE=$1 GIT_COMMITTER_DATE=$1 git "${@:2}"
}

# ensure_pristine: out/pristine, extracted once from Debian's tarball.
ensure_pristine() {
	local tarball=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}

	[ -f "$pristine/Makefile" ] && return 0
	echo "prepare-tree: extracting $tarball" >&2
	rm -rf "$pristine" "$out/pristine.tmp"
	mkdir -p "$out/pristine.tmp"
	tar -C "$out/pristine.tmp" -xf "$tarball"
	mv "$out/pristine.tmp"/linux-source-* "$pristine"
	rmdir "$out/pristine.tmp"
}

# ensure_base: the cached bare repository of the pristine tree (one
# commit, the same id on every machine with the same tarball); sets
# base_commit.
ensure_base() {
	local version date

	ensure_pristine
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
	git_base_id "$date" --git-dir="$base" --work-tree="$pristine" commit -q \
		-m "Linux $version (Debian linux-source-6.12)"
	rm -f "$base/index"
	touch "$base/series-base-ok"
	base_commit=$(git --git-dir="$base" rev-parse HEAD)
}

# series_list: $tmp/series.list, the patch files patches/series names, in
# order, as paths; dies (in the calling shell) on a name without its file
# or an empty series.  Everything else reads that list.
series_list() {
	local p

	[ -f "$patches/series" ] || die "no $patches/series"
	sed -e 's/[[:space:]]*#.*//' -e '/^[[:space:]]*$/d' \
		"$patches/series" >"$tmp/series.names"
	: >"$tmp/series.list"
	while read -r p _; do
		[ -f "$patches/$p" ] || die "patches/series names $p: no such file"
		echo "$patches/$p" >>"$tmp/series.list"
	done <"$tmp/series.names"
	[ -s "$tmp/series.list" ] || die "patches/series names no patch"
}

# patches_hash: one hash of the series file and every patch it names.
patches_hash() {
	{ cat "$patches/series"; xargs -d '\n' cat <"$tmp/series.list"; } |
		sha1sum | cut -d' ' -f1
}

# export_to DIR: the branch of out/linux as patch files in DIR (and DIR/series),
# in the one format patches/ holds: no commit ids, no version signature, no
# renames, "[PATCH]" subjects (adding a patch renumbers file names only).
export_to() {
	local dir=$1

	mkdir -p "$dir"
	rm -f "$dir"/[0-9][0-9][0-9][0-9]-*.patch
	git -C "$tree" format-patch -q --zero-commit --no-signature \
		--no-renames --no-numbered -o "$dir" base..ftrace-ng \
		>/dev/null
	# Without the blob ids of "index" lines: a change to one patch then
	# shows in that patch alone, not in every later patch of the same file
	# (git am does not need them; only its -3 fallback would).
	sed -i -E '/^index [0-9a-f]{7,}\.\.[0-9a-f]{7,}( [0-7]{6})?$/d' \
		"$dir"/[0-9][0-9][0-9][0-9]-*.patch
	(cd "$dir" && ls -- [0-9][0-9][0-9][0-9]-*.patch 2>/dev/null || :) \
		>"$dir/series"
}

# tree_clean: out/linux has no uncommitted change and sits on ftrace-ng.
# Ignored files count: Debian's top-level .gitignore ignores every new
# top-level entry, so a new file of ours shows only as ignored (git add -f
# adds it); kernels are built out of tree and write nothing there.
tree_clean() {
	local st

	[ "$(git -C "$tree" symbolic-ref -q HEAD)" = refs/heads/ftrace-ng ] ||
		return 1
	[ ! -e "$tree/.git/rebase-apply" ] && [ ! -e "$tree/.git/rebase-merge" ] ||
		return 1
	st=$(git -C "$tree" status --porcelain --ignored --untracked-files=all) ||
		return 1
	[ -z "$st" ]
}

# tree_exported: out/linux is clean and its branch exports to exactly
# patches/ (series file and patch files, byte for byte).
tree_exported() {
	tree_clean || return 1
	rm -rf "$tmp/exported"
	export_to "$tmp/exported"
	cmp -s "$tmp/exported/series" "$patches/series" || return 1
	local p
	while read -r p; do
		cmp -s "$tmp/exported/$p" "$patches/$p" || return 1
	done <"$tmp/exported/series"
}

# am_index GITDIR: apply patches/ (series_list first) onto the base in a
# scratch index of the repository GITDIR, the way git am does (git
# mailinfo, git apply), with the author as committer; prints the last
# commit (its tree is what git am gives; the commit ids are not git am's).
# Touches no work tree.
# On a patch that does not apply: its name on stderr, non-zero.
am_index() {
	local gd=$1 parent p name email date subj tree_id
	local idx=$tmp/am-index

	rm -f "$idx"
	GIT_INDEX_FILE=$idx git --git-dir="$gd" read-tree "$base_commit"
	parent=$base_commit
	while read -r p; do
		git mailinfo -b "$tmp/am-msg" "$tmp/am-patch" <"$p" >"$tmp/am-info"
		name=$(sed -n 's/^Author: //p' "$tmp/am-info")
		email=$(sed -n 's/^Email: //p' "$tmp/am-info")
		date=$(sed -n 's/^Date: //p' "$tmp/am-info")
		subj=$(sed -n 's/^Subject: //p' "$tmp/am-info")
		if ! GIT_INDEX_FILE=$idx git --git-dir="$gd" apply --cached \
			"$tmp/am-patch" 2>"$tmp/am-err"; then
			echo "$(basename "$p") does not apply:" >&2
			sed 's/^/  /' "$tmp/am-err" | head -n 10 >&2
			return 1
		fi
		tree_id=$(GIT_INDEX_FILE=$idx git --git-dir="$gd" write-tree)
		{
			echo "$subj"
			if [ -s "$tmp/am-msg" ]; then
				echo
				cat "$tmp/am-msg"
			fi
		} | git stripspace >"$tmp/am-cmsg"
		parent=$(GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email \
			GIT_AUTHOR_DATE=$date GIT_COMMITTER_NAME=$name \
			GIT_COMMITTER_EMAIL=$email GIT_COMMITTER_DATE=$date \
			git --git-dir="$gd" commit-tree "$tree_id" -p "$parent" \
			-F "$tmp/am-cmsg")
	done <"$tmp/series.list"
	echo "$parent"
}

# remake_removal REPO PATCH: commit in REPO (a work tree on the base) what
# the removal patch PATCH does, on a base other than the one it was made
# on (a later Debian 6.12.y): its deleted files are deleted as they are
# there, its other hunks applied.  A deletion in git's format carries the
# whole file, so a stable update of one removed file stops git am, though
# the removal itself still means the same.  Non-zero when a hunk does not
# apply or a file it deletes is not there.
remake_removal() {
	local repo=$1 patch=$2 f
	local -a inc=()

	git mailinfo "$tmp/rm-msg" "$tmp/rm-patch" <"$patch" >"$tmp/rm-info"
	awk '/^diff --git /{ f = substr($3, 3) } /^deleted file mode/{ print f }' \
		"$tmp/rm-patch" >"$tmp/rm-deleted"
	awk '/^diff --git /{ print substr($3, 3) }' "$tmp/rm-patch" |
		grep -vxF -f "$tmp/rm-deleted" >"$tmp/rm-changed" || :
	while read -r f; do
		inc+=("--include=$f")
	done <"$tmp/rm-changed"
	if [ ${#inc[@]} -gt 0 ]; then
		git -C "$repo" apply --index "${inc[@]}" "$tmp/rm-patch" || return 1
	fi
	xargs -r -d '\n' git -C "$repo" rm -q -- <"$tmp/rm-deleted" || return 1
	{
		sed -n 's/^Subject: //p' "$tmp/rm-info"
		echo
		cat "$tmp/rm-msg"
	} | git stripspace >"$tmp/rm-cmsg"
	GIT_AUTHOR_NAME=$(sed -n 's/^Author: //p' "$tmp/rm-info") \
	GIT_AUTHOR_EMAIL=$(sed -n 's/^Email: //p' "$tmp/rm-info") \
	GIT_AUTHOR_DATE=$(sed -n 's/^Date: //p' "$tmp/rm-info") \
	GIT_COMMITTER_DATE=$(sed -n 's/^Date: //p' "$tmp/rm-info") \
	GIT_COMMITTER_NAME=ftrace-ng GIT_COMMITTER_EMAIL=ftrace-ng@localhost \
		git -C "$repo" commit -q -F "$tmp/rm-cmsg"
}

# write_stamp: patches/ and out/linux are in sync now.
write_stamp() {
	series_list	# patches/ may have gained or lost a patch
	echo "$(patches_hash) $(git -C "$tree" rev-parse ftrace-ng)" >"$stamp"
}
