/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_CONTEXT_H
#define _ASM_RISCV_CONTEXT_H

/*
 * A switched-out task's registers, saved by arch_switch_to()
 * (arch/riscv/kernel/switch.S): ra (the return into schedule()), sp and
 * the callee-saved s0-s11. s0 is the frame pointer. A sleeping task
 * resumes at its ra; a new task's ra is riscv_thread_entry, s0 = 0.
 */
#define CTX_RA		0
#define CTX_SP		8
#define CTX_S0		16

#ifndef __ASSEMBLY__
struct arch_context {
	unsigned long ra, sp;
	unsigned long s[12];
};
#define context_pc(ctx)	((ctx)->ra)
#define context_sp(ctx)	((ctx)->sp)
#define context_fp(ctx)	((ctx)->s[0])
#endif

#endif
