#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# qemu.sh [-i] [-R] [-c CONSOLE_LOG] [-r RESULTS] [-t SECONDS] [-a APPEND]
#         KERNEL INITRD
#
# Boot KERNEL with INITRD under QEMU TCG (2 CPUs; KVM hangs Linux guests
# on these machines).  TCG runs single-threaded: with one host thread per
# vCPU, a vCPU can execute code another vCPU has just rewritten (ftrace's
# int3 patching then oopses, upstream's included).  ttyS0 is the console: the terminal with -i, else
# CONSOLE_LOG (or stdout).  ttyS1 carries the guest's results to RESULTS.
# A guest still running after SECONDS is killed and the exit status is
# 124.  A reboot ends QEMU, unless -R: then the machine restarts with its
# RAM as it was (for the persistent buffers of reserve_mem=), and only a
# power-off ends it.  QEMU_MEM is the guest's RAM (512M unless set).
#
# GUEST_ARCH=arm64 boots an arm64 Image on the virt board instead
# (cortex-a57, PSCI powers it off): ttyAMA0 (PL011) is the console, and
# since virt has no second UART the results go through a virtio console,
# hvc0, which the guest's init links as /dev/ttyS1.
#
# GUEST_ARCH=loongarch boots an ELF vmlinux on QEMU 7.2's virt board, one
# CPU, 1 GiB (harness/loongarch/qemu-virt.dts describes that memory).
# Without firmware, -append and -initrd do not reach the kernel: its
# command line and initramfs are built in, so INITRD is ignored (give -)
# and so is APPEND.  Its one UART is the console and carries the results
# too (RESULTS stays empty).
set -eu
interactive= console= results=/dev/null timeout=600 append= noreboot=-no-reboot
while getopts iRc:r:t:a: o; do
	case $o in
	i) interactive=1 ;;
	R) noreboot= ;;
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

case ${GUEST_ARCH:-x86_64} in
x86_64)
	qemu=qemu-system-x86_64
	args=(-M pc -accel tcg,thread=single -cpu ${QEMU_CPU:-max} -smp "${SMP:-2}" -m "${QEMU_MEM:-512M}" -nographic $noreboot
	      -kernel "$kernel" -initrd "$initrd"
	      -append "console=ttyS0 panic=-1 $append")
	;;
arm64)
	qemu=qemu-system-aarch64
	args=(-M virt -cpu ${QEMU_CPU:-cortex-a57} -accel tcg,thread=single -smp "${SMP:-2}" -m "${QEMU_MEM:-512M}" -nographic $noreboot
	      -kernel "$kernel" -initrd "$initrd"
	      -append "console=ttyAMA0 panic=-1 $append")
	;;
loongarch)
	qemu=qemu-system-loongarch64
	[ -z "$append" ] ||
		echo "qemu.sh: loongarch: APPEND ignored (built-in command line)" >&2
	args=(-M virt -accel tcg -smp 1 -m 1G -display none -no-reboot
	      -kernel "$kernel")
	: >"$results"
	;;
*)
	echo "qemu.sh: unsupported GUEST_ARCH=$GUEST_ARCH" >&2
	exit 2
	;;
esac
if [ -n "$interactive" ]; then
	args+=(-serial mon:stdio)
elif [ -n "$console" ]; then
	args+=(-serial "file:$console" -monitor none)
else
	args+=(-serial stdio -monitor none)
fi
if [ "$qemu" = qemu-system-x86_64 ]; then
	args+=(-serial "file:$results")
elif [ "$qemu" = qemu-system-loongarch64 ]; then
	:
else
	# A comma in a -chardev value is written twice.
	args+=(-device virtio-serial-device
	       -chardev "file,id=results,path=${results//,/,,}"
	       -device virtconsole,chardev=results)
fi
exec timeout --foreground -k 5 "$timeout" "$qemu" "${args[@]}" \
	${QEMU_EXTRA:-}
