// SPDX-License-Identifier: MIT
/*
 * The GICv2 of QEMU virt (arm and aarch64): device interrupts (SPIs) routed to CPU 0, the
 * timer and the IPIs as per-CPU SGIs/PPIs. Everything is group 1 (IRQ)
 * except GIC_SGI_NMI, which is group 0 and signalled as FIQ: this port's
 * NMI. IRQs are masked by "cpsid i" only, so the FIQ still reaches a CPU
 * spinning with interrupts off; it goes through the die chain as DIE_NMI
 * (panic's CPU stop, the debugger's roundup).
 *
 * Group 0 is only configurable from Secure state (or on a GIC without
 * security extensions). When the kernel runs Non-secure on a GIC with
 * them, the group registers read as zero: the NMI SGI is then made an
 * ordinary IRQ, and a CPU with interrupts off cannot be stopped. QEMU's
 * GICv2 without them (aarch64's virt, secure=off) still has groups.
 */
#include <kernel/die.h>
#include <kernel/gic.h>
#include <kernel/errno.h>
#include <kernel/irq.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <asm/io.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

#define GICD		((volatile u8 *)VIRT_GICD_BASE)
#define GICC		((volatile u8 *)VIRT_GICC_BASE)

#define GICD_CTLR	0x000
#define GICD_TYPER	0x004
#define GICD_IGROUPR	0x080
#define GICD_ISENABLER	0x100
#define GICD_ICENABLER	0x180
#define GICD_ICPENDR	0x280
#define GICD_IPRIORITYR	0x400
#define GICD_ITARGETSR	0x800
#define GICD_ICFGR	0xc00
#define GICD_SGIR	0xf00
#define GICD_CTLR_GRP0	0x1
#define GICD_CTLR_GRP1	0x2
#define GICD_SGIR_OTHERS (1U << 24)
#define GICD_SGIR_SELF	(2U << 24)
#define GICD_SGIR_NSATT	(1U << 15)	/* send a group 1 SGI (from Secure) */

#define GICC_CTLR	0x00
#define GICC_PMR	0x04
#define GICC_BPR	0x08
#define GICC_IAR	0x0c
#define GICC_EOIR	0x10
#define GICC_CTLR_GRP0	0x1
#define GICC_CTLR_GRP1	0x2
#define GICC_CTLR_ACKCTL 0x4	/* IAR acknowledges both groups */
#define GICC_CTLR_FIQEN	0x8	/* group 0 is signalled as FIQ */

#define GIC_NR_PERCPU	32
#define GIC_MAX_IRQS	1020
#define GIC_SPURIOUS	1020
#define GIC_IAR_ID(x)	((x) & 0x3ff)
#define PRIO_NMI	0x00
#define PRIO_IRQ	0xa0
#define PMR_ALL		0xf0
#define PMR_NMI_ONLY	0x80	/* above PRIO_NMI, at or below PRIO_IRQ */

struct spi_action {
	irq_handler_t fn;
	void *data;
};

static unsigned int nr_irqs;
static struct spi_action spi_actions[GIC_MAX_IRQS];
static gic_irq_handler_t percpu_handlers[GIC_NR_PERCPU];
static bool has_fiq;

static u32 gicd_read(unsigned int off)
{
	return readl(GICD + off);
}

static void gicd_write(unsigned int off, u32 v)
{
	writel(v, GICD + off);
}

static void gicd_set_prio(unsigned int intid, u8 prio)
{
	writeb(prio, GICD + GICD_IPRIORITYR + intid);
}

bool gic_has_fiq(void)
{
	return has_fiq;
}

void gic_nmi_only(bool on)
{
	writel(on ? PMR_NMI_ONLY : PMR_ALL, GICC + GICC_PMR);
}

#ifdef CONFIG_KGDB
/*
 * The debugger's held CPUs sleep in wfi (docs/arm.md): a spinning vCPU
 * takes a host core from the one that talks to gdb. wfi ends on any
 * interrupt the GIC signals, masked or not, so the priority mask lets
 * only the NMI SGI (the core's kick) through meanwhile. FIQs are masked
 * across the release test and the wfi, so that a kick in between stays
 * pending and ends the wfi. Without FIQ (group 0 is not ours) the NMI is
 * an IRQ like any other: held CPUs yield in a loop.
 */
void gic_nmi_wait(const bool *release)
{
	unsigned long flags;

	if (!has_fiq) {
		for (unsigned int i = 0; i < 64 && !READ_ONCE(*release); i++)
			cpu_relax();
		return;
	}
	flags = arch_local_save_flags();
	arch_local_fiq_disable();
	gic_nmi_only(true);
	if (!__atomic_load_n(release, __ATOMIC_ACQUIRE)) {
		dsb();
		__asm__ __volatile__("wfi" : : : "memory");
	}
	gic_nmi_only(false);
	if (!(flags & PSR_F))
		arch_local_fiq_enable();
}
#endif

void gic_wake_only(unsigned int intid, bool on)
{
	if (on) {
		gicd_set_prio(intid, PRIO_NMI);
		gicd_write(GICD_ISENABLER, 1U << intid);
		writel(PMR_NMI_ONLY, GICC + GICC_PMR);
		return;
	}
	gicd_write(GICD_ICENABLER, 1U << intid);
	gicd_write(GICD_ICPENDR, 1U << intid);
	gicd_set_prio(intid, PRIO_IRQ);
	writel(PMR_ALL, GICC + GICC_PMR);
}

void gic_dist_init(void)
{
	unsigned int i;

	nr_irqs = MIN(32 * ((gicd_read(GICD_TYPER) & 0x1f) + 1), (unsigned int)GIC_MAX_IRQS);
	gicd_write(GICD_CTLR, 0);
	for (i = GIC_NR_PERCPU; i < nr_irqs; i += 32) {
		gicd_write(GICD_ICENABLER + i / 8, 0xffffffff);
		gicd_write(GICD_IGROUPR + i / 8, 0xffffffff);
	}
	for (i = GIC_NR_PERCPU; i < nr_irqs; i++) {
		gicd_set_prio(i, PRIO_IRQ);
		writeb(1, GICD + GICD_ITARGETSR + i);	/* CPU 0 */
	}
	gicd_write(GICD_CTLR, GICD_CTLR_GRP0 | GICD_CTLR_GRP1);
	pr_info("gic: GICv2 at 0x%lx, %u interrupts\n", VIRT_GICD_BASE, nr_irqs);
}

/* Per CPU: the banked SGI/PPI registers and this CPU's interface. */
void gic_cpu_init(void)
{
	u32 groups = ~(1U << GIC_SGI_NMI);

	gicd_write(GICD_ICENABLER, 0xffff0000);		/* PPIs off until asked for */
	gicd_write(GICD_IGROUPR, groups);
	has_fiq = gicd_read(GICD_IGROUPR) == groups;
	for (unsigned int i = 0; i < GIC_NR_PERCPU; i++)
		gicd_set_prio(i, i == GIC_SGI_NMI && has_fiq ? PRIO_NMI : PRIO_IRQ);
	gicd_write(GICD_ISENABLER, 0x0000ffff);		/* SGIs */
	writel(PMR_ALL, GICC + GICC_PMR);
	writel(0, GICC + GICC_BPR);
	writel(GICC_CTLR_GRP0 | GICC_CTLR_GRP1 | GICC_CTLR_ACKCTL | GICC_CTLR_FIQEN,
	       GICC + GICC_CTLR);
}

void gic_set_percpu_handler(unsigned int intid, gic_irq_handler_t fn)
{
	if (intid >= GIC_NR_PERCPU)
		return;
	percpu_handlers[intid] = fn;
	gicd_write(GICD_ISENABLER, 1U << intid);
}

int request_irq(int irq, irq_handler_t handler, void *data)
{
	if (irq < GIC_NR_PERCPU || (unsigned int)irq >= nr_irqs || !handler)
		return -EINVAL;
	if (spi_actions[irq].fn)
		return -EBUSY;
	spi_actions[irq].data = data;
	__atomic_store_n(&spi_actions[irq].fn, handler, __ATOMIC_RELEASE);
	gicd_write(GICD_ISENABLER + (unsigned int)irq / 32 * 4, 1U << (irq % 32));
	return 0;
}

/* SGIs of group 1 need NSATT when sent from Secure state; the NMI SGI
 * must not have it. Non-secure writes ignore the bit. */
static u32 sgi_attr(unsigned int intid)
{
	return intid == GIC_SGI_NMI && has_fiq ? 0 : GICD_SGIR_NSATT;
}

void gic_send_sgi(unsigned int intid, unsigned int cpu_mask)
{
	dsb();		/* what the target is to see is written before it looks */
	gicd_write(GICD_SGIR, (cpu_mask & 0xff) << 16 | sgi_attr(intid) | intid);
}

void gic_send_sgi_self(unsigned int intid)
{
	dsb();
	gicd_write(GICD_SGIR, GICD_SGIR_SELF | sgi_attr(intid) | intid);
}

void gic_send_sgi_others(unsigned int intid)
{
	dsb();
	gicd_write(GICD_SGIR, GICD_SGIR_OTHERS | sgi_attr(intid) | intid);
}

/* The NMI: from FIQ, or from IRQ when group 0 is not ours. */
static void nmi_handler(struct pt_regs *regs)
{
	if (notify_die(DIE_NMI, "NMI", regs, 0, (int)regs->trapnr, 0) == NOTIFY_STOP)
		return;
	pr_emerg("NMI received on CPU %u\n", smp_processor_id());
}

static void dispatch(struct pt_regs *regs, unsigned int id)
{
	if (id < GIC_NR_PERCPU) {
		if (id == GIC_SGI_NMI)
			nmi_handler(regs);
		else if (percpu_handlers[id])
			percpu_handlers[id](regs);
	} else if (id < nr_irqs) {
		irq_handler_t fn = __atomic_load_n(&spi_actions[id].fn, __ATOMIC_ACQUIRE);

		if (fn)
			fn((int)id, spi_actions[id].data);
	}
}

/*
 * One interrupt per entry; another pending one re-enters at once. The
 * interrupted kernel context is preempted on the way out, like x86: only
 * if it had interrupts on (it was not itself inside an interrupt).
 */
void gic_do_irq(struct pt_regs *regs)
{
	u32 iar = readl(GICC + GICC_IAR);
	unsigned int id = GIC_IAR_ID(iar);

	if (id >= GIC_SPURIOUS)
		return;
	if (id == GIC_SGI_NMI) {
		/* Ended first and outside irq_enter(), as on the FIQ path. */
		writel(iar, GICC + GICC_EOIR);
		nmi_handler(regs);
		return;
	}
	irq_enter();
	dispatch(regs, id);
	writel(iar, GICC + GICC_EOIR);
	irq_exit();
	if (!arch_irqs_disabled_flags(regs_flags(regs)) && !in_interrupt() && need_resched())
		schedule_irq(regs);
}

/* Group 0 only (the NMI SGI); ended before the handler, which may never
 * return (panic's CPU stop) or wait long (the debugger's holding loop). */
void gic_do_fiq(struct pt_regs *regs)
{
	u32 iar = readl(GICC + GICC_IAR);
	unsigned int id = GIC_IAR_ID(iar);

	if (id >= GIC_SPURIOUS)
		return;
	writel(iar, GICC + GICC_EOIR);
	if (id == GIC_SGI_NMI) {
		nmi_handler(regs);
		return;
	}
	/* A group 1 interrupt acknowledged here (AckCtl): serve it as an IRQ
	 * would, without the preemption point. */
	irq_enter();
	dispatch(regs, id);
	irq_exit();
}
