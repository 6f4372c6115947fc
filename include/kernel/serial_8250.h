/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_SERIAL_8250_H
#define _KERNEL_SERIAL_8250_H

/*
 * Where an arch's 8250/16550 UARTs are: <asm/serial.h> defines
 * SERIAL8250_PORTS, an initializer list of these, in ttyS order.
 */
#define UPIO_PORT	0	/* x86 I/O ports (inb/outb) */
#define UPIO_MEM	1	/* memory-mapped, byte registers */

struct serial8250_desc {
	unsigned long base;	/* I/O port or physical address */
	int irq;		/* interrupt line for request_irq() */
	unsigned char iotype;	/* UPIO_* */
	unsigned char regshift;	/* register spacing: 1 << regshift bytes */
	unsigned int uartclk;	/* input clock in Hz (baud base * 16) */
};

/* A boot console on the first port, until the driver's own (drivers/serial/8250.c). */
void serial8250_early_console_init(void);

#endif
