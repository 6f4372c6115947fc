/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_GIC_H
#define _KERNEL_GIC_H

/*
 * The GICv2 of QEMU's virt machines, arm and aarch64 alike
 * (drivers/irqchip/gic.c). Interrupt numbers are GIC INTIDs; the arch's
 * <asm/setup.h> gives VIRT_GICD_BASE and VIRT_GICC_BASE, and its
 * exception entry calls gic_do_irq() and gic_do_fiq().
 */
#include <kernel/types.h>

struct pt_regs;

#define GIC_SGI_RESCHEDULE	1
#define GIC_SGI_CRASH		2
#define GIC_SGI_NMI		15	/* group 0: delivered as FIQ */
#define GIC_PPI_VTIMER		27	/* virtual timer: the debugger's nap */
#define GIC_PPI_SEC_PTIMER	29	/* Secure physical timer */
#define GIC_PPI_NS_PTIMER	30	/* Non-secure physical timer */

typedef void (*gic_irq_handler_t)(struct pt_regs *regs);

void gic_dist_init(void);
void gic_cpu_init(void);
/* A per-CPU (SGI/PPI) handler; enables the interrupt on this CPU. */
void gic_set_percpu_handler(unsigned int intid, gic_irq_handler_t fn);
void gic_send_sgi(unsigned int intid, unsigned int cpu_mask);
void gic_send_sgi_self(unsigned int intid);
void gic_send_sgi_others(unsigned int intid);
/* Whether group 0 works as FIQ (the kernel runs in Secure state, or the
 * GIC has no security extensions); otherwise the NMI SGI is an IRQ. */
bool gic_has_fiq(void);
/* Let this CPU's interface signal only the NMI SGI (@on), or everything. */
void gic_nmi_only(bool on);
/* The debugger's held CPUs' wait (kgdb_arch.hold.wait): wfi until the NMI
 * SGI, unless *@release is set. */
void gic_nmi_wait(const bool *release);
/* Let this CPU's interface signal only per-CPU @intid (and the NMI SGI),
 * enabled, for a wfi that it ends (@on); or everything again, with @intid
 * disabled and no longer pending. */
void gic_wake_only(unsigned int intid, bool on);

/* The exception entry's handlers for the IRQ and FIQ lines. */
void gic_do_irq(struct pt_regs *regs);
void gic_do_fiq(struct pt_regs *regs);

#endif
