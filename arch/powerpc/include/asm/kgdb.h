/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_KGDB_H
#define _ASM_POWERPC_KGDB_H

#include <kernel/types.h>

/*
 * The PowerPC debugger backend (arch/powerpc/kernel/kgdb*.c). The
 * breakpoint is "trap" (tw 31,0,0), which raises a program interrupt with
 * SRR0 on itself: bp_pc_offset is 0 and a compiled-in breakpoint is
 * skipped on resume.
 */

#include <kernel/compiler.h>

#define PPC_KGDB_BREAK_INSN	0x7fe00008	/* trap */

/*
 * The SPE state as each CPU had it when it stopped (the kernel runs no
 * SPE code): the upper halves of r0-r31, the accumulator, SPEFSCR.
 * kgdb.c's save and restore code uses the offsets 0, 128 and 136.
 */
struct kgdb_arch_cpu {
	u32 evh[32];
	u64 acc;
	u32 spefscr;
};

static inline void arch_kgdb_breakpoint(void)
{
	__asm__ __volatile__("trap" : : : "memory");
}

#endif
