/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_HW_BREAKPOINT_H
#define _ASM_ARM64_HW_BREAKPOINT_H

/*
 * The debug architecture's breakpoint and watchpoint registers, for
 * drivers/debug/arm_debug.c (<kernel/arm_debug.h>): the DBGBVR/DBGBCR
 * and DBGWVR/DBGWCR pairs, as many as ID_AA64DFR0_EL1 reports
 * (Cortex-A57: 6 and 4), live while MDSCR_EL1.MDE and KDE are set and
 * PSTATE.D is clear (arm64_cpu_init()). A hit is a debug exception
 * (traps.c: DIE_DEBUG); FAR_EL1 holds an address the access touched, the
 * syndrome's WnR its direction.
 */
#include <kernel/arm_debug.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

#define ARM_DEBUG_WORD		8
#define ARM_DEBUG_CR_MATCH	0UL

#define ESR_WNR		(1UL << 6)

/* BRPs (@watch false) or WRPs: ID_AA64DFR0_EL1 has each number minus one. */
static inline unsigned int arm_debug_count(bool watch)
{
	return ((read_sysreg(id_aa64dfr0_el1) >> (watch ? 20 : 12)) & 0xf) + 1;
}

/* msr dbg<reg><n>_el1: sixteen of them, two instructions each */
#define DBG_TABLE(reg)							\
	".irp i,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n\t"		\
	"msr dbg" reg "\\i\\()_el1, %1\n\tb 2f\n\t.endr\n\t"

/*
 * Write @reg (ARM_DEBUG_BVR...WCR) of pair @n: the register number is
 * part of the instruction, so jump into a table of the 64.
 */
static inline void arm_debug_write(unsigned int reg, unsigned int n, unsigned long v)
{
	__asm__ __volatile__("adr x16, 1f\n\tadd x16, x16, %0, lsl #3\n\tbr x16\n1:\n\t"
			     DBG_TABLE("bvr") DBG_TABLE("bcr") DBG_TABLE("wvr") DBG_TABLE("wcr")
			     "2:" : : "r"((unsigned long)(reg * 16 + n)), "r"(v) : "x16", "memory");
}

/* The pairs are live while their control registers say so: the writes
 * take effect at the next context synchronization. */
static inline void arm_debug_enable(bool on)
{
	isb();
}

static inline enum arm_debug_event arm_debug_event(struct pt_regs *regs, uintptr_t *far,
						   bool *write)
{
	unsigned int ec = ESR_EC(regs->esr);

	if (regs->trapnr != ARM64_TRAP_SYNC || (ec != EC_BREAKPOINT && ec != EC_WATCHPOINT))
		return ARM_DEBUG_NONE;
	if (ec == EC_BREAKPOINT)
		return ARM_DEBUG_BREAKPOINT;
	*far = read_sysreg(far_el1);
	*write = regs->esr & ESR_WNR;
	return ARM_DEBUG_WATCHPOINT;
}

#endif
