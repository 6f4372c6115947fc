/* SPDX-License-Identifier: MIT */
#ifndef _ARM_KGDB_ARM_H
#define _ARM_KGDB_ARM_H

/* Shared by the ARM debugger backend's files (arch/arm/kernel/kgdb*.c). */
#include <kgdb.h>

/* gdb's register numbers: rows of the register table (kgdb.c). */
#define GDB_FP		11
#define GDB_SP		13
#define GDB_LR		14
#define GDB_PC		15
#define GDB_CPSR	16
#define GDB_NUM_REGS	17

/* kgdb_step.c: the next-PC decoder for the core's software step. */
int arm_kgdb_next_pcs(struct pt_regs *regs, uintptr_t *pcs);
void arm_kgdb_step_irqs(struct pt_regs *regs, bool on);
/* The address of the instruction that follows the one at regs->pc. */
uintptr_t arm_next_pc(const struct pt_regs *regs, u32 insn);

/* kgdb_hw.c: hardware breakpoints and watchpoints (CP14 debug registers). */
unsigned int arm_kgdb_hw_slots(enum kgdb_bptype type, unsigned int *first);
long arm_kgdb_hw_piece(enum kgdb_bptype type, uintptr_t addr, size_t left);
void arm_kgdb_hw_install(const struct kgdb_hw_slot *slots);
int arm_kgdb_hw_hit(struct pt_regs *regs, long err, const struct kgdb_hw_slot *slots,
		    uintptr_t *addr);

/* kgdb_hold.c: held CPUs sleep in wfi until the master kicks them. */
void arm_kgdb_hold_wait(const bool *release);
void arm_kgdb_hold_kick(unsigned int cpu);

#endif
