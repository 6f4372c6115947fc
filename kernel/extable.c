// SPDX-License-Identifier: MIT
/*
 * Exception table lookup, for every arch: <asm/extable.h> defines the
 * entry (insn, fixup) and the _ASM_EXTABLE() macro that emits one. The
 * table is small (the nofault copy routines), so a linear scan is enough
 * and needs no sorting at boot.
 */
#include <kernel/types.h>
#include <asm/extable.h>
#include <asm/ptrace.h>
#include <asm-generic/sections.h>

const struct exception_table_entry *search_exception_table(unsigned long addr)
{
	const struct exception_table_entry *e =
		(const struct exception_table_entry *)__start___ex_table;
	const struct exception_table_entry *end =
		(const struct exception_table_entry *)__stop___ex_table;

	for (; e < end; e++)
		if (e->insn == addr)
			return e;
	return NULL;
}

bool fixup_exception(struct pt_regs *regs)
{
	const struct exception_table_entry *e = search_exception_table(instruction_pointer(regs));

	if (!e)
		return false;
	instruction_pointer_set(regs, e->fixup);
	return true;
}
