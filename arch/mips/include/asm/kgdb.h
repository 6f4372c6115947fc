/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_KGDB_H
#define _ASM_MIPS_KGDB_H

#include <kernel/types.h>

/*
 * The MIPS debugger backend (arch/mips/kernel/kgdb*.c). The breakpoint is
 * "break 0x3f0" (the code Linux's kgdb uses), which traps with EPC on
 * itself: bp_pc_offset is 0 and a compiled-in breakpoint is skipped on
 * resume.
 */

#include <kernel/compiler.h>

#define MIPS_KGDB_BREAK_INSN	0x03f0000d	/* break 0x3f0 */

/* The FPU as each CPU had it when it stopped; the kernel itself never uses it. */
struct kgdb_arch_cpu {
	u32 f[32];
	u32 fcsr, fir;
	bool fpu;	/* the CPU has one: f, fcsr and fir hold its registers */
};

static inline void arch_kgdb_breakpoint(void)
{
	__asm__ __volatile__("break 0x3f0" : : : "memory");
}

#endif
