/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_IOAPIC_H
#define _ASM_X86_IOAPIC_H

#include <kernel/types.h>

/*
 * The IOAPIC routes the ISA IRQs (through the ACPI overrides) to the boot
 * CPU; request_irq() (<kernel/irq.h>) unmasks a line once it has a handler.
 */

/* Boot CPU: mask every input; needs x86_platform filled in. */
void ioapic_init(void);

/* The debugger's nap (time.c): ISA IRQ @irq to @cpu as an NMI; false
 * if it cannot be routed, or a stopped CPU holds the IOAPIC. */
bool ioapic_isa_irq_to_nmi(int irq, unsigned int cpu);

#endif
