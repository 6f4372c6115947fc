/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_IRQ_H
#define _KERNEL_IRQ_H

#include <kernel/types.h>
#include <asm/irqflags.h>

typedef void (*irq_handler_t)(int irq, void *data);

/* Route device interrupt line @irq (ISA/SPI number) to @handler on CPU 0. */
int request_irq(int irq, irq_handler_t handler, void *data);

#define local_irq_save(flags)	((flags) = arch_local_irq_save())
#define local_irq_restore(flags) arch_local_irq_restore(flags)
#define local_irq_disable()	arch_local_irq_disable()
#define local_irq_enable()	arch_local_irq_enable()
#define irqs_disabled()		arch_irqs_disabled()

/* Interrupt nesting, maintained by the arch's interrupt entry/exit. */
void irq_enter(void);
void irq_exit(void);
bool in_interrupt(void);

#endif
