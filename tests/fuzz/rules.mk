# SPDX-License-Identifier: MIT
# libFuzzer over the debugger's packet layer (tests/fuzz/fuzz_gdbstub.c),
# on the unit tests' fake machine, over netpoll's receive path
# (tests/fuzz/fuzz_netpoll.c), over both at once through kgdboe
# (tests/fuzz/fuzz_kgdboe.c: frames in, RSP out), and over gdb's agent
# expressions (tests/fuzz/fuzz_agent.c: verified, then run), and over kdb's
# line editor (tests/fuzz/fuzz_kdb_edit.c: keystrokes) and its commands
# (tests/fuzz/fuzz_kdb_cmds.c: lines typed), with ASan/UBSan. `make check`
# runs a short seeded smoke of each (FUZZ_RUNS inputs) that fails on any
# crash, leak or sanitizer report; `make fuzz` (`make fuzz FUZZ=netpoll`,
# kgdboe, agent, kdb-edit, kdb-cmds) runs until stopped (or FUZZ_TIME
# seconds).

CHECK_TARGETS += check-fuzz

FUZZ_DIR := build/host/fuzz
FUZZ_CC ?= clang-14
FUZZ_RUNS ?= 100000
# The packet layer's inputs are the slowest (a session each): its smoke is
# the longest of the six that run side by side.
FUZZ_GDBSTUB_RUNS ?= 50000
FUZZ_TIME ?= 0
# As tests/unit/rules.mk builds them (that file is included after this one).
FUZZ_RENAMED := memcpy memmove memset memcmp strlen strnlen strcmp strncmp strchr \
	strlcpy vsnprintf snprintf
FUZZ_KERNEL_CFLAGS := -fno-builtin $(foreach f,$(FUZZ_RENAMED),-D$(f)=k_$(f))
FUZZ_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -Wno-unused-parameter \
	-fno-omit-frame-pointer -D__HOST_TEST__ -DCONFIG_NR_CPUS=4 \
	-DCONFIG_KGDB_PACKET_SIZE=4096 -DCONFIG_KGDB_MAX_BREAKPOINTS=8 $(KGDB_ALL_OPTIONS) \
	-I tests/unit/include -I include -I . \
	-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_SRCS := $(DEBUG_CORE_SRCS) \
	lib/string.c lib/vsnprintf.c lib/hex.c tests/unit/fake_kernel.c tests/unit/fake_arch.c \
	tests/fuzz/fuzz_gdbstub.c
FUZZ_OBJS := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(FUZZ_SRCS))
FUZZ_BIN := $(FUZZ_DIR)/fuzz_gdbstub
FUZZ_FLAGS := -max_len=9000 -timeout=20 -rss_limit_mb=4096 -print_final_stats=0

# netpoll: room for the dozen frames of a 16 KiB datagram in one input.
FUZZ_NETPOLL_SRCS := $(addprefix net/,checksum.c eth.c arp.c ipv4.c ip_frag.c udp.c \
	netpoll.c netpoll_config.c) lib/string.c lib/vsnprintf.c lib/hex.c \
	tests/fuzz/fuzz_netpoll.c
FUZZ_NETPOLL_OBJS := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(FUZZ_NETPOLL_SRCS))
FUZZ_NETPOLL_BIN := $(FUZZ_DIR)/fuzz_netpoll
FUZZ_NETPOLL_FLAGS := -max_len=20000 -timeout=20 -rss_limit_mb=4096 -print_final_stats=0

# kgdboe: frames through netpoll and the transport into the packet layer;
# a session per input makes it slower, so its smoke is shorter.
FUZZ_KGDBOE_RUNS ?= 20000
FUZZ_KGDBOE_SRCS := $(DEBUG_CORE_SRCS) $(filter net/%,$(FUZZ_NETPOLL_SRCS)) \
	lib/string.c lib/vsnprintf.c lib/hex.c tests/unit/fake_kernel.c tests/unit/fake_arch.c
FUZZ_KGDBOE_OBJS := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(FUZZ_KGDBOE_SRCS)) \
	$(FUZZ_DIR)/fuzz_kgdboe.o
FUZZ_KGDBOE_BIN := $(FUZZ_DIR)/fuzz_kgdboe

# Agent expressions: one an input, a little over the longest one taken.
FUZZ_AGENT_RUNS ?= 200000
FUZZ_AGENT_SRCS := $(DEBUG_CORE_SRCS) \
	lib/string.c lib/vsnprintf.c lib/hex.c tests/unit/fake_kernel.c tests/unit/fake_arch.c \
	tests/fuzz/fuzz_agent.c
FUZZ_AGENT_OBJS := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(FUZZ_AGENT_SRCS))
FUZZ_AGENT_BIN := $(FUZZ_DIR)/fuzz_agent
FUZZ_AGENT_FLAGS := -max_len=1100 -timeout=20 -rss_limit_mb=4096 -print_final_stats=0

# kdb's line editor, alone: room for a few lines too long for its buffer.
FUZZ_KDB_EDIT_SRCS := kernel/debug/kdb/kdb_edit.c lib/string.c tests/fuzz/fuzz_kdb_edit.c
FUZZ_KDB_EDIT_OBJS := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(FUZZ_KDB_EDIT_SRCS))
FUZZ_KDB_EDIT_BIN := $(FUZZ_DIR)/fuzz_kdb_edit
FUZZ_KDB_EDIT_FLAGS := -max_len=2048 -timeout=20 -rss_limit_mb=4096 -print_final_stats=0

# kdb's commands on the fake machine: room for a dozen lines, some too long for the editor.
FUZZ_KDB_CMDS_SRCS := $(DEBUG_CORE_SRCS) kernel/debug/kdb/kdb_args.c kernel/debug/kdb/kdb_regs.c \
	lib/string.c lib/vsnprintf.c lib/hex.c tests/unit/fake_kernel.c tests/unit/fake_arch.c \
	tests/unit/fake_kdb.c tests/unit/fake_kdb_kernel.c
FUZZ_KDB_CMDS_OBJS := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(FUZZ_KDB_CMDS_SRCS)) \
	$(FUZZ_DIR)/fuzz_kdb_cmds.o
FUZZ_KDB_CMDS_BIN := $(FUZZ_DIR)/fuzz_kdb_cmds
FUZZ_KDB_CMDS_FLAGS := -max_len=4096 -timeout=20 -rss_limit_mb=4096 -print_final_stats=0

.PHONY: check-fuzz fuzz
.PRECIOUS: $(FUZZ_DIR)/%.o

$(FUZZ_DIR)/kernel/%.o: kernel/%.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_KERNEL_CFLAGS) -MMD -MP -c -o $@ $<
$(FUZZ_DIR)/net/%.o: net/%.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_KERNEL_CFLAGS) -MMD -MP -c -o $@ $<
$(FUZZ_DIR)/lib/%.o: lib/%.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_KERNEL_CFLAGS) -MMD -MP -c -o $@ $<
$(FUZZ_DIR)/tests/%.o: tests/%.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<

# It includes transports/kgdboe.c, so it is built as kernel code is.
$(FUZZ_DIR)/fuzz_kgdboe.o: tests/fuzz/fuzz_kgdboe.c transports/kgdboe.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_KERNEL_CFLAGS) -DCONFIG_TICK_POLL -MMD -MP -c -o $@ $<
# It includes kdb_env.c, kdb_mem.c and kdb_bp.c (their tables start over each input).
$(FUZZ_DIR)/fuzz_kdb_cmds.o: tests/fuzz/fuzz_kdb_cmds.c \
		$(addprefix kernel/debug/kdb/,kdb_env.c kdb_mem.c kdb_bp.c)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_KERNEL_CFLAGS) -MMD -MP -c -o $@ $<

$(FUZZ_KGDBOE_BIN): $(FUZZ_KGDBOE_OBJS)
	$(Q)$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^ -lpthread
$(FUZZ_BIN): $(FUZZ_OBJS)
	$(Q)$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^ -lpthread
$(FUZZ_NETPOLL_BIN): $(FUZZ_NETPOLL_OBJS)
	$(Q)$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^ -lpthread
$(FUZZ_AGENT_BIN): $(FUZZ_AGENT_OBJS)
	$(Q)$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^ -lpthread
$(FUZZ_KDB_EDIT_BIN): $(FUZZ_KDB_EDIT_OBJS)
	$(Q)$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^
$(FUZZ_KDB_CMDS_BIN): $(FUZZ_KDB_CMDS_OBJS)
	$(Q)$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^ -lpthread

# The seeds stay as committed: new inputs go to a scratch corpus. One smoke:
# $(1) its name, $(2) the harness, $(3) its flags, $(4) inputs, $(5) corpora.
define fuzz_smoke
.PHONY: fuzz-smoke-$(1)
fuzz-smoke-$(1): $(2)
	$$(Q)rm -rf $$(FUZZ_DIR)/smoke-$(1) && mkdir -p $$(FUZZ_DIR)/smoke-$(1)
	$$(Q)$(2) $(3) -seed=1 -runs=$(4) -artifact_prefix=$$(FUZZ_DIR)/$(1)- \
		$$(FUZZ_DIR)/smoke-$(1) $(5) 2>$$(FUZZ_DIR)/smoke-$(1).log || \
		{ tail -40 $$(FUZZ_DIR)/smoke-$(1).log; exit 1; }
	@echo "  FUZZ    $(2) ($(4) inputs): $$$$(grep -E '^Done|#[0-9]+ +DONE' \
		$$(FUZZ_DIR)/smoke-$(1).log | tail -1)"
endef
$(eval $(call fuzz_smoke,gdbstub,$(FUZZ_BIN),$(FUZZ_FLAGS),$(FUZZ_GDBSTUB_RUNS),tests/fuzz/corpus))
$(eval $(call fuzz_smoke,netpoll,$(FUZZ_NETPOLL_BIN),$(FUZZ_NETPOLL_FLAGS),$(FUZZ_RUNS),\
	tests/fuzz/corpus-netpoll))
$(eval $(call fuzz_smoke,kgdboe,$(FUZZ_KGDBOE_BIN),$(FUZZ_NETPOLL_FLAGS),$(FUZZ_KGDBOE_RUNS),\
	tests/fuzz/corpus-kgdboe tests/fuzz/corpus-netpoll))
$(eval $(call fuzz_smoke,agent,$(FUZZ_AGENT_BIN),$(FUZZ_AGENT_FLAGS),$(FUZZ_AGENT_RUNS),\
	tests/fuzz/corpus-agent))
$(eval $(call fuzz_smoke,kdb-edit,$(FUZZ_KDB_EDIT_BIN),$(FUZZ_KDB_EDIT_FLAGS),$(FUZZ_RUNS),\
	tests/fuzz/corpus-kdb-edit))
$(eval $(call fuzz_smoke,kdb-cmds,$(FUZZ_KDB_CMDS_BIN),$(FUZZ_KDB_CMDS_FLAGS),$(FUZZ_RUNS),\
	tests/fuzz/corpus-kdb-cmds))

# The smokes run side by side: each is one process, and the gdbstub's
# alone takes about a minute.
FUZZ_JOBS ?= $(shell nproc)
check-fuzz: $(FUZZ_BIN) $(FUZZ_NETPOLL_BIN) $(FUZZ_KGDBOE_BIN) $(FUZZ_AGENT_BIN) \
		$(FUZZ_KDB_EDIT_BIN) $(FUZZ_KDB_CMDS_BIN)
	$(Q)$(MAKE) --no-print-directory -j$(FUZZ_JOBS) \
		$(addprefix fuzz-smoke-,gdbstub netpoll kgdboe agent kdb-edit kdb-cmds)

# make fuzz FUZZ=netpoll (or kgdboe, agent, kdb-edit, kdb-cmds): that harness, with its own corpora.
ifeq ($(FUZZ),kdb-cmds)
fuzz: $(FUZZ_KDB_CMDS_BIN)
	$(Q)mkdir -p $(FUZZ_DIR)/corpus-kdb-cmds
	$(FUZZ_KDB_CMDS_BIN) $(FUZZ_KDB_CMDS_FLAGS) -max_total_time=$(FUZZ_TIME) \
		-artifact_prefix=$(FUZZ_DIR)/kdb-cmds- $(FUZZ_DIR)/corpus-kdb-cmds \
		tests/fuzz/corpus-kdb-cmds
else ifeq ($(FUZZ),kdb-edit)
fuzz: $(FUZZ_KDB_EDIT_BIN)
	$(Q)mkdir -p $(FUZZ_DIR)/corpus-kdb-edit
	$(FUZZ_KDB_EDIT_BIN) $(FUZZ_KDB_EDIT_FLAGS) -max_total_time=$(FUZZ_TIME) \
		-artifact_prefix=$(FUZZ_DIR)/kdb-edit- $(FUZZ_DIR)/corpus-kdb-edit \
		tests/fuzz/corpus-kdb-edit
else ifeq ($(FUZZ),agent)
fuzz: $(FUZZ_AGENT_BIN)
	$(Q)mkdir -p $(FUZZ_DIR)/corpus-agent
	$(FUZZ_AGENT_BIN) $(FUZZ_AGENT_FLAGS) -max_total_time=$(FUZZ_TIME) \
		-artifact_prefix=$(FUZZ_DIR)/agent- $(FUZZ_DIR)/corpus-agent tests/fuzz/corpus-agent
else ifeq ($(FUZZ),kgdboe)
fuzz: $(FUZZ_KGDBOE_BIN)
	$(Q)mkdir -p $(FUZZ_DIR)/corpus-kgdboe
	$(FUZZ_KGDBOE_BIN) $(FUZZ_NETPOLL_FLAGS) -max_total_time=$(FUZZ_TIME) \
		-artifact_prefix=$(FUZZ_DIR)/kgdboe- $(FUZZ_DIR)/corpus-kgdboe tests/fuzz/corpus-kgdboe
else ifeq ($(FUZZ),netpoll)
fuzz: $(FUZZ_NETPOLL_BIN)
	$(Q)mkdir -p $(FUZZ_DIR)/corpus-netpoll
	$(FUZZ_NETPOLL_BIN) $(FUZZ_NETPOLL_FLAGS) -max_total_time=$(FUZZ_TIME) \
		-artifact_prefix=$(FUZZ_DIR)/netpoll- $(FUZZ_DIR)/corpus-netpoll tests/fuzz/corpus-netpoll
else
fuzz: $(FUZZ_BIN)
	$(Q)mkdir -p $(FUZZ_DIR)/corpus
	$(FUZZ_BIN) $(FUZZ_FLAGS) -max_total_time=$(FUZZ_TIME) -artifact_prefix=$(FUZZ_DIR)/ \
		$(FUZZ_DIR)/corpus tests/fuzz/corpus
endif

-include $(wildcard $(FUZZ_DIR)/*/*.d $(FUZZ_DIR)/*/*/*.d $(FUZZ_DIR)/*/*/*/*.d)
