/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_BUG_H
#define _ASM_ARM_BUG_H

#include <kernel/compiler.h>

/*
 * BUG(): a permanently undefined instruction (UDF) with an entry in
 * __bug_table giving its file and line. The undefined-instruction handler
 * looks the address up, prints "kernel BUG at file:line" and calls die()
 * with SIGTRAP. Each UDF this kernel plants has its own immediate.
 */
#define ARM_BUG_INSN	0xe7f0b0f6	/* udf #0xb06: BUG() */
#define ARM_DIV0_INSN	0xe7f0d0f0	/* udf #0xd00: integer divide by zero */

struct bug_entry {
	unsigned long addr;	/* address of the udf */
	const char *file;
	unsigned long line;
};

#define arch_bug()							\
	do {								\
		__asm__ __volatile__("1:\t.inst " __stringify(ARM_BUG_INSN) "\n\t" \
			".pushsection __bug_table, \"a\"\n\t"		\
			".balign 4\n\t"					\
			".long 1b, %c0, %c1\n\t"			\
			".popsection" : : "i"(__FILE__), "i"(__LINE__)); \
		__builtin_unreachable();				\
	} while (0)

/* The bug table entry for @addr, or NULL (arch/arm/kernel/traps.c). */
const struct bug_entry *find_bug(unsigned long addr);

#endif
