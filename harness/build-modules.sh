#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-modules.sh KBUILD OUTDIR - build the test modules of
# harness/modules/ against the kernel built in KBUILD (ours or the
# anchor); the .ko files land in OUTDIR.
set -eu
kbuild=$(realpath "$1")
mkdir -p "$2"
out=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)

mkdir -p "$out/src"
for f in "$here"/modules/*; do
	cmp -s "$f" "$out/src/${f##*/}" || cp "$f" "$out/src/"
done
make -s -C "$kbuild" M="$out/src" modules
cp "$out"/src/*.ko "$out/"
