# SPDX-License-Identifier: MIT
# Host unit tests of lib/, the boot parameter parser (kernel/params.c) and netpoll (net/),
# built with cmocka under ASan/UBSan. The kernel's libc names are renamed
# (memcpy -> k_memcpy, ...) so that the code under test never collides
# with the host's C library.

CHECK_TARGETS += check-host

HOST_TEST_DIR := build/host/host-tests
HOST_RENAMED := memcpy memmove memset memcmp strlen strnlen strcmp strncmp strchr \
	strlcpy vsnprintf snprintf
HOST_TEST_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -Wno-unused-parameter \
	-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
	-fno-builtin -D__HOST_TEST__ -I include -I . $(foreach f,$(HOST_RENAMED),-D$(f)=k_$(f))
HOST_LIB_SRCS := lib/string.c lib/vsnprintf.c lib/kstrtox.c lib/hex.c
HOST_LIB_OBJS := $(patsubst %.c,$(HOST_TEST_DIR)/%.o,$(HOST_LIB_SRCS))
HOST_TESTS := test_string test_vsnprintf test_kstrtox test_hex test_params
HOST_TEST_BINS := $(addprefix $(HOST_TEST_DIR)/,$(HOST_TESTS) test_mips_branch test_riscv_step \
	test_ppc_branch test_x86_insn test_netpoll test_netpoll_config test_pci_assign)

.PHONY: check-host
check-host: $(HOST_TEST_BINS)
	$(Q)for t in $(HOST_TEST_BINS); do \
		echo "  HOSTTEST $$t"; $$t || exit 1; \
	done

$(HOST_TEST_DIR)/%.o: %.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(HOST_TEST_CFLAGS) -MMD -MP -c -o $@ $<

$(HOST_TEST_DIR)/test_params: $(HOST_TEST_DIR)/tests/host/test_params.o \
		$(HOST_TEST_DIR)/kernel/params.o $(HOST_LIB_OBJS) tests/host/params.ld
	$(Q)$(HOSTCC) $(HOST_TEST_CFLAGS) -o $@ $(filter %.o,$^) \
		-Wl,-T,tests/host/params.ld -lcmocka

# The MIPS next-PC decoder.
MIPS_BRANCH_SRCS := tests/host/test_mips_branch.c arch/mips/lib/next_pc.c
$(HOST_TEST_DIR)/test_mips_branch: $(MIPS_BRANCH_SRCS) $(HOST_LIB_OBJS)
	$(Q)$(HOSTCC) $(HOST_TEST_CFLAGS) -I arch/mips/include -o $@ \
		$(MIPS_BRANCH_SRCS) $(HOST_LIB_OBJS) -lcmocka

# The PowerPC next-PC decoder.
PPC_BRANCH_SRCS := tests/host/test_ppc_branch.c arch/powerpc/lib/next_pc.c
$(HOST_TEST_DIR)/test_ppc_branch: $(PPC_BRANCH_SRCS) $(HOST_LIB_OBJS)
	$(Q)$(HOSTCC) $(HOST_TEST_CFLAGS) -I arch/powerpc/include -o $@ \
		$(PPC_BRANCH_SRCS) $(HOST_LIB_OBJS) -lcmocka

# The RISC-V next-PC decoder.
RISCV_STEP_SRCS := tests/host/test_riscv_step.c arch/riscv/lib/next_pc.c
$(HOST_TEST_DIR)/test_riscv_step: $(RISCV_STEP_SRCS) $(HOST_LIB_OBJS)
	$(Q)$(HOSTCC) $(HOST_TEST_CFLAGS) -I arch/riscv/include -o $@ \
		$(RISCV_STEP_SRCS) $(HOST_LIB_OBJS) -lcmocka

# The x86 decoder of out-of-line execution, in both modes.
X86_INSN_SRCS := tests/host/test_x86_insn.c arch/x86/lib/insn.c
$(HOST_TEST_DIR)/test_x86_insn: $(X86_INSN_SRCS) arch/x86/include/asm/insn.h $(HOST_LIB_OBJS)
	$(Q)$(HOSTCC) $(HOST_TEST_CFLAGS) -I arch/x86/include -o $@ $(X86_INSN_SRCS) $(HOST_LIB_OBJS) -lcmocka

# BAR assignment (drivers/pci/) on a fake configuration space.
PCI_ASSIGN_OBJS := $(addprefix $(HOST_TEST_DIR)/,tests/host/test_pci_assign.o \
	drivers/pci/pci.o drivers/pci/assign.o)
$(HOST_TEST_DIR)/test_pci_assign: $(PCI_ASSIGN_OBJS) $(HOST_LIB_OBJS)
	$(Q)$(HOSTCC) $(HOST_TEST_CFLAGS) -o $@ $^ -lcmocka

# netpoll (net/) on a fake NIC.
NETPOLL_SRCS := $(addprefix net/,checksum.c eth.c arp.c ipv4.c ip_frag.c udp.c netpoll.c \
	netpoll_config.c) tests/host/fake_netdev.c
NETPOLL_OBJS := $(patsubst %.c,$(HOST_TEST_DIR)/%.o,$(NETPOLL_SRCS))
$(HOST_TEST_DIR)/test_netpoll $(HOST_TEST_DIR)/test_netpoll_config: \
		$(HOST_TEST_DIR)/%: $(HOST_TEST_DIR)/tests/host/%.o $(NETPOLL_OBJS) $(HOST_LIB_OBJS)
	$(Q)$(HOSTCC) $(HOST_TEST_CFLAGS) -o $@ $^ -lcmocka

$(HOST_TEST_DIR)/test_%: $(HOST_TEST_DIR)/tests/host/test_%.o $(HOST_LIB_OBJS)
	$(Q)$(HOSTCC) $(HOST_TEST_CFLAGS) -o $@ $^ -lcmocka

-include $(wildcard $(HOST_TEST_DIR)/*/*.d $(HOST_TEST_DIR)/*/*/*.d)
