/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_KGDB_H
#define _ASM_ARM64_KGDB_H

/*
 * The AArch64 debugger backend (arch/arm64/kernel/kgdb*.c). The
 * breakpoint is gdb's own, brk #0, which traps with the PC on itself, so
 * the core's bp_pc_offset is 0 and a compiled-in breakpoint is skipped on
 * resume.
 */

#define ARM64_KGDB_BREAK_INSN	0xd4200000	/* brk #0 */

/* Nothing the trap frame lacks: no FP/SIMD in the kernel. */
struct kgdb_arch_cpu {
};

static inline void arch_kgdb_breakpoint(void)
{
	__asm__ __volatile__("brk #0" : : : "memory");
}

#endif
