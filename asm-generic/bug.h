/* SPDX-License-Identifier: MIT */
#ifndef _ASM_GENERIC_BUG_H
#define _ASM_GENERIC_BUG_H

#include <kernel/compiler.h>

/*
 * BUG(): the arch's trap instruction (ARCH_BUG_INSN, an assembler string
 * its <asm/bug.h> defines before including this) with an entry in
 * __bug_table giving its file and line. The arch's handler for that trap
 * looks the address up with find_bug() (kernel/bug.c), prints "kernel BUG
 * at file:line" and calls die() with SIGTRAP.
 */

#if __SIZEOF_POINTER__ == 8
#define __BUG_PTR ".quad"
#else
#define __BUG_PTR ".long"
#endif

/* The operand modifier that prints a constant bare, without the
 * immediate prefix some assemblers want ("%c0"); an arch's <asm/bug.h>
 * may change it (MIPS has no prefix and refuses "%c" on addresses). */
#ifndef __BUG_CONST
#define __BUG_CONST "c"
#endif

struct bug_entry {
	unsigned long addr;	/* address of the trap instruction */
	const char *file;
	unsigned long line;
};

#define arch_bug()							\
	do {								\
		__asm__ __volatile__("1:\t" ARCH_BUG_INSN "\n\t"	\
			".pushsection __bug_table, \"a\"\n\t"		\
			".balign " __stringify(__SIZEOF_POINTER__) "\n\t" \
			__BUG_PTR " 1b, %" __BUG_CONST "0, %" __BUG_CONST "1\n\t"			\
			".popsection" : : "i"(__FILE__), "i"(__LINE__)); \
		__builtin_unreachable();				\
	} while (0)

/* The bug table entry for @addr, or NULL. */
const struct bug_entry *find_bug(unsigned long addr);

#endif
