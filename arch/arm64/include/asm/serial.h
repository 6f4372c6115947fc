/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_SERIAL_H
#define _ASM_ARM64_SERIAL_H

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

#endif
