/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_SERIAL_H
#define _ASM_POWERPC_SERIAL_H

#include <kernel/serial_8250.h>
#include <asm/setup.h>

/*
 * The ppce500's two 16550s in CCSR (DUART at +0x4500 and +0x4600: ttyS0
 * is QEMU's first -serial, ttyS1 the second), byte registers one apart,
 * both on MPIC source 42. QEMU clocks them with a baud base of 399193.
 */
#define SERIAL8250_E500_CLOCK	(399193 * 16)

#define SERIAL8250_PORTS {						\
	{ CCSR_VIRT + 0x4500, MPIC_IRQ_DUART, UPIO_MEM, 0, SERIAL8250_E500_CLOCK }, \
	{ CCSR_VIRT + 0x4600, MPIC_IRQ_DUART, UPIO_MEM, 0, SERIAL8250_E500_CLOCK }, \
}

#endif
