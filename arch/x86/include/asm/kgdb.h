/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_KGDB_H
#define _ASM_X86_KGDB_H

#include <kernel/types.h>

/*
 * The x86 debugger backend (arch/x86/kernel/kgdb*.c). The breakpoint is
 * int3 (0xcc); it traps with the PC just past itself, so the core's
 * bp_pc_offset is 1 and a compiled-in breakpoint needs no skipping.
 */

#define X86_BREAKPOINT_INSN	0xcc
#define X86_FXSAVE_SIZE		512

/*
 * What each CPU keeps while it is in the debugger, captured on the CPU
 * itself as it enters: what the trap frame lacks.
 */
struct kgdb_arch_cpu {
#ifdef CONFIG_KGDB_FULL_REGS
	u8 fx[X86_FXSAVE_SIZE] __aligned(16);	/* fxsave image: x87, SSE */
	bool fx_valid;		/* fx holds the CPU's state since it entered */
#endif
	u16 sel[4];		/* ds, es, fs, gs (x86_64: not in the frame) */
	unsigned long fs_base, gs_base;	/* x86_64 */
};

static inline void arch_kgdb_breakpoint(void)
{
	__asm__ __volatile__("int3" : : : "memory");
}

#endif
