/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_CONTEXT_H
#define _ASM_ARM64_CONTEXT_H

/*
 * A switched-out task's registers, saved by arch_switch_to()
 * (arch/arm64/kernel/switch.S): the callee-saved x19-x28, fp (x29), sp
 * and the resume pc inside arch_switch_to(). fp points at the frame
 * record there whose saved lr returns into schedule(), so a sleeping task
 * unwinds like any other. A new task has pc = arm64_thread_entry, fp = 0.
 */

#define CTX_X19		0
#define CTX_FP		80
#define CTX_SP		88
#define CTX_PC		96

#ifndef __ASSEMBLY__
struct arch_context {
	unsigned long x19, x20, x21, x22, x23, x24, x25, x26, x27, x28, fp;
	unsigned long sp, pc;
};
#define context_pc(ctx)	((ctx)->pc)
#define context_sp(ctx)	((ctx)->sp)
#define context_fp(ctx)	((ctx)->fp)
#endif

#endif
