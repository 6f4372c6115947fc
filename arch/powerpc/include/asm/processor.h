/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_PROCESSOR_H
#define _ASM_POWERPC_PROCESSOR_H

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)

#ifndef __ASSEMBLY__
#include <kernel/types.h>

/* e500 has no spin-wait hint; a compiler barrier is what a spin needs. */
static inline void cpu_relax(void)
{
	__asm__ __volatile__("" : : : "memory");
}

/*
 * Enable interrupts and doze until one arrives (arch/powerpc/kernel/idle.S):
 * one mtmsr sets EE and WE together, so an interrupt pending before it
 * is taken at once rather than slept through; the interrupt returns with
 * WE cleared in the saved MSR.
 */
void arch_cpu_idle(void);
#endif

#endif
