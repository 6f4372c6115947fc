// SPDX-License-Identifier: MIT
/*
 * Hardware breakpoints and watchpoints through the v7 debug architecture's
 * CP14 registers: DBGBVR/DBGBCR pairs (breakpoints, BRPs) and DBGWVR/DBGWCR
 * pairs (watchpoints, WRPs), as many as DBGDIDR reports, enabled together
 * by DBGDSCR.MDBGen ("monitor debug-mode"). The core's slots 0-15 are
 * the BRPs, 16-31 the WRPs (as many of each as the CPU has).
 *
 * Events arrive as a prefetch abort (breakpoint) or data abort (watchpoint)
 * with fault status "debug event", before the instruction executes or the
 * access happens; fault.c hands them to the die chain as DIE_DEBUG. gdb
 * knows ARM watchpoints are not steppable: it takes the slot out, steps
 * the instruction and puts it back before it looks at the value.
 *
 * A watchpoint register covers bytes within one aligned word (BAS), so a
 * watched range takes one slot per word it touches. Slots match in every
 * mode and both security states (HMC=1, SSC=0, PMC/PAC=3): the kernel runs
 * in Secure SVC under `-M virt,secure=on`, which QEMU treats as AArch32 EL3,
 * where only HMC=1 matches.
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

/* opc2 of the per-slot registers: mcr p14, 0, Rt, c0, c<n>, opc2 */
#define DBGBVR		4
#define DBGBCR		5
#define DBGWVR		6
#define DBGWCR		7

/* DBGBCR and DBGWCR share the layout of these fields */
#define CR_E		(1U << 0)
#define CR_PL_ANY	(3U << 1)	/* PMC/PAC: PL0 and PL1 */
#define CR_LSC(l)	((u32)(l) << 3)	/* watchpoints: 1 load, 2 store, 3 both */
#define CR_BAS(b)	((u32)(b) << 5)	/* byte address select within the word */
#define CR_HMC		(1U << 13)

#define LSC_LOAD	1
#define LSC_STORE	2
#define LSC_BOTH	3

#define FSR_WNR		(1UL << 11)	/* DFSR: the access was a write */

/* The core's slots: breakpoint registers first, then watchpoint registers. */
#define WP_FIRST	HW_MAX_SLOTS

#define DBG_CASE(n, op2, v)						\
	case n:								\
		__asm__ __volatile__("mcr p14, 0, %0, c0, c" #n ", " #op2 : : "r"(v)); \
		break

/* Write DBG{B,W}{V,C}R<n>: the register number is part of the instruction
 * (@op2 is expanded here, before DBG_CASE stringifies it). */
#define DBG_WRITE(op2, n, v) do {					\
	u32 v_ = (v);							\
	switch (n) {							\
	DBG_CASE(0, op2, v_); DBG_CASE(1, op2, v_); DBG_CASE(2, op2, v_);	\
	DBG_CASE(3, op2, v_); DBG_CASE(4, op2, v_); DBG_CASE(5, op2, v_);	\
	DBG_CASE(6, op2, v_); DBG_CASE(7, op2, v_); DBG_CASE(8, op2, v_);	\
	DBG_CASE(9, op2, v_); DBG_CASE(10, op2, v_); DBG_CASE(11, op2, v_);	\
	DBG_CASE(12, op2, v_); DBG_CASE(13, op2, v_); DBG_CASE(14, op2, v_);	\
	DBG_CASE(15, op2, v_);						\
	}								\
} while (0)

static u32 dbgdidr(void)
{
	u32 v;

	__asm__ __volatile__("mrc p14, 0, %0, c0, c0, 0" : "=r"(v));
	return v;
}

static u32 dscr_read(void)
{
	u32 v;

	__asm__ __volatile__("mrc p14, 0, %0, c0, c2, 2" : "=r"(v));
	return v;
}

static void dscr_write(u32 v)
{
	__asm__ __volatile__("mcr p14, 0, %0, c0, c2, 2" : : "r"(v));
	isb();
}

/* Any value but the lock key clears the OS Lock, which a cold reset may set. */
static void os_unlock(void)
{
	__asm__ __volatile__("mcr p14, 0, %0, c1, c0, 4" : : "r"(0));
}

static unsigned int num_slots(bool watch)
{
	unsigned int n = watch ? DIDR_WRPS(dbgdidr()) : DIDR_BRPS(dbgdidr());

	return n < HW_MAX_SLOTS ? n : HW_MAX_SLOTS;
}

unsigned int arm_kgdb_hw_slots(enum kgdb_bptype type, unsigned int *first)
{
	bool watch = type != KGDB_BP_HARDWARE;

	*first = watch ? WP_FIRST : 0;
	return num_slots(watch);
}

/*
 * A breakpoint is one ARM instruction (gdb's kind 4; the kernel has no
 * Thumb code); a watchpoint register covers bytes within one aligned word.
 */
long arm_kgdb_hw_piece(enum kgdb_bptype type, uintptr_t addr, size_t left)
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

static u32 lsc(enum kgdb_bptype type)
{
	return type == KGDB_WATCH_WRITE ? LSC_STORE :
	       type == KGDB_WATCH_READ ? LSC_LOAD : LSC_BOTH;
}

void arm_kgdb_hw_install(const struct kgdb_hw_slot *slots)
{
	unsigned int i, nbrp = num_slots(false), nwrp = num_slots(true);
	const struct kgdb_hw_slot *s;
	bool any = false;

	dscr_write(dscr_read() & ~DSCR_MDBGEN);
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
		os_unlock();
		dscr_write(dscr_read() | DSCR_MDBGEN);
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
int arm_kgdb_hw_hit(struct pt_regs *regs, long err, const struct kgdb_hw_slot *slots,
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
