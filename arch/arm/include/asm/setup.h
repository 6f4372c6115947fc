/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_SETUP_H
#define _ASM_ARM_SETUP_H

#include <kernel/types.h>
#include <kernel/compiler.h>
#include <kernel/gic.h>

struct pt_regs;

/*
 * QEMU's "virt" machine (hw/arm/virt.c memory map). RAM and the command
 * line come from the device tree; the devices sit at fixed addresses.
 */
#define VIRT_DEVICE_BASE	0x08000000UL	/* GIC, UARTs, RTC, GPIO... */
#define VIRT_DEVICE_END		0x0a100000UL	/* ...and the virtio-mmio transports */
#define VIRT_GICD_BASE		0x08000000UL
#define VIRT_GICC_BASE		0x08010000UL
#define VIRT_DTB_DEFAULT	0x40000000UL	/* where QEMU puts it for an ELF */

/* RAM as the device tree describes it (the first bank). */
extern uintptr_t arm_ram_base, arm_ram_top;
/* The device tree blob, for later users (SMP bring-up). */
extern const void *arm_fdt;

/* Boot path, in order (arch/arm/kernel/head.S calls arm_start_kernel). */
__noreturn void arm_start_kernel(uintptr_t dtb);
void arm_cpu_init(unsigned int cpu);		/* per CPU: vectors, TPIDRPRW */
void arm_mmu_init(void);			/* boot CPU: build the page tables */
void arm_mmu_enable(void);			/* every CPU */

/* The GIC: <kernel/gic.h> (drivers/irqchip/gic.c). */

/* Generic timer (arch/arm/kernel/time.c): start it on this CPU. */
void arm_timer_start(void);
unsigned long arm_timer_ticks(unsigned int cpu);
extern unsigned long arm_timer_freq;
/* Sleep up to @us, interrupts off: the debugger's nap (time.c). */
void arm_timer_nap(unsigned int us);

/* Exception entry (arch/arm/kernel/entry.S) and its C handlers. */
extern char arm_vectors[];
extern char arm_entry_common[], arm_entry_common_end[];
void arm_do_undef(struct pt_regs *regs);
void arm_do_svc(struct pt_regs *regs);
void arm_do_pabt(struct pt_regs *regs);
void arm_do_dabt(struct pt_regs *regs);
void arm_do_bad(struct pt_regs *regs);

/* Secondary CPUs (arch/arm/kernel/smp.c, head.S). */
extern unsigned long arm_secondary_stack;
extern unsigned long arm_pen_mpidr, arm_pen_cpu;	/* the holding pen (head.S) */
void arm_secondary_entry(void);
__noreturn void arm_secondary_start(unsigned int cpu);

/* PSCI (arch/arm/kernel/psci.c). */
int psci_init(void);
int psci_cpu_on(unsigned long mpidr, uintptr_t entry, unsigned long context);
void psci_system_reset(void);		/* returns if there is no PSCI */

#endif
