/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_PROCESSOR_H
#define _ASM_ARM_PROCESSOR_H

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define SECTION_SHIFT	20
#define SECTION_SIZE	(1UL << SECTION_SHIFT)

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
	__asm__ __volatile__("dsb\n\twfi\n\tcpsie i" : : : "memory");
}

#define dsb()	__asm__ __volatile__("dsb" : : : "memory")
#define isb()	__asm__ __volatile__("isb" : : : "memory")

/* CP15 system registers, by name: cp15_read(SCTLR), cp15_write(DACR, v). */
#define CP15_SCTLR	"c1, c0, 0"
#define CP15_ACTLR	"c1, c0, 1"
#define CP15_TTBR0	"c2, c0, 0"
#define CP15_TTBCR	"c2, c0, 2"
#define CP15_DACR	"c3, c0, 0"
#define CP15_DFSR	"c5, c0, 0"
#define CP15_IFSR	"c5, c0, 1"
#define CP15_DFAR	"c6, c0, 0"
#define CP15_IFAR	"c6, c0, 2"
#define CP15_VBAR	"c12, c0, 0"
#define CP15_MPIDR	"c0, c0, 5"
#define CP15_TPIDRPRW	"c13, c0, 4"

#define cp15_read(reg) ({						\
	unsigned long __v;						\
	__asm__ __volatile__("mrc p15, 0, %0, " reg : "=r"(__v) : : "memory"); \
	__v; })
#define cp15_write(reg, v)						\
	__asm__ __volatile__("mcr p15, 0, %0, " reg : : "r"((unsigned long)(v)) : "memory")

#define SCTLR_M		(1UL << 0)	/* MMU */
#define SCTLR_A		(1UL << 1)	/* alignment checks */
#define SCTLR_C		(1UL << 2)	/* data cache */
#define SCTLR_Z		(1UL << 11)	/* branch prediction */
#define SCTLR_I		(1UL << 12)	/* instruction cache */
#define SCTLR_V		(1UL << 13)	/* high vectors */

/* DACR values for domain 0: client checks the page permissions, manager
 * does not (the text_poke() window). */
#define DACR_CLIENT	0x1
#define DACR_MANAGER	0x3

#endif

#endif
