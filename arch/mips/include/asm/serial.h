/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_SERIAL_H
#define _ASM_MIPS_SERIAL_H

#include <kernel/serial_8250.h>

/*
 * The malta's Super I/O UARTs (SMSC FDC37M817 on the PIIX4's ISA bus):
 * COM1 0x3f8 (ttyS0, QEMU's first -serial) and COM2 0x2f8 (ttyS1, the
 * second), reached as ISA ports through <asm/io.h>, ISA IRQs 4 and 3 on
 * the i8259 pair.
 */
#define SERIAL8250_PC_CLOCK	1843200

#define SERIAL8250_PORTS {						\
	{ 0x3f8, 4, UPIO_PORT, 0, SERIAL8250_PC_CLOCK },		\
	{ 0x2f8, 3, UPIO_PORT, 0, SERIAL8250_PC_CLOCK },		\
}

#endif
