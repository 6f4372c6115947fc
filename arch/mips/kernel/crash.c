// SPDX-License-Identifier: MIT
/*
 * The shell's "crash" triggers that need the CPU: a reserved instruction,
 * and an oops inside an interrupt handler (software interrupt 0 raised on
 * this CPU, handled by crash_in_irq_handler()).
 */
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <asm/mipsregs.h>
#include <asm/processor.h>
#include <asm/setup.h>

/* Major opcode 0x1b: LDR on MIPS64, reserved on a MIPS32 CPU. */
void arch_crash_invalid_opcode(void)
{
	__asm__ __volatile__(".word 0x6c000000");
}

void arch_crash_irq_oops(void)
{
	mips_set_cpu_irq_handler(IRQ_SOFT0, crash_in_irq_handler);
	local_irq_enable();
	write_c0(CP0_CAUSE, read_c0(CP0_CAUSE) | CAUSE_IP(IRQ_SOFT0));
	mdelay(100);
	pr_err("crash: the software interrupt did not arrive\n");
}
