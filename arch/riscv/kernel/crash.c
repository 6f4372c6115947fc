// SPDX-License-Identifier: MIT
/*
 * The shell's "crash" triggers that need the CPU: an illegal
 * instruction, and an oops inside an interrupt handler (a self-IPI
 * handled by crash_in_irq_handler()).
 */
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <asm/setup.h>

/* The all-zero parcel is illegal by definition. */
void arch_crash_invalid_opcode(void)
{
	__asm__ __volatile__(".2byte 0");
}

void arch_crash_irq_oops(void)
{
	riscv_send_crash_ipi_self();
	local_irq_enable();
	mdelay(100);
	pr_err("crash: the self-IPI did not arrive\n");
}
