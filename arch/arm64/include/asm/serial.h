/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_SERIAL_H
#define _ASM_ARM64_SERIAL_H

#include <kernel/serial_8250.h>
#include <kernel/serial_pl011.h>
#include <asm/io.h>

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
 * The second line: QEMU's pci-serial (a 16550 behind a PCI I/O BAR, given
 * with -device pci-serial), ttyS0. It is the first device, on slot 1 pin
 * A, and the only I/O BAR, so pci_assign_bars() puts it at I/O address
 * 0x1000; virt swizzles slot 1 INTA to SPI 4 (INTID 36). The driver
 * probes it: without the device, nothing answers there.
 */
#define SERIAL8250_PCI_CLOCK	1843200

#define SERIAL8250_PORTS {						\
	{ PCI_IO_CPU_BASE + 0x1000, 36, UPIO_MEM, 0, SERIAL8250_PCI_CLOCK },	\
}

#endif
