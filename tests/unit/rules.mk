# SPDX-License-Identifier: MIT
# Host unit tests of the debugger (kernel/debug/kgdb*.c, kernel/debug/gdbstub*.c),
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
	-DCONFIG_KGDB_PACKET_SIZE=4096 -DCONFIG_KGDB_MAX_BREAKPOINTS=8 \
	-I tests/unit/include -I include -I .
UNIT_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
UNIT_KERNEL_CFLAGS := -fno-builtin $(foreach f,$(UNIT_RENAMED),-D$(f)=k_$(f))
UNIT_KERNEL_SRCS := $(DEBUG_CORE_SRCS) lib/string.c lib/vsnprintf.c lib/hex.c
UNIT_FAKE_SRCS := tests/unit/fake_kernel.c
UNIT_TESTS := test_gdbstub_packet test_gdbstub test_kgdb test_minimal test_softstep
UNIT_BINS := $(addprefix $(UNIT_DIR)/,$(UNIT_TESTS))

# $(1): the output directory
unit_kobjs = $(patsubst %.c,$(1)/%.o,$(UNIT_KERNEL_SRCS))
unit_fobjs = $(patsubst %.c,$(1)/%.o,$(UNIT_FAKE_SRCS))

.PRECIOUS: $(UNIT_DIR)/%.o
.PHONY: check-unit
check-unit: $(UNIT_BINS)
	$(Q)for t in $(UNIT_BINS); do \
		echo "  UNIT    $$t"; $$t || exit 1; \
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

UNIT_COMMON := $(call unit_kobjs,$(UNIT_DIR)) $(call unit_fobjs,$(UNIT_DIR))

$(UNIT_DIR)/test_softstep: $(UNIT_DIR)/tests/unit/test_softstep.o \
		$(UNIT_DIR)/tests/unit/fake_arch_softstep.o $(UNIT_COMMON)
	$(Q)$(HOSTCC) $(UNIT_SAN) -o $@ $^ -lcmocka -lpthread

$(UNIT_DIR)/test_minimal: $(UNIT_DIR)/tests/unit/test_minimal.o \
		$(UNIT_DIR)/tests/unit/fake_arch_minimal.o $(UNIT_COMMON)
	$(Q)$(HOSTCC) $(UNIT_SAN) -o $@ $^ -lcmocka -lpthread

$(UNIT_DIR)/test_%: $(UNIT_DIR)/tests/unit/test_%.o $(UNIT_DIR)/tests/unit/fake_arch.o \
		$(UNIT_COMMON)
	$(Q)$(HOSTCC) $(UNIT_SAN) -o $@ $^ -lcmocka -lpthread

-include $(wildcard $(UNIT_DIR)/*/*.d $(UNIT_DIR)/*/*/*.d)
