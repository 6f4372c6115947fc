/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_SERIAL_H
#define _ASM_RISCV_SERIAL_H

#include <kernel/serial_8250.h>
#include <asm/setup.h>

/*
 * QEMU virt's one 16550 (ttyS0, PLIC source 10), clocked at 3.6864 MHz
 * (hw/riscv/virt.c), and a -device pci-serial as ttyS1: the first device
 * on the bus sits in slot 1, and the only I/O BAR gets I/O address 0x1000
 * (kernel/pci.c). Its INTA is swizzled onto INTx line (1 + 0) % 4, PLIC
 * source 33. The driver probes each one. Byte registers one apart.
 */
#define SERIAL8250_VIRT_CLOCK	3686400
#define SERIAL8250_PCI_CLOCK	1843200

#define SERIAL8250_PORTS {						\
	{ VIRT_UART0, VIRT_UART0_IRQ, UPIO_MEM, 0, SERIAL8250_VIRT_CLOCK }, \
	{ VIRT_PCIE_PIO + 0x1000, VIRT_PCIE_INTX_IRQ + 1, UPIO_MEM, 0,	\
	  SERIAL8250_PCI_CLOCK },					\
}

#endif
