// SPDX-License-Identifier: MIT
/* Interrupt nesting per CPU, kept by the arch's interrupt entry and exit. */
#include <kernel/irq.h>
#include <kernel/smp.h>

static unsigned int irq_depth[NR_CPUS];

void irq_enter(void)
{
	irq_depth[smp_processor_id()]++;
}

void irq_exit(void)
{
	irq_depth[smp_processor_id()]--;
}

bool in_interrupt(void)
{
	unsigned long flags;
	bool ret;

	/* A task must not move between reading the CPU number and its count. */
	local_irq_save(flags);
	ret = irq_depth[smp_processor_id()] != 0;
	local_irq_restore(flags);
	return ret;
}
