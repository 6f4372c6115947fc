/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_KGDB_H
#define _ASM_POWERPC_KGDB_H

/*
 * The PowerPC debugger backend (arch/powerpc/kernel/kgdb*.c). The
 * breakpoint is "trap" (tw 31,0,0), which raises a program interrupt with
 * SRR0 on itself: bp_pc_offset is 0 and a compiled-in breakpoint is
 * skipped on resume.
 */

#include <kernel/compiler.h>

#define PPC_KGDB_BREAK_INSN	0x7fe00008	/* trap */

static inline void arch_kgdb_breakpoint(void)
{
	__asm__ __volatile__("trap" : : : "memory");
}

#endif
