// SPDX-License-Identifier: MIT
/*
 * Stopping and restarting the machine: restart is PSCI SYSTEM_RESET
 * (with -no-reboot, QEMU exits).
 */
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <asm/setup.h>

#define RESET_WAIT_MS	1000

__noreturn void arch_cpu_halt(void)
{
	for (;;)
		__asm__ __volatile__("msr daifset, #3\n\tdsb sy\n\twfi" : : : "memory");
}

__noreturn void machine_halt(void)
{
	pr_emerg("System halted.\n");
	arch_cpu_halt();
}

__noreturn void machine_restart(void)
{
	local_irq_disable();
	psci_system_reset();
	mdelay(RESET_WAIT_MS);
	pr_emerg("reboot: no way to reset this machine, halting\n");
	arch_cpu_halt();
}
