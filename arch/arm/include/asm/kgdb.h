/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_KGDB_H
#define _ASM_ARM_KGDB_H

/*
 * The ARM debugger backend (arch/arm/kernel/kgdb*.c). The breakpoint is an
 * undefined instruction that traps with the PC on itself, so the core's
 * bp_pc_offset is 0 and a compiled-in breakpoint is skipped on resume.
 */

#include <kernel/compiler.h>

#define ARM_KGDB_BREAK_INSN	0xe7ffdefe	/* udf #0xfede */

/* Nothing the trap frame lacks: no FPU in the kernel, no banked registers to show. */
struct kgdb_arch_cpu {
};

static inline void arch_kgdb_breakpoint(void)
{
	__asm__ __volatile__(".inst " __stringify(ARM_KGDB_BREAK_INSN) : : : "memory");
}

#endif
