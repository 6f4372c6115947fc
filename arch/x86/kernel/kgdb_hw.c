// SPDX-License-Identifier: MIT
/*
 * Hardware breakpoints and watchpoints in DR0-DR3/DR7. gdb's requests are
 * recorded in four slots shared by all CPUs and loaded into each CPU's
 * debug registers as it leaves the debugger, so every CPU watches the same.
 *
 * A watched range is split into naturally aligned pieces of 1, 2, 4 (or 8,
 * x86_64) bytes, one slot each. x86 cannot trap on reads alone: a read
 * watchpoint (Z3) is refused as unsupported, and gdb then emulates it with
 * an access watchpoint, reporting a hit only when the value did not change.
 */
#include <kernel/errno.h>
#include <kernel/string.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include "kgdb_x86.h"

#define HW_SLOTS	4

#define DR6_STATUS	0xfUL		/* B0-B3: which slot fired */
#define DR6_CLEAR	0xffff0ff0UL	/* DR6 with no status bit set */
#define DR7_GE		(1UL << 9)	/* exact data breakpoints */
#define DR7_G(i)	(2UL << ((i) * 2))
#define DR7_RW(i, rw)	((unsigned long)(rw) << (16 + (i) * 4))
#define DR7_LEN(i, l)	((unsigned long)(l) << (18 + (i) * 4))
#define DR_RW_EXEC	0
#define DR_RW_WRITE	1
#define DR_RW_ACCESS	3

#ifdef __x86_64__
#define HW_MAX_LEN	8
#else
#define HW_MAX_LEN	4
#endif

struct hw_slot {
	bool used;
	enum kgdb_bptype type;
	uintptr_t addr;		/* the piece this slot covers */
	unsigned int len;
	uintptr_t req_addr;	/* the gdb request it belongs to */
	size_t req_len;
};

static struct hw_slot slots[HW_SLOTS];

/* The largest aligned piece that starts at @addr and fits in @left bytes. */
static unsigned int piece_len(uintptr_t addr, size_t left)
{
	unsigned int len = HW_MAX_LEN;

	while (len > left || (addr & (len - 1)))
		len >>= 1;
	return len;
}

static unsigned int free_slots(void)
{
	unsigned int i, n = 0;

	for (i = 0; i < HW_SLOTS; i++)
		n += !slots[i].used;
	return n;
}

static void take_slot(enum kgdb_bptype type, uintptr_t addr, unsigned int len,
		      uintptr_t req_addr, size_t req_len)
{
	unsigned int i;

	for (i = 0; slots[i].used; i++)
		;
	slots[i] = (struct hw_slot){ true, type, addr, len, req_addr, req_len };
}

int x86_kgdb_set_hw_bp(uintptr_t addr, size_t len, enum kgdb_bptype type)
{
	unsigned int pieces = 0;
	uintptr_t a;
	size_t left;

	switch (type) {
	case KGDB_BP_HARDWARE:
		/* gdb's kind for x86 is 1; an execute slot covers one address. */
		if (!free_slots())
			return -ENOSPC;
		take_slot(type, addr, 1, addr, len);
		return 0;
	case KGDB_WATCH_WRITE:
	case KGDB_WATCH_ACCESS:
		break;
	case KGDB_WATCH_READ:
		return -ENOTSUP;
	default:
		return -EINVAL;
	}
	if (!len || addr + len < addr)
		return -EINVAL;
	if (len > HW_SLOTS * HW_MAX_LEN)
		return -ENOSPC;
	for (a = addr, left = len; left; pieces++) {
		unsigned int n = piece_len(a, left);

		a += n;
		left -= n;
	}
	if (pieces > free_slots())
		return -ENOSPC;
	for (a = addr, left = len; left;) {
		unsigned int n = piece_len(a, left);

		take_slot(type, a, n, addr, len);
		a += n;
		left -= n;
	}
	return 0;
}

int x86_kgdb_remove_hw_bp(uintptr_t addr, size_t len, enum kgdb_bptype type)
{
	unsigned int i;
	int err = -ENOENT;

	for (i = 0; i < HW_SLOTS; i++) {
		if (slots[i].used && slots[i].type == type && slots[i].req_addr == addr &&
		    slots[i].req_len == len) {
			slots[i].used = false;
			err = 0;
		}
	}
	return err;
}

void x86_kgdb_remove_all_hw_bps(void)
{
	memset(slots, 0, sizeof(slots));
}

void x86_kgdb_disable_hw_bps(void)
{
	set_debugreg(7, 0);
}

static unsigned long len_bits(unsigned int len)
{
	switch (len) {
	case 2:
		return 1;
	case 8:
		return 2;
	case 4:
		return 3;
	default:
		return 0;
	}
}

void x86_kgdb_install_hw_bps(void)
{
	unsigned long dr7 = 0;
	unsigned int i;
	int rw;

	for (i = 0; i < HW_SLOTS; i++) {
		if (!slots[i].used)
			continue;
		set_debugreg(i, slots[i].addr);
		rw = slots[i].type == KGDB_BP_HARDWARE ? DR_RW_EXEC :
		     slots[i].type == KGDB_WATCH_WRITE ? DR_RW_WRITE : DR_RW_ACCESS;
		dr7 |= DR7_G(i) | DR7_RW(i, rw);
		if (rw != DR_RW_EXEC)
			dr7 |= DR7_LEN(i, len_bits(slots[i].len)) | DR7_GE;
	}
	set_debugreg(6, DR6_CLEAR);
	set_debugreg(7, dr7);
}

int x86_kgdb_hw_stop_reason(struct pt_regs *regs, uintptr_t *addr)
{
	unsigned long dr6 = x86_kgdb_cpus[smp_processor_id()].dr6;
	unsigned int i;

	for (i = 0; i < HW_SLOTS; i++) {
		if (!(dr6 & DR6_STATUS & (1UL << i)) || !slots[i].used)
			continue;
		*addr = slots[i].addr;
		/* Resume must not trap again on the same instruction breakpoint. */
		if (slots[i].type == KGDB_BP_HARDWARE)
			regs_flags(regs) |= X86_EFLAGS_RF;
		return slots[i].type;
	}
	return -1;
}
