/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_PROCESSOR_H
#define _ASM_MIPS_PROCESSOR_H

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)

/* The unmapped segments: KSEG0 cached, KSEG1 uncached, both onto
 * physical 0-512 MiB. */
#define KSEG0		0x80000000UL
#define KSEG1		0xa0000000UL
#define KSEG2		0xc0000000UL

#ifndef __ASSEMBLY__
#include <kernel/types.h>

/* No pause instruction before release 2's "pause" (MT ASE); a compiler
 * barrier is what a spin needs. */
static inline void cpu_relax(void)
{
	__asm__ __volatile__("" : : : "memory");
}

/*
 * Enable interrupts and wait for one (arch/mips/kernel/idle.S). Before
 * release 6 "wait" with interrupts off need not wake up (QEMU's 24Kf does
 * not), so it runs with them on; an interrupt taken between the "ei" and
 * the "wait" returns past the "wait" (the interrupt code moves EPC, as
 * Linux's r4k_wait_irqoff rollback does), so no wakeup is slept through.
 */
void arch_cpu_idle(void);
#endif

#endif
