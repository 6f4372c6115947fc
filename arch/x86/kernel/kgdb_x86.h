/* SPDX-License-Identifier: MIT */
#ifndef _ARCH_X86_KERNEL_KGDB_X86_H
#define _ARCH_X86_KERNEL_KGDB_X86_H

/*
 * Shared by the parts of the x86 debugger backend: kgdb.c (the ops and
 * register tables), kgdb_step.c (single-step), kgdb_hw.c (debug
 * registers) and kgdb_xol.c (instructions run out of line).
 */

#include <kgdb.h>

/* gdb's register numbers the table names (kgdb.c). */
#ifdef __x86_64__
#define GDB_BP		6
#define GDB_SP		7
#define GDB_PC		16
#else
#define GDB_SP		4
#define GDB_BP		5
#define GDB_PC		8
#endif

/* kgdb_step.c */
int x86_kgdb_single_step(struct pt_regs *regs, bool on);

/* kgdb_hw.c: the debug registers DR0-DR3, DR7. */
extern const struct kgdb_hw_ops x86_kgdb_hw;

/* kgdb_xol.c: a breakpoint's instruction run out of line. */
extern const struct kgdb_xol_ops x86_kgdb_xol;

#endif
