/* SPDX-License-Identifier: MIT */
#ifndef _ASM_GENERIC_KGDB_H
#define _ASM_GENERIC_KGDB_H

/*
 * struct kgdb_arch hooks that most ports fill in the same way, for an
 * arch's table to name (.get_pc = generic_kgdb_get_pc, ...) instead of
 * writing them again. Needs the arch's <asm/ptrace.h> (instruction_pointer)
 * and <kernel/smp.h> (smp_send_nmi_allbutself).
 */

#include <kernel/smp.h>
#include <asm/ptrace.h>

static inline uintptr_t generic_kgdb_get_pc(const struct pt_regs *regs)
{
	return instruction_pointer(regs);
}

static inline void generic_kgdb_set_pc(struct pt_regs *regs, uintptr_t pc)
{
	instruction_pointer_set(regs, pc);
}

/* Every other CPU gets the arch's NMI (or its stand-in), which reaches
 * the core through the die chain as DIE_NMI. */
static inline void generic_kgdb_roundup_cpus(void)
{
	smp_send_nmi_allbutself();
}

#endif
