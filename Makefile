# SPDX-License-Identifier: MIT
#
# A small kbuild: make [ARCH=x86_64|i386|arm|aarch64|mips|mipsel|powerpc|riscv64] defconfig | menuconfig |
# olddefconfig | savedefconfig | all | run | check | clean. Output goes to
# build/$(ARCH)/ so that several architectures coexist.

ARCH ?= x86_64
# make run's debugger transport: kgdboc (serial) or kgdboe (UDP).
TRANSPORT ?= kgdboc
PYTHON ?= /usr/bin/python3

ifeq ($(ARCH),x86_64)
SRCARCH := x86
else ifeq ($(ARCH),i386)
SRCARCH := x86
CROSS_COMPILE ?= i686-linux-gnu-
else ifeq ($(ARCH),arm)
SRCARCH := arm
CROSS_COMPILE ?= arm-linux-gnueabihf-
else ifeq ($(ARCH),aarch64)
SRCARCH := arm64
CROSS_COMPILE ?= aarch64-linux-gnu-
else ifeq ($(ARCH),mips)
SRCARCH := mips
CROSS_COMPILE ?= mips-linux-gnu-
else ifeq ($(ARCH),mipsel)
SRCARCH := mips
CROSS_COMPILE ?= mipsel-linux-gnu-
else ifeq ($(ARCH),powerpc)
SRCARCH := powerpc
CROSS_COMPILE ?= powerpc-linux-gnu-
else ifeq ($(ARCH),riscv64)
SRCARCH := riscv
CROSS_COMPILE ?= riscv64-linux-gnu-
else
$(error unknown ARCH=$(ARCH): use x86_64, i386, arm, aarch64, mips, mipsel, powerpc or riscv64)
endif

export ARCH SRCARCH

# Every architecture: make check tests them all, make check-<arch> one.
ARCHES := x86_64 i386 arm aarch64 mips mipsel powerpc riscv64

# make run / make check on a fresh machine: what they need is there, or is
# installed now (ci/deps), or make stops with one line naming what is
# missing (scripts/deps-check; a few milliseconds when all is there).
DEPS_GOAL := $(firstword $(filter run check check-units $(addprefix check-,$(ARCHES)), \
	$(MAKECMDGOALS)))
ifeq ($(DEPS_CHECKED),)
ifneq ($(DEPS_GOAL),)
DEPS_ARCHES := $(or $(if $(filter run,$(DEPS_GOAL)),$(ARCH)), \
	$(filter $(patsubst check-%,%,$(DEPS_GOAL)),$(ARCHES)),$(CHECK_ARCHES),$(ARCHES))
DEPS_ERROR := $(shell sh scripts/deps-check $(DEPS_GOAL) $(DEPS_ARCHES))
$(if $(DEPS_ERROR),$(error $(DEPS_ERROR)))
export DEPS_CHECKED := 1
endif
endif

O ?= build/$(ARCH)
CONFIG := $(O)/.config
AUTOCONF := $(O)/include/generated/autoconf.h

CC := $(CROSS_COMPILE)gcc
LD := $(CROSS_COMPILE)ld
NM := $(CROSS_COMPILE)nm
OBJCOPY := $(CROSS_COMPILE)objcopy
SIZE := $(CROSS_COMPILE)size

ifeq ($(V),1)
Q :=
quiet = @true
else
Q := @
quiet = @printf '  %-8s %s\n'
endif

KCONFIG_ENV := ARCH=$(ARCH) SRCARCH=$(SRCARCH) KCONFIG_CONFIG=$(CONFIG)
DEFCONFIG := arch/$(SRCARCH)/configs/$(ARCH)_defconfig

.DEFAULT_GOAL := all
.PHONY: all defconfig menuconfig olddefconfig savedefconfig setconfig run check clean \
	compile_commands.json FORCE

# ---------------------------------------------------------------- config
defconfig:
	$(Q)mkdir -p $(O)
	$(Q)$(KCONFIG_ENV) $(PYTHON) /usr/lib/python3/dist-packages/defconfig.py \
		--kconfig Kconfig $(DEFCONFIG) >/dev/null
	$(Q)$(MAKE) --no-print-directory $(AUTOCONF)

# make kgdb_min_defconfig: the defconfig with kernel/configs/kgdb_min.config on top.
%_defconfig: kernel/configs/%.config $(DEFCONFIG)
	$(Q)mkdir -p $(O)
	$(Q)cat $(DEFCONFIG) $< > $(O)/.defconfig-$*
	$(Q)$(KCONFIG_ENV) $(PYTHON) /usr/lib/python3/dist-packages/defconfig.py \
		--kconfig Kconfig $(O)/.defconfig-$* >/dev/null
	$(Q)$(MAKE) --no-print-directory $(AUTOCONF)

olddefconfig:
	$(Q)mkdir -p $(O)
	$(Q)$(KCONFIG_ENV) $(PYTHON) /usr/lib/python3/dist-packages/olddefconfig.py Kconfig >/dev/null
	$(Q)$(MAKE) --no-print-directory $(AUTOCONF)

menuconfig:
	$(Q)mkdir -p $(O)
	$(Q)$(KCONFIG_ENV) $(PYTHON) /usr/lib/python3/dist-packages/menuconfig.py Kconfig
	$(Q)$(MAKE) --no-print-directory $(AUTOCONF)

savedefconfig: $(CONFIG)
	$(Q)$(KCONFIG_ENV) $(PYTHON) /usr/lib/python3/dist-packages/savedefconfig.py \
		--kconfig Kconfig --out $(O)/defconfig
	@echo "wrote $(O)/defconfig"

# make setconfig SET="KGDB=n SMP=n": change symbols of the current configuration.
setconfig: $(CONFIG)
	$(Q)$(KCONFIG_ENV) $(PYTHON) /usr/lib/python3/dist-packages/setconfig.py \
		--kconfig Kconfig $(SET) >/dev/null
	$(Q)$(MAKE) --no-print-directory $(AUTOCONF)

# A missing .config is the defconfig; one older than a Kconfig file takes
# the new symbols with their defaults (olddefconfig), as Linux's syncconfig
# does, so a build directory survives a Kconfig change. Touched: kconfiglib
# leaves an unchanged file alone, and make would come back for it.
KCONFIG_FILES := Kconfig arch/$(SRCARCH)/Kconfig
$(CONFIG): $(KCONFIG_FILES)
	$(Q)mkdir -p $(O)
	$(Q)if [ -f $@ ]; then \
		$(KCONFIG_ENV) $(PYTHON) /usr/lib/python3/dist-packages/olddefconfig.py Kconfig >/dev/null; \
	else \
		$(KCONFIG_ENV) $(PYTHON) /usr/lib/python3/dist-packages/defconfig.py \
			--kconfig Kconfig $(DEFCONFIG) >/dev/null; \
	fi
	$(Q)touch $@

$(AUTOCONF): $(CONFIG) scripts/genconfig.py
	$(quiet) GEN $@
	$(Q)$(KCONFIG_ENV) $(PYTHON) scripts/genconfig.py $(CONFIG) $@

# The build proper needs the configuration's symbols.
ifneq ($(filter-out defconfig %_defconfig olddefconfig menuconfig savedefconfig setconfig clean \
	check check-% run bench fuzz torture,$(MAKECMDGOALS)),)
NEED_CONFIG := 1
endif
ifeq ($(MAKECMDGOALS),)
NEED_CONFIG := 1
endif

ifeq ($(NEED_CONFIG),1)
-include $(CONFIG)

# ---------------------------------------------------------------- flags
CFLAGS := -std=gnu11 -ffreestanding -nostdinc -isystem $(shell $(CC) -print-file-name=include) \
	-Wall -Wextra -Werror -Wno-unused-parameter -O2 \
	-fno-stack-protector -fno-pic -fno-common -fno-strict-aliasing \
	-fno-omit-frame-pointer -fno-optimize-sibling-calls \
	-fno-asynchronous-unwind-tables -fno-unwind-tables \
	-include $(AUTOCONF) -I include -I arch/$(SRCARCH)/include -I . -I $(O)/include
ifeq ($(CONFIG_DEBUG_INFO),y)
CFLAGS += -g
endif
AFLAGS := -D__ASSEMBLY__
LDFLAGS := -nostdlib -z noexecstack -z max-page-size=4096

include arch/$(SRCARCH)/Makefile

# ---------------------------------------------------------------- objects
# Each directory lists its objects in a Kbuild file as obj-$(CONFIG_FOO) += x.o.
kbuild-dirs := kernel kernel/debug kernel/debug/kdb lib drivers/serial drivers/irqchip drivers/debug drivers/pci drivers/virtio \
	drivers/net net transports $(arch-dirs)

define include_kbuild
obj-y :=
include $(1)/Kbuild
objs += $$(addprefix $(O)/$(1)/,$$(obj-y))
endef
objs :=
$(foreach d,$(kbuild-dirs),$(eval $(call include_kbuild,$(d))))
head-objs := $(addprefix $(O)/,$(head-y))
objs := $(head-objs) $(filter-out $(head-objs),$(objs))

all: $(O)/vmlinux $(O)/vmlinux-gdb.py

# gdb loads <objfile>-gdb.py along with the objfile: the helpers in tools/gdb.
$(O)/vmlinux-gdb.py:
	$(Q)mkdir -p $(O)
	$(Q)ln -sf $(abspath tools/gdb/vmlinux-gdb.py) $@

# Everything is rebuilt when the compiler flags change (not only the sources).
FLAGS_STAMP := $(O)/.build-flags
build-flags := $(CC) $(CFLAGS) $(ARCH_CFLAGS) $(LD) $(LDFLAGS) $(ARCH_LDFLAGS)
ifneq ($(build-flags),$(shell cat $(FLAGS_STAMP) 2>/dev/null))
$(shell mkdir -p $(O) && echo '$(build-flags)' > $(FLAGS_STAMP))
endif

$(O)/%.o: %.c $(AUTOCONF) $(FLAGS_STAMP)
	$(quiet) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) $(ARCH_CFLAGS) -MMD -MP -c -o $@ $<

$(O)/%.o: %.S $(AUTOCONF) $(FLAGS_STAMP)
	$(quiet) AS $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) $(ARCH_CFLAGS) $(AFLAGS) -MMD -MP -c -o $@ $<

$(O)/vmlinux.lds: $(LDS_SRC) $(AUTOCONF) $(FLAGS_STAMP)
	$(quiet) LDS $@
	$(Q)$(CC) $(CFLAGS) $(ARCH_CFLAGS) $(AFLAGS) -E -P -x c -MMD -MP -MT $@ -o $@ $<

# Linked twice: the symbol table for backtraces (kallsyms) is generated from
# the first link and placed after everything else, so no address moves.
$(O)/vmlinux: $(objs) $(O)/vmlinux.lds scripts/link-vmlinux.sh scripts/kallsyms.py $(FLAGS_STAMP)
	$(quiet) LD $@
	$(Q)LD="$(LD)" NM="$(NM)" CC="$(CC)" PYTHON="$(PYTHON)" \
		CFLAGS="$(CFLAGS) $(ARCH_CFLAGS) $(AFLAGS)" \
		LDFLAGS="$(LDFLAGS) $(ARCH_LDFLAGS)" \
		sh scripts/link-vmlinux.sh $@ $(O)/vmlinux.lds $(objs)

-include $(objs:.o=.d) $(O)/vmlinux.d
endif

# ---------------------------------------------------------------- run / check
# make run CPUS=4 CMDLINE="loglevel=8 kgdb.ro": the CPU count, and boot
# parameters after the default ones (through the environment, so that
# their quotes survive).
run: export RUN_CMDLINE = $(CMDLINE)
run:
	$(Q)$(MAKE) --no-print-directory ARCH=$(ARCH) all
	$(Q)$(PYTHON) tools/run.py --arch $(ARCH) --transport $(TRANSPORT) $(if $(KDB),--kdb) \
		$(if $(CPUS),--smp $(CPUS)) --cmdline "$$RUN_CMDLINE"

include tests/Makefile

clean:
	rm -rf build

compile_commands.json:
	$(MAKE) clean
	bear -- $(MAKE) all
