/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_SETUP_H
#define _ASM_ARM64_SETUP_H

#include <kernel/types.h>
#include <kernel/compiler.h>
#include <kernel/gic.h>

struct pt_regs;

/*
 * QEMU's "virt" machine (hw/arm/virt.c memory map), with highmem=off so
 * that the PCIe ECAM is below 4 GiB. RAM and the command line come from
 * the device tree; the devices sit at fixed addresses.
 */
#define VIRT_DEVICE_BASE	0x08000000UL	/* GIC, UART, RTC, virtio-mmio, PCIe */
#define VIRT_DEVICE_END		0x40000000UL
#define VIRT_GICD_BASE		0x08000000UL
#define VIRT_GICC_BASE		0x08010000UL
#define VIRT_PCIE_ECAM		0x3f000000UL	/* 16 buses */
#define VIRT_PCIE_ECAM_SIZE	0x01000000UL
#define VIRT_PCIE_IO_SIZE	0x00010000UL	/* at PCI_IO_CPU_BASE (<asm/io.h>) */
#define VIRT_PCIE_MEM		0x10000000UL	/* bus address = CPU address */
#define VIRT_PCIE_MEM_SIZE	0x2eff0000UL
#define VIRT_PCIE_INTX_IRQ	35		/* INTA..INTD of slot 0: SPIs 3-6 */
#define VIRT_RAM_BASE		0x40000000UL	/* where QEMU puts the device tree for an ELF */

/* RAM as the device tree describes it (the first bank). */
extern uintptr_t arm64_ram_base, arm64_ram_top;
/* The device tree blob, for later users (SMP bring-up). */
extern const void *arm64_fdt;

/* Boot path, in order (head.S calls arm64_start_kernel). */
__noreturn void arm64_start_kernel(uintptr_t x0);
void arm64_cpu_init(unsigned int cpu);		/* per CPU: vectors, TPIDR, debug */
void arm64_mmu_init(void);			/* boot CPU: build the page tables */
void arm64_mmu_enable(void);			/* every CPU */
/* A writable alias of kernel RAM at @addr, for text_poke(); NULL if none. */
void *arm64_writable_alias(const void *addr, size_t len);

/* Generic timer (arch/arm64/kernel/time.c): start it on this CPU. */
void arm64_timer_start(void);
unsigned long arm64_timer_ticks(unsigned int cpu);
extern unsigned long arm64_timer_freq;
/* Sleep up to @us, interrupts off: the debugger's nap (time.c). */
void arm64_timer_nap(unsigned int us);

/* Exception entry (arch/arm64/kernel/entry.S) and its C handlers. */
extern char arm64_vectors[];
extern char arm64_entry_common[], arm64_entry_common_end[];
void arm64_do_exception(struct pt_regs *regs);
void arm64_do_abort(struct pt_regs *regs, unsigned int ec);

/* Secondary CPUs (arch/arm64/kernel/smp.c, head.S). */
extern unsigned long arm64_secondary_stack;
void arm64_secondary_entry(void);
__noreturn void arm64_secondary_start(unsigned int cpu);

/* PSCI (arch/arm64/kernel/psci.c). */
int psci_init(void);
int psci_cpu_on(unsigned long mpidr, uintptr_t entry, unsigned long context);
void psci_system_reset(void);		/* returns if there is no PSCI */

/* The exception syndrome (ESR_EL1): its class, and the classes we take. */
#define ESR_EC(esr)		(((esr) >> 26) & 0x3f)
#define ESR_ISS(esr)		((esr) & 0x1ffffff)
#define EC_UNKNOWN		0x00	/* undefined instruction */
#define EC_IABT			0x21	/* instruction abort, same EL */
#define EC_PC_ALIGN		0x22
#define EC_DABT			0x25	/* data abort, same EL */
#define EC_SP_ALIGN		0x26
#define EC_BREAKPOINT		0x31	/* hardware breakpoint, same EL */
#define EC_SOFTSTEP		0x33	/* software step, same EL */
#define EC_WATCHPOINT		0x35	/* watchpoint, same EL */
#define EC_BRK			0x3c	/* brk instruction */

#endif
