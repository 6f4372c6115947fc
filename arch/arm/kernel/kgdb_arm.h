/* SPDX-License-Identifier: MIT */
#ifndef _ARM_KGDB_ARM_H
#define _ARM_KGDB_ARM_H

/* Shared by the ARM debugger backend's files (arch/arm/kernel/kgdb*.c). */
#include <kgdb.h>

/* kgdb_step.c: the next-PC decoder for the core's software step. */
int arm_kgdb_next_pcs(struct pt_regs *regs, u32 insn, uintptr_t *pcs);

/* kgdb_hw.c: hardware breakpoints and watchpoints (CP14 debug registers). */
extern const struct kgdb_hw_ops arm_kgdb_hw;

#endif
