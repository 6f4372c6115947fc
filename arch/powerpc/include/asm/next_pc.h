/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_NEXT_PC_H
#define _ASM_POWERPC_NEXT_PC_H

#include <kernel/types.h>
#include <asm/ptrace.h>

/*
 * The next-PC decoder (arch/powerpc/lib/next_pc.c, no kernel
 * dependencies: tests/host runs it), the debugger's step.next_pcs: where
 * the instruction @insn at NIP continues (one address), or -EINVAL for
 * one that cannot be stepped (the rfi family).
 */
int ppc_next_pcs(struct pt_regs *regs, u32 insn, uintptr_t *pcs);

#endif
