// SPDX-License-Identifier: MIT
/*
 * Hardware breakpoints and watchpoints in DR0-DR3/DR7: the core's slots
 * 0-3 are the four debug address registers, for every type.
 *
 * A watched range is split into naturally aligned pieces of 1, 2, 4 (or 8,
 * x86_64) bytes, one slot each. x86 cannot trap on reads alone: a read
 * watchpoint (Z3) is refused as unsupported, and gdb then emulates it with
 * an access watchpoint, reporting a hit only when the value did not change.
 */
#include <kernel/printk.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include "kgdb_x86.h"

#define HW_SLOTS	4

#define DR6_STATUS	0xfUL		/* B0-B3: which slot fired */
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

/* Any type may take any of the four registers. */
static unsigned int x86_kgdb_hw_slots(enum kgdb_bptype type, unsigned int *first)
{
	*first = 0;
	return type == KGDB_WATCH_READ ? 0 : HW_SLOTS;
}

/*
 * An execute slot covers one address whatever gdb's kind (1 on x86); a
 * data slot the largest naturally aligned piece that fits.
 */
static long x86_kgdb_hw_piece(enum kgdb_bptype type, uintptr_t addr, size_t left)
{
	unsigned int len = HW_MAX_LEN;

	if (type == KGDB_BP_HARDWARE)
		return (long)left;
	while (len > left || (addr & (len - 1)))
		len >>= 1;
	return len;
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

static void x86_kgdb_hw_install(const struct kgdb_hw_slot *slots)
{
	unsigned long dr7 = 0;
	unsigned int i;
	int rw;

	set_debugreg(7, 0);
	for (i = 0; slots && i < HW_SLOTS; i++) {
		if (!slots[i].used)
			continue;
		set_debugreg(i, slots[i].addr);
		rw = slots[i].type == KGDB_BP_HARDWARE ? DR_RW_EXEC :
		     slots[i].type == KGDB_WATCH_WRITE ? DR_RW_WRITE : DR_RW_ACCESS;
		dr7 |= DR7_G(i) | DR7_RW(i, rw);
		if (rw != DR_RW_EXEC)
			dr7 |= DR7_LEN(i, len_bits(slots[i].len)) | DR7_GE;
	}
	/* DR6 stays: a #DB in flight, held by a roundup, reads it still. */
	set_debugreg(7, dr7);
}

/* @err: DR6 as the #DB handler found it (it resets DR6 before the chain). */
static int x86_kgdb_hw_hit(struct pt_regs *regs, long err, const struct kgdb_hw_slot *slots,
		    uintptr_t *addr)
{
	unsigned long dr6 = (unsigned long)err;
	unsigned int i;

	for (i = 0; i < HW_SLOTS; i++) {
		if (!(dr6 & DR6_STATUS & (1UL << i)) || !slots[i].used)
			continue;
		*addr = slots[i].addr;
		/* Resume must not trap again on the same instruction breakpoint. */
		if (slots[i].type == KGDB_BP_HARDWARE)
			regs_flags(regs) |= X86_EFLAGS_RF;
		return (int)i;
	}
	return dr6 & DR6_STATUS ? KGDB_HW_STALE : -1;
}

const struct kgdb_hw_ops x86_kgdb_hw = {
	.slots = x86_kgdb_hw_slots,
	.piece = x86_kgdb_hw_piece,
	.install = x86_kgdb_hw_install,
	.hit = x86_kgdb_hw_hit,
};
