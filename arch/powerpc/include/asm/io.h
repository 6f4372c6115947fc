/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_IO_H
#define _ASM_POWERPC_IO_H

#include <kernel/types.h>

/*
 * Memory-mapped I/O through the cache-inhibited, guarded CCSR mapping
 * (mm/tlb.c). Registers are big-endian like the CPU, so plain loads and
 * stores; mbar keeps device accesses in order around normal memory.
 */
static inline u8 readb(const volatile void *addr)
{
	u8 v = *(const volatile u8 *)addr;

	__asm__ __volatile__("mbar" : : : "memory");
	return v;
}

static inline u16 readw(const volatile void *addr)
{
	u16 v = *(const volatile u16 *)addr;

	__asm__ __volatile__("mbar" : : : "memory");
	return v;
}

static inline u32 readl(const volatile void *addr)
{
	u32 v = *(const volatile u32 *)addr;

	__asm__ __volatile__("mbar" : : : "memory");
	return v;
}

static inline void writeb(u8 v, volatile void *addr)
{
	__asm__ __volatile__("mbar" : : : "memory");
	*(volatile u8 *)addr = v;
}

static inline void writew(u16 v, volatile void *addr)
{
	__asm__ __volatile__("mbar" : : : "memory");
	*(volatile u16 *)addr = v;
}

static inline void writel(u32 v, volatile void *addr)
{
	__asm__ __volatile__("mbar" : : : "memory");
	*(volatile u32 *)addr = v;
}

/* No I/O port space: the 8250 driver only uses these for UPIO_PORT. */
static inline u8 inb(unsigned long port)
{
	return 0xff;
}

static inline void outb(u8 v, unsigned long port)
{
}

/* The kernel, its data and its heap are mapped 1:1: a device given a
 * kernel address for DMA sees the same memory. */
static inline uintptr_t virt_to_phys(const volatile void *addr)
{
	return (uintptr_t)addr;
}

#endif
