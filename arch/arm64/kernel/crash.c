// SPDX-License-Identifier: MIT
/*
 * The shell's "crash" triggers that need the CPU: an undefined
 * instruction, and an oops inside an interrupt handler (a self-SGI
 * handled by crash_in_irq_handler()).
 */
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <asm/processor.h>
#include <asm/setup.h>

void arch_crash_invalid_opcode(void)
{
	__asm__ __volatile__("udf #0");
}

void arch_crash_irq_oops(void)
{
	gic_set_percpu_handler(GIC_SGI_CRASH, crash_in_irq_handler);
	local_irq_enable();
	gic_send_sgi_self(GIC_SGI_CRASH);
	mdelay(100);
	pr_err("crash: the self-IPI did not arrive\n");
}
