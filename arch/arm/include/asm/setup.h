/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_SETUP_H
#define _ASM_ARM_SETUP_H

#include <kernel/types.h>
#include <kernel/compiler.h>

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
void arm_early_console_init(void);

/* GIC (arch/arm/kernel/gic.c). Interrupt numbers are GIC INTIDs. */
#define GIC_SGI_RESCHEDULE	1
#define GIC_SGI_CRASH		2
#define GIC_SGI_NMI		15	/* group 0: delivered as FIQ */
#define GIC_PPI_SEC_PTIMER	29	/* Secure physical timer */
#define GIC_PPI_NS_PTIMER	30	/* Non-secure physical timer */
typedef void (*arm_irq_handler_t)(struct pt_regs *regs);
void gic_dist_init(void);
void gic_cpu_init(void);
/* A per-CPU (SGI/PPI) handler; enables the interrupt on this CPU. */
void gic_set_percpu_handler(unsigned int intid, arm_irq_handler_t fn);
void gic_send_sgi(unsigned int intid, unsigned int cpu_mask);
void gic_send_sgi_self(unsigned int intid);
void gic_send_sgi_others(unsigned int intid);
/* Whether group 0 works as FIQ (the kernel runs in Secure state, or the
 * GIC has no security extensions); otherwise the NMI SGI is an IRQ. */
bool gic_has_fiq(void);
/* Let this CPU's interface signal only the NMI SGI (@on), or everything. */
void gic_nmi_only(bool on);

/* Generic timer (arch/arm/kernel/time.c): start it on this CPU. */
void arm_timer_start(void);
unsigned long arm_timer_ticks(unsigned int cpu);
extern unsigned long arm_timer_freq;

/* Exception entry (arch/arm/kernel/entry.S) and its C handlers. */
extern char arm_vectors[];
extern char arm_entry_common[], arm_entry_common_end[];
void arm_do_undef(struct pt_regs *regs);
void arm_do_svc(struct pt_regs *regs);
void arm_do_pabt(struct pt_regs *regs);
void arm_do_dabt(struct pt_regs *regs);
void arm_do_irq(struct pt_regs *regs);
void arm_do_fiq(struct pt_regs *regs);
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
