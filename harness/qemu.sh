#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# qemu.sh [-i] [-c CONSOLE_LOG] [-r RESULTS] [-t SECONDS] [-a APPEND]
#         KERNEL INITRD
#
# Boot KERNEL with INITRD under QEMU TCG (2 CPUs; KVM hangs Linux guests
# on these machines).  TCG runs single-threaded: with one host thread per
# vCPU, a vCPU can execute code another vCPU has just rewritten (ftrace's
# int3 patching then oopses, upstream's included).  ttyS0 is the console: the terminal with -i, else
# CONSOLE_LOG (or stdout).  ttyS1 carries the guest's results to RESULTS.
# A guest still running after SECONDS is killed and the exit status is
# 124.
set -eu
interactive= console= results=/dev/null timeout=600 append=
while getopts ic:r:t:a: o; do
	case $o in
	i) interactive=1 ;;
	c) console=$OPTARG ;;
	r) results=$OPTARG ;;
	t) timeout=$OPTARG ;;
	a) append=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
kernel=$1
initrd=$2

args=(-M pc -accel tcg,thread=single -cpu ${QEMU_CPU:-max} -smp "${SMP:-2}" -m 512M -nographic -no-reboot
      -kernel "$kernel" -initrd "$initrd"
      -append "console=ttyS0 panic=-1 $append")
if [ -n "$interactive" ]; then
	args+=(-serial mon:stdio)
elif [ -n "$console" ]; then
	args+=(-serial "file:$console" -monitor none)
else
	args+=(-serial stdio -monitor none)
fi
args+=(-serial "file:$results")
exec timeout --foreground -k 5 "$timeout" qemu-system-x86_64 "${args[@]}" \
	${QEMU_EXTRA:-}
