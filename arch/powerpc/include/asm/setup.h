/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_SETUP_H
#define _ASM_POWERPC_SETUP_H

/*
 * QEMU's ppce500: RAM from physical 0 (its size in the device tree), the
 * CCSR block (1 MiB of SoC registers; the device tree's /soc ranges give
 * its physical address, 0xf_e000_0000 on QEMU 7.2) mapped at CCSR_VIRT.
 * The kernel maps RAM 1:1 from KERNEL_MAP_START up, so that everything
 * below it (NULL and its neighbours) faults.
 */
#define CCSR_VIRT		0xe0000000UL
#define CCSR_SIZE		0x00100000UL
#define KERNEL_MAP_START	0x00400000UL	/* the kernel's load address */
#define RAM_MAX			0xc0000000UL	/* below CCSR_VIRT, whole TLB1 pages */

/* CCSR offsets. */
#define CCSR_MPIC		0x40000		/* OpenPIC */
#define CCSR_GUTS		0xe0000		/* global utilities */
#define GUTS_RSTCR		0xb0		/* reset control */
#define RSTCR_HRESET_REQ	0x2

/* MPIC interrupt sources (the device tree's numbers). */
#define MPIC_IRQ_DUART		42

#ifndef __ASSEMBLY__
#include <kernel/types.h>
#include <kernel/compiler.h>

struct pt_regs;

/* What the device tree told us (setup.c). */
extern uintptr_t ppc_ram_top;		/* RAM is [0, ppc_ram_top), mapped from KERNEL_MAP_START */
extern u64 ppc_ccsr_phys;
extern unsigned long ppc_tb_freq;	/* timebase and decrementer, Hz */
u64 ppc_read_tb(void);

/* Boot path (head.S calls ppc_start_kernel with the device tree). */
__noreturn void ppc_start_kernel(const void *fdt);
void ppc_tlb_init(void);		/* RAM and CCSR in TLB1, QEMU's entry gone */
void ppc_tlb_init_secondary(void);	/* the same on a secondary CPU */
/* One 4 KiB page of I/O at physical @pa (cache-inhibited, guarded) until
 * ppc_tlb_unmap_temp(), on this CPU; returns the virtual address of @pa. */
void *ppc_tlb_map_temp(u64 pa);
void ppc_tlb_unmap_temp(void);
void ppc_irq_init(void);
void ppc_poll_duart(void);		/* irq.c: the tick runs the UARTs' shared line */

/* Exception entry (entry.S): the vectors IVPR/IVORs point at, the common
 * code's extent (for the unwinder), and the C side. */
extern char ppc_vectors[];
extern char ppc_entry_start[], ppc_entry_end[];
extern char ppc_entry_prologue_end[], ppc_crit_prologue_end[];
extern char ppc_vectors_end[], ppc_entry_exit[], ppc_crit_entry[];
void ppc_set_vectors(void);
void ppc_do_exception(struct pt_regs *regs);
void ppc_do_irq(struct pt_regs *regs);
void ppc_do_timer(struct pt_regs *regs);
void ppc_do_fault(struct pt_regs *regs);

/* MPIC IPIs: the crash command's self-interrupt, reschedule (irq.c). */
#define PPC_IPI_CRASH		0
#define PPC_IPI_RESCHEDULE	1
typedef void (*ppc_irq_handler_t)(struct pt_regs *regs);
void ppc_set_ipi_handler(unsigned int ipi, ppc_irq_handler_t fn);

/* Secondary CPUs (smp.c, head.S); the critical interrupt, the NMI (nmi.c). */
extern unsigned long ppc_secondary_stack;
void ppc_secondary_entry(void);
__noreturn void ppc_secondary_start(unsigned int cpu);
void ppc_do_nmi(struct pt_regs *regs);
void ppc_cpu_init(void);		/* vectors, doze, critical interrupts on */
void ppc_timer_start(void);		/* this CPU's decrementer */

unsigned long ppc_timer_ticks(unsigned int cpu);

#ifdef CONFIG_KGDB
/* The debugger's doze unless *@wake (doze.S), where an interrupt must not
 * leave it (its hold window), IVOR10's stub for its nap, and its nap on
 * the decrementer (kgdb_arch.idle, time.c). */
void ppc_doze_unless(const bool *wake, unsigned long msr);
extern char ppc_doze_window[], ppc_doze_window_end[];
extern char ppc_nap_decrementer[];
void ppc_timer_nap(unsigned int us);
#endif
#endif

#endif
