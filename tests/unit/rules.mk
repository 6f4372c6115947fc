# SPDX-License-Identifier: MIT
# Host unit tests of the debugger (kernel/debug/, kernel/debug/kdb/),
# unmodified, against a fake arch, fake kernel API and a scripted transport
# (tests/unit/fake_*.c), with cmocka under ASan/UBSan. The kernel's libc
# names are renamed (memcpy -> k_memcpy, ...) so that the debugger runs on
# the kernel's lib/, not on the host's C library.

CHECK_TARGETS += check-unit

UNIT_DIR := build/host/unit
UNIT_RENAMED := memcpy memmove memset memcmp strlen strnlen strcmp strncmp strchr \
	strlcpy vsnprintf snprintf
UNIT_BASE_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -Wno-unused-parameter \
	-fno-omit-frame-pointer -D__HOST_TEST__ -DCONFIG_NR_CPUS=4 \
	-DCONFIG_KGDB_PACKET_SIZE=4096 -DCONFIG_KGDB_MAX_BREAKPOINTS=8 $(KGDB_ALL_OPTIONS) \
	-I tests/unit/include -I include -I .
UNIT_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
UNIT_KERNEL_CFLAGS := -fno-builtin $(foreach f,$(UNIT_RENAMED),-D$(f)=k_$(f))
UNIT_KERNEL_SRCS := $(DEBUG_CORE_SRCS) lib/string.c lib/vsnprintf.c lib/hex.c
UNIT_FAKE_SRCS := tests/unit/fake_kernel.c
UNIT_TESTS := test_gdbstub_packet test_gdbstub test_kgdb test_minimal test_softstep test_kgdboe \
	test_core test_monitor test_agent test_cond test_xol test_trace test_kdb_edit test_kdb_cmds \
	test_kdb test_kdb_minimal
UNIT_BINS := $(addprefix $(UNIT_DIR)/,$(UNIT_TESTS) test_profile_min)

# $(1): the output directory
unit_kobjs = $(patsubst %.c,$(1)/%.o,$(UNIT_KERNEL_SRCS))
unit_fobjs = $(patsubst %.c,$(1)/%.o,$(UNIT_FAKE_SRCS))

.PRECIOUS: $(UNIT_DIR)/%.o
.PHONY: check-unit
# A test that hangs fails after a minute instead of stalling make check.
check-unit: $(UNIT_BINS)
	$(Q)for t in $(UNIT_BINS); do \
		echo "  UNIT    $$t"; timeout 60 $$t || exit 1; \
	done

$(UNIT_DIR)/kernel/%.o: kernel/%.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) $(UNIT_SAN) $(UNIT_KERNEL_CFLAGS) -MMD -MP -c -o $@ $<
$(UNIT_DIR)/lib/%.o: lib/%.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) $(UNIT_SAN) $(UNIT_KERNEL_CFLAGS) -MMD -MP -c -o $@ $<
$(UNIT_DIR)/tests/unit/%.o: tests/unit/%.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) $(UNIT_SAN) -MMD -MP -c -o $@ $<
$(UNIT_DIR)/tests/unit/fake_arch_minimal.o: tests/unit/fake_arch.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) $(UNIT_SAN) -DFAKE_ARCH_MINIMAL -MMD -MP -c -o $@ $<

$(UNIT_DIR)/tests/unit/fake_arch_softstep.o: tests/unit/fake_arch.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) $(UNIT_SAN) -DFAKE_ARCH_SOFTSTEP -MMD -MP -c -o $@ $<
$(UNIT_DIR)/tests/unit/fake_arch_xol.o: tests/unit/fake_arch.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) $(UNIT_SAN) -DFAKE_ARCH_XOL -MMD -MP -c -o $@ $<

UNIT_COMMON := $(call unit_kobjs,$(UNIT_DIR)) $(call unit_fobjs,$(UNIT_DIR))

# It includes transports/kgdboe.c, so it is built as kernel code is.
$(UNIT_DIR)/tests/unit/test_kgdboe.o: tests/unit/test_kgdboe.c transports/kgdboe.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) $(UNIT_SAN) $(UNIT_KERNEL_CFLAGS) -DCONFIG_TICK_POLL \
		-MMD -MP -c -o $@ $<
$(UNIT_DIR)/net/%.o: net/%.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) $(UNIT_SAN) $(UNIT_KERNEL_CFLAGS) -MMD -MP -c -o $@ $<

$(UNIT_DIR)/test_kgdboe: $(UNIT_DIR)/tests/unit/test_kgdboe.o $(UNIT_DIR)/tests/unit/fake_arch.o \
		$(UNIT_DIR)/net/netpoll_config.o $(UNIT_COMMON)
	$(Q)$(HOSTCC) $(UNIT_SAN) -o $@ $^ -lcmocka -lpthread

# The boot parameter and SysRq tables it looks in need their bounds.
$(UNIT_DIR)/test_core $(UNIT_DIR)/test_monitor: $(UNIT_DIR)/%: $(UNIT_DIR)/tests/unit/%.o \
		$(UNIT_DIR)/tests/unit/fake_arch.o $(UNIT_COMMON) tests/unit/tables.ld
	$(Q)$(HOSTCC) $(UNIT_SAN) -o $@ $(filter %.o,$^) -Wl,-T,tests/unit/tables.ld \
		-lcmocka -lpthread

$(UNIT_DIR)/test_softstep: $(UNIT_DIR)/tests/unit/test_softstep.o \
		$(UNIT_DIR)/tests/unit/fake_arch_softstep.o $(UNIT_COMMON)
	$(Q)$(HOSTCC) $(UNIT_SAN) -o $@ $^ -lcmocka -lpthread

$(UNIT_DIR)/test_minimal: $(UNIT_DIR)/tests/unit/test_minimal.o \
		$(UNIT_DIR)/tests/unit/fake_arch_minimal.o $(UNIT_COMMON)
	$(Q)$(HOSTCC) $(UNIT_SAN) -o $@ $^ -lcmocka -lpthread

$(UNIT_DIR)/test_xol: $(UNIT_DIR)/tests/unit/test_xol.o \
		$(UNIT_DIR)/tests/unit/fake_arch_xol.o $(UNIT_COMMON)
	$(Q)$(HOSTCC) $(UNIT_SAN) -o $@ $^ -lcmocka -lpthread

# kdb's commands, with the rest of kdb made up (fake_kdb.c), and kallsyms
# (fake_kdb_kernel.c).
UNIT_KDB_CMDS_SRCS := $(addprefix kernel/debug/kdb/,kdb_args.c kdb_bp.c kdb_mem.c kdb_regs.c) \
	tests/unit/fake_kdb.c tests/unit/fake_kdb_kernel.c
$(UNIT_DIR)/test_kdb_cmds: $(UNIT_DIR)/tests/unit/test_kdb_cmds.o $(UNIT_DIR)/tests/unit/fake_arch.o \
		$(patsubst %.c,$(UNIT_DIR)/%.o,$(UNIT_KDB_CMDS_SRCS)) $(UNIT_COMMON)
	$(Q)$(HOSTCC) $(UNIT_SAN) -o $@ $^ -lcmocka -lpthread

$(UNIT_DIR)/test_%: $(UNIT_DIR)/tests/unit/test_%.o $(UNIT_DIR)/tests/unit/fake_arch.o \
		$(UNIT_COMMON)
	$(Q)$(HOSTCC) $(UNIT_SAN) -o $@ $^ -lcmocka -lpthread

# kdb whole, on the core, and on the minimal port; its scripts and
# kdb.cmd_enable are boot parameters.
UNIT_KDB_SRCS := $(wildcard kernel/debug/kdb/*.c) tests/unit/fake_kdb_kernel.c
$(UNIT_DIR)/test_kdb: $(UNIT_DIR)/tests/unit/fake_arch.o
$(UNIT_DIR)/test_kdb_minimal: $(UNIT_DIR)/tests/unit/fake_arch_minimal.o
$(UNIT_DIR)/test_kdb $(UNIT_DIR)/test_kdb_minimal: $(UNIT_DIR)/%: $(UNIT_DIR)/tests/unit/%.o \
		$(patsubst %.c,$(UNIT_DIR)/%.o,$(UNIT_KDB_SRCS)) $(UNIT_COMMON) tests/unit/tables.ld
	$(Q)$(HOSTCC) $(UNIT_SAN) -o $@ $(filter %.o,$^) -Wl,-T,tests/unit/tables.ld \
		-lcmocka -lpthread

# kdb's line editor is pure: on its own, with no debugger and no fake machine.
UNIT_KDB_EDIT_SRCS := kernel/debug/kdb/kdb_edit.c lib/string.c
$(UNIT_DIR)/test_kdb_edit: $(UNIT_DIR)/tests/unit/test_kdb_edit.o \
		$(patsubst %.c,$(UNIT_DIR)/%.o,$(UNIT_KDB_EDIT_SRCS))
	$(Q)$(HOSTCC) $(UNIT_SAN) -o $@ $^ -lcmocka

# The same core built as the minimal profile builds it (kernel/configs/
# kgdb_min.config: every option off, the files they add left out).
UNIT_MIN_DIR := build/host/unit-min
UNIT_MIN_LEFT_OUT := debug_hw.c debug_softstep.c debug_console.c debug_line.c kgdb_monitor.c \
	debug_arch_check.c gdbstub_xml.c debug_agent.c debug_agent_printf.c debug_cond.c \
	debug_xol.c debug_trace.c debug_trace_blocks.c gdbstub_trace.c gdbstub_trace_frames.c
# $(1): the output directory
unit_min_objs = $(patsubst %.c,$(1)/%.o,$(UNIT_FAKE_SRCS) tests/unit/fake_arch.c \
	$(filter-out $(addprefix kernel/debug/,$(UNIT_MIN_LEFT_OUT)),$(UNIT_KERNEL_SRCS)))

# test_profile_min's build: $(1) the output directory, $(2) the compiler's
# flags (no option among them), $(3) the linker's, $(4) the test's path.
define unit_min_build
$(1)/%.o: %.c
	$$(Q)mkdir -p $$(dir $$@)
	$$(Q)$$(HOSTCC) $(2) $$(UNIT_KERNEL_CFLAGS) -MMD -MP -c -o $$@ $$<
$(1)/tests/unit/%.o: tests/unit/%.c
	$$(Q)mkdir -p $$(dir $$@)
	$$(Q)$$(HOSTCC) $(2) -MMD -MP -c -o $$@ $$<
$(4): $(1)/tests/unit/test_profile_min.o $$(call unit_min_objs,$(1))
	$$(Q)mkdir -p $$(dir $$@)
	$$(Q)$$(HOSTCC) $(3) -o $$@ $$^ -lcmocka -lpthread
endef
UNIT_MIN_CFLAGS := $(filter-out $(KGDB_ALL_OPTIONS),$(UNIT_BASE_CFLAGS)) $(UNIT_SAN)
UNIT_MIN_BIN := $(UNIT_DIR)/test_profile_min
$(eval $(call unit_min_build,$(UNIT_MIN_DIR),$(UNIT_MIN_CFLAGS),$(UNIT_SAN),$(UNIT_MIN_BIN)))

-include $(wildcard $(UNIT_DIR)/*/*.d $(UNIT_DIR)/*/*/*.d $(UNIT_DIR)/*/*/*/*.d \
	$(UNIT_MIN_DIR)/*/*.d $(UNIT_MIN_DIR)/*/*/*.d $(UNIT_MIN_DIR)/*/*/*/*.d)

# Line coverage of kernel/debug/ and kernel/debug/kdb/ under these tests
# (gcov), test_profile_min's build of the minimal profile counted in: every
# file must reach the floor, and a file no unit test compiles fails.
# `make check-coverage`, part of make check.
COV_DIR := build/host/coverage
COV_MIN_DIR := build/host/coverage-min
COV_FLOOR ?= 95
COV_CFLAGS := $(UNIT_BASE_CFLAGS) -O0 --coverage
COV_MIN_BIN := $(COV_MIN_DIR)/test_profile_min
COV_BINS := $(addprefix $(COV_DIR)/,$(UNIT_TESTS)) $(COV_MIN_BIN)
COV_SRCS := $(sort $(wildcard kernel/debug/*.c kernel/debug/kdb/*.c))
cov_kobjs := $(call unit_kobjs,$(COV_DIR)) $(call unit_fobjs,$(COV_DIR))

CHECK_TARGETS += check-coverage
.PHONY: check-coverage
check-coverage: $(COV_BINS)
	$(Q)find $(COV_DIR) $(COV_MIN_DIR) -name '*.gcda' -delete
	$(Q)for t in $(COV_BINS); do \
		timeout 120 $$t >/dev/null 2>&1 || { echo "$$t failed"; exit 1; }; \
	done
	$(Q)$(PYTHON) tests/unit/coverage.py --floor $(COV_FLOOR) --build $(COV_DIR) \
		--build $(COV_MIN_DIR) $(COV_SRCS)

COV_MIN_CFLAGS := $(filter-out $(KGDB_ALL_OPTIONS),$(COV_CFLAGS)) -DFAKE_COVERAGE
$(eval $(call unit_min_build,$(COV_MIN_DIR),$(COV_MIN_CFLAGS),--coverage,$(COV_MIN_BIN)))
$(COV_DIR)/kernel/%.o: kernel/%.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(COV_CFLAGS) $(UNIT_KERNEL_CFLAGS) -MMD -MP -c -o $@ $<
$(COV_DIR)/lib/%.o: lib/%.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) $(UNIT_KERNEL_CFLAGS) -MMD -MP -c -o $@ $<
$(COV_DIR)/net/%.o: net/%.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) $(UNIT_KERNEL_CFLAGS) -MMD -MP -c -o $@ $<
$(COV_DIR)/tests/unit/test_kgdboe.o: tests/unit/test_kgdboe.c transports/kgdboe.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) $(UNIT_KERNEL_CFLAGS) -DCONFIG_TICK_POLL -MMD -MP -c -o $@ $<
$(COV_DIR)/tests/unit/%.o: tests/unit/%.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) -DFAKE_COVERAGE -MMD -MP -c -o $@ $<
$(COV_DIR)/tests/unit/fake_arch_minimal.o: tests/unit/fake_arch.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) -DFAKE_ARCH_MINIMAL -MMD -MP -c -o $@ $<
$(COV_DIR)/tests/unit/fake_arch_softstep.o: tests/unit/fake_arch.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) -DFAKE_ARCH_SOFTSTEP -MMD -MP -c -o $@ $<
$(COV_DIR)/tests/unit/fake_arch_xol.o: tests/unit/fake_arch.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_BASE_CFLAGS) -DFAKE_ARCH_XOL -MMD -MP -c -o $@ $<

$(COV_DIR)/test_softstep: $(COV_DIR)/tests/unit/test_softstep.o \
		$(COV_DIR)/tests/unit/fake_arch_softstep.o $(cov_kobjs)
	$(Q)$(HOSTCC) --coverage -o $@ $^ -lcmocka -lpthread
$(COV_DIR)/test_minimal: $(COV_DIR)/tests/unit/test_minimal.o \
		$(COV_DIR)/tests/unit/fake_arch_minimal.o $(cov_kobjs)
	$(Q)$(HOSTCC) --coverage -o $@ $^ -lcmocka -lpthread
$(COV_DIR)/test_xol: $(COV_DIR)/tests/unit/test_xol.o \
		$(COV_DIR)/tests/unit/fake_arch_xol.o $(cov_kobjs)
	$(Q)$(HOSTCC) --coverage -o $@ $^ -lcmocka -lpthread
$(COV_DIR)/test_kgdboe: $(COV_DIR)/tests/unit/test_kgdboe.o $(COV_DIR)/tests/unit/fake_arch.o \
		$(COV_DIR)/net/netpoll_config.o $(cov_kobjs)
	$(Q)$(HOSTCC) --coverage -o $@ $^ -lcmocka -lpthread
$(COV_DIR)/test_core $(COV_DIR)/test_monitor: $(COV_DIR)/%: $(COV_DIR)/tests/unit/%.o \
		$(COV_DIR)/tests/unit/fake_arch.o $(cov_kobjs) tests/unit/tables.ld
	$(Q)$(HOSTCC) --coverage -o $@ $(filter %.o,$^) -Wl,-T,tests/unit/tables.ld \
		-lcmocka -lpthread
$(COV_DIR)/test_kdb_cmds: $(COV_DIR)/tests/unit/test_kdb_cmds.o $(COV_DIR)/tests/unit/fake_arch.o \
		$(patsubst %.c,$(COV_DIR)/%.o,$(UNIT_KDB_CMDS_SRCS)) $(cov_kobjs)
	$(Q)$(HOSTCC) --coverage -o $@ $^ -lcmocka -lpthread
$(COV_DIR)/test_kdb: $(COV_DIR)/tests/unit/fake_arch.o
$(COV_DIR)/test_kdb_minimal: $(COV_DIR)/tests/unit/fake_arch_minimal.o
$(COV_DIR)/test_kdb $(COV_DIR)/test_kdb_minimal: $(COV_DIR)/%: $(COV_DIR)/tests/unit/%.o \
		$(patsubst %.c,$(COV_DIR)/%.o,$(UNIT_KDB_SRCS)) $(cov_kobjs) tests/unit/tables.ld
	$(Q)$(HOSTCC) --coverage -o $@ $(filter %.o,$^) -Wl,-T,tests/unit/tables.ld \
		-lcmocka -lpthread
$(COV_DIR)/test_%: $(COV_DIR)/tests/unit/test_%.o $(COV_DIR)/tests/unit/fake_arch.o $(cov_kobjs)
	$(Q)$(HOSTCC) --coverage -o $@ $^ -lcmocka -lpthread
$(COV_DIR)/test_kdb_edit: $(COV_DIR)/tests/unit/test_kdb_edit.o \
		$(patsubst %.c,$(COV_DIR)/%.o,$(UNIT_KDB_EDIT_SRCS))
	$(Q)$(HOSTCC) --coverage -o $@ $^ -lcmocka

-include $(wildcard $(COV_DIR)/*/*.d $(COV_DIR)/*/*/*.d $(COV_DIR)/*/*/*/*.d \
	$(COV_MIN_DIR)/*/*.d $(COV_MIN_DIR)/*/*/*.d $(COV_MIN_DIR)/*/*/*/*.d)
