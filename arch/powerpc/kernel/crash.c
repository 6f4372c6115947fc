// SPDX-License-Identifier: MIT
/*
 * The shell's "crash" triggers that need the CPU: a hard lockup, an
 * illegal instruction, and an oops inside an interrupt handler (an MPIC
 * IPI sent to this CPU, whose handler dereferences NULL).
 */
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/mpic.h>
#include <kernel/printk.h>
#include <asm/processor.h>
#include <asm/setup.h>

void arch_crash_hardlockup(void)
{
	local_irq_disable();
	for (;;)
		cpu_relax();
}

static void crash_ipi_handler(struct pt_regs *regs)
{
	int *p = NULL;

	__asm__ __volatile__("" : "+r"(p));	/* keep the compiler from seeing NULL */
	*(volatile int *)p = 1;
}

/* Primary opcode 0 is reserved on every PowerPC. */
void arch_crash_invalid_opcode(void)
{
	__asm__ __volatile__(".long 0");
}

void arch_crash_irq_oops(void)
{
	ppc_set_ipi_handler(crash_ipi_handler);
	local_irq_enable();
	mpic_send_ipi(1UL << 0);
	mdelay(100);
	pr_err("crash: the IPI did not arrive\n");
}
