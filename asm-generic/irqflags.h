/* SPDX-License-Identifier: MIT */
#ifndef _ASM_GENERIC_IRQFLAGS_H
#define _ASM_GENERIC_IRQFLAGS_H

/*
 * What every arch builds the same way on its four primitives:
 * arch_local_save_flags(), arch_local_irq_disable(), arch_local_irq_enable()
 * and arch_irqs_disabled_flags(). Included at the end of <asm/irqflags.h>;
 * an arch that saves and disables in one instruction defines
 * arch_local_irq_save() itself, with ARCH_HAS_LOCAL_IRQ_SAVE.
 */

#include <kernel/types.h>

#ifndef ARCH_HAS_LOCAL_IRQ_SAVE
static inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags = arch_local_save_flags();

	arch_local_irq_disable();
	return flags;
}
#endif

static inline void arch_local_irq_restore(unsigned long flags)
{
	if (arch_irqs_disabled_flags(flags))
		arch_local_irq_disable();
	else
		arch_local_irq_enable();
}

static inline bool arch_irqs_disabled(void)
{
	return arch_irqs_disabled_flags(arch_local_save_flags());
}

#endif
