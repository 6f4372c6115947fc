/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_NEXT_PC_H
#define _ASM_ARM_NEXT_PC_H

#include <kernel/types.h>
#include <asm/ptrace.h>

/*
 * The next-PC decoder (arch/arm/lib/next_pc.c), the debugger's
 * step.next_pcs: where the ARM instruction @insn at the PC continues, or
 * 0 where it was carried out here (cps).
 */
int arm_next_pcs(struct pt_regs *regs, u32 insn, uintptr_t *pcs);

#endif
