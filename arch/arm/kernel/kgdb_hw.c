// SPDX-License-Identifier: MIT
/*
 * Hardware breakpoints and watchpoints: the v7 debug architecture's CP14
 * DBGBVR/DBGBCR pairs (BRPs) and DBGWVR/DBGWCR pairs (WRPs), as many as
 * DBGDIDR reports, enabled by DBGDSCR.MDBGen. The core's slots 0-15 are
 * the BRPs, 16-31 the WRPs. A hit is a prefetch or data abort with the
 * debug event status (fault.c: DIE_DEBUG), before the instruction or the
 * access; gdb knows ARM watchpoints are not steppable and steps over them
 * itself. A WRP covers bytes within one aligned word (BAS): a range takes
 * a slot per word. Slots match in every mode and security state (HMC=1,
 * SSC=0, PMC/PAC=3): under `-M virt,secure=on` the kernel runs in Secure
 * SVC, which QEMU treats as AArch32 EL3, where only HMC=1 matches.
 */
#include <kernel/errno.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include "kgdb_arm.h"

#define HW_MAX_SLOTS	16

/* DBGDIDR: the number of WRPs and BRPs, each minus one */
#define DIDR_WRPS(d)	((((d) >> 28) & 0xf) + 1)
#define DIDR_BRPS(d)	((((d) >> 24) & 0xf) + 1)

#define DSCR_MDBGEN	(1U << 15)

/* CP14 debug registers, by name, as cp15_read() and cp15_write() have them. */
#define DBGDIDR		"c0, c0, 0"
#define DBGDSCR		"c0, c2, 2"
#define DBGOSLAR	"c1, c0, 4"	/* any value but the key clears the OS Lock */
#define cp14_read(reg) ({						\
	u32 v_;								\
	__asm__ __volatile__("mrc p14, 0, %0, " reg : "=r"(v_));	\
	v_; })
#define cp14_write(reg, v)						\
	__asm__ __volatile__("mcr p14, 0, %0, " reg "\n\tisb" : : "r"((u32)(v)) : "memory")

/* opc2 of the per-slot registers: mcr p14, 0, Rt, c0, c<n>, opc2 */
#define DBGBVR		4
#define DBGBCR		5
#define DBGWVR		6
#define DBGWCR		7

/* DBGBCR and DBGWCR share the layout of these fields */
#define CR_E		(1U << 0)
#define CR_PL_ANY	(3U << 1)	/* PMC/PAC: PL0 and PL1 */
#define CR_LSC(l)	((u32)(l) << 3)	/* watchpoints: load, store or both */
#define CR_BAS(b)	((u32)(b) << 5)	/* byte address select within the word */
#define CR_HMC		(1U << 13)

#define FSR_WNR		(1UL << 11)	/* DFSR: the access was a write */

/* The core's slots: breakpoint registers first, then watchpoint registers. */
#define WP_FIRST	HW_MAX_SLOTS

/*
 * Write DBG{B,W}{V,C}R<n> (@op2 says which): the register number is part
 * of the instruction, so jump into a table of the sixteen, two
 * instructions each (the pc reads 8 bytes ahead, past the nop).
 */
#define DBG_WRITE(op2, n, v)						\
	__asm__ __volatile__("add pc, pc, %0, lsl #3\n\tnop\n\t"		\
			     ".irp i,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n\t"	\
			     "mcr p14, 0, %1, c0, c\\i, " __stringify(op2) "\n\t"	\
			     "b 1f\n\t.endr\n1:" : : "r"(n), "r"((u32)(v)) : "memory")

static unsigned int num_slots(bool watch)
{
	u32 didr = cp14_read(DBGDIDR);
	unsigned int n = watch ? DIDR_WRPS(didr) : DIDR_BRPS(didr);

	return n < HW_MAX_SLOTS ? n : HW_MAX_SLOTS;
}

static unsigned int arm_kgdb_hw_slots(enum kgdb_bptype type, unsigned int *first)
{
	bool watch = type != KGDB_BP_HARDWARE;

	*first = watch ? WP_FIRST : 0;
	return num_slots(watch);
}

/*
 * A breakpoint is one ARM instruction (gdb's kind 4; the kernel has no
 * Thumb code); a watchpoint register covers bytes within one aligned word.
 */
static long arm_kgdb_hw_piece(enum kgdb_bptype type, uintptr_t addr, size_t left)
{
	size_t to_word_end = 4 - (addr & 3);

	if (type == KGDB_BP_HARDWARE)
		return left == 4 && !(addr & 3) ? 4 : -EINVAL;
	return (long)(left < to_word_end ? left : to_word_end);
}

/* The bytes of its word a slot covers, as a BAS mask. */
static u32 slot_bas(const struct kgdb_hw_slot *s)
{
	return ((1U << s->len) - 1) << (s->addr & 3);
}

/* Load (1), store (2) or both (3). */
static u32 lsc(enum kgdb_bptype type)
{
	return type == KGDB_WATCH_WRITE ? 2 : type == KGDB_WATCH_READ ? 1 : 3;
}

static void arm_kgdb_hw_install(const struct kgdb_hw_slot *slots)
{
	unsigned int i, nbrp = num_slots(false), nwrp = num_slots(true);
	const struct kgdb_hw_slot *s;
	bool any = false;

	cp14_write(DBGDSCR, cp14_read(DBGDSCR) & ~DSCR_MDBGEN);
	if (!slots)
		return;
	for (i = 0; i < nbrp; i++) {
		s = &slots[i];
		DBG_WRITE(DBGBCR, i, 0);
		if (!s->used)
			continue;
		DBG_WRITE(DBGBVR, i, s->addr);
		DBG_WRITE(DBGBCR, i, CR_E | CR_PL_ANY | CR_BAS(0xf) | CR_HMC);
		any = true;
	}
	for (i = 0; i < nwrp; i++) {
		s = &slots[WP_FIRST + i];
		DBG_WRITE(DBGWCR, i, 0);
		if (!s->used)
			continue;
		DBG_WRITE(DBGWVR, i, s->addr & ~(uintptr_t)3);
		DBG_WRITE(DBGWCR, i, CR_E | CR_PL_ANY | CR_LSC(lsc(s->type)) |
			  CR_BAS(slot_bas(s)) | CR_HMC);
		any = true;
	}
	if (any) {
		cp14_write(DBGOSLAR, 0);	/* a cold reset may set the OS Lock */
		cp14_write(DBGDSCR, cp14_read(DBGDSCR) | DSCR_MDBGEN);
	}
}

/* Which watchpoint slot a @write access to byte @addr fired. */
static int wp_find(const struct kgdb_hw_slot *slots, uintptr_t addr, bool write)
{
	const struct kgdb_hw_slot *s;
	int i, any = -1;

	for (i = WP_FIRST; i < WP_FIRST + HW_MAX_SLOTS; i++) {
		s = &slots[i];
		if (!s->used || addr < s->addr || addr >= s->addr + s->len)
			continue;
		if (s->type == KGDB_WATCH_ACCESS || (s->type == KGDB_WATCH_WRITE) == write)
			return i;
		if (any < 0)
			any = i;
	}
	return any;
}

/*
 * A breakpoint leaves the PC on its instruction (IFAR is UNKNOWN); for a
 * watchpoint DFAR holds the first watched byte the access touched, and
 * DFSR.WnR its direction. A software step's trap is an undefined
 * instruction, not an abort; an abort with the debug event status comes
 * from our slots only.
 */
static int arm_kgdb_hw_hit(struct pt_regs *regs, long err, const struct kgdb_hw_slot *slots,
		    uintptr_t *addr)
{
	uintptr_t far;
	int i;

	if (regs->trapnr == ARM_TRAP_PABT) {
		for (i = 0; i < HW_MAX_SLOTS; i++) {
			if (slots[i].used && slots[i].addr == regs->pc) {
				*addr = regs->pc;
				return i;
			}
		}
	} else if (regs->trapnr == ARM_TRAP_DABT) {
		far = cp15_read(CP15_DFAR);
		i = wp_find(slots, far, cp15_read(CP15_DFSR) & FSR_WNR);
		if (i >= 0) {
			*addr = far;
			return i;
		}
	}
	return regs->trapnr == ARM_TRAP_PABT || regs->trapnr == ARM_TRAP_DABT ? KGDB_HW_STALE : -1;
}

const struct kgdb_hw_ops arm_kgdb_hw = {
	.slots = arm_kgdb_hw_slots,
	.piece = arm_kgdb_hw_piece,
	.install = arm_kgdb_hw_install,
	.hit = arm_kgdb_hw_hit,
};
