/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_IO_H
#define _ASM_ARM64_IO_H

#include <kernel/types.h>

/*
 * Memory-mapped I/O. Device memory keeps accesses to it in program order;
 * the compiler barrier keeps them in order around normal memory. Single
 * instructions without writeback, as an emulator's MMIO decode expects.
 */
static inline u8 readb(const volatile void *addr)
{
	u8 v;

	__asm__ __volatile__("ldrb %w0, [%1]" : "=r"(v) : "r"(addr) : "memory");
	return v;
}

static inline u16 readw(const volatile void *addr)
{
	u16 v;

	__asm__ __volatile__("ldrh %w0, [%1]" : "=r"(v) : "r"(addr) : "memory");
	return v;
}

static inline u32 readl(const volatile void *addr)
{
	u32 v;

	__asm__ __volatile__("ldr %w0, [%1]" : "=r"(v) : "r"(addr) : "memory");
	return v;
}

static inline void writeb(u8 v, volatile void *addr)
{
	__asm__ __volatile__("strb %w0, [%1]" : : "r"(v), "r"(addr) : "memory");
}

static inline void writew(u16 v, volatile void *addr)
{
	__asm__ __volatile__("strh %w0, [%1]" : : "r"(v), "r"(addr) : "memory");
}

static inline void writel(u32 v, volatile void *addr)
{
	__asm__ __volatile__("str %w0, [%1]" : : "r"(v), "r"(addr) : "memory");
}

/* PCI I/O space: the PCIe host bridge's I/O window (QEMU virt). */
#define PCI_IO_CPU_BASE		0x3eff0000UL

#define PCI_IO(port)		((volatile void *)(PCI_IO_CPU_BASE + (port)))

static inline u8 inb(unsigned long port)
{
	return readb(PCI_IO(port));
}

static inline u16 inw(unsigned long port)
{
	return readw(PCI_IO(port));
}

static inline u32 inl(unsigned long port)
{
	return readl(PCI_IO(port));
}

static inline void outb(u8 v, unsigned long port)
{
	writeb(v, PCI_IO(port));
}

static inline void outw(u16 v, unsigned long port)
{
	writew(v, PCI_IO(port));
}

static inline void outl(u32 v, unsigned long port)
{
	writel(v, PCI_IO(port));
}

/* The kernel, its data and its heap are mapped 1:1: a device given a
 * kernel address for DMA sees the same memory. */
static inline uintptr_t virt_to_phys(const volatile void *addr)
{
	return (uintptr_t)addr;
}

#endif
