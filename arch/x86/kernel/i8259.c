// SPDX-License-Identifier: MIT
/*
 * The legacy 8259 PIC pair. Interrupts go through the IOAPIC instead, but the
 * PICs are still there: reprogram them so that their vectors are the ISA IRQ
 * range rather than the CPU exceptions that the BIOS leaves them on, and mask
 * every input.
 */

#include <asm/apic.h>
#include <asm/io.h>
#include <asm/irq_vectors.h>

#define PIC1_CMD	0x20
#define PIC1_DATA	0x21
#define PIC2_CMD	0xa0
#define PIC2_DATA	0xa1

#define ICW1_INIT	0x11	/* edge triggered, cascaded, ICW4 follows */
#define ICW3_MASTER	0x04	/* slave on input 2 */
#define ICW3_SLAVE	0x02	/* cascade identity */
#define ICW4_8086	0x01

void i8259_disable(void)
{
	outb(0xff, PIC1_DATA);
	outb(0xff, PIC2_DATA);

	outb(ICW1_INIT, PIC1_CMD);
	outb(ISA_IRQ_VECTOR_BASE, PIC1_DATA);
	outb(ICW3_MASTER, PIC1_DATA);
	outb(ICW4_8086, PIC1_DATA);

	outb(ICW1_INIT, PIC2_CMD);
	outb(ISA_IRQ_VECTOR_BASE + 8, PIC2_DATA);
	outb(ICW3_SLAVE, PIC2_DATA);
	outb(ICW4_8086, PIC2_DATA);

	/* Initialisation unmasks everything: mask again. */
	outb(0xff, PIC1_DATA);
	outb(0xff, PIC2_DATA);
}
