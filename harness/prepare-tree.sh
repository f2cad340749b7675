#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# prepare-tree.sh - out/linux: the series of patches/ applied with git am
# onto the pristine base, as the git branch ftrace-ng (one commit per
# patch; the base is tagged `base`).
#
# First run: a clone of the cached base repository and a real `git am`
# of every patch.  Later runs keep out/linux as it is when patches/ did not
# change since the last sync (local work there is the developer's, to be
# exported with `make series-export`), and otherwise move the branch to the
# commits of the new patches/ with one checkout, which rewrites only the
# files that differ: kbuild rebuilds only what the change reaches.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$top/out}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=harness/series-lib.sh
. "$top/harness/series-lib.sh"

ensure_base
series_list
n=$(wc -l <"$tmp/series.list")

# The first run makes the tree beside its place and moves it there when
# whole, so that an interrupted run leaves nothing to mistake for it.
# am_files REPO PATCH...: git am of the patches onto REPO's branch; the log
# in $tmp/am.log.
am_files() {
	local repo=$1

	shift
	GIT_COMMITTER_NAME=ftrace-ng GIT_COMMITTER_EMAIL=ftrace-ng@localhost \
		git -C "$repo" -c am.threeWay=false am -q \
		--committer-date-is-author-date "$@" >"$tmp/am.log" 2>&1
}

if [ ! -d "$tree/.git" ]; then
	echo "prepare-tree: creating $tree (git am of $n patches)"
	new=$tree.new
	rm -rf "$tree" "$new"
	git clone -q --shared --no-checkout "$base" "$new"
	git -C "$new" config gc.auto 0
	# New commits get the series' author (that of its first patch).
	git mailinfo "$tmp/msg" "$tmp/patch" <"$(head -n 1 "$tmp/series.list")" \
		>"$tmp/info"
	git -C "$new" config user.name "$(sed -n 's/^Author: //p' "$tmp/info")"
	git -C "$new" config user.email "$(sed -n 's/^Email: //p' "$tmp/info")"
	git -C "$new" tag -f base "$base_commit" >/dev/null
	git -C "$new" checkout -q -b ftrace-ng "$base_commit"
	mapfile -t files <"$tmp/series.list"
	remade=
	if ! am_files "$new" "${files[@]}" &&
	   ! { [ "$(git -C "$new" rev-parse HEAD)" = "$base_commit" ] &&
	       git -C "$new" am --abort && remake_removal "$new" "${files[0]}" &&
	       remade=1 && am_files "$new" "${files[@]:1}"; }; then
		echo "prepare-tree: git am of patches/ failed:" >&2
		sed 's/^/  /' "$tmp/am.log" | head -n 30 >&2
		rm -rf "$new"
		exit 1
	fi
	mv "$new" "$tree"
	if [ -n "$remade" ]; then
		# The remade removal is the series for this base: patches/
		# says so too, so that the tree counts as exported.
		export_to "$tmp/remade"
		cp "$tmp/remade/$(basename "${files[0]}")" "${files[0]}"
		echo "prepare-tree: patch 1 (the removal) remade for Linux" \
			"$(sed -n 's/^Linux \([^ ]*\).*/\1/p' <<<"$(git -C "$tree" log -1 --format=%s base)")" \
			"(a base it was not made on); patches/ updated" >&2
	fi
	write_stamp
	echo "prepare-tree: $tree ready ($n patches)"
	exit 0
fi
if ! git -C "$tree" rev-parse -q --verify ftrace-ng >/dev/null ||
   [ -e "$tree/.git/rebase-apply" ]; then
	echo "prepare-tree: $tree is not a branch ftrace-ng at rest (a git am" \
		"or rebase under way?); finish it, or remove $tree" >&2
	exit 1
fi

if tree_exported; then
	write_stamp
	echo "prepare-tree: $tree ready ($n patches, as in patches/)"
	exit 0
fi

read -r synced_hash synced_head <"$stamp" 2>/dev/null || synced_hash=none
if [ "$synced_hash" = "$(patches_hash)" ]; then
	echo "prepare-tree: $tree holds work not in patches/" \
		"(make series-export writes it there)"
	exit 0
fi

# patches/ changed since the last sync (a pull, a checkout): follow it,
# unless out/linux has work of its own that would be lost.
now=$(git -C "$tree" rev-parse ftrace-ng)
if ! tree_clean || { [ "$now" != "${synced_head:-}" ] && [ "$now" != "$base_commit" ]; }; then
	echo "prepare-tree: patches/ changed and $tree has work not in" \
		"patches/; export it (make series-export) or drop it" \
		"(git -C out/linux reset --hard base) first" >&2
	exit 1
fi
head=$(am_index "$tree/.git") || {
	echo "prepare-tree: patches/ does not apply" >&2
	exit 1
}
git -C "$tree" checkout -q -B ftrace-ng "$head"
write_stamp
echo "prepare-tree: $tree moved to patches/ ($n patches)"
