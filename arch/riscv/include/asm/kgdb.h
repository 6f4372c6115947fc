/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_KGDB_H
#define _ASM_RISCV_KGDB_H

/*
 * The RISC-V debugger backend (arch/riscv/kernel/kgdb*.c). The breakpoint
 * is c.ebreak: two bytes, so it fits over any instruction, 16-bit
 * (gdb's kind 2) or 32-bit (kind 4). The compiled-in one is ebreak (the
 * core's bp_insn_alt): gdb 13 decodes c.ebreak as "c.jalr zero" when it
 * steps from it. Both trap with sepc on themselves: bp_pc_offset is 0
 * and a compiled-in breakpoint is skipped on resume.
 */
#include <asm/bug.h>

#define RISCV_KGDB_BREAK_INSN	0x9002	/* c.ebreak */

/* Nothing the trap frame lacks: the kernel keeps no FP state. */
struct kgdb_arch_cpu {
};

static inline void arch_kgdb_breakpoint(void)
{
	/* norvc: the assembler would make it a c.ebreak */
	__asm__ __volatile__(".option push\n\t.option norvc\n\tebreak\n\t.option pop"
			     : : : "memory");
}

#endif
