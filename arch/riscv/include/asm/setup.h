/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_SETUP_H
#define _ASM_RISCV_SETUP_H

/*
 * QEMU's riscv "virt" machine (hw/riscv/virt.c memory map). RAM, the
 * command line, the harts and the timebase come from the device tree;
 * the devices sit at fixed addresses, mapped 1:1 (mm/mmu.c).
 */
#define VIRT_PCIE_PIO		0x03000000UL
#define VIRT_PLIC		0x0c000000UL
#define VIRT_UART0		0x10000000UL
#define VIRT_PCIE_ECAM		0x30000000UL
#define VIRT_PCIE_MMIO		0x40000000UL
#define VIRT_RAM		0x80000000UL
#define VIRT_UART0_IRQ		10
#define VIRT_PCIE_INTX_IRQ	32	/* INTA..INTD: 32..35 */

/* A writable alias of the first GiB of RAM, for text_poke() only. */
#define RISCV_TEXT_ALIAS	0xc0000000UL

#ifndef __ASSEMBLY__
#include <kernel/types.h>
#include <kernel/compiler.h>

struct pt_regs;

extern uintptr_t riscv_ram_top;
extern const void *riscv_fdt;
/* The hart id of each CPU (CPU 0 is the hart OpenSBI booted). */
extern unsigned long riscv_hartid[];

/* Boot path (head.S calls riscv_start_kernel with OpenSBI's a0, a1). */
__noreturn void riscv_start_kernel(unsigned long hartid, uintptr_t fdt);
void riscv_cpu_init(unsigned int cpu);		/* per CPU: trap vector, CPU number */
void riscv_mmu_init(void);			/* boot CPU: build the page table */
void riscv_mmu_enable(void);			/* every CPU */
/* Whether the page table maps @addr at all. */
bool riscv_mapped(uintptr_t addr);

/* Trap entry (entry.S) and its C side (traps.c). */
extern char riscv_trap_entry[], riscv_trap_entry_end[];
void riscv_do_trap(struct pt_regs *regs);
void riscv_do_fault(struct pt_regs *regs);	/* mm/fault.c */

/* PLIC (plic.c): device interrupts, routed to CPU 0. */
void plic_init(void);
void plic_cpu_init(void);
void plic_handle_irq(struct pt_regs *regs);

/* Timer (time.c) and IPIs (smp.c), from the trap dispatcher. */
void riscv_timer_start(void);
void riscv_timer_interrupt(struct pt_regs *regs);
unsigned long riscv_timer_ticks(unsigned int cpu);
/* Sleep up to @us, interrupts off: the debugger's nap (time.c). */
void riscv_timer_nap(unsigned int us);
extern unsigned long riscv_timebase;
void riscv_ipi_interrupt(struct pt_regs *regs);
void riscv_send_crash_ipi_self(void);

/* Secondary CPUs (head.S, smp.c). */
extern unsigned int riscv_secondary_cpu;
extern unsigned long riscv_secondary_sp;
void riscv_secondary_entry(void);
__noreturn void riscv_secondary_start(unsigned int cpu);
#endif

#endif
