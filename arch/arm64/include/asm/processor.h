/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_PROCESSOR_H
#define _ASM_ARM64_PROCESSOR_H

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define BLOCK_SHIFT	21		/* a level 2 block: 2 MiB */
#define BLOCK_SIZE	(1UL << BLOCK_SHIFT)

/* MDSCR_EL1 (entry.S too: no UL suffix) */
#define MDSCR_SS	(1 << 0)	/* software step */
#define MDSCR_KDE	(1 << 13)	/* debug exceptions at EL1 */
#define MDSCR_MDE	(1 << 15)	/* breakpoints and watchpoints */

#ifndef __ASSEMBLY__
#include <kernel/types.h>

static inline void cpu_relax(void)
{
	__asm__ __volatile__("yield" : : : "memory");
}

/*
 * Wait for an interrupt, then take it: wfi wakes on a pending interrupt
 * even while it is masked, so enabling interrupts after it cannot miss a
 * wakeup that arrived in between.
 */
static inline void arch_cpu_idle(void)
{
	__asm__ __volatile__("dsb sy\n\twfi\n\tmsr daifclr, #2" : : : "memory");
}

#define dsb()	__asm__ __volatile__("dsb sy" : : : "memory")
#define isb()	__asm__ __volatile__("isb" : : : "memory")

/* System registers, by name: read_sysreg(mpidr_el1), write_sysreg(v, vbar_el1). */
#define read_sysreg(r) ({						\
	unsigned long __v;						\
	__asm__ __volatile__("mrs %0, " #r : "=r"(__v) : : "memory");	\
	__v; })
#define write_sysreg(v, r)						\
	__asm__ __volatile__("msr " #r ", %0" : : "r"((unsigned long)(v)) : "memory")

#define SCTLR_M		(1UL << 0)	/* MMU */
#define SCTLR_A		(1UL << 1)	/* alignment checks */
#define SCTLR_C		(1UL << 2)	/* data cache */
#define SCTLR_I		(1UL << 12)	/* instruction cache */
#define SCTLR_WXN	(1UL << 19)	/* writable means never executable */

#endif

#endif
