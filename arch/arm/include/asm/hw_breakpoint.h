/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_HW_BREAKPOINT_H
#define _ASM_ARM_HW_BREAKPOINT_H

/*
 * The v7 debug architecture's breakpoint and watchpoint registers, for
 * drivers/debug/arm_debug.c (<kernel/arm_debug.h>): CP14's DBGBVR/DBGBCR
 * and DBGWVR/DBGWCR pairs, as many as DBGDIDR reports, live while
 * DBGDSCR.MDBGen is set. A hit is a prefetch or data abort with the debug
 * event status (fault.c: DIE_DEBUG); DFAR holds the first watched byte
 * the access touched, DFSR.WnR its direction. Pairs match in every mode
 * and security state (HMC=1, SSC=0, PMC=3): under `-M virt,secure=on`
 * the kernel runs in Secure SVC, which QEMU treats as AArch32 EL3, where
 * only HMC=1 matches.
 */
#include <kernel/arm_debug.h>
#include <kernel/compiler.h>
#include <asm/processor.h>
#include <asm/ptrace.h>

#define ARM_DEBUG_WORD		4
#define ARM_DEBUG_CR_MATCH	(1UL << 13)	/* HMC */

#define DBGDIDR		"c0, c0, 0"
#define DBGDSCR		"c0, c2, 2"
#define DBGOSLAR	"c1, c0, 4"	/* any value but the key clears the OS Lock */
#define DSCR_MDBGEN	(1U << 15)
#define FSR_WNR		(1UL << 11)
#define cp14_read(reg) ({						\
	u32 v_;								\
	__asm__ __volatile__("mrc p14, 0, %0, " reg : "=r"(v_));	\
	v_; })
#define cp14_write(reg, v)						\
	__asm__ __volatile__("mcr p14, 0, %0, " reg "\n\tisb" : : "r"((u32)(v)) : "memory")

/* BRPs (@watch false) or WRPs: DBGDIDR has each number minus one. */
static inline unsigned int arm_debug_count(bool watch)
{
	return ((cp14_read(DBGDIDR) >> (watch ? 28 : 24)) & 0xf) + 1;
}

/* mcr p14, 0, Rt, c0, c<n>, <op2>: sixteen of them, two instructions each */
#define DBG_TABLE(op2)							\
	".irp i,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n\t"		\
	"mcr p14, 0, %1, c0, c\\i, " #op2 "\n\tb 1f\n\t.endr\n\t"

/*
 * Write @reg (ARM_DEBUG_BVR...WCR, op2 4 to 7) of pair @n: the register
 * is part of the instruction, so jump into a table of the 64 (the pc
 * reads 8 bytes ahead, past the nop).
 */
static inline void arm_debug_write(unsigned int reg, unsigned int n, unsigned long v)
{
	__asm__ __volatile__("add pc, pc, %0, lsl #3\n\tnop\n\t"
			     DBG_TABLE(4) DBG_TABLE(5) DBG_TABLE(6) DBG_TABLE(7) "1:"
			     : : "r"(reg * 16 + n), "r"((u32)v) : "memory");
}

/* The pairs as written take effect (@on), or none does. */
static inline void arm_debug_enable(bool on)
{
	u32 dscr = cp14_read(DBGDSCR);

	if (on)
		cp14_write(DBGOSLAR, 0);	/* a cold reset may set the OS Lock */
	cp14_write(DBGDSCR, on ? dscr | DSCR_MDBGEN : dscr & ~DSCR_MDBGEN);
}

/* Only debug events reach the debugger as aborts (DIE_DEBUG). */
static inline enum arm_debug_event arm_debug_event(struct pt_regs *regs, uintptr_t *far,
						   bool *write)
{
	if (regs->trapnr != ARM_TRAP_DABT)
		return regs->trapnr == ARM_TRAP_PABT ? ARM_DEBUG_BREAKPOINT : ARM_DEBUG_NONE;
	*far = cp15_read(CP15_DFAR);
	*write = cp15_read(CP15_DFSR) & FSR_WNR;
	return ARM_DEBUG_WATCHPOINT;
}

#endif
