/* SPDX-License-Identifier: MIT */
#ifndef _FAKE_ASM_IRQFLAGS_H
#define _FAKE_ASM_IRQFLAGS_H
#include <kernel/types.h>
extern __thread bool fake_irqs_off;
static inline unsigned long arch_local_irq_save(void)
{
	unsigned long f = fake_irqs_off;

	fake_irqs_off = true;
	return f;
}
static inline void arch_local_irq_restore(unsigned long f)
{
	fake_irqs_off = f;
}
static inline void arch_local_irq_disable(void)
{
	fake_irqs_off = true;
}
static inline void arch_local_irq_enable(void)
{
	fake_irqs_off = false;
}
static inline bool arch_irqs_disabled(void)
{
	return fake_irqs_off;
}
#endif
