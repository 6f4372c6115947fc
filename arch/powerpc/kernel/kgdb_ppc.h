/* SPDX-License-Identifier: MIT */
#ifndef _POWERPC_KGDB_PPC_H
#define _POWERPC_KGDB_PPC_H

/* Shared by the PowerPC debugger backend's files (arch/powerpc/kernel/kgdb*.c). */
#include <kernel/types.h>
#include <asm/ptrace.h>

/* gdb's powerpc:e500 register numbers: rows of the register table (kgdb.c). */
#define GDB_R1		1
#define GDB_R31		31
#define GDB_EV0H	32
#define GDB_PC		64
#define GDB_MSR		65
#define GDB_LR		67
#define GDB_ACC		70
#define GDB_SPEFSCR	71
#define GDB_NUM_REGS	72

/*
 * kgdb_branch.c, no kernel dependencies (tests/host runs it): where the
 * instruction @insn at the frame's pc continues (one address in *@next),
 * or -EINVAL for one that cannot be stepped (the rfi family).
 */
int ppc_next_pc(const struct pt_regs *regs, u32 insn, uintptr_t *next);
/* Whether @insn writes MSR[EE] itself (wrtee, wrteei, mtmsr). */
bool ppc_insn_sets_ee(u32 insn);

/* kgdb_step.c: the core's software step. */
int ppc_kgdb_next_pcs(struct pt_regs *regs, uintptr_t *pcs);
void ppc_kgdb_step_irqs(struct pt_regs *regs, bool on);

/* kgdb_hold.c: held CPUs doze until the master's kick. */
void ppc_kgdb_hold_wait(const bool *release);
void ppc_kgdb_hold_kick(unsigned int cpu);
void ppc_kgdb_hold_woken(struct pt_regs *regs);
/* kgdb_doze.S: the release test and the doze. */
void ppc_kgdb_doze_unless(const bool *release, unsigned long msr);
extern char ppc_kgdb_doze_window[], ppc_kgdb_doze_window_end[];

#endif
