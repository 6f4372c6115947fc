/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_IRQFLAGS_H
#define _ASM_ARM_IRQFLAGS_H

#include <kernel/types.h>
#include <asm/ptrace.h>

/*
 * Only IRQs are masked here: FIQ stays enabled, so the GIC's group 0
 * interrupt (the NMI of this port, see arch/arm/kernel/gic.c) still stops
 * a CPU that spins with interrupts off.
 */
static inline unsigned long arch_local_save_flags(void)
{
	unsigned long flags;

	__asm__ __volatile__("mrs %0, cpsr" : "=r"(flags) : : "memory");
	return flags;
}

static inline void arch_local_irq_disable(void)
{
	__asm__ __volatile__("cpsid i" : : : "memory");
}

static inline void arch_local_irq_enable(void)
{
	__asm__ __volatile__("cpsie i" : : : "memory");
}

/* FIQ, the NMI: masked only around a wait that a pending NMI must end. */
static inline void arch_local_fiq_disable(void)
{
	__asm__ __volatile__("cpsid f" : : : "memory");
}

static inline void arch_local_fiq_enable(void)
{
	__asm__ __volatile__("cpsie f" : : : "memory");
}

static inline bool arch_irqs_disabled_flags(unsigned long flags)
{
	return flags & PSR_I;
}

#include <asm-generic/irqflags.h>

#endif
