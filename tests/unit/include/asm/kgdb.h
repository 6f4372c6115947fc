/* SPDX-License-Identifier: MIT */
#ifndef _FAKE_ASM_KGDB_H
#define _FAKE_ASM_KGDB_H
#include <kernel/types.h>
/* What the fake arch keeps of a CPU in the debugger: an FPU register, a selector, a tag. */
struct kgdb_arch_cpu {
	u64 fpu;
	u16 sel;
	u8 tag;
};
/* The fake CPU "executes" its breakpoint instruction: a DIE_BREAKPOINT trap. */
void fake_arch_breakpoint(void);
static inline void arch_kgdb_breakpoint(void)
{
	fake_arch_breakpoint();
}
#endif
