/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_IRQFLAGS_H
#define _ASM_MIPS_IRQFLAGS_H

#include <kernel/types.h>
#include <asm/mipsregs.h>

/*
 * Interrupts are masked with Status.IE only (di/ei, release 2); the
 * per-line masks (Status.IM) are set once at boot and left alone. The
 * flags are the whole Status register; only IE matters to restore.
 */
static inline unsigned long arch_local_save_flags(void)
{
	return read_c0(CP0_STATUS);
}

static inline void arch_local_irq_disable(void)
{
	__asm__ __volatile__("di\n\tehb" : : : "memory");
}

static inline void arch_local_irq_enable(void)
{
	__asm__ __volatile__("ei\n\tehb" : : : "memory");
}

#define ARCH_HAS_LOCAL_IRQ_SAVE	/* di saves and masks in one step */
static inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags;

	__asm__ __volatile__("di %0\n\tehb" : "=r"(flags) : : "memory");
	return flags;
}

static inline bool arch_irqs_disabled_flags(unsigned long flags)
{
	return !(flags & ST0_IE);
}

#include <asm-generic/irqflags.h>

#endif
