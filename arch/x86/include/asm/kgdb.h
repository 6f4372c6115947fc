/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_KGDB_H
#define _ASM_X86_KGDB_H

/*
 * The x86 debugger backend (arch/x86/kernel/kgdb*.c). The breakpoint is
 * int3 (0xcc); it traps with the PC just past itself, so the core's
 * bp_pc_offset is 1 and a compiled-in breakpoint needs no skipping.
 */

#define X86_BREAKPOINT_INSN	0xcc

static inline void arch_kgdb_breakpoint(void)
{
	__asm__ __volatile__("int3" : : : "memory");
}

#endif
