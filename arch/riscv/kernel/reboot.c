// SPDX-License-Identifier: MIT
/*
 * Stopping and restarting the machine: SBI system reset (OpenSBI drives
 * QEMU virt's test device; with -no-reboot, QEMU exits).
 */
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <asm/csr.h>
#include <asm/sbi.h>

#define RESET_WAIT_MS	1000

__noreturn void arch_cpu_halt(void)
{
	csr_clear(sstatus, SR_SIE);
	csr_write(sie, 0);
	for (;;)
		__asm__ __volatile__("wfi" : : : "memory");
}

__noreturn void machine_halt(void)
{
	pr_emerg("System halted.\n");
	arch_cpu_halt();
}

__noreturn void machine_restart(void)
{
	local_irq_disable();
	sbi_system_reset(SBI_SRST_COLD_REBOOT);
	mdelay(RESET_WAIT_MS);
	pr_emerg("reboot: SBI system reset failed, halting\n");
	arch_cpu_halt();
}
