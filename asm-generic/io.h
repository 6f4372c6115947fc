/* SPDX-License-Identifier: MIT */
#ifndef _ASM_GENERIC_IO_H
#define _ASM_GENERIC_IO_H

/*
 * Memory-mapped I/O as plain volatile accesses, for an arch whose device
 * accesses stay in program order (x86's memory model; MIPS through
 * uncached KSEG1): the compiler barrier keeps them in order around normal
 * memory. An arch that needs barriers writes its own.
 */

#include <kernel/types.h>

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

#endif
