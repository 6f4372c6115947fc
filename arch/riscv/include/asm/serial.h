/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_SERIAL_H
#define _ASM_RISCV_SERIAL_H

#include <kernel/serial_8250.h>
#include <asm/setup.h>

/*
 * QEMU virt's one 16550 (ttyS0, PLIC source 10), clocked at 3.6864 MHz
 * (hw/riscv/virt.c), byte registers one apart. A -device pci-serial is
 * found on the PCI bus by its class, wherever it sits, as ttyS1.
 */
#define SERIAL8250_VIRT_CLOCK	3686400

#define SERIAL8250_PORTS {						\
	{ VIRT_UART0, VIRT_UART0_IRQ, UPIO_MEM, 0, SERIAL8250_VIRT_CLOCK }, \
}

#endif
