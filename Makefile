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
IMAGE	:= $(IMAGE_$(ARCH))

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
SUDO	:= $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps tree kernel anchor anchor-matched run check fuzz bench lint \
	debug-kernel check-debug check-debug-run asm-check memory clean help \
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

deps: $(OUT)/.deps
$(OUT)/.deps:
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
	@harness/build-modules.sh $(KBUILD) $(OUT)/modules-$(KERNEL)
	$(eval export MODULES_DIR=$(OUT)/modules-$(KERNEL))
ifeq ($(CMD),)
	@harness/mkinitramfs.sh $(TREE) $(OUT)/run.cpio
	@harness/qemu.sh -i -t 86400 -a "$(APPEND)" $(KBUILD)/$(IMAGE) $(OUT)/run.cpio
else
	$(file >$(OUT)/run-cmd.sh,$(value CMD))
	@harness/mkinitramfs.sh $(TREE) $(OUT)/run.cpio $(OUT)/run-cmd.sh
	@harness/qemu.sh -t 600 -a "$(APPEND)" $(KBUILD)/$(IMAGE) $(OUT)/run.cpio
endif

lint: tree
	@harness/lint.sh $(PRISTINE)

# make check: lint, the recordmcount.pl kernel, every scenario of
# harness/boots/, then (ours, whole runs) the debug kernel's scenarios of
# harness/boots-debug/.  The fuzz scenario's seed is fixed unless SEED.
check: $(KTARGET)
	@harness/build-modules.sh $(KBUILD) $(OUT)/modules-$(KERNEL)
	@set -o pipefail; export MODULES_DIR=$(OUT)/modules-$(KERNEL); \
	export FUZZ_SEED=$(or $(SEED),20261123); { \
	  if [ "$(KERNEL)" = ours ]; then harness/lint.sh $(PRISTINE); fi; \
	  if [ "$(KERNEL)" = ours ] && [ -z "$(ONLY)" ]; then \
		harness/series.sh check $(OUT)/series; fi; \
	  if { [ "$(KERNEL)" = ours ] && [ -z "$(ONLY)" ]; } || \
	     [ "$(ONLY)" = mcount ]; then \
		harness/mcount-check.sh $(TREE) $(KBUILD) $(OUT)/check-rmc; fi; \
	  if [ "$(ONLY)" != mcount ] && [ "$(ONLY)" != debug ]; then \
	  python3 harness/check.py --kernel $(KBUILD)/$(IMAGE) --tree $(TREE) \
		--out $(OUT)/check-$(KERNEL) $(if $(ONLY),--only $(ONLY)); fi; \
	  if { [ "$(KERNEL)" = ours ] && [ -z "$(ONLY)" ]; } || \
	     [ "$(ONLY)" = debug ]; then $(MAKE) -s check-debug-run; fi; \
	} | tee $(OUT)/check-$(KERNEL).log | harness/summarise.sh

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
		--tree $(TREE) --out $(OUT)/fuzz-$(KERNEL) --only fuzz | \
	  tee $(OUT)/fuzz-$(KERNEL).log | harness/summarise.sh

# Outside CI: every trace event's format file, ours against the anchor's
# (out/formats-ours, out/formats-anchor; identical but for the ID line).
formats: kernel anchor
	@harness/formats.sh $(TREE) $(OUT) $(BUILD)/$(IMAGE) $(ANCHOR_BUILD)/$(IMAGE)

bench: kernel anchor-matched
	@harness/build-modules.sh $(BUILD) $(OUT)/modules-ours
	@harness/build-modules.sh $(MATCHED_BUILD) $(OUT)/modules-matched
	@python3 bench/bench.py --tree $(TREE) --out $(OUT)/bench \
		ours=$(BUILD)/$(IMAGE):$(OUT)/modules-ours \
		anchor=$(MATCHED_BUILD)/$(IMAGE):$(OUT)/modules-matched

clean:
	rm -rf $(BUILD) $(ANCHOR_BUILD) $(MATCHED_BUILD) $(OUT)/check-*
