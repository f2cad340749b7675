#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# formats.sh - every trace event's format file, ours against the anchor's.
#
#   formats.sh TREE OUTDIR OURS_IMAGE ANCHOR_IMAGE   dump both, compare
#   formats.sh dump TREE OUTDIR NAME IMAGE           boot IMAGE, dump its
#                                                    formats to OUTDIR/formats-NAME
#   formats.sh compare OUTDIR                        formats-ours vs formats-anchor
#
# The guest copies events/SYSTEM/EVENT/format of every event to
# /tmp/formats/SYSTEM/EVENT (tracefs files report size 0, so tar cannot
# read them in place) and sends them as a gzipped tar, base64, with its
# md5sum and file count, on its second serial port (no console noise);
# the host unpacks it into OUTDIR/formats-NAME/SYSTEM/EVENT.  The
# comparison replaces the "ID: N" line (ids differ between kernels),
# prints "FAIL formats: SYSTEM/EVENT differs" and the head of the diff for
# each event both have whose format differs, writes the events only one
# side has to OUTDIR/formats-only-{anchor,ours}.txt, and exits 1 if any
# format differs or none was compared.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

# dump TREE OUTDIR NAME IMAGE
dump() {
	local tree=$1 out=$2 name=$3 image=$4
	local work=$out/formats-work dest=$out/formats-$name
	local results=$work/$name.results console=$work/$name.console
	local begin sum count tmp st=0
	mkdir -p "$work"
	cat >"$work/cmd.sh" <<'GUEST'
T=/sys/kernel/tracing
[ -d $T/events ] || mount -t tracefs nodev $T 2>/dev/null
[ -d $T/events ] || T=/sys/kernel/debug/tracing
D=/tmp/formats
mkdir -p $D
n=0
for f in $T/events/*/*/format; do
	[ -f "$f" ] || continue
	e=${f%/format}
	s=${e%/*}
	mkdir -p "$D/${s##*/}"
	cat "$f" >"$D/${s##*/}/${e##*/}" && n=$((n + 1))
done
cd /tmp && tar cf - formats | gzip -9 >/tmp/formats.tgz
sum=$(md5sum </tmp/formats.tgz)
{
	echo "@@ formats begin $n ${sum%% *}"
	base64 /tmp/formats.tgz
	echo "@@ formats end"
} >/dev/ttyS1
GUEST
	MODULES_DIR='' HOST_TOOLS=0 "$here/mkinitramfs.sh" "$tree" \
		"$work/formats.cpio" "$work/cmd.sh" >/dev/null
	rm -rf "$results" "$dest"
	"$here/qemu.sh" -t 300 -c "$console" -r "$results" \
		-a "kunit.enable=0" "$image" "$work/formats.cpio" \
		>/dev/null 2>&1 || st=$?
	[ "$st" != 124 ] || echo "formats: $name: the guest timed out ($console)" >&2
	begin=$(tr -d '\r' <"$results" | grep -m1 '^@@ formats begin ' || :)
	if [ -z "$begin" ] || ! tr -d '\r' <"$results" | grep -qx '@@ formats end'; then
		echo "FAIL formats: no dump from $name (see $console)"
		return 1
	fi
	read -r _ _ _ count sum <<<"$begin"
	tmp=$(mktemp -d)
	tr -d '\r' <"$results" |
		sed -n '/^@@ formats begin /,/^@@ formats end$/{/^@@/!p}' |
		base64 -d >"$tmp/formats.tgz"
	if [ "$(md5sum <"$tmp/formats.tgz")" != "$sum  -" ]; then
		echo "FAIL formats: the dump from $name came back garbled"
		rm -rf "$tmp"
		return 1
	fi
	tar xzf "$tmp/formats.tgz" -C "$tmp"
	rm -rf "$dest"
	mv "$tmp/formats" "$dest"
	rm -rf "$tmp"
	if [ "$(find "$dest" -type f | wc -l)" != "$count" ]; then
		echo "FAIL formats: $name sent $count formats, $dest holds others"
		return 1
	fi
	echo "# formats: $name: $count events in $dest"
}

# events DIR: SYSTEM/EVENT of every format in DIR, sorted.
events() {
	(cd "$1" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)
}

# compare OUTDIR
compare() {
	local out=$1 ours=$1/formats-ours anchor=$1/formats-anchor
	local ev same=0 differ=0 only_ours only_anchor
	for d in "$ours" "$anchor"; do
		[ -d "$d" ] || { echo "FAIL formats: no $d"; return 1; }
	done
	LC_ALL=C comm -13 <(events "$ours") <(events "$anchor") \
		>"$out/formats-only-anchor.txt"
	LC_ALL=C comm -23 <(events "$ours") <(events "$anchor") \
		>"$out/formats-only-ours.txt"
	only_anchor=$(wc -l <"$out/formats-only-anchor.txt")
	only_ours=$(wc -l <"$out/formats-only-ours.txt")
	while read -r ev; do
		if diff -u --label "anchor/$ev" --label "ours/$ev" \
			<(sed 's/^ID: [0-9]*$/ID: N/' "$anchor/$ev") \
			<(sed 's/^ID: [0-9]*$/ID: N/' "$ours/$ev") \
			>"$out/formats-work/diff" 2>&1; then
			same=$((same + 1))
		else
			differ=$((differ + 1))
			echo "FAIL formats: $ev differs"
			head -n 20 "$out/formats-work/diff"
		fi
	done < <(LC_ALL=C comm -12 <(events "$ours") <(events "$anchor"))
	[ $((same + differ)) -ge 1 ] || echo "FAIL formats: no event in both"
	echo "formats: $((same + differ)) compared, $same identical, $differ differ;" \
		"only-ours $only_ours, only-anchor $only_anchor"
	[ "$differ" = 0 ] && [ $((same + differ)) -ge 1 ]
}

case ${1:-} in
dump)
	[ $# = 5 ] || { echo "usage: $0 dump TREE OUTDIR NAME IMAGE" >&2; exit 2; }
	dump "$2" "$3" "$4" "$5"
	;;
compare)
	[ $# = 2 ] || { echo "usage: $0 compare OUTDIR" >&2; exit 2; }
	mkdir -p "$2/formats-work"
	compare "$2"
	;;
*)
	[ $# = 4 ] || {
		echo "usage: $0 TREE OUTDIR OURS_IMAGE ANCHOR_IMAGE" >&2
		exit 2
	}
	st=0
	dump "$1" "$2" ours "$3" || st=1
	dump "$1" "$2" anchor "$4" || st=1
	[ "$st" = 0 ] || exit 1
	compare "$2"
	;;
esac
