// SPDX-License-Identifier: MIT
/*
 * Stopping and restarting the machine. The malta resets when 0x42 is
 * written to its SOFTRES board register; with -no-reboot QEMU exits.
 */
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <asm/io.h>
#include <asm/setup.h>

#define RESET_WAIT_MS	1000

/* "wait" with interrupts off does not wake on QEMU's 24Kf: stopped. */
__noreturn void arch_cpu_halt(void)
{
	for (;;)
		__asm__ __volatile__("di\n\tehb\n\twait" : : : "memory");
}

__noreturn void machine_halt(void)
{
	pr_emerg("System halted.\n");
	arch_cpu_halt();
}

__noreturn void machine_restart(void)
{
	local_irq_disable();
	writel(MALTA_SOFTRES_RESET, (volatile void *)MALTA_SOFTRES);
	mdelay(RESET_WAIT_MS);
	pr_emerg("reboot: the board did not reset, halting\n");
	arch_cpu_halt();
}
