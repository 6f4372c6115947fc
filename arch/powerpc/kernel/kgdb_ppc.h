/* SPDX-License-Identifier: MIT */
#ifndef _POWERPC_KGDB_PPC_H
#define _POWERPC_KGDB_PPC_H

/* Shared by the PowerPC debugger backend's files (arch/powerpc/kernel/kgdb*.c). */
#include <kernel/types.h>
#include <asm/ptrace.h>

/* gdb's powerpc:e500 register numbers the table names (kgdb.c). */
#define GDB_R1		1
#define GDB_PC		64
#define GDB_LR		67

/*
 * kgdb_branch.c, no kernel dependencies (tests/host runs it): the
 * core's next_pcs, where the instruction @insn at NIP continues (one
 * address), or -EINVAL for one that cannot be stepped (the rfi family).
 */
int ppc_kgdb_next_pcs(struct pt_regs *regs, u32 insn, uintptr_t *pcs);

/* kgdb_hold.c: held CPUs doze until the master's kick, the master until
 * its decrementer's interrupt. */
void ppc_kgdb_hold_wait(const bool *release);
void ppc_kgdb_nap(unsigned int us);
/* kgdb_doze.S: the release test and the doze, and the window around them. */
void ppc_kgdb_doze_unless(const bool *release, unsigned long msr);
extern char ppc_kgdb_doze_window[], ppc_kgdb_doze_window_end[];
/* kgdb_doze.S: IVOR10's stub during the master's nap. */
extern char ppc_kgdb_nap_decrementer[];

#endif
