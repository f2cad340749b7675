#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# arm64-userland.sh OUTDIR - the arm64 guest's programs from Debian,
# fetched once into OUTDIR and unpacked in OUTDIR/root, whose path it
# prints: busybox-static (root/bin/busybox) and util-linux, for chrt
# (root/usr/bin/chrt: busybox has none, upstream's wakeup cases need it;
# dynamic, its libc comes from libc6-dev-arm64-cross's
# /usr/aarch64-linux-gnu/lib).  apt runs on a private state under OUTDIR
# (its own package lists and cache, an empty dpkg status), so the host's
# dpkg architectures and package lists stay as they are.
set -eu
mkdir -p "$1"
dir=$(realpath "$1")
pkgs="busybox-static util-linux"

if [ ! -x "$dir/root/bin/busybox" ] || [ ! -x "$dir/root/usr/bin/chrt" ]; then
	# arm64 as the only architecture: the update fetches arm64 lists only.
	apt=(apt-get -q -o APT::Architecture=arm64 -o APT::Architectures=arm64
	     -o Dir::State::Lists="$dir/apt/lists"
	     -o Dir::Cache="$dir/apt/cache"
	     -o Dir::State::status=/dev/null
	     -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
	mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial"
	echo "arm64-userland: fetching $pkgs for arm64 (once)" >&2
	if ! "${apt[@]}" update >"$dir/apt.log" 2>&1 ||
	   ! (cd "$dir" && rm -f ./*.deb &&
	      for p in $pkgs; do "${apt[@]}" download "$p:arm64" || exit; done
	     ) >>"$dir/apt.log" 2>&1; then
		echo "arm64-userland: apt failed, see $dir/apt.log" >&2
		exit 1
	fi
	rm -rf "$dir/root"
	for p in $pkgs; do
		dpkg -x "$dir/${p}_"*_arm64.deb "$dir/root"
	done
	# The lists served their purpose; keep only the packages.
	rm -rf "$dir/apt"
fi
echo "$dir/root"
