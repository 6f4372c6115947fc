/* SPDX-License-Identifier: MIT */
#ifndef _MIPS_KGDB_MIPS_H
#define _MIPS_KGDB_MIPS_H

/* Shared by the MIPS debugger backend's files (arch/mips/kernel/kgdb*.c). */
#include <kernel/types.h>
#include <asm/ptrace.h>

/* gdb's register numbers the table names (kgdb.c). */
#define GDB_SP		29
#define GDB_FP		30
#define GDB_PC		37

/*
 * kgdb_branch.c, no kernel dependencies (tests/host runs it): the
 * core's next_pcs, where the instruction @insn at EPC may continue,
 * branch delay slot included.
 */
int mips_kgdb_next_pcs(struct pt_regs *regs, u32 insn, uintptr_t *pcs);

#endif
