// SPDX-License-Identifier: MIT
/*
 * The PLIC of QEMU virt: device interrupts, all routed to CPU 0's
 * S-mode context (context 2 * hart + 1; the even ones are M-mode's).
 * Every source gets priority 1 and the threshold is 0, so an enabled
 * source interrupts; other CPUs enable none.
 */
#include <kernel/errno.h>
#include <kernel/irq.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <asm/io.h>
#include <asm/setup.h>

#define PLIC			((volatile u8 *)VIRT_PLIC)
#define PLIC_PRIORITY(irq)	(0x000000 + (irq) * 4)
#define PLIC_ENABLE(ctx, irq)	(0x002000 + (ctx) * 0x80 + (irq) / 32 * 4)
#define PLIC_THRESHOLD(ctx)	(0x200000 + (ctx) * 0x1000)
#define PLIC_CLAIM(ctx)		(0x200004 + (ctx) * 0x1000)
#define PLIC_NR_IRQS		96	/* QEMU virt: VIRT_IRQCHIP_NUM_SOURCES */

struct plic_action {
	irq_handler_t fn;
	void *data;
};

static struct plic_action actions[PLIC_NR_IRQS];

static unsigned long context(unsigned int cpu)
{
	return 2 * riscv_hartid[cpu] + 1;
}

void plic_init(void)
{
	pr_info("plic: PLIC at 0x%lx, %d sources, to hart %lu\n", VIRT_PLIC, PLIC_NR_IRQS - 1,
		riscv_hartid[0]);
}

/* Per CPU: nothing enabled, threshold 0, and external interrupts on. */
void plic_cpu_init(void)
{
	unsigned long ctx = context(smp_processor_id());

	for (unsigned int i = 0; i < PLIC_NR_IRQS; i += 32)
		writel(0, PLIC + PLIC_ENABLE(ctx, i));
	writel(0, PLIC + PLIC_THRESHOLD(ctx));
	csr_set(sie, SIE_SEIE);
}

int request_irq(int irq, irq_handler_t handler, void *data)
{
	unsigned long ctx = context(0);
	volatile u8 *enable;

	if (irq <= 0 || irq >= PLIC_NR_IRQS || !handler)
		return -EINVAL;
	if (actions[irq].fn)
		return -EBUSY;
	actions[irq].data = data;
	__atomic_store_n(&actions[irq].fn, handler, __ATOMIC_RELEASE);
	writel(1, PLIC + PLIC_PRIORITY(irq));
	enable = PLIC + PLIC_ENABLE(ctx, irq);
	writel(readl(enable) | 1U << (irq % 32), enable);
	return 0;
}

/* Every pending source, each claimed, served and completed. */
void plic_handle_irq(struct pt_regs *regs)
{
	unsigned long ctx = context(smp_processor_id());
	u32 irq;

	while ((irq = readl(PLIC + PLIC_CLAIM(ctx))) != 0) {
		irq_handler_t fn = irq < PLIC_NR_IRQS ?
			__atomic_load_n(&actions[irq].fn, __ATOMIC_ACQUIRE) : NULL;

		if (fn)
			fn((int)irq, actions[irq].data);
		writel(irq, PLIC + PLIC_CLAIM(ctx));
	}
}
