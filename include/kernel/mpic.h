/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_MPIC_H
#define _KERNEL_MPIC_H

#include <kernel/types.h>

/*
 * The Freescale MPIC, an OpenPIC (drivers/irqchip/mpic.c), as this
 * kernel drives it: every source to CPU 0 at one priority, vectors equal
 * to the source numbers, the first IPI's vector MPIC_IPI_VECTOR. The
 * registers are read through <asm/io.h> at the virtual address given to
 * mpic_init().
 */
#define MPIC_NR_SOURCES		256
#define MPIC_IPI_VECTOR		0x100
#define MPIC_SPURIOUS_VECTOR	0xffff

void mpic_init(uintptr_t base);
void mpic_unmask(unsigned int src);
void mpic_mask(unsigned int src);
/* The highest pending vector, now in service (MPIC_SPURIOUS_VECTOR: none). */
unsigned int mpic_ack(void);
void mpic_eoi(void);
/* Interrupt the CPUs in @cpumask with IPI 0. */
void mpic_send_ipi(unsigned long cpumask);

#endif
