/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_SERIAL_H
#define _ASM_ARM_SERIAL_H

#include <kernel/serial_pl011.h>

/*
 * QEMU virt's PL011s (ttyAMA0, ttyAMA1): the second exists only with
 * -M virt,secure=on (the "secure" UART); the driver probes each one.
 * Interrupts are GIC INTIDs (SPI 1 and SPI 8).
 */
#define PL011_VIRT_CLOCK	24000000

#define PL011_PORTS {					\
	{ 0x09000000, 33, PL011_VIRT_CLOCK },		\
	{ 0x09040000, 40, PL011_VIRT_CLOCK },		\
}

#endif
