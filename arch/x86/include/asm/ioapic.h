/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_IOAPIC_H
#define _ASM_X86_IOAPIC_H

/*
 * The IOAPIC routes the ISA IRQs (through the ACPI overrides) to the boot
 * CPU; request_irq() (<kernel/irq.h>) unmasks a line once it has a handler.
 */

/* Boot CPU: mask every input; needs x86_platform filled in. */
void ioapic_init(void);

#endif
