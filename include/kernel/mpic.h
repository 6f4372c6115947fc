/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_MPIC_H
#define _KERNEL_MPIC_H

#include <kernel/types.h>

/*
 * The Freescale MPIC, an OpenPIC (drivers/irqchip/mpic.c), as this
 * kernel drives it: every device source to CPU 0 at one priority,
 * vectors equal to the source numbers, IPIs to any CPU, and MSI n as
 * CPU n's critical interrupt (the NMI stand-in). The registers are read
 * through <asm/io.h> at the virtual address given to mpic_init().
 */
#define MPIC_NR_SOURCES		256
#define MPIC_IPI_VECTOR		0x100	/* IPI n's vector: MPIC_IPI_VECTOR + n */
#define MPIC_NR_IPIS		4
#define MPIC_SPURIOUS_VECTOR	0xffff
#define MPIC_MAX_PRIORITY	15
#define MPIC_MSI_SRC0		224	/* MSI n's source (of MPIC_NR_MSI) */
#define MPIC_NR_MSI		8

void mpic_init(uintptr_t base);
/* This CPU's interface: task priority 0, nothing left in service. */
void mpic_cpu_init(void);
/* Deliver to this CPU only what is above @prio (MPIC_MAX_PRIORITY: nothing). */
void mpic_set_task_priority(unsigned int prio);
void mpic_unmask(unsigned int src);
void mpic_mask(unsigned int src);
/* The highest pending vector, now in service (MPIC_SPURIOUS_VECTOR: none). */
unsigned int mpic_ack(void);
void mpic_eoi(void);
/* Interrupt the CPUs in @cpumask with IPI @ipi. */
void mpic_send_ipi(unsigned int ipi, unsigned long cpumask);
/* Raise @cpu's critical interrupt (its MSI), if the MPIC has that CPU. */
void mpic_send_nmi(unsigned int cpu);
/* In @cpu's critical interrupt: lower the line. */
void mpic_nmi_ack(unsigned int cpu);

#endif
