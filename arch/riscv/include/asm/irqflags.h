/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_IRQFLAGS_H
#define _ASM_RISCV_IRQFLAGS_H

#include <kernel/types.h>
#include <asm/csr.h>

/* sstatus.SIE: the one interrupt enable of S-mode (there is no NMI). */
static inline unsigned long arch_local_save_flags(void)
{
	return csr_read(sstatus);
}

static inline unsigned long arch_local_irq_save(void)
{
	return csr_read_clear(sstatus, SR_SIE);
}
#define ARCH_HAS_LOCAL_IRQ_SAVE

static inline void arch_local_irq_disable(void)
{
	csr_clear(sstatus, SR_SIE);
}

static inline void arch_local_irq_enable(void)
{
	csr_set(sstatus, SR_SIE);
}

static inline bool arch_irqs_disabled_flags(unsigned long flags)
{
	return !(flags & SR_SIE);
}

#include <asm-generic/irqflags.h>

#endif
