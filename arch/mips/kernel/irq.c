// SPDX-License-Identifier: MIT
/*
 * Interrupts. The CPU has eight lines (Cause.IP): the PIIX4's i8259 pair
 * drives hardware interrupt 0 (IP2), Count/Compare IP7, and software
 * interrupt 0 (IP0) is the crash command's self-interrupt. Device
 * interrupts are ISA IRQs on the i8259s, found with the poll command.
 */
#include <kernel/errno.h>
#include <kernel/i8259.h>
#include <kernel/irq.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <asm/mipsregs.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

/* The vector base x86 would use; a MIPS CPU never reads it. */
#define I8259_VECTOR_BASE	0x20

struct irq_action {
	irq_handler_t fn;
	void *data;
};

static struct irq_action isa_actions[I8259_NR_IRQS];
static mips_irq_handler_t cpu_handlers[8];

void mips_set_cpu_irq_handler(unsigned int line, mips_irq_handler_t fn)
{
	if (line < 8)
		cpu_handlers[line] = fn;
}

int request_irq(int irq, irq_handler_t handler, void *data)
{
	unsigned long flags;

	if (irq < 0 || irq >= I8259_NR_IRQS || !handler)
		return -EINVAL;
	if (isa_actions[irq].fn)
		return -EBUSY;
	local_irq_save(flags);
	isa_actions[irq].data = data;
	isa_actions[irq].fn = handler;
	i8259_unmask((unsigned int)irq);
	local_irq_restore(flags);
	return 0;
}

static void i8259_interrupt(struct pt_regs *regs)
{
	int irq = i8259_poll();

	if (irq < 0)
		return;
	if (isa_actions[irq].fn)
		isa_actions[irq].fn(irq, isa_actions[irq].data);
	i8259_eoi((unsigned int)irq);
}

void mips_irq_init(void)
{
	i8259_init(I8259_VECTOR_BASE);
	mips_set_cpu_irq_handler(IRQ_I8259, i8259_interrupt);
	pr_info("irq: i8259 pair on CPU interrupt %d, Count/Compare on %d\n", IRQ_I8259,
		IRQ_TIMER);
}

/*
 * One line per entry, the highest first; another pending one re-enters
 * at once. The interrupted context is preempted on the way out, like x86
 * and arm: only if it had interrupts on (it was not itself inside an
 * interrupt).
 */
void mips_do_irq(struct pt_regs *regs)
{
	unsigned long pending = regs->cp0_cause & regs->cp0_status & CAUSE_IP_ALL;
	int line;

	/* Woken from (or about to enter) the idle wait: do not go back to it. */
	if (regs->cp0_epc - (uintptr_t)mips_idle_wait < (uintptr_t)(mips_idle_end - mips_idle_wait))
		regs->cp0_epc = (uintptr_t)mips_idle_end;
	if (!pending)
		return;
	line = 31 - __builtin_clzl(pending) - CAUSE_IP_SHIFT;
	/* A software interrupt stays pending until it is cleared. */
	if (line < 2)
		write_c0(CP0_CAUSE, read_c0(CP0_CAUSE) & ~CAUSE_IP(line));
	irq_enter();
	if (cpu_handlers[line])
		cpu_handlers[line](regs);
	else
		pr_warn("irq: unexpected CPU interrupt %d\n", line);
	irq_exit();
	if ((regs->cp0_status & ST0_IE) && !in_interrupt() && need_resched())
		schedule_irq(regs);
}
