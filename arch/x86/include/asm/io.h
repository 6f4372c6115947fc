/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_IO_H
#define _ASM_X86_IO_H

#include <kernel/types.h>

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

/* Memory-mapped I/O: volatile accesses, ordered by the x86 memory model;
 * the compiler barrier keeps them in program order around normal memory. */
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
