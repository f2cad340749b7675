# SPDX-License-Identifier: GPL-2.0
# cmdline: kunit.enable=0
# timeout: 600
#
# make kasan-plant: a use-after-free planted in a test module
# (harness/modules/kasan_plant_test.c) on the KASAN kernel.  The run must
# fail on KASAN's report (the make target checks that it does): what the
# debug runs are for, shown to work.
. /harness/lib.sh

if [ -f /modules/kasan_plant_test.ko ]; then
	insmod /modules/kasan_plant_test.ko
	result PASS plant "kasan_plant_test.ko loaded"
else
	result FAIL plant "kasan_plant_test.ko is not in the initramfs"
fi
dmesg_tail
