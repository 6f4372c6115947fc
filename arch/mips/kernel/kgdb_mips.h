/* SPDX-License-Identifier: MIT */
#ifndef _MIPS_KGDB_MIPS_H
#define _MIPS_KGDB_MIPS_H

/* Shared by the MIPS debugger backend's files (arch/mips/kernel/kgdb*.c). */
#include <kernel/types.h>
#include <asm/ptrace.h>

/* gdb's register numbers: rows of the register table (kgdb.c). */
#define GDB_SP		29
#define GDB_FP		30
#define GDB_STATUS	32
#define GDB_PC		37
#define GDB_F0		38
#define GDB_FCSR	70
#define GDB_FIR		71
#define GDB_NUM_REGS	72

/*
 * kgdb_branch.c, no kernel dependencies (tests/host runs it for both byte
 * orders): an instruction word from its bytes in this kernel's memory
 * order, and where the instruction @insn at @pc may continue, branch
 * delay slot included (up to MIPS_STEP_MAX_PCS addresses in @pcs), or -EINVAL for one
 * that cannot be stepped.
 */
#define MIPS_STEP_MAX_PCS	2
u32 mips_insn_word(const u8 *bytes);
int mips_next_pcs(const struct pt_regs *regs, u32 insn, uintptr_t *pcs);
/* Whether @insn writes Status.IE itself (di, ei, mtc0 to Status). */
bool mips_insn_sets_ie(u32 insn);

/* kgdb_step.c: the core's software step. */
int mips_kgdb_next_pcs(struct pt_regs *regs, uintptr_t *pcs);
void mips_kgdb_step_irqs(struct pt_regs *regs, bool on);

#endif
