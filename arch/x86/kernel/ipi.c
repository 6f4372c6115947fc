// SPDX-License-Identifier: MIT
/*
 * Inter-processor interrupts through the local APIC's ICR: reschedule
 * kicks, NMIs to stop the other CPUs (the debugger's roundup, panic), and
 * self-IPIs.
 */

#include <kernel/types.h>
#include <kernel/irq.h>
#include <kernel/smp.h>
#include <asm/apic.h>
#include <asm/irq_vectors.h>
#include <asm/processor.h>
#include <asm/smpboot.h>
#include <asm/traps.h>

/* The ICR takes one command at a time; a new one may only be written once
 * the previous left. */
static void icr_wait(void)
{
	while (lapic_read(APIC_ICR_LO) & APIC_ICR_BUSY)
		cpu_relax();
}

void lapic_send_ipi(unsigned int apic_id, u32 icr_lo)
{
	unsigned long flags;

	/* No interrupt handler may send its own IPI between the two writes. */
	local_irq_save(flags);
	icr_wait();
	lapic_write(APIC_ICR_HI, apic_id << 24);
	lapic_write(APIC_ICR_LO, icr_lo);
	local_irq_restore(flags);
}

/* A shorthand destination needs only the low word: a single write, so
 * usable from NMI context too. */
static void lapic_send_ipi_shorthand(u32 icr_lo)
{
	unsigned long flags;

	local_irq_save(flags);
	icr_wait();
	lapic_write(APIC_ICR_LO, icr_lo);
	local_irq_restore(flags);
}

void lapic_send_self_ipi(unsigned int vector)
{
	lapic_send_ipi_shorthand(APIC_ICR_DEST_SELF | APIC_ICR_DM_FIXED | vector);
}

void smp_send_nmi(unsigned int cpu)
{
	lapic_send_ipi(cpu_to_apic_id(cpu), APIC_ICR_DM_NMI | APIC_ICR_ASSERT);
}

void smp_send_nmi_allbutself(void)
{
	unsigned int cpu, self = smp_processor_id();

	/* The shorthand would also hit CPUs that are listed but not started:
	 * an NMI must never reach a CPU still in real mode. */
	if (all_cpus_online()) {
		lapic_send_ipi_shorthand(APIC_ICR_DEST_ALLBUT | APIC_ICR_DM_NMI | APIC_ICR_ASSERT);
		return;
	}
	for_each_online_cpu(cpu)
		if (cpu != self)
			smp_send_nmi(cpu);
}

void smp_send_reschedule(unsigned int cpu)
{
	lapic_send_ipi(cpu_to_apic_id(cpu), APIC_ICR_DM_FIXED | RESCHEDULE_VECTOR);
}

/* The interrupt exit path does the rescheduling. */
static void reschedule_interrupt(struct pt_regs *regs)
{
	lapic_eoi();
}

void ipi_init(void)
{
	x86_set_vector_handler(RESCHEDULE_VECTOR, reschedule_interrupt);
}
