/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_CONTEXT_H
#define _ASM_ARM_CONTEXT_H

/*
 * A switched-out task's registers, saved by arch_switch_to()
 * (arch/arm/kernel/switch.S): the callee-saved r4-r11, sp and the resume
 * pc inside arch_switch_to(). fp points at an APCS frame there whose saved
 * lr returns into schedule(), so a sleeping task unwinds like any other.
 * A new task has pc = arm_thread_entry, fp = 0.
 */

#define CTX_R4		0
#define CTX_FP		28	/* r11 */
#define CTX_SP		32
#define CTX_PC		36

#ifndef __ASSEMBLY__
struct arch_context {
	unsigned long r4, r5, r6, r7, r8, r9, r10, fp;
	unsigned long sp, pc;
};
#define context_pc(ctx)	((ctx)->pc)
#define context_sp(ctx)	((ctx)->sp)
#define context_fp(ctx)	((ctx)->fp)
#endif

#endif
