// SPDX-License-Identifier: MIT
/*
 * The shell's "crash" triggers that need the CPU: an invalid opcode, and
 * an oops inside an interrupt handler (a self-IPI whose handler, once it
 * has sent the EOI, is crash_in_irq_handler()).
 */
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <asm/apic.h>
#include <asm/processor.h>
#include <asm/traps.h>

/* In the free range of <asm/irq_vectors.h> */
#define CRASH_IPI_VECTOR	0xe0

static void crash_ipi_handler(struct pt_regs *regs)
{
	lapic_eoi();
	crash_in_irq_handler(regs);
}

/* A bare ud2: with no bug-table entry it is an invalid opcode, not BUG(). */
void arch_crash_invalid_opcode(void)
{
	__asm__ __volatile__("ud2");
}

void arch_crash_irq_oops(void)
{
	x86_set_vector_handler(CRASH_IPI_VECTOR, crash_ipi_handler);
	local_irq_enable();
	lapic_send_self_ipi(CRASH_IPI_VECTOR);
	mdelay(100);
	pr_err("crash: the self-IPI did not arrive\n");
}
