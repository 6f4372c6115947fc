/* SPDX-License-Identifier: MIT */
#ifndef _ASM_GENERIC_EXTABLE_H
#define _ASM_GENERIC_EXTABLE_H

/*
 * An exception table entry: if the instruction at @insn faults, the arch's
 * fault handler resumes at @fixup instead of oopsing (fixup_exception(),
 * kernel/extable.c). Entries are emitted next to the instruction with
 * _ASM_EXTABLE(insn_label, fixup_label), in assembly or in inline asm.
 */

#if __SIZEOF_POINTER__ == 8
#define __EXT_PTR .quad
#else
#define __EXT_PTR .long
#endif

#ifdef __ASSEMBLY__
#define _ASM_EXTABLE(from, to)				\
	.pushsection __ex_table, "a";			\
	.balign __SIZEOF_POINTER__;			\
	__EXT_PTR from, to;				\
	.popsection
#else
#include <kernel/types.h>
#include <kernel/compiler.h>

#define _ASM_EXTABLE(from, to)				\
	".pushsection __ex_table, \"a\"\n\t"		\
	".balign " __stringify(__SIZEOF_POINTER__) "\n\t" \
	__stringify(__EXT_PTR) " " #from ", " #to "\n\t" \
	".popsection\n\t"

struct pt_regs;

struct exception_table_entry {
	unsigned long insn;
	unsigned long fixup;
};

/* The entry of the instruction at @addr, or NULL. */
const struct exception_table_entry *search_exception_table(unsigned long addr);
/* If the faulting instruction has a fixup, point regs at it; true if so. */
bool fixup_exception(struct pt_regs *regs);
#endif

#endif
