/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_IO_H
#define _ASM_X86_IO_H

#include <kernel/types.h>
#include <asm-generic/io.h>	/* MMIO, ordered by the x86 memory model */

static inline u8 inb(u16 port)
{
	u8 v;

	__asm__ __volatile__("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline u16 inw(u16 port)
{
	u16 v;

	__asm__ __volatile__("inw %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline u32 inl(u16 port)
{
	u32 v;

	__asm__ __volatile__("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline void outb(u8 v, u16 port)
{
	__asm__ __volatile__("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline void outw(u16 v, u16 port)
{
	__asm__ __volatile__("outw %0, %1" : : "a"(v), "Nd"(port));
}

static inline void outl(u32 v, u16 port)
{
	__asm__ __volatile__("outl %0, %1" : : "a"(v), "Nd"(port));
}

/* The kernel, its data and its heap are mapped 1:1: a device given a
 * kernel address for DMA sees the same memory. */
static inline uintptr_t virt_to_phys(const volatile void *addr)
{
	return (uintptr_t)addr;
}

#endif
