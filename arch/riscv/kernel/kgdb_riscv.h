/* SPDX-License-Identifier: MIT */
#ifndef _RISCV_KGDB_RISCV_H
#define _RISCV_KGDB_RISCV_H

/* Shared by the RISC-V debugger backend's files (arch/riscv/kernel/kgdb*.c). */
#include <kernel/types.h>
#include <asm/ptrace.h>

/* gdb's register numbers the table names (kgdb.c). */
#define GDB_SP		2
#define GDB_FP		8
#define GDB_PC		32

/*
 * kgdb_step.c, no kernel dependencies (tests/host runs it): the core's
 * next_pcs, where the instruction @insn at sepc may continue.
 */
int riscv_kgdb_next_pcs(struct pt_regs *regs, u32 insn, uintptr_t *pcs);

#endif
