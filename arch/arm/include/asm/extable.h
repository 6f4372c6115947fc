/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_EXTABLE_H
#define _ASM_ARM_EXTABLE_H

/*
 * An exception table entry: if the instruction at @insn faults (a data
 * abort), the abort handler resumes at @fixup instead of oopsing. Entries
 * are emitted next to the instruction with _ASM_EXTABLE(insn, fixup).
 */

#ifdef __ASSEMBLY__
#define _ASM_EXTABLE(from, to)				\
	.pushsection __ex_table, "a";			\
	.balign 4;					\
	.long from, to;					\
	.popsection
#else
#include <kernel/types.h>

struct pt_regs;

struct exception_table_entry {
	unsigned long insn;
	unsigned long fixup;
};

/* If the faulting instruction has a fixup, point regs at it; true if so. */
bool fixup_exception(struct pt_regs *regs);
#endif

#endif
