// SPDX-License-Identifier: MIT
/*
 * The shell's "crash" triggers that need the CPU: an illegal
 * instruction, and an oops inside an interrupt handler (an MPIC IPI sent
 * to this CPU, handled by crash_in_irq_handler()).
 */
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/mpic.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <asm/setup.h>

/* Primary opcode 0 is reserved on every PowerPC. */
void arch_crash_invalid_opcode(void)
{
	__asm__ __volatile__(".long 0");
}

void arch_crash_irq_oops(void)
{
	ppc_set_ipi_handler(PPC_IPI_CRASH, crash_in_irq_handler);
	local_irq_disable();
	mpic_send_ipi(PPC_IPI_CRASH, 1UL << smp_processor_id());
	local_irq_enable();
	mdelay(100);
	pr_err("crash: the IPI did not arrive\n");
}
