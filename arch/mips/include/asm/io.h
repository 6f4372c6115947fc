/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_IO_H
#define _ASM_MIPS_IO_H

#include <kernel/types.h>

/*
 * Memory-mapped I/O through KSEG1 (uncached): volatile accesses, the
 * compiler barrier keeping them in program order around normal memory
 * (QEMU's TCG performs them in order).
 */
static inline u8 readb(const volatile void *addr)
{
	return *(const volatile u8 *)addr;
}

static inline u16 readw(const volatile void *addr)
{
	return *(const volatile u16 *)addr;
}

static inline u32 readl(const volatile void *addr)
{
	return *(const volatile u32 *)addr;
}

static inline void writeb(u8 v, volatile void *addr)
{
	__asm__ __volatile__("" : : : "memory");
	*(volatile u8 *)addr = v;
}

static inline void writew(u16 v, volatile void *addr)
{
	__asm__ __volatile__("" : : : "memory");
	*(volatile u16 *)addr = v;
}

static inline void writel(u32 v, volatile void *addr)
{
	__asm__ __volatile__("" : : : "memory");
	*(volatile u32 *)addr = v;
}

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
