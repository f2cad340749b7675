#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-rtla.sh [PRISTINE [OUT]] - rtla built from PRISTINE's (default
# out/pristine) tools/tracing/rtla, for the guests' clients: Debian 12's
# rtla is 6.1's, without hwnoise or timerlat's user-space threads
# (timerlat top -u).  Built once, into OUT/rtla/rtla (default out/), and
# only when that is missing; prints the binary's path.
#
# The build runs in a copy, OUT/rtla-build, of what it reads from
# tools/ (tracing/rtla, build, scripts), never in PRISTINE.  Against
# Debian's libtracefs-dev (1.6.4, rtla wants >= 1.6) and
# libtraceevent-dev (1.7.1, >= 1.5), found by pkg-config; 6.12's rtla
# has no BPF part and no libcpupower use, so nothing is left out.  The
# copy has no top-level Makefile, so a stub answers rtla's
# "make kernelversion" with PRISTINE's version.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
pristine=$(realpath "${1:-$here/../out/pristine}")
out=${2:-$here/../out}
mkdir -p "$out"
out=$(realpath "$out")
bin=$out/rtla/rtla
build=$out/rtla-build
log=$out/rtla-build.log
pkgs="pkg-config libtracefs-dev libtraceevent-dev"

if [ ! -x "$bin" ]; then
	[ -f "$pristine/tools/tracing/rtla/Makefile" ] || {
		echo "build-rtla: no tools/tracing/rtla in $pristine" >&2
		exit 1; }
	missing=$(for p in $pkgs; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
		grep -q 'install ok installed' || printf '%s ' "$p"; done)
	missing=${missing% }
	if [ -n "$missing" ]; then
		sudo=$([ "$(id -u)" = 0 ] || echo sudo)
		echo "build-rtla: installing $missing" >&2
		$sudo apt-get update -qq
		# shellcheck disable=SC2086
		DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
			--no-install-recommends $missing >/dev/null
	fi
	version=$(sed -n -E \
		-e 's/^(VERSION|PATCHLEVEL|SUBLEVEL|EXTRAVERSION) = ?//p' \
		"$pristine/Makefile" | head -4 |
		{ read -r v; read -r p; read -r s; read -r e || :
		  echo "$v.$p.$s$e"; })
	rm -rf "$build"
	mkdir -p "$build/tools/tracing"
	cp -a "$pristine/tools/tracing/rtla" "$build/tools/tracing/"
	cp -a "$pristine/tools/build" "$pristine/tools/scripts" "$build/tools/"
	printf 'kernelversion:\n\t@echo %s\n' "$version" >"$build/Makefile"
	# One job, and nothing from a calling make or the environment
	# (a cross compiler, CFLAGS, O=) reaches the host build.
	echo "build-rtla: building rtla $version (log in $log)" >&2
	if ! env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u ARCH \
	     -u CROSS_COMPILE -u CC -u CFLAGS -u LDFLAGS -u O -u OUTPUT \
	     make -j1 -C "$build/tools/tracing/rtla" >"$log" 2>&1 ||
	   ! "$build/tools/tracing/rtla/rtla" --help >/dev/null 2>&1; then
		echo "build-rtla: build failed, see $log" >&2
		tail -20 "$log" | sed 's/^/#   /' >&2
		exit 1
	fi
	mkdir -p "${bin%/*}"
	install -m 755 "$build/tools/tracing/rtla/rtla" "$bin.tmp"
	mv "$bin.tmp" "$bin"
fi
echo "rtla: $bin"
