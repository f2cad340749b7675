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
# QEMU 7.2 boots a LoongArch kernel as the ELF vmlinux, whose initramfs
# (the nolibc runner and test modules) and device tree are built in.
IMAGE_loongarch := vmlinux
IMAGE	:= $(IMAGE_$(ARCH))
# Outputs shared by name across ARCHes (modules, initramfs, check
# results) get -ARCH, except on x86_64, whose paths stay as they were.
SFX	:= $(if $(filter-out x86_64,$(ARCH)),-$(ARCH))
MODULES	:= $(OUT)/modules-$(KERNEL)$(SFX)
CHECK_OUT := $(OUT)/check-$(KERNEL)$(SFX)
# The guest's architecture, for harness/qemu.sh and mkinitramfs.sh.
export GUEST_ARCH := $(ARCH)

# The debug variant (configs/debug.config: lockdep, UBSAN, KFENCE, ...);
# KASAN=1 adds configs/kasan.config (too slow under TCG for make check:
# make check-debug KASAN=1).
DEBUG_SFX := -debug$(if $(KASAN),-kasan)
DEBUG_BUILD := $(OUT)/build-$(if $(filter anchor,$(KERNEL)),anchor-)$(ARCH)$(DEBUG_SFX)
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
	rsync kmod trace-cmd linux-perf uftrace rtla util-linux ccache \
	bpftrace bpftool pahole pkg-config libtracefs-dev libtraceevent-dev
# ARCH=arm64: the cross compiler with a libc for the static guest tools,
# and QEMU's aarch64 system emulator.  (The guest's busybox is Debian's
# arm64 busybox-static, fetched by harness/arm64-userland.sh.)
PACKAGES_arm64 := gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-system-arm
# ARCH=loongarch: Debian 12 has no LoongArch gcc, so clang-19 and lld-19
# (LLVM=-19; llvm-19 for llvm-ar, nm, objcopy), which also build the guest's
# nolibc runner, and QEMU's loongarch64 system emulator.
PACKAGES_loongarch := clang-19 lld-19 llvm-19 qemu-system-misc
# make check-arches: riscv64 is cross-built (an architecture we do not
# port, built without function tracing; harness/arch-build.sh).
PACKAGES_riscv := gcc-riscv64-linux-gnu
PACKAGES += $(PACKAGES_$(ARCH))
SUDO	:= $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps deps-bpf tree kernel anchor anchor-matched run check fuzz bench bpf-selftests lint \
	debug-kernel check-debug check-debug-run debug-times kasan-plant kasan-plant-run asm-check memory clean help \
	check-arm64-run check-loongarch-run check-all profile \
	check-arches check-distro config-sweep check-rmc check-lane-run \
	bpf-selftests-debug \
	series series-export series-check formats

all: kernel

help:
	@echo "make run [CMD='...']   boot our kernel: a shell, or run CMD and power off"
	@echo "make check             build, boot and run every test"
	@echo "make check KERNEL=anchor   the same suite on upstream's ftrace"
	@echo "make check-all         make check, ours and the anchor, on x86_64,"
	@echo "                       arm64 and loongarch, summarised"
	@echo "make run KERNEL=matched    upstream with only our tracing options"
	@echo "make anchor            build the pristine upstream kernel"
	@echo "make bench             ours vs the anchor (same tracing options) under"
	@echo "                       qemu -icount shift=0"
	@echo "make lint              checkpatch and copycheck on our files"
	@echo "make fuzz [SECONDS=300] [SEED=N]   only the fuzz scenario, for longer"
	@echo "                       (random seed unless SEED; make check runs 50 s, SEED too)"
	@echo "make check-debug [KERNEL=anchor] [KASAN=1] [ONLY=A,B]   the debug kernel:"
	@echo "                       every scenario, ftracetest in shards, test_progs"
	@echo "make debug-times [KASAN=1]   the last check-debug's durations, for the next"
	@echo "make kasan-plant       KASAN must catch a use-after-free planted in a module"
	@echo "make asm-check         objtool on the entry code: IBT, call depth, kCFI"
	@echo "make memory            memory after boot, ours beside the anchor"
	@echo "make formats           event format files, ours against the anchor"
	@echo "make series-export     out/linux's branch written back to patches/"
	@echo "make series-check      build every prefix of the series"
	@echo "make check-arches      i386 (tinyconfig, defconfig) and riscv64 (defconfig)"
	@echo "                       with tracing build"
	@echo "make check-rmc         the kernel again with scripts/recordmcount.pl: same"
	@echo "                       call sites, and it boots"
	@echo "make check-distro      Debian's 6.12 config: options, build, modules, boot"
	@echo "make config-sweep [SWEEP_N=8] [SEED=1]   defconfig, tracing options swept"

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

# test_progs (make bpf-selftests, the debug runs' test_progs) builds its
# BPF programs with clang-19, llc-19 and llvm-strip-19.
PACKAGES_bpf := clang-19 lld-19 llvm-19
deps-bpf: deps
	@$(MAKE) -s deps SFX=-bpf PACKAGES="$(PACKAGES_bpf)"

tree: deps
	@harness/prepare-tree.sh

# The x86_64 test kernels also get the in-tree users of kernel/trace's
# exports (configs/tracing-users.config) and BTF (configs/btf.config:
# fentry/fexit, tp_btf, iterators, bpftrace's kfunc probes; DWARF makes
# a build from scratch about 5 minutes longer).
USERS_FRAG = $(if $(X86),tracing-users.config btf.config bpf-selftests.config)

kernel: tree
	@EXTRA_FRAGMENTS="$(USERS_FRAG)" \
		harness/build-kernel.sh $(TREE) $(BUILD) $(ARCH)

anchor: tree
	@EXTRA_FRAGMENTS="$(USERS_FRAG)" \
		harness/build-kernel.sh $(PRISTINE) $(ANCHOR_BUILD) $(ARCH)

anchor-matched: kernel
	@MATCH_CONFIG=$(BUILD)/.config EXTRA_FRAGMENTS="$(USERS_FRAG)" \
		harness/build-kernel.sh $(PRISTINE) $(MATCHED_BUILD) $(ARCH)

# ARCH=loongarch: the guest has no shell (no busybox for it in Debian 12)
# and QEMU passes it no command line, so make run boots the kernel with its
# built-in runner (harness/guest/ftrace-runner.c) on the terminal.
ifeq ($(ARCH)$(filter run,$(MAKECMDGOALS)),loongarchrun)
ifneq ($(CMD)$(APPEND),)
$(error make run ARCH=loongarch takes no CMD or APPEND: the guest has no \
	shell, and its command line is built in)
endif
endif

run: $(KTARGET)
ifeq ($(ARCH),loongarch)
	@GUEST_ARCH=loongarch harness/qemu.sh -i -t 86400 $(KBUILD)/$(IMAGE) -
else
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
endif

lint: tree
	@harness/lint.sh $(PRISTINE)

# make check: every scenario of harness/boots/ and (ours, whole runs, in
# a second lane beside them) lint, the series and arm64's main scenario.
# The fuzz scenario's seed is fixed unless SEED.  The LoongArch boot
# (make check ONLY=loongarch, or ARCH=loongarch), the recordmcount.pl
# kernel (make check-rmc), the debug kernel (make check-debug) and the
# unported architectures (make check-arches) have their own targets:
# with them make check would not end within CI's time.  ONLY=NAME runs
# one scenario, or one of mcount, debug, arm64 and loongarch.  On ARCHes
# other than x86_64 the recordmcount.pl kernel and the debug kernel are
# x86_64-only so far: they report SKIP there (lint and the series do not
# depend on ARCH).
#
# ARCH=loongarch has one boot instead of harness/boots/ (no busybox for
# the guest): KUnit's suites and the nolibc runner, both read from the
# console by harness/loongarch/check-boot.py; its test modules are built into
# the kernel's initramfs by make kernel.
#
# CHECK_ALL=1 (set by make check-all): lint and the series only on
# x86_64, and x86_64's check without the other ARCHes' runs, which
# check-all makes whole.
X86	:= $(filter x86_64,$(ARCH))
LOONG	:= $(filter loongarch,$(ARCH))
NOLINT	:= $(if $(CHECK_ALL),$(if $(X86),,1))
# A whole make check of ours on x86_64 runs lint and the series checks,
# and builds and boots the arm64 kernel, in a second lane
# (harness/lane.sh) while the x86_64 scenarios run; its lines come after
# the x86_64 ones.
PORTS_LANE := $(if $(X86),$(if $(filter ours,$(KERNEL)),$(if $(ONLY)$(CHECK_ALL),,1)))

# The second lane: lint and the series checks (single-threaded, minutes
# of checkpatch), then arm64's main scenario.
check-lane-run:
	@harness/lint.sh $(PRISTINE); l=$$?; \
	harness/series.sh check; s=$$?; \
	$(MAKE) -s check-arm64-run && exit $$((l | s))

# Outside CI (long): Debian's own 6.12 amd64 config with our series
# (harness/distro-check.sh): its tracing options kept, vmlinux, the
# modules that use kernel/trace's exports (DISTRO_MODULES=all: every
# module), a boot with the main scenario.  DISTRO_STEPS picks steps.
check-distro: tree
	@dpkg-query -W -f='$${Status}\n' linux-config-6.12 2>/dev/null | \
	grep -q 'install ok installed' || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq \
		--no-install-recommends linux-config-6.12 >/dev/null; }
	@set -o pipefail; start=$$(date +%s); \
	harness/distro-check.sh $(TREE) $(PRISTINE) $(OUT)/distro \
		$(DISTRO_STEPS) 2>&1 | tee $(OUT)/check-distro.log | \
		harness/summarise.sh; \
	echo "# check-distro took $$(( $$(date +%s) - start )) s"

# Outside CI (long): x86_64 defconfig under many combinations of the
# tracing options and preemption models (harness/config-sweep.sh):
# all off, all on, SWEEP_N (8) random ones from SEED (1).
config-sweep: tree
	@set -o pipefail; harness/config-sweep.sh $(TREE) $(OUT)/sweep \
		$(or $(SWEEP_N),8) $(or $(SEED),1) 2>&1 | \
		tee $(OUT)/config-sweep.log | harness/summarise.sh

# The x86_64 test kernel built a second time with scripts/recordmcount.pl
# finding the call sites: both must record the same sites, and it boots
# (harness/mcount-check.sh).
check-rmc:
	@$(MAKE) -s check ONLY=mcount

# Architectures our series does not port (harness/arch-build.sh): they
# build with the tracing core and without function tracing.
# check-arches builds i386 (32-bit, the host's gcc) on tinyconfig and
# defconfig, and riscv64's defconfig (Debian's cross compiler).
ARCH_BUILDS := i386:tinyconfig i386:defconfig riscv:defconfig
check-arches: tree
	@$(MAKE) -s deps ARCH=riscv
	@set -o pipefail; for b in $(ARCH_BUILDS); do \
	  a=$${b%:*} c=$${b#*:}; \
	  harness/arch-build.sh $$a $$c $(TREE) $(OUT)/build-$$a-$$c; \
	done | tee $(OUT)/check-arches.log | harness/summarise.sh
check: $(KTARGET)
	@$(if $(LOONG),:,harness/build-modules.sh $(KBUILD) $(MODULES))
	@$(if $(PORTS_LANE),harness/lane.sh start second $(MAKE) -s check-lane-run)
	@set -o pipefail; export MODULES_DIR=$(MODULES); \
	export FUZZ_SEED=$(or $(SEED),20261123); \
	export FUZZ_EXCLUDE=$(FUZZ_KNOWN_BUGS); { \
	  if [ "$(KERNEL)" = ours ] && [ -z "$(NOLINT)$(PORTS_LANE)" ]; then \
		harness/lint.sh $(PRISTINE); fi; \
	  if [ "$(KERNEL)" = ours ] && [ -z "$(ONLY)$(NOLINT)$(PORTS_LANE)" ]; then \
		harness/series.sh check; fi; \
	  if [ -n "$(LOONG)" ]; then \
		case "$(ONLY)" in \
		""|main|loongarch) python3 harness/loongarch/check-boot.py \
			--kernel $(KBUILD)/$(IMAGE) --out $(CHECK_OUT) ;; \
		mcount|debug) ;; \
		*) echo "SKIP  $(ONLY): loongarch has one boot, KUnit" \
			"and the runner" ;; \
		esac; \
	  elif [ "$(ONLY)" != mcount ] && [ "$(ONLY)" != debug ]; then \
	  python3 harness/check.py --kernel $(KBUILD)/$(IMAGE) --tree $(TREE) \
		--out $(CHECK_OUT) $(if $(ONLY),--only $(ONLY)); fi; \
	  if [ "$(ONLY)" = mcount ]; then \
		$(if $(X86),KERNEL_FRAGMENTS="$(USERS_FRAG)" \
		harness/mcount-check.sh $(TREE) $(KBUILD) $(OUT)/check-rmc, \
		echo "SKIP  mcount: recordmcount.pl kernel (x86_64 only)"); fi; \
	  if [ "$(ONLY)" = debug ]; then \
		$(if $(X86),$(MAKE) -s check-debug-run ONLY=, \
		echo "SKIP  debug: the debug kernel (x86_64 only)"); fi; \
	  if [ -n "$(X86)" ] && [ "$(KERNEL)" = ours ] && \
	     [ "$(ONLY)" = arm64 ]; then \
		$(MAKE) -s check-arm64-run; fi; \
	  if [ -n "$(X86)" ] && [ "$(KERNEL)" = ours ] && \
	     [ "$(ONLY)" = loongarch ]; then \
		$(MAKE) -s check-loongarch-run; fi; \
	  $(if $(PORTS_LANE),harness/lane.sh wait second;) \
	} | tee $(CHECK_OUT).log | harness/summarise.sh

# Part of make check on x86_64 (ours, whole runs, or ONLY=arm64): our
# arm64 kernel built and its main scenario run (KUnit, upstream's
# ftracetest and ours), each result line marked "arm64:".  The whole
# arm64 suite is make check ARCH=arm64.
check-arm64-run:
	@mkdir -p $(OUT); set -o pipefail; \
	errors() { { grep -E 'error|Error' "$$1" || cat "$$1"; } | \
		tail -n 20 | sed 's/^/#   /'; }; \
	log=$(OUT)/build-arm64.log; \
	if ! $(MAKE) -s kernel ARCH=arm64 >$$log 2>&1; then \
	  echo "FAIL  arm64: make kernel ARCH=arm64" \
		"(log: out/build-arm64.log)"; \
	  errors $$log; exit 1; fi; \
	mlog=$(OUT)/modules-ours-arm64.log; \
	if ! harness/build-modules.sh $(OUT)/build-arm64 \
		$(OUT)/modules-ours-arm64 >$$mlog 2>&1; then \
	  echo "FAIL  arm64: the test modules do not build" \
		"(log: out/modules-ours-arm64.log)"; \
	  errors $$mlog; exit 1; fi; \
	GUEST_ARCH=arm64 MODULES_DIR=$(OUT)/modules-ours-arm64 \
	  python3 harness/check.py --kernel $(OUT)/build-arm64/$(IMAGE_arm64) \
		--tree $(TREE) --out $(OUT)/check-ours-arm64 --only main,bpf | \
	  sed -u 's/^\(PASS\|FAIL\|SKIP\)  /\1  arm64: /'

# make check ONLY=loongarch on x86_64: our LoongArch kernel built and
# booted once (KUnit and the runner), each
# result line marked "loongarch:"; a kernel that does not build is a FAIL
# line (its log in out/build-loongarch.log).  As make check ARCH=loongarch
# but for lint and the series.
check-loongarch-run:
	@set -o pipefail; \
	if ! $(MAKE) -s kernel ARCH=loongarch \
		>$(OUT)/build-loongarch.log 2>&1; then \
	  echo "FAIL  loongarch: make kernel ARCH=loongarch" \
		"(log: out/build-loongarch.log)"; \
	  grep -E 'error|Error' $(OUT)/build-loongarch.log | head -n 20 | \
		sed 's/^/#   /'; exit 1; fi; \
	python3 harness/loongarch/check-boot.py \
		--kernel $(OUT)/build-loongarch/$(IMAGE_loongarch) \
		--out $(OUT)/check-ours-loongarch | \
	  sed -u 's/^\(PASS\|FAIL\|SKIP\)  /\1  loongarch: /'

# Outside CI: every suite on every ARCH, ours and the anchor, one after
# another (long: every kernel of every ARCH, and x86_64's whole make
# check twice), each run's result lines marked "ARCH KERNEL:", its own
# totals a comment, then the totals of all.  A run that stops without a
# FAIL line (a kernel that does not build) gets one.  Each run's log is
# out/check-all/ARCH-KERNEL.log; CHECK_ALL_RUNS="ARCH:KERNEL ..." picks
# runs.
CHECK_ALL_RUNS := x86_64:ours arm64:ours loongarch:ours \
	x86_64:anchor arm64:anchor loongarch:anchor
check-all:
	@mkdir -p $(OUT)/check-all; set -o pipefail; \
	for r in $(CHECK_ALL_RUNS); do \
	  a=$${r%:*} k=$${r#*:} log=$(OUT)/check-all/$${r/:/-}.log; \
	  echo "# check-all: make check ARCH=$$a KERNEL=$$k"; \
	  start=$$(date +%s); \
	  if ! $(MAKE) -s check ARCH=$$a KERNEL=$$k CHECK_ALL=1 2>&1 | \
		tee $$log | \
		sed -u -e "s/^\(PASS\|FAIL\|SKIP\)  /\1  $$a $$k: /" \
		    -e "s/^\([0-9]* passed, \)/# $$a $$k: \1/" && \
	     ! grep -q '^FAIL' $$log; then \
		echo "FAIL  $$a $$k: make check stopped (log: $$log)"; \
		tail -n 20 $$log | sed 's/^/#   /'; \
	  fi; \
	  echo "# check-all: $$a $$k took $$(( $$(date +%s) - start )) s"; \
	done 2>&1 | tee $(OUT)/check-all.log | harness/summarise.sh

debug-kernel: tree
	@EXTRA_FRAGMENTS="debug.config $(if $(KASAN),kasan.config) $(USERS_FRAG)" \
		harness/build-kernel.sh $(DEBUG_SRC) $(DEBUG_BUILD) $(ARCH)

# The debug kernel's fuzz leaves out what makes it crawl under lockdep
# in TCG: tracers on every function and function filters.
# The fuzz's writes a known bug makes hang, left out of make check's fuzz
# until it is understood (README.md, "Known bugs"): none now.  The stalls
# that kept the function profiler's and the real-time tracers' writes out
# were the fuzz's own: a split write switched func_stack_trace on beside
# the function tracer on every function (harness/guest/fuzz.c,
# keep_stacks_off(); notes/issue32-abi.md).
FUZZ_KNOWN_BUGS :=
DEBUG_FUZZ_EXCLUDE := current_tracer,set_ftrace,set_graph,function_profile,stack_trace,ftrace_enabled

# The debug kernel's run: every scenario of make check (main.sh's
# ftracetest cut into shards), harness/boots-debug/ and test_progs
# (make bpf-selftests' tests), two guests at a time, each scenario's
# timeout from its measured duration (harness/debug-plan.py;
# harness/debug-times/: the test kernel's, the debug kernel's and the
# KASAN kernel's, refreshed by make debug-times after a run); with
# KASAN=1 also make kasan-plant.
# check-debug-run prints result lines for make check ONLY=debug,
# check-debug summarises them on its own.  ONLY=A,B: those scenarios.
DEBUG_FLAVOUR := $(if $(KASAN),kasan,debug)
DEBUG_TIMES := harness/debug-times/$(DEBUG_FLAVOUR).txt
# What is not measured on this kernel yet: the next faster kernel's
# figure times this (measured 2026-12-06: the debug kernel ran
# ftracetest 3.1 times as long as the test kernel, the KASAN kernel four
# scenarios 1.55 times as long as the debug kernel).
DEBUG_BASE := harness/debug-times/$(if $(KASAN),debug,test).txt
DEBUG_FACTOR := $(if $(KASAN),2,4)
DEBUG_OUT := $(OUT)/check-$(KERNEL)$(DEBUG_SFX)
DEBUG_BPF := $(OUT)/bpf-selftests$(DEBUG_SFX)
check-debug-run:
	@mkdir -p $(OUT); \
	errors() { { grep -E 'error|Error' "$$1" || cat "$$1"; } | \
		tail -n 20 | sed 's/^/#   /'; }; \
	start=$$(date +%s); \
	log=$(DEBUG_BUILD).log; \
	if ! $(MAKE) -s debug-kernel >$$log 2>&1; then \
	  echo "FAIL  debug: the debug kernel does not build" \
		"(log: out/$(notdir $(DEBUG_BUILD)).log)"; \
	  errors $$log; exit 1; fi; \
	mlog=$(OUT)/modules-$(KERNEL)$(DEBUG_SFX).log; \
	if ! harness/build-modules.sh $(DEBUG_BUILD) \
		$(OUT)/modules-$(KERNEL)$(DEBUG_SFX) >$$mlog 2>&1; then \
	  echo "FAIL  debug: the test modules do not build" \
		"(log: out/modules-$(KERNEL)$(DEBUG_SFX).log)"; \
	  errors $$mlog; exit 1; fi; \
	order=$$(python3 harness/debug-plan.py plan --tree $(TREE) \
		--times $(DEBUG_TIMES) --base $(DEBUG_BASE) \
		--factor $(DEBUG_FACTOR) --out $(DEBUG_OUT)) || exit 1; \
	echo "# debug: shards and timeouts in $(DEBUG_OUT)/timeouts"; \
	status=0; \
	wanted() { [ -z "$(ONLY)" ] || echo ",$(ONLY)," | grep -q ",$$1,"; }; \
	MODULES_DIR=$(OUT)/modules-$(KERNEL)$(DEBUG_SFX) \
	FUZZ_EXCLUDE=$(DEBUG_FUZZ_EXCLUDE) python3 harness/check.py \
		--kernel $(DEBUG_BUILD)/$(IMAGE) --tree $(TREE) \
		--boots $(DEBUG_OUT)/boots --out $(DEBUG_OUT) --jobs 2 \
		--append slub_debug=FZP --timeouts $(DEBUG_OUT)/timeouts \
		--only $(or $(ONLY),$$order) || status=1; \
	if wanted bpf-selftests; then \
	  blog=$(DEBUG_BPF).log; \
	  if ! { $(MAKE) -s deps-bpf && \
		harness/bpf-selftests.sh build $(PRISTINE) $(DEBUG_BUILD) \
		$(DEBUG_BPF); } >$$blog 2>&1; then \
	    echo "FAIL  bpf-selftests-debug: test_progs does not build" \
		"(log: out/$(notdir $(DEBUG_BPF)).log)"; \
	    errors $$blog; status=1; \
	  else harness/bpf-selftests.sh debug $(PRISTINE) $(DEBUG_BUILD) \
		$(DEBUG_BPF) || status=1; fi; \
	fi; \
	if [ -n "$(KASAN)" ] && wanted kasan-plant; then \
	  $(MAKE) -s kasan-plant-run || status=1; fi; \
	echo "# debug: the run took $$(( $$(date +%s) - start )) s"; \
	exit $$status

# Outside CI: a use-after-free planted in a test module
# (harness/modules/kasan_plant_test.c) on the KASAN kernel.  The run
# (harness/boots-plant/) must fail on KASAN's report: PASS if it does.
# kasan-plant-run is the plant's boot alone, the kernel and modules built.
kasan-plant:
	@$(MAKE) -s check-debug KASAN=1 ONLY=kasan-plant
kasan-plant-run:
	@MODULES_DIR=$(OUT)/modules-$(KERNEL)$(DEBUG_SFX) python3 \
		harness/check.py --kernel $(DEBUG_BUILD)/$(IMAGE) \
		--tree $(TREE) --boots harness/boots-plant \
		--append slub_debug=FZP --out $(OUT)/kasan-plant \
		>$(OUT)/kasan-plant.log 2>&1; \
	sed 's/^/# /' $(OUT)/kasan-plant.log; \
	if grep -q '^FAIL  plant: kernel log: BUG: KASAN: slab-use-after-free in kasan_plant_test_init' \
		$(OUT)/kasan-plant.log; then \
	  echo "PASS  kasan-plant: KASAN reports the planted use-after-free and the run fails"; \
	else echo "FAIL  kasan-plant: no KASAN report of the planted use-after-free failed the run"; \
	  exit 1; fi

# After make check-debug [KASAN=1]: its durations go into
# harness/debug-times/debug.txt (kasan.txt), which size the next runs;
# what it did not run keeps its figure.
debug-times:
	@python3 harness/debug-plan.py measure --tree $(TREE) \
		--keep $(DEBUG_TIMES) $(DEBUG_OUT).log $(DEBUG_OUT) \
		>$(DEBUG_TIMES).new && \
	mv $(DEBUG_TIMES).new $(DEBUG_TIMES) && \
	grep -c . $(DEBUG_TIMES)

check-debug:
	@set -o pipefail; $(MAKE) -s check-debug-run 2>&1 | \
		tee $(OUT)/check-$(KERNEL)$(DEBUG_SFX).log | harness/summarise.sh

# The product is the series in patches/; out/linux (make tree) is its git
# branch.  series-export writes the branch back to patches/ after a change
# (git commit --fixup=<patch's commit>, git rebase -i --autosquash base).
series-export series:
	@harness/series.sh export

# Outside CI: every prefix of the series builds (x86_64 + kunit config,
# bzImage only, through ccache); records each prefix that built in
# patches/prefixes-built, so that make check builds only those whose
# patches changed since.  MISSING=1: only the prefixes the record lacks.
series-check: tree
	@set -o pipefail; harness/series.sh prefix-check \
		$(OUT)/build-series-$(ARCH) $(if $(MISSING),missing) 2>&1 | \
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

# Upstream's BPF test_progs (the tracing groups), built from the pristine
# tree against the matched anchor's BTF, run on ours and on the anchor:
# out/bpf-selftests/table.md (x86_64 only).
bpf-selftests: kernel anchor-matched deps-bpf
ifneq ($(ARCH),x86_64)
	$(error make bpf-selftests runs on x86_64 only (BTF kernels))
endif
	@harness/bpf-selftests.sh all $(PRISTINE) $(BUILD) \
		$(OUT)/bpf-selftests $(MATCHED_BUILD)

# The same test_progs (make bpf-selftests builds it) on our debug kernel
# (lockdep, UBSAN, KFENCE; KASAN=1 adds KASAN): out/bpf-selftests/
# debug.log, a FAIL line for any failed test or kernel report.
bpf-selftests-debug: debug-kernel deps-bpf
ifneq ($(ARCH),x86_64)
	$(error make bpf-selftests-debug runs on x86_64 only (BTF kernels))
endif
	@harness/bpf-selftests.sh build $(PRISTINE) $(DEBUG_BUILD) $(DEBUG_BPF)
	@harness/bpf-selftests.sh debug $(PRISTINE) $(DEBUG_BUILD) $(DEBUG_BPF)

bench: kernel anchor-matched
	@harness/build-modules.sh $(BUILD) $(OUT)/modules-ours$(SFX)
	@harness/build-modules.sh $(MATCHED_BUILD) $(OUT)/modules-matched$(SFX)
	@python3 bench/bench.py --tree $(TREE) --out $(OUT)/bench$(SFX) \
		ours=$(BUILD)/$(IMAGE):$(OUT)/modules-ours$(SFX) \
		anchor=$(MATCHED_BUILD)/$(IMAGE):$(OUT)/modules-matched$(SFX)

# make profile SCRIPT=FILE [PER=N]: both kernels run FILE as the guest's
# command under QEMU's instruction-counting plugin (bench/insn-profile);
# prints instructions per function divided by N, ours beside the anchor.
# x86_64 only (System.map and bzImage of the x86_64 builds).
profile: kernel anchor-matched
	@test -n "$(SCRIPT)" || { echo "make profile needs SCRIPT=FILE"; exit 2; }
	@harness/build-modules.sh $(BUILD) $(OUT)/modules-ours$(SFX)
	@harness/build-modules.sh $(MATCHED_BUILD) $(OUT)/modules-matched$(SFX)
	@python3 bench/insn-profile/profile.py --tree $(TREE) \
		--out $(OUT)/profile --script $(SCRIPT) --per $(or $(PER),1) \
		ours=$(BUILD)/$(IMAGE):$(OUT)/modules-ours$(SFX) \
		anchor=$(MATCHED_BUILD)/$(IMAGE):$(OUT)/modules-matched$(SFX)

clean:
	rm -rf $(BUILD) $(ANCHOR_BUILD) $(MATCHED_BUILD) $(OUT)/check-*
