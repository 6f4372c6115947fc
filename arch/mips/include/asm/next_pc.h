/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_NEXT_PC_H
#define _ASM_MIPS_NEXT_PC_H

#include <kernel/types.h>
#include <asm/ptrace.h>

/*
 * The next-PC decoder (arch/mips/lib/next_pc.c, no kernel dependencies:
 * tests/host runs it), the debugger's step.next_pcs: where the instruction
 * @insn at EPC may continue, branch delay slot included.
 */
int mips_next_pcs(struct pt_regs *regs, u32 insn, uintptr_t *pcs);

#endif
