# SPDX-License-Identifier: GPL-2.0
#
# Front door.  `make run` boots our kernel with a shell, `make check` runs
# every test.  See README.md.

SHELL	:= /bin/bash
ARCH	?= x86_64
KERNEL	?= ours
OUT	:= $(CURDIR)/out

TREE	:= $(OUT)/linux
PRISTINE := $(OUT)/pristine
BUILD	:= $(OUT)/build-$(ARCH)
ANCHOR_BUILD := $(OUT)/build-anchor-$(ARCH)
# The anchor with only the tracing options ours has: the benchmark's.
MATCHED_BUILD := $(OUT)/build-anchor-matched-$(ARCH)
IMAGE_x86_64 := arch/x86/boot/bzImage
IMAGE_arm64 := arch/arm64/boot/Image
IMAGE	:= $(IMAGE_$(ARCH))
# Outputs shared by name across ARCHes (modules, initramfs, check
# results) get -ARCH, except on x86_64, whose paths stay as they were.
SFX	:= $(if $(filter-out x86_64,$(ARCH)),-$(ARCH))
MODULES	:= $(OUT)/modules-$(KERNEL)$(SFX)
CHECK_OUT := $(OUT)/check-$(KERNEL)$(SFX)
# The guest's architecture, for harness/qemu.sh and mkinitramfs.sh.
export GUEST_ARCH := $(ARCH)

# The debug variant (configs/debug.config: KASAN, lockdep, UBSAN, ...).
DEBUG_BUILD := $(OUT)/build-$(if $(filter anchor,$(KERNEL)),anchor-)$(ARCH)-debug
DEBUG_SRC := $(if $(filter anchor,$(KERNEL)),$(PRISTINE),$(TREE))

ifeq ($(KERNEL),anchor)
KBUILD	:= $(ANCHOR_BUILD)
KTARGET	:= anchor
else ifeq ($(KERNEL),matched)
KBUILD	:= $(MATCHED_BUILD)
KTARGET	:= anchor-matched
else
KBUILD	:= $(BUILD)
KTARGET	:= kernel
endif

# Debian packages the harness needs; installed when missing.
PACKAGES := linux-source-6.12 qemu-system-x86 busybox-static gcc libc6-dev make \
	flex bison bc libelf-dev libssl-dev cpio xz-utils python3 perl \
	rsync kmod trace-cmd linux-perf uftrace rtla util-linux ccache
# ARCH=arm64: the cross compiler with a libc for the static guest tools,
# and QEMU's aarch64 system emulator.  (The guest's busybox is Debian's
# arm64 busybox-static, fetched by harness/arm64-userland.sh.)
PACKAGES_arm64 := gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-system-arm
PACKAGES += $(PACKAGES_$(ARCH))
SUDO	:= $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps tree kernel anchor anchor-matched run check fuzz bench lint \
	debug-kernel check-debug check-debug-run asm-check memory clean help \
	check-arm64-run \
	series series-check formats

all: kernel

help:
	@echo "make run [CMD='...']   boot our kernel: a shell, or run CMD and power off"
	@echo "make check             build, boot and run every test"
	@echo "make check KERNEL=anchor   the same suite on upstream's ftrace"
	@echo "make run KERNEL=matched    upstream with only our tracing options"
	@echo "make anchor            build the pristine upstream kernel"
	@echo "make bench             ours vs the anchor (same tracing options) under"
	@echo "                       qemu -icount shift=0"
	@echo "make lint              checkpatch and copycheck on our files"
	@echo "make fuzz [SECONDS=300] [SEED=N]   only the fuzz scenario, for longer"
	@echo "                       (random seed unless SEED; make check runs 50 s, SEED too)"
	@echo "make check-debug [KERNEL=anchor]   only the debug kernel's run"
	@echo "make asm-check         objtool on the entry code: IBT, call depth, kCFI"
	@echo "make memory            memory after boot, ours beside the anchor"
	@echo "make formats           event format files, ours against the anchor"
	@echo "make series            the patch series of linux/series in out/series"
	@echo "make series-check      build every prefix of the series"

deps: $(OUT)/.deps$(SFX)
$(OUT)/.deps$(SFX):
	@missing=$$(for p in $(PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
		grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "deps: installing $$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq \
			--no-install-recommends $$missing >/dev/null; \
	fi
	@mkdir -p $(OUT) && touch $@

tree: deps
	@harness/prepare-tree.sh

kernel: tree
	@harness/build-kernel.sh $(TREE) $(BUILD) $(ARCH)

anchor: tree
	@harness/build-kernel.sh $(PRISTINE) $(ANCHOR_BUILD) $(ARCH)

anchor-matched: kernel
	@MATCH_CONFIG=$(BUILD)/.config \
		harness/build-kernel.sh $(PRISTINE) $(MATCHED_BUILD) $(ARCH)

run: $(KTARGET)
	@harness/build-modules.sh $(KBUILD) $(MODULES)
	$(eval export MODULES_DIR=$(MODULES))
ifeq ($(CMD),)
	@harness/mkinitramfs.sh $(TREE) $(OUT)/run$(SFX).cpio
	@harness/qemu.sh -i -t 86400 -a "$(APPEND)" $(KBUILD)/$(IMAGE) $(OUT)/run$(SFX).cpio
else
	$(file >$(OUT)/run-cmd.sh,$(value CMD))
	@harness/mkinitramfs.sh $(TREE) $(OUT)/run$(SFX).cpio $(OUT)/run-cmd.sh
	@harness/qemu.sh -t 600 -a "$(APPEND)" $(KBUILD)/$(IMAGE) $(OUT)/run$(SFX).cpio
endif

lint: tree
	@harness/lint.sh $(PRISTINE)

# make check: lint, the recordmcount.pl kernel, every scenario of
# harness/boots/, then (ours, whole runs) the debug kernel's scenarios of
# harness/boots-debug/.  The fuzz scenario's seed is fixed unless SEED.
# On ARCHes other than x86_64 the recordmcount.pl kernel and the debug
# kernel are x86_64-only so far: they report SKIP there (lint and the
# series do not depend on ARCH).
X86	:= $(filter x86_64,$(ARCH))
check: $(KTARGET)
	@harness/build-modules.sh $(KBUILD) $(MODULES)
	@set -o pipefail; export MODULES_DIR=$(MODULES); \
	export FUZZ_SEED=$(or $(SEED),20261123); { \
	  if [ "$(KERNEL)" = ours ]; then harness/lint.sh $(PRISTINE); fi; \
	  if [ "$(KERNEL)" = ours ] && [ -z "$(ONLY)" ]; then \
		harness/series.sh check $(OUT)/series; fi; \
	  if { [ "$(KERNEL)" = ours ] && [ -z "$(ONLY)" ]; } || \
	     [ "$(ONLY)" = mcount ]; then \
		$(if $(X86),harness/mcount-check.sh $(TREE) $(KBUILD) $(OUT)/check-rmc, \
		echo "SKIP  mcount: recordmcount.pl kernel (x86_64 only)"); fi; \
	  if [ "$(ONLY)" != mcount ] && [ "$(ONLY)" != debug ]; then \
	  python3 harness/check.py --kernel $(KBUILD)/$(IMAGE) --tree $(TREE) \
		--out $(CHECK_OUT) $(if $(ONLY),--only $(ONLY)); fi; \
	  if { [ "$(KERNEL)" = ours ] && [ -z "$(ONLY)" ]; } || \
	     [ "$(ONLY)" = debug ]; then \
		$(if $(X86),$(MAKE) -s check-debug-run, \
		echo "SKIP  debug: the debug kernel (x86_64 only)"); fi; \
	  if [ -n "$(X86)" ] && [ "$(KERNEL)" = ours ] && \
	     { [ -z "$(ONLY)" ] || [ "$(ONLY)" = arm64 ]; }; then \
		$(MAKE) -s check-arm64-run; fi; \
	} | tee $(CHECK_OUT).log | harness/summarise.sh

# Part of make check on x86_64 (ours, whole runs, or ONLY=arm64): our
# arm64 kernel built and its main scenario run (KUnit, upstream's
# ftracetest and ours), each result line marked "arm64:".  The whole
# arm64 suite is make check ARCH=arm64.
check-arm64-run:
	@$(MAKE) -s kernel ARCH=arm64
	@harness/build-modules.sh $(OUT)/build-arm64 $(OUT)/modules-ours-arm64
	@set -o pipefail; GUEST_ARCH=arm64 MODULES_DIR=$(OUT)/modules-ours-arm64 \
	  python3 harness/check.py --kernel $(OUT)/build-arm64/$(IMAGE_arm64) \
		--tree $(TREE) --out $(OUT)/check-ours-arm64 --only main | \
	  sed -u 's/^\(PASS\|FAIL\|SKIP\)  /\1  arm64: /'

debug-kernel: tree
	@EXTRA_FRAGMENTS=debug.config \
		harness/build-kernel.sh $(DEBUG_SRC) $(DEBUG_BUILD) $(ARCH)

# The debug kernel's scenarios; check-debug-run prints result lines for
# make check, check-debug summarises them on its own.
check-debug-run: debug-kernel
	@harness/build-modules.sh $(DEBUG_BUILD) $(OUT)/modules-$(KERNEL)-debug
	@MODULES_DIR=$(OUT)/modules-$(KERNEL)-debug python3 harness/check.py \
		--kernel $(DEBUG_BUILD)/$(IMAGE) --tree $(TREE) \
		--boots harness/boots-debug --out $(OUT)/check-$(KERNEL)-debug

check-debug:
	@set -o pipefail; $(MAKE) -s check-debug-run 2>&1 | \
		tee $(OUT)/check-$(KERNEL)-debug.log | harness/summarise.sh

# The product as a patch series (linux/series): out/series/*.patch, a
# cover letter and one patch each, to git am on a 6.12 tree.
series: tree
	@harness/series.sh check-map
	@harness/series.sh make $(OUT)/series

# Outside CI: every prefix of the series builds (x86_64 + kunit config,
# bzImage only; one build after another in out/build-series-x86_64).
series-check: series
	@set -o pipefail; harness/series.sh prefix-check $(OUT)/series \
		$(OUT)/build-series-$(ARCH) 2>&1 | \
		tee $(OUT)/series-check.log | harness/summarise.sh

# Outside CI: objtool on the entry code under IBT, call-depth tracking
# and kCFI (gcc, then clang-19).
asm-check: tree
	@harness/asm-check.sh $(TREE) $(OUT)

# Outside CI: memory after boot, tracing unused, ours beside the anchor.
memory: kernel anchor
	@bench/memory.sh $(TREE) $(OUT)/memory ours=$(BUILD)/$(IMAGE) \
		anchor=$(ANCHOR_BUILD)/$(IMAGE)

# The fuzz scenario of harness/boots/fuzz.sh alone, as long as SECONDS
# (300) with the seed SEED (random if unset; printed either way).  Also
# after KERNEL=anchor.  KMSG=1 logs every write to the kernel log.
fuzz: $(KTARGET)
	@set -o pipefail; FUZZ_SECONDS=$(or $(SECONDS),300) FUZZ_SEED=$(SEED) \
	  FUZZ_KMSG=$(KMSG) python3 harness/check.py --kernel $(KBUILD)/$(IMAGE) \
		--tree $(TREE) --out $(OUT)/fuzz-$(KERNEL)$(SFX) --only fuzz | \
	  tee $(OUT)/fuzz-$(KERNEL)$(SFX).log | harness/summarise.sh

# Outside CI: every trace event's format file, ours against the anchor's
# (out/formats-ours, out/formats-anchor; identical but for the ID line).
formats: kernel anchor
	@harness/formats.sh $(TREE) $(OUT) $(BUILD)/$(IMAGE) $(ANCHOR_BUILD)/$(IMAGE)

bench: kernel anchor-matched
	@harness/build-modules.sh $(BUILD) $(OUT)/modules-ours$(SFX)
	@harness/build-modules.sh $(MATCHED_BUILD) $(OUT)/modules-matched$(SFX)
	@python3 bench/bench.py --tree $(TREE) --out $(OUT)/bench$(SFX) \
		ours=$(BUILD)/$(IMAGE):$(OUT)/modules-ours$(SFX) \
		anchor=$(MATCHED_BUILD)/$(IMAGE):$(OUT)/modules-matched$(SFX)

clean:
	rm -rf $(BUILD) $(ANCHOR_BUILD) $(MATCHED_BUILD) $(OUT)/check-*
