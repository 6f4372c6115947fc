// SPDX-License-Identifier: MIT
/*
 * Stopping and restarting the machine. The e500 SoC resets when RSTCR's
 * HRESET_REQ bit is written in the global utilities block; with
 * -no-reboot QEMU exits.
 */
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <asm/io.h>
#include <asm/reg.h>
#include <asm/setup.h>

#define RESET_WAIT_MS	1000

/* Doze with interrupts off: nothing wakes the CPU. */
__noreturn void arch_cpu_halt(void)
{
	local_irq_disable();
	for (;;)
		mtmsr((mfmsr() & ~MSR_EE) | MSR_WE);
}

__noreturn void machine_halt(void)
{
	pr_emerg("System halted.\n");
	arch_cpu_halt();
}

__noreturn void machine_restart(void)
{
	local_irq_disable();
	writel(RSTCR_HRESET_REQ, (volatile void *)(CCSR_VIRT + CCSR_GUTS + GUTS_RSTCR));
	mdelay(RESET_WAIT_MS);
	pr_emerg("reboot: the SoC did not reset, halting\n");
	arch_cpu_halt();
}
