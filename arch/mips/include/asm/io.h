/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_IO_H
#define _ASM_MIPS_IO_H

#include <kernel/types.h>
#include <asm-generic/io.h>	/* MMIO through uncached KSEG1 */

/*
 * ISA port I/O: QEMU's malta boot stub maps the GT-64120's PCI I/O window
 * at physical 0x18000000, uncached at KSEG1 0xb8000000, so port n is the
 * byte there. Only byte ports are used (8259, 16550s), which need no byte
 * swapping on either endianness.
 */
#define MIPS_ISA_IO_BASE	0xb8000000UL

static inline u8 inb(unsigned long port)
{
	return readb((const volatile void *)(MIPS_ISA_IO_BASE + port));
}

static inline void outb(u8 v, unsigned long port)
{
	writeb(v, (volatile void *)(MIPS_ISA_IO_BASE + port));
}

#endif
