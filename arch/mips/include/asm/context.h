/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_CONTEXT_H
#define _ASM_MIPS_CONTEXT_H

/*
 * A switched-out task's registers, saved by arch_switch_to()
 * (arch/mips/kernel/switch.S): the callee-saved s0-s7 and fp (s8), sp,
 * ra (the return into schedule()) and the resume pc inside
 * arch_switch_to(). A new task starts at pc with fp = 0.
 */

#define CTX_S0		0
#define CTX_FP		32
#define CTX_SP		36
#define CTX_RA		40
#define CTX_PC		44

#ifndef __ASSEMBLY__
struct arch_context {
	unsigned long s[8];		/* s0-s7 */
	unsigned long fp, sp, ra, pc;
};
#define context_pc(ctx)	((ctx)->pc)
#define context_sp(ctx)	((ctx)->sp)
#define context_fp(ctx)	((ctx)->fp)
#endif

#endif
