/* SPDX-License-Identifier: MIT */
#ifndef _FAKE_ASM_KGDB_H
#define _FAKE_ASM_KGDB_H
/* The fake CPU "executes" its breakpoint instruction: a DIE_BREAKPOINT trap. */
void fake_arch_breakpoint(void);
static inline void arch_kgdb_breakpoint(void)
{
	fake_arch_breakpoint();
}
#endif
