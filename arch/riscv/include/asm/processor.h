/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_PROCESSOR_H
#define _ASM_RISCV_PROCESSOR_H

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)

#ifndef __ASSEMBLY__
#include <kernel/types.h>
#include <asm/csr.h>

static inline void cpu_relax(void)
{
	__asm__ __volatile__("" : : : "memory");
}

/*
 * Wait for an interrupt, then take it: wfi ends on an interrupt that is
 * pending and enabled in sie whatever sstatus.SIE says, so enabling
 * interrupts after it misses no wakeup that arrived in between.
 */
static inline void arch_cpu_idle(void)
{
	__asm__ __volatile__("wfi" : : : "memory");
	csr_set(sstatus, SR_SIE);
}

#define mb()	__asm__ __volatile__("fence rw, rw" : : : "memory")
#endif

#endif
