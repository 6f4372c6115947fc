/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_CONTEXT_H
#define _ASM_POWERPC_CONTEXT_H

/*
 * A switched-out task's registers, saved by arch_switch_to()
 * (arch/powerpc/kernel/switch.S): the callee-saved r14-r31, sp (r1), lr
 * (the return into schedule()), cr and the resume pc inside
 * arch_switch_to(). A new task starts at pc with a zero back chain.
 */

#define CTX_R14		0
#define CTX_SP		72
#define CTX_LR		76
#define CTX_CR		80
#define CTX_PC		84

#ifndef __ASSEMBLY__
struct arch_context {
	unsigned long gpr[18];		/* r14-r31 */
	unsigned long sp, lr, cr, pc;
};
#define context_pc(ctx)	((ctx)->pc)
#define context_sp(ctx)	((ctx)->sp)
#define context_fp(ctx)	((ctx)->sp)
#endif

#endif
