/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_I8259_H
#define _KERNEL_I8259_H

#include <kernel/types.h>

/*
 * The cascaded 8259 PIC pair of PC-style chipsets (drivers/irqchip/i8259.c),
 * at ISA ports 0x20/0x21 and 0xa0/0xa1 through <asm/io.h>'s inb/outb.
 * Inputs are ISA IRQs 0-15; the slave is on master input 2.
 */
#define I8259_NR_IRQS	16

/* Program both controllers (edge triggered, cascaded, 8086 mode, the
 * master's interrupts at vector @vector_base, the slave's 8 higher) and
 * mask every input. x86 only moves them off the CPU exception vectors;
 * MIPS takes the INT line as a CPU interrupt and ignores the vectors. */
void i8259_init(u8 vector_base);

void i8259_unmask(unsigned int irq);
void i8259_mask(unsigned int irq);

/* Acknowledge the highest-priority pending input with the poll command,
 * for CPUs without an interrupt-acknowledge cycle: its IRQ, or -1 when
 * none is pending (a spurious INT). Call i8259_eoi() with it when done. */
int i8259_poll(void);
void i8259_eoi(unsigned int irq);

#endif
