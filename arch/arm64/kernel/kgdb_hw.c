// SPDX-License-Identifier: MIT
/*
 * Hardware breakpoints and watchpoints: the DBGBVR/DBGBCR pairs and the
 * DBGWVR/DBGWCR pairs, as many as ID_AA64DFR0_EL1 reports (Cortex-A57:
 * 6 and 4), live while MDSCR_EL1.MDE and KDE are set and PSTATE.D is
 * clear (arm64_cpu_init()). The core's slots 0-15 are the breakpoints,
 * 16-31 the watchpoints. A hit is a debug exception (traps.c: DIE_DEBUG)
 * before the instruction or the access; gdb knows AArch64 watchpoints
 * are not steppable and steps over them itself. A watchpoint covers bytes
 * within one aligned doubleword (BAS): a range takes a slot per
 * doubleword.
 */
#include <kernel/errno.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>
#include "kgdb_arm64.h"

#define HW_MAX_SLOTS	16
#define WP_FIRST	HW_MAX_SLOTS

/* ID_AA64DFR0_EL1: the number of BRPs and WRPs, each minus one */
#define DFR0_BRPS(d)	((((d) >> 12) & 0xf) + 1)
#define DFR0_WRPS(d)	((((d) >> 20) & 0xf) + 1)

/* DBGBCR and DBGWCR share the layout of these fields */
#define CR_E		(1UL << 0)
#define CR_EL1_EL0	(3UL << 1)	/* PMC/PAC: EL1 and EL0 */
#define CR_LSC(l)	((unsigned long)(l) << 3)	/* watchpoints: load, store or both */
#define CR_BAS(b)	((unsigned long)(b) << 5)	/* bytes of the word/doubleword */

#define ESR_WNR		(1UL << 6)	/* watchpoint: the access was a write */

/*
 * Write DBG<reg><n>_EL1: the register number is part of the instruction,
 * so jump into a table of the sixteen, two instructions each.
 */
#define DBG_WRITE(reg, n, v)						\
	__asm__ __volatile__("adr x16, 1f\n\tadd x16, x16, %0, lsl #3\n\tbr x16\n1:\n\t"	\
			     ".irp i,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n\t"	\
			     "msr dbg" reg "\\i\\()_el1, %1\n\tb 2f\n\t.endr\n2:"	\
			     : : "r"((unsigned long)(n)), "r"((unsigned long)(v)) : "x16", "memory")

static unsigned int num_slots(bool watch)
{
	unsigned long dfr0 = read_sysreg(id_aa64dfr0_el1);
	unsigned int n = watch ? DFR0_WRPS(dfr0) : DFR0_BRPS(dfr0);

	return n < HW_MAX_SLOTS ? n : HW_MAX_SLOTS;
}

static unsigned int arm64_kgdb_hw_slots(enum kgdb_bptype type, unsigned int *first)
{
	bool watch = type != KGDB_BP_HARDWARE;

	*first = watch ? WP_FIRST : 0;
	return num_slots(watch);
}

/* A breakpoint is one A64 instruction (gdb's kind 4). */
static long arm64_kgdb_hw_piece(enum kgdb_bptype type, uintptr_t addr, size_t left)
{
	size_t to_dword_end = 8 - (addr & 7);

	if (type == KGDB_BP_HARDWARE)
		return left == 4 && !(addr & 3) ? 4 : -EINVAL;
	return (long)(left < to_dword_end ? left : to_dword_end);
}

/* Load (1), store (2) or both (3). */
static unsigned long lsc(enum kgdb_bptype type)
{
	return type == KGDB_WATCH_WRITE ? 2 : type == KGDB_WATCH_READ ? 1 : 3;
}

static void arm64_kgdb_hw_install(const struct kgdb_hw_slot *slots)
{
	unsigned int i, nbrp = num_slots(false), nwrp = num_slots(true);
	const struct kgdb_hw_slot *s;

	for (i = 0; i < nbrp; i++) {
		s = slots ? &slots[i] : NULL;
		DBG_WRITE("bcr", i, 0);
		if (!s || !s->used)
			continue;
		DBG_WRITE("bvr", i, s->addr);
		DBG_WRITE("bcr", i, CR_E | CR_EL1_EL0 | CR_BAS(0xf));
	}
	for (i = 0; i < nwrp; i++) {
		s = slots ? &slots[WP_FIRST + i] : NULL;
		DBG_WRITE("wcr", i, 0);
		if (!s || !s->used)
			continue;
		DBG_WRITE("wvr", i, s->addr & ~(uintptr_t)7);
		DBG_WRITE("wcr", i, CR_E | CR_EL1_EL0 | CR_LSC(lsc(s->type)) |
			  CR_BAS(((1UL << s->len) - 1) << (s->addr & 7)));
	}
	isb();
}

/*
 * Which watchpoint slot a @write access at @far fired: one whose bytes
 * hold @far, else one in the same doubleword (the address the CPU
 * reports may be anywhere in the access).
 */
static int wp_find(const struct kgdb_hw_slot *slots, uintptr_t far, bool write)
{
	const struct kgdb_hw_slot *s;
	int i, near = -1;

	for (i = WP_FIRST; i < WP_FIRST + HW_MAX_SLOTS; i++) {
		s = &slots[i];
		if (!s->used || (s->addr & ~(uintptr_t)7) != (far & ~(uintptr_t)7))
			continue;
		if (s->type != KGDB_WATCH_ACCESS && (s->type == KGDB_WATCH_WRITE) != write)
			continue;
		if (far >= s->addr && far < s->addr + s->len)
			return i;
		if (near < 0)
			near = i;
	}
	return near;
}

/*
 * A breakpoint leaves the PC on its instruction; for a watchpoint FAR_EL1
 * holds the address accessed, and the syndrome's WnR its direction.
 */
static int arm64_kgdb_hw_hit(struct pt_regs *regs, long err, const struct kgdb_hw_slot *slots,
			     uintptr_t *addr)
{
	unsigned int ec = ESR_EC(regs->esr);
	uintptr_t far;
	int i;

	if (regs->trapnr != ARM64_TRAP_SYNC)
		return -1;
	if (ec == EC_BREAKPOINT) {
		for (i = 0; i < HW_MAX_SLOTS; i++) {
			if (slots[i].used && slots[i].addr == regs->pc) {
				*addr = regs->pc;
				return i;
			}
		}
		return KGDB_HW_STALE;
	}
	if (ec == EC_WATCHPOINT) {
		far = read_sysreg(far_el1);
		i = wp_find(slots, far, regs->esr & ESR_WNR);
		if (i < 0)
			return KGDB_HW_STALE;
		*addr = far >= slots[i].addr && far < slots[i].addr + slots[i].len ? far :
			slots[i].addr;
		return i;
	}
	return -1;
}

const struct kgdb_hw_ops arm64_kgdb_hw = {
	.slots = arm64_kgdb_hw_slots,
	.piece = arm64_kgdb_hw_piece,
	.install = arm64_kgdb_hw_install,
	.hit = arm64_kgdb_hw_hit,
};
