/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_IO_H
#define _ASM_RISCV_IO_H

#include <kernel/types.h>
#include <asm/setup.h>

/*
 * Memory-mapped I/O, ordered as Linux orders it: device reads complete
 * before later normal reads (fence i,r), and normal writes (a virtio
 * ring, say) are visible before a device write (fence w,o).
 */
#define __io_ar()	__asm__ __volatile__("fence i, r" : : : "memory")
#define __io_bw()	__asm__ __volatile__("fence w, o" : : : "memory")

#define RISCV_READ(name, type)						\
static inline type name(const volatile void *addr)			\
{									\
	type v = *(const volatile type *)addr;				\
									\
	__io_ar();							\
	return v;							\
}
#define RISCV_WRITE(name, type)						\
static inline void name(type v, volatile void *addr)			\
{									\
	__io_bw();							\
	*(volatile type *)addr = v;					\
}
RISCV_READ(readb, u8)
RISCV_READ(readw, u16)
RISCV_READ(readl, u32)
RISCV_WRITE(writeb, u8)
RISCV_WRITE(writew, u16)
RISCV_WRITE(writel, u32)

/* PCI I/O space: the host bridge's window, port n at VIRT_PCIE_PIO + n. */
#define RISCV_PIO(name, type, rd, wr)					\
static inline type in##name(unsigned long port)				\
{									\
	return rd((const volatile void *)(VIRT_PCIE_PIO + port));	\
}									\
static inline void out##name(type v, unsigned long port)		\
{									\
	wr(v, (volatile void *)(VIRT_PCIE_PIO + port));			\
}
RISCV_PIO(b, u8, readb, writeb)
RISCV_PIO(w, u16, readw, writew)
RISCV_PIO(l, u32, readl, writel)

/* RAM is mapped 1:1: a device given a kernel address for DMA sees it. */
static inline uintptr_t virt_to_phys(const volatile void *addr)
{
	return (uintptr_t)addr;
}

#endif
