/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_BUG_H
#define _ASM_X86_BUG_H

#include <kernel/compiler.h>

/*
 * BUG(): a ud2 instruction with an entry in __bug_table giving its file and
 * line. The #UD handler looks the faulting address up, prints "kernel BUG
 * at file:line" and calls die() with SIGTRAP (any other #UD is SIGILL).
 */

#ifdef __x86_64__
#define __BUG_PTR ".quad"
#else
#define __BUG_PTR ".long"
#endif

struct bug_entry {
	unsigned long addr;	/* address of the ud2 */
	const char *file;
	unsigned long line;
};

#define arch_bug()							\
	do {								\
		__asm__ __volatile__("1:\tud2\n\t"			\
			".pushsection __bug_table, \"a\"\n\t"		\
			".balign " __stringify(__SIZEOF_POINTER__) "\n\t" \
			__BUG_PTR " 1b, %c0, %c1\n\t"			\
			".popsection" : : "i"(__FILE__), "i"(__LINE__)); \
		__builtin_unreachable();				\
	} while (0)

/* The bug table entry for @addr, or NULL (arch/x86/kernel/traps.c). */
const struct bug_entry *find_bug(unsigned long addr);

#endif
