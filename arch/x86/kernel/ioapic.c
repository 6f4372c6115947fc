// SPDX-License-Identifier: MIT
/*
 * The IOAPIC and request_irq() for the ISA interrupt lines. ISA IRQ n is
 * delivered as vector ISA_IRQ_VECTOR(n), fixed, to the boot CPU's LAPIC.
 */

#include <kernel/types.h>
#include <kernel/errno.h>
#include <kernel/irq.h>
#include <kernel/printk.h>
#include <kernel/spinlock.h>
#include <asm/acpi.h>
#include <asm/apic.h>
#include <asm/io.h>
#include <asm/ioapic.h>
#include <asm/irq_vectors.h>
#include <asm/ptrace.h>
#include <asm/smpboot.h>
#include <asm/traps.h>

/* Indirect access: select a register, then read or write the window. */
#define IOAPIC_REGSEL		0x00
#define IOAPIC_WINDOW		0x10

#define IOAPIC_REG_VERSION	0x01	/* bits 23:16: number of inputs - 1 */
#define IOAPIC_REG_REDTBL(pin)	(0x10 + 2 * (pin))	/* low word; high at +1 */

/* Redirection entry, low word */
#define IOAPIC_RTE_DM_NMI	(4U << 8)	/* delivery mode: NMI */
#define IOAPIC_RTE_LOW_ACTIVE	(1U << 13)
#define IOAPIC_RTE_LEVEL	(1U << 15)
#define IOAPIC_RTE_MASKED	(1U << 16)

struct isa_irq_action {
	irq_handler_t handler;
	void *data;
};

static struct isa_irq_action isa_irq_actions[NR_ISA_IRQS];
static unsigned int ioapic_pins;
static DEFINE_SPINLOCK(ioapic_lock);

static volatile void *ioapic_reg(unsigned int offset)
{
	return (volatile void *)(x86_platform.ioapic_base + offset);
}

static u32 ioapic_read(unsigned int reg)
{
	writel(reg, ioapic_reg(IOAPIC_REGSEL));
	return readl(ioapic_reg(IOAPIC_WINDOW));
}

static void ioapic_write(unsigned int reg, u32 val)
{
	writel(reg, ioapic_reg(IOAPIC_REGSEL));
	writel(val, ioapic_reg(IOAPIC_WINDOW));
}

static void ioapic_write_rte(unsigned int pin, u32 low, u32 high)
{
	unsigned long flags;

	spin_lock_irqsave(&ioapic_lock, flags);
	/* High (destination) first, while the low word may still be masked. */
	ioapic_write(IOAPIC_REG_REDTBL(pin) + 1, high);
	ioapic_write(IOAPIC_REG_REDTBL(pin), low);
	spin_unlock_irqrestore(&ioapic_lock, flags);
}

void ioapic_init(void)
{
	unsigned int pin;

	if (!x86_platform.ioapic_base) {
		pr_warn("ioapic: none found, device interrupts unavailable\n");
		return;
	}
	ioapic_pins = ((ioapic_read(IOAPIC_REG_VERSION) >> 16) & 0xff) + 1;
	for (pin = 0; pin < ioapic_pins; pin++)
		ioapic_write_rte(pin, IOAPIC_RTE_MASKED, 0);
}

static void isa_irq_interrupt(struct pt_regs *regs)
{
	unsigned int irq = regs->trapnr - ISA_IRQ_VECTOR_BASE;
	struct isa_irq_action *action = &isa_irq_actions[irq];

	action->handler(irq, action->data);
	lapic_eoi();
}

/* Where ISA IRQ @irq enters the IOAPIC, and its polarity and trigger. */
static bool isa_irq_route(int irq, unsigned int *pin, u32 *low)
{
	const struct isa_irq_route *route;

	if (irq < 0 || irq >= NR_ISA_IRQS || !ioapic_pins)
		return false;
	route = &x86_platform.isa_irq[irq];
	*pin = route->gsi - x86_platform.ioapic_gsi_base;
	if (route->gsi < x86_platform.ioapic_gsi_base || *pin >= ioapic_pins)
		return false;
	/* ISA lines are edge triggered, active high, unless overridden. */
	*low = 0;
	if ((route->flags & ACPI_POLARITY_MASK) == ACPI_POLARITY_LOW)
		*low |= IOAPIC_RTE_LOW_ACTIVE;
	if ((route->flags & ACPI_TRIGGER_MASK) == ACPI_TRIGGER_LEVEL)
		*low |= IOAPIC_RTE_LEVEL;
	return true;
}

int request_irq(int irq, irq_handler_t handler, void *data)
{
	unsigned int pin;
	u32 low;

	if (irq < 0 || irq >= NR_ISA_IRQS || !handler)
		return -EINVAL;
	if (!isa_irq_route(irq, &pin, &low))
		return -ENODEV;
	if (isa_irq_actions[irq].handler)
		return -EBUSY;

	isa_irq_actions[irq].handler = handler;
	isa_irq_actions[irq].data = data;
	x86_set_vector_handler(ISA_IRQ_VECTOR(irq), isa_irq_interrupt);
	ioapic_write_rte(pin, low | ISA_IRQ_VECTOR(irq), cpu_to_apic_id(0) << 24);
	return 0;
}

#ifdef CONFIG_KGDB
/*
 * The debugger's nap: ISA IRQ @irq, which no driver has, comes to @cpu as
 * an NMI (edge triggered, as NMIs must be). A stopped CPU may hold the
 * lock, even between its select and window writes: false then, unchanged.
 */
bool ioapic_isa_irq_to_nmi(int irq, unsigned int cpu)
{
	unsigned int pin;
	u32 low;

	if (!isa_irq_route(irq, &pin, &low) || isa_irq_actions[irq].handler ||
	    !spin_trylock(&ioapic_lock))
		return false;
	low = (low & ~IOAPIC_RTE_LEVEL) | IOAPIC_RTE_DM_NMI;
	ioapic_write(IOAPIC_REG_REDTBL(pin) + 1, cpu_to_apic_id(cpu) << 24);
	ioapic_write(IOAPIC_REG_REDTBL(pin), low);
	spin_unlock(&ioapic_lock);
	return true;
}
#endif
