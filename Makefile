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
	rsync kmod trace-cmd
SUDO	:= $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps tree kernel anchor anchor-matched run check bench lint \
	clean help

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

check: $(KTARGET)
	@harness/build-modules.sh $(KBUILD) $(OUT)/modules-$(KERNEL)
	@set -o pipefail; export MODULES_DIR=$(OUT)/modules-$(KERNEL); { \
	  if [ "$(KERNEL)" = ours ]; then harness/lint.sh $(PRISTINE); fi; \
	  if { [ "$(KERNEL)" = ours ] && [ -z "$(ONLY)" ]; } || \
	     [ "$(ONLY)" = mcount ]; then \
		harness/mcount-check.sh $(TREE) $(KBUILD) $(OUT)/check-rmc; fi; \
	  if [ "$(ONLY)" != mcount ]; then \
	  python3 harness/check.py --kernel $(KBUILD)/$(IMAGE) --tree $(TREE) \
		--out $(OUT)/check-$(KERNEL) $(if $(ONLY),--only $(ONLY)); fi; \
	} | tee $(OUT)/check-$(KERNEL).log | harness/summarise.sh

bench: kernel anchor-matched
	@harness/build-modules.sh $(BUILD) $(OUT)/modules-ours
	@harness/build-modules.sh $(MATCHED_BUILD) $(OUT)/modules-matched
	@python3 bench/bench.py --tree $(TREE) --out $(OUT)/bench \
		ours=$(BUILD)/$(IMAGE):$(OUT)/modules-ours \
		anchor=$(MATCHED_BUILD)/$(IMAGE):$(OUT)/modules-matched

clean:
	rm -rf $(BUILD) $(ANCHOR_BUILD) $(MATCHED_BUILD) $(OUT)/check-*
