/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_SERIAL_H
#define _ASM_ARM64_SERIAL_H

#include <kernel/serial_8250.h>
#include <kernel/serial_pl011.h>

/*
 * QEMU virt's PL011 (ttyAMA0), GIC INTID 33 (SPI 1). The second PL011
 * exists only with -M virt,secure=on, which starts the CPU at EL3, where
 * no debug exception fires.
 */
#define PL011_VIRT_CLOCK	24000000

#define PL011_PORTS {					\
	{ 0x09000000, 33, PL011_VIRT_CLOCK },		\
}

/*
 * No 8250 at a fixed address: the second line is QEMU's pci-serial (a
 * 16550 on PCI, -device pci-serial), which the driver finds on the bus
 * by its class wherever it sits, as ttyS0.
 */
#define SERIAL8250_PORTS { }

#endif
