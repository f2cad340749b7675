#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# prepare-tree.sh - make out/linux = pristine base - linux/remove
#                   + linux/ overlay + linux/edits/*.patch
#
# The pristine tree is extracted once from Debian's linux-source-6.12
# tarball; the prepared tree starts as a hard-linked copy of it.  Later runs
# only touch files whose content changes (written by rename, so the pristine
# tree is never modified through a hard link) and bring back from pristine
# any file we stopped managing.  Unchanged files keep their mtimes, so kbuild
# rebuilds only what an edit affects.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$top/out}
tarball=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
pristine=$out/pristine
tree=$out/linux
state=$tree/.ftrace-prep
overlay=$top/linux

if [ ! -f "$pristine/Makefile" ]; then
	echo "prepare-tree: extracting $tarball"
	rm -rf "$pristine" "$out/pristine.tmp"
	mkdir -p "$out/pristine.tmp"
	tar -C "$out/pristine.tmp" -xf "$tarball"
	mv "$out/pristine.tmp"/linux-source-* "$pristine"
	rmdir "$out/pristine.tmp"
fi
if [ ! -d "$state" ]; then
	echo "prepare-tree: creating $tree"
	rm -rf "$tree"
	cp -al "$pristine" "$tree"
	mkdir -p "$state"
	: >"$state/managed"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Files the overlay provides (everything under linux/ but our metadata:
# remove, edits/, and series with the partial files of series.d/).
(cd "$overlay" && find . -type f ! -path './edits/*' ! -path ./remove \
	! -path ./series ! -path './series.d/*' | sed 's|^\./||' |
	sort) >"$tmp/overlay"

# Pristine files the series deletes, minus those the overlay replaces.
grep -v '^\s*\(#\|$\)' "$overlay/remove" | while read -r p; do
	[ -e "$pristine/$p" ] || { echo "prepare-tree: $p not in base" >&2; exit 1; }
	(cd "$pristine" && find "$p" -type f)
done | sort | comm -23 - "$tmp/overlay" >"$tmp/removed"

# Files the edits change, each rebuilt from pristine + its patches.
mkdir -p "$tmp/edited"
for e in "$overlay"/edits/*.patch; do
	[ -e "$e" ] || continue
	sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$e" | while read -r f; do
		[ -e "$tmp/edited/$f" ] && continue
		mkdir -p "$(dirname "$tmp/edited/$f")"
		cp "$pristine/$f" "$tmp/edited/$f"
	done
	patch -s -p1 -d "$tmp/edited" <"$e" ||
		{ echo "prepare-tree: $e does not apply" >&2; exit 1; }
done
(cd "$tmp/edited" && find . -type f ! -name '*.orig' | sed 's|^\./||' |
	sort) >"$tmp/edits"

sort -u "$tmp/overlay" "$tmp/removed" "$tmp/edits" >"$tmp/managed"

# Whatever we managed before but no longer do goes back to pristine.
comm -23 "$state/managed" "$tmp/managed" | while read -r f; do
	if [ -e "$pristine/$f" ]; then
		mkdir -p "$(dirname "$tree/$f")"
		cp --remove-destination "$pristine/$f" "$tree/$f"
	else
		rm -f "$tree/$f"
	fi
done

while read -r f; do rm -f "$tree/$f"; done <"$tmp/removed"
grep -v '^\s*\(#\|$\)' "$overlay/remove" | while read -r p; do
	if [ -d "$tree/$p" ]; then
		find "$tree/$p" -type d -empty -delete
	fi
done

# install_changed SRC DST: replace DST by rename when its content differs.
install_changed() {
	if cmp -s "$1" "$2"; then
		# Same content: the mode may still have changed.
		if [ -x "$1" ] && [ ! -x "$2" ]; then
			chmod +x "$2"
		elif [ ! -x "$1" ] && [ -x "$2" ]; then
			chmod -x "$2"
		fi
		return 0
	fi
	mkdir -p "$(dirname "$2")"
	cp "$1" "$2.prep-new" && mv -f "$2.prep-new" "$2"
}
while read -r f; do
	install_changed "$overlay/$f" "$tree/$f"
done <"$tmp/overlay"
while read -r f; do
	install_changed "$tmp/edited/$f" "$tree/$f"
done <"$tmp/edits"

cp "$tmp/managed" "$state/managed"
echo "prepare-tree: $tree ready ($(wc -l <"$tmp/overlay") overlay," \
	"$(wc -l <"$tmp/removed") removed, $(wc -l <"$tmp/edits") edited files)"
