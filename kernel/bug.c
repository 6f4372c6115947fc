// SPDX-License-Identifier: MIT
/*
 * The BUG() table lookup, for every arch: <asm/bug.h> emits the entries
 * (asm-generic/bug.h); the arch's trap handler asks whether its trap was
 * one.
 */
#include <kernel/types.h>
#include <asm/bug.h>
#include <asm-generic/sections.h>

const struct bug_entry *find_bug(unsigned long addr)
{
	const struct bug_entry *b = (const struct bug_entry *)__start___bug_table;
	const struct bug_entry *end = (const struct bug_entry *)__stop___bug_table;

	for (; b < end; b++)
		if (b->addr == addr)
			return b;
	return NULL;
}
