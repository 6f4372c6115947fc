/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_IRQFLAGS_H
#define _ASM_POWERPC_IRQFLAGS_H

#include <kernel/types.h>
#include <asm/reg.h>

/*
 * Interrupts are masked with MSR[EE] (wrteei); critical and debug
 * interrupts have their own enables and are left alone. The flags are
 * the whole MSR; only EE matters to restore.
 */
static inline unsigned long arch_local_save_flags(void)
{
	return mfmsr();
}

static inline void arch_local_irq_disable(void)
{
	__asm__ __volatile__("wrteei 0" : : : "memory");
}

static inline void arch_local_irq_enable(void)
{
	__asm__ __volatile__("wrteei 1" : : : "memory");
}

static inline bool arch_irqs_disabled_flags(unsigned long flags)
{
	return !(flags & MSR_EE);
}

#include <asm-generic/irqflags.h>

#endif
