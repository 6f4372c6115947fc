/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_SERIAL_H
#define _ASM_X86_SERIAL_H

#include <kernel/serial_8250.h>

/* The PC's COM1-COM4 (ttyS0-ttyS3); the 8250 driver probes each. */
#define SERIAL8250_PC_CLOCK	1843200

#define SERIAL8250_PORTS {						\
	{ 0x3f8, 4, UPIO_PORT, 0, SERIAL8250_PC_CLOCK },		\
	{ 0x2f8, 3, UPIO_PORT, 0, SERIAL8250_PC_CLOCK },		\
	{ 0x3e8, 4, UPIO_PORT, 0, SERIAL8250_PC_CLOCK },		\
	{ 0x2e8, 3, UPIO_PORT, 0, SERIAL8250_PC_CLOCK },		\
}

#endif
