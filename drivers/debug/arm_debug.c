// SPDX-License-Identifier: MIT
/*
 * Hardware breakpoints and watchpoints on arm and aarch64 (the arch
 * table's hw): the debug architecture's DBGBVR/DBGBCR pairs (BRPs) and
 * DBGWVR/DBGWCR pairs (WRPs), as many as the CPU reports, whose control
 * registers have the same layout on both. <asm/hw_breakpoint.h> reaches
 * them. The core's slots 0-15 are the BRPs, 16-31 the WRPs. A hit is a
 * debug exception (DIE_DEBUG) before the instruction or the access; gdb
 * knows ARM watchpoints are not steppable and steps over them itself. A
 * WRP covers bytes within one aligned word (ARM_DEBUG_WORD: a doubleword
 * on aarch64): a range takes a slot per word.
 */
#include <kernel/arm_debug.h>
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <asm/hw_breakpoint.h>

#define HW_MAX_SLOTS	16
#define WP_FIRST	HW_MAX_SLOTS
#define WORD_MASK	((uintptr_t)ARM_DEBUG_WORD - 1)

/* DBGBCR and DBGWCR share the layout of these fields */
#define CR_E		(1UL << 0)
#define CR_PL_ANY	(3UL << 1)	/* PMC/PAC: privileged and user */
#define CR_LSC(l)	((unsigned long)(l) << 3)	/* watchpoints: load, store or both */
#define CR_BAS(b)	((unsigned long)(b) << 5)	/* byte address select within the word */

static unsigned int num_slots(bool watch)
{
	unsigned int n = arm_debug_count(watch);

	return n < HW_MAX_SLOTS ? n : HW_MAX_SLOTS;
}

static unsigned int arm_debug_slots(enum kgdb_bptype type, unsigned int *first)
{
	bool watch = type != KGDB_BP_HARDWARE;

	*first = watch ? WP_FIRST : 0;
	return num_slots(watch);
}

/* A breakpoint is one instruction (gdb's kind 4; the kernel has no Thumb code). */
static long arm_debug_piece(enum kgdb_bptype type, uintptr_t addr, size_t left)
{
	size_t to_word_end = ARM_DEBUG_WORD - (addr & WORD_MASK);

	if (type == KGDB_BP_HARDWARE)
		return left == 4 && !(addr & 3) ? 4 : -EINVAL;
	return (long)(left < to_word_end ? left : to_word_end);
}

/* The control register of a pair for @s (0: off), and its value register. */
static unsigned long control(const struct kgdb_hw_slot *s, bool watch, uintptr_t *value)
{
	uintptr_t off = s->addr & WORD_MASK;
	/* load (1), store (2) or both (3) */
	unsigned int lsc = s->type == KGDB_WATCH_WRITE ? 2 : s->type == KGDB_WATCH_READ ? 1 : 3;

	if (!s->used)
		return 0;
	*value = watch ? s->addr - off : s->addr;
	return CR_E | CR_PL_ANY | ARM_DEBUG_CR_MATCH |
	       (watch ? CR_LSC(lsc) | CR_BAS(((1UL << s->len) - 1) << off) : CR_BAS(0xf));
}

/* One copy of the arch's table of 64 writes. */
static __noinline void write_reg(unsigned int reg, unsigned int n, unsigned long v)
{
	arm_debug_write(reg, n, v);
}

static void arm_debug_install(const struct kgdb_hw_slot *slots)
{
	unsigned long cr, any = 0;
	unsigned int watch, i, n;
	uintptr_t value;

	arm_debug_enable(false);
	for (watch = 0; watch < 2; watch++) {
		for (i = 0, n = num_slots(watch); i < n; i++) {
			cr = slots ? control(&slots[watch * WP_FIRST + i], watch, &value) : 0;
			write_reg(ARM_DEBUG_BCR + 2 * watch, i, 0);
			if (!cr)
				continue;
			write_reg(ARM_DEBUG_BVR + 2 * watch, i, value);
			write_reg(ARM_DEBUG_BCR + 2 * watch, i, cr);
			any |= cr;
		}
	}
	arm_debug_enable(any);
}

/*
 * Which watchpoint slot a @write access at @far fired: one whose bytes
 * hold @far and that watches that direction, else one of that direction
 * in the same word (aarch64 may report any address of the access), else
 * one that holds @far (arm reports the first watched byte).
 */
static int wp_find(const struct kgdb_hw_slot *slots, uintptr_t far, bool write)
{
	const struct kgdb_hw_slot *s;
	int i, near = -1, holds = -1;
	bool dir, in;

	for (i = WP_FIRST; i < WP_FIRST + HW_MAX_SLOTS; i++) {
		s = &slots[i];
		if (!s->used || (s->addr & ~WORD_MASK) != (far & ~WORD_MASK))
			continue;
		dir = s->type == KGDB_WATCH_ACCESS || (s->type == KGDB_WATCH_WRITE) == write;
		in = far >= s->addr && far < s->addr + s->len;
		if (dir && in)
			return i;
		if (dir && near < 0)
			near = i;
		if (in && holds < 0)
			holds = i;
	}
	return near >= 0 ? near : holds;
}

/*
 * A breakpoint leaves the PC on its instruction; a watchpoint reports the
 * address accessed and the access's direction. A debug exception that
 * none of @slots explains comes from a slot a roundup has since cleared.
 */
static int arm_debug_hit(struct pt_regs *regs, long err, const struct kgdb_hw_slot *slots,
			 uintptr_t *addr)
{
	uintptr_t far = 0;
	bool write = false;
	int i;

	switch (arm_debug_event(regs, &far, &write)) {
	case ARM_DEBUG_BREAKPOINT:
		for (i = 0; i < HW_MAX_SLOTS; i++) {
			if (slots[i].used && slots[i].addr == instruction_pointer(regs)) {
				*addr = slots[i].addr;
				return i;
			}
		}
		return KGDB_HW_STALE;
	case ARM_DEBUG_WATCHPOINT:
		i = wp_find(slots, far, write);
		if (i < 0)
			return KGDB_HW_STALE;
		*addr = far >= slots[i].addr && far < slots[i].addr + slots[i].len ? far :
			slots[i].addr;
		return i;
	default:
		return -1;
	}
}

const struct kgdb_hw_ops arm_debug_kgdb_hw = {
	.slots = arm_debug_slots,
	.piece = arm_debug_piece,
	.install = arm_debug_install,
	.hit = arm_debug_hit,
};
