// SPDX-License-Identifier: MIT
/*
 * Dispatch of vectors 32..255 (device interrupts, IPIs, LAPIC timer) to the
 * handlers registered with x86_set_vector_handler(), and preemption on the
 * way out of an interrupt.
 */
#include <kernel/irq.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

static x86_vector_handler_t vector_handlers[NR_VECTORS];

void x86_set_vector_handler(unsigned int vector, x86_vector_handler_t fn)
{
	if (vector < FIRST_EXTERNAL_VECTOR || vector >= NR_VECTORS) {
		pr_err("x86: no handler allowed for vector %u\n", vector);
		return;
	}
	WRITE_ONCE(vector_handlers[vector], fn);
}

void x86_handle_interrupt(struct pt_regs *regs)
{
	x86_vector_handler_t fn = READ_ONCE(vector_handlers[regs->trapnr]);

	irq_enter();
	if (fn)
		fn(regs);
	else
		pr_warn("x86: unexpected interrupt, vector %lu on CPU %u\n",
			regs->trapnr, smp_processor_id());
	irq_exit();

	/* Preempt the interrupted kernel code if it could have been
	 * interrupted anyway (IF set) and is not itself an interrupt. */
	if ((regs_flags(regs) & X86_EFLAGS_IF) && !in_interrupt() && need_resched())
		schedule_irq(regs);
}
