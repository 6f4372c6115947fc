// SPDX-License-Identifier: MIT
/*
 * The 8259 PIC pair (see <kernel/i8259.h>). The masks are kept here too,
 * so that changing one input writes the register without reading it.
 * Callers serialise: x86 only initialises, MIPS works with interrupts off.
 */
#include <kernel/i8259.h>
#include <asm/io.h>

#define PIC1_CMD	0x20
#define PIC1_DATA	0x21
#define PIC2_CMD	0xa0
#define PIC2_DATA	0xa1

#define ICW1_INIT	0x11	/* edge triggered, cascaded, ICW4 follows */
#define ICW3_MASTER	0x04	/* slave on input 2 */
#define ICW3_SLAVE	0x02	/* cascade identity */
#define ICW4_8086	0x01
#define OCW2_SEOI	0x60	/* specific EOI, | the input */
#define OCW3_POLL	0x0c	/* the next read of the command port acknowledges */
#define POLL_VALID	0x80	/* in the poll byte: an input was pending */
#define CASCADE_IRQ	2

static u16 cached_mask = 0xffff;

static void write_masks(void)
{
	outb((u8)cached_mask, PIC1_DATA);
	outb((u8)(cached_mask >> 8), PIC2_DATA);
}

void i8259_init(u8 vector_base)
{
	cached_mask = 0xffff;
	write_masks();

	outb(ICW1_INIT, PIC1_CMD);
	outb(vector_base, PIC1_DATA);
	outb(ICW3_MASTER, PIC1_DATA);
	outb(ICW4_8086, PIC1_DATA);

	outb(ICW1_INIT, PIC2_CMD);
	outb((u8)(vector_base + 8), PIC2_DATA);
	outb(ICW3_SLAVE, PIC2_DATA);
	outb(ICW4_8086, PIC2_DATA);

	/* Initialisation unmasks everything: mask again. */
	write_masks();
}

void i8259_unmask(unsigned int irq)
{
	if (irq >= I8259_NR_IRQS)
		return;
	cached_mask &= (u16)~(1U << irq);
	if (irq >= 8)
		cached_mask &= (u16)~(1U << CASCADE_IRQ);
	write_masks();
}

void i8259_mask(unsigned int irq)
{
	if (irq >= I8259_NR_IRQS)
		return;
	cached_mask |= (u16)(1U << irq);
	write_masks();
}

static int poll_one(unsigned int cmd_port)
{
	u8 v;

	outb(OCW3_POLL, cmd_port);
	v = inb(cmd_port);
	return v & POLL_VALID ? v & 7 : -1;
}

int i8259_poll(void)
{
	int irq = poll_one(PIC1_CMD), slave;

	if (irq != CASCADE_IRQ)
		return irq;
	slave = poll_one(PIC2_CMD);
	if (slave < 0) {
		/* Nothing left on the slave: end the cascade input's service. */
		outb(OCW2_SEOI | CASCADE_IRQ, PIC1_CMD);
		return -1;
	}
	return slave + 8;
}

void i8259_eoi(unsigned int irq)
{
	if (irq >= 8) {
		outb((u8)(OCW2_SEOI | (irq & 7)), PIC2_CMD);
		irq = CASCADE_IRQ;
	}
	outb((u8)(OCW2_SEOI | irq), PIC1_CMD);
}
