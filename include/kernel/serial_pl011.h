/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_SERIAL_PL011_H
#define _KERNEL_SERIAL_PL011_H

/*
 * Where an arch's ARM PrimeCell PL011 UARTs are: <asm/serial.h> defines
 * PL011_PORTS, an initializer list of these, in ttyAMA order.
 */
struct pl011_desc {
	unsigned long base;	/* physical (= virtual) address */
	int irq;		/* interrupt line for request_irq() */
	unsigned int uartclk;	/* UARTCLK in Hz, for the baud divisor */
};

/* A boot console on the first port, until the driver's own (drivers/serial/pl011.c). */
void pl011_early_console_init(void);

#endif
