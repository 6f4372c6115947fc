/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_IRQFLAGS_H
#define _ASM_X86_IRQFLAGS_H

#include <kernel/types.h>
#include <asm/ptrace.h>

static inline unsigned long arch_local_save_flags(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushf; pop %0" : "=rm"(flags) : : "memory");
	return flags;
}

static inline void arch_local_irq_disable(void)
{
	__asm__ __volatile__("cli" : : : "memory");
}

static inline void arch_local_irq_enable(void)
{
	__asm__ __volatile__("sti" : : : "memory");
}

static inline bool arch_irqs_disabled_flags(unsigned long flags)
{
	return !(flags & X86_EFLAGS_IF);
}

#include <asm-generic/irqflags.h>

#endif
