// SPDX-License-Identifier: MIT
/*
 * External interrupts (IVOR4) through the MPIC: the vector read from
 * IACK is the source number (or the IPI's vector), the handler runs, EOI
 * ends it. request_irq() takes MPIC source numbers; both UARTs share
 * source 42, which the 8250 driver handles as one shared line. Device
 * sources go to CPU 0; IPIs reach any CPU.
 */
#include <kernel/errno.h>
#include <kernel/irq.h>
#include <kernel/mpic.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <asm/ptrace.h>
#include <asm/reg.h>
#include <asm/setup.h>

struct irq_action {
	irq_handler_t fn;
	void *data;
};

static struct irq_action actions[MPIC_NR_SOURCES];
static ppc_irq_handler_t ipi_handlers[MPIC_NR_IPIS];

void ppc_set_ipi_handler(unsigned int ipi, ppc_irq_handler_t fn)
{
	WRITE_ONCE(ipi_handlers[ipi], fn);
}

int request_irq(int irq, irq_handler_t handler, void *data)
{
	unsigned long flags;

	if (irq < 0 || irq >= MPIC_NR_SOURCES || !handler)
		return -EINVAL;
	if (actions[irq].fn)
		return -EBUSY;
	local_irq_save(flags);
	actions[irq].data = data;
	actions[irq].fn = handler;
	mpic_unmask((unsigned int)irq);
	local_irq_restore(flags);
	return 0;
}

void ppc_irq_init(void)
{
	mpic_init(CCSR_VIRT + CCSR_MPIC);
}

/*
 * QEMU's ppce500 wires both UARTs to MPIC source 42 with no OR gate: each
 * sets the line to its own state, so one can drop the other's request
 * (the debugger's line busy while the console receives), and the byte
 * waits for good. The tick therefore also runs that line's handler: a
 * dropped request costs at most a tick.
 */
void ppc_poll_duart(void)
{
	if (actions[MPIC_IRQ_DUART].fn)
		actions[MPIC_IRQ_DUART].fn(MPIC_IRQ_DUART, actions[MPIC_IRQ_DUART].data);
}

static void dispatch(struct pt_regs *regs, unsigned int vector)
{
	if (vector >= MPIC_IPI_VECTOR && vector < MPIC_IPI_VECTOR + MPIC_NR_IPIS) {
		ppc_irq_handler_t fn = READ_ONCE(ipi_handlers[vector - MPIC_IPI_VECTOR]);

		if (fn)
			fn(regs);
	} else if (vector < MPIC_NR_SOURCES && actions[vector].fn) {
		actions[vector].fn((int)vector, actions[vector].data);
	} else {
		pr_warn("irq: unexpected MPIC vector %u\n", vector);
	}
}

/*
 * One vector per entry; another pending one re-enters at once. The
 * interrupted context is preempted on the way out, like x86 and arm:
 * only if it had interrupts on (it was not itself inside an interrupt).
 */
void ppc_do_irq(struct pt_regs *regs)
{
	unsigned int vector = mpic_ack();

	regs->msr &= ~MSR_WE;		/* woken from the idle doze: stay awake */
	if (vector == MPIC_SPURIOUS_VECTOR)
		return;
	irq_enter();
	dispatch(regs, vector);
	mpic_eoi();
	irq_exit();
	if ((regs->msr & MSR_EE) && !in_interrupt() && need_resched())
		schedule_irq(regs);
}
