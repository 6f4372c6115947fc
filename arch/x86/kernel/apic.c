// SPDX-License-Identifier: MIT
/*
 * Local APIC setup on each CPU, and the boot CPU's bring-up of the whole
 * interrupt system (x86_apic_init()).
 */

#include <kernel/types.h>
#include <kernel/i8259.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <asm/acpi.h>
#include <asm/apic.h>
#include <asm/ioapic.h>
#include <asm/irq_vectors.h>
#include <asm/processor.h>
#include <asm/smpboot.h>
#include <asm/traps.h>

#define MSR_IA32_APIC_BASE	0x1b
#define APIC_BASE_MSR_ENABLE	(1ULL << 11)

void lapic_eoi(void)
{
	lapic_write(APIC_EOI, 0);
}

/* The LAPIC raises this when it withdraws an interrupt it had signalled;
 * nothing is in service, so there is no EOI to send. */
static void lapic_spurious_interrupt(struct pt_regs *regs)
{
}

static void lapic_error_interrupt(struct pt_regs *regs)
{
	u32 esr;

	/* The ESR latches on a write; read it right after one. */
	lapic_write(APIC_ESR, 0);
	esr = lapic_read(APIC_ESR);
	lapic_eoi();
	pr_err("apic: CPU %u: APIC error, ESR 0x%x\n", smp_processor_id(), (unsigned int)esr);
}

void lapic_setup(bool boot_cpu)
{
	/* Software-enable first: a disabled LAPIC keeps every LVT masked. */
	lapic_write(APIC_SVR, APIC_SVR_ENABLE | SPURIOUS_APIC_VECTOR);
	lapic_write(APIC_TPR, 0);
	lapic_write(APIC_LVT_TIMER, APIC_LVT_MASKED | LOCAL_TIMER_VECTOR);
	/* LINT0 carried the 8259 in virtual-wire mode: the IOAPIC does that
	 * job now. LINT1 is the board's NMI line, taken by the boot CPU. */
	lapic_write(APIC_LVT_LINT0, APIC_LVT_MASKED);
	lapic_write(APIC_LVT_LINT1, boot_cpu ? APIC_LVT_DM_NMI : APIC_LVT_MASKED);
	lapic_write(APIC_LVT_ERROR, ERROR_APIC_VECTOR);
	/* Two writes: the first latches stale errors, the second clears them. */
	lapic_write(APIC_ESR, 0);
	lapic_write(APIC_ESR, 0);
	/* Anything the firmware left in service would block lower vectors. */
	lapic_eoi();
}

struct x86_platform x86_platform;

static void find_cpus_and_ioapic(void)
{
	unsigned int i;

	/* Unless a table says otherwise, ISA IRQ n is IOAPIC input n, edge
	 * triggered, active high. */
	for (i = 0; i < ARRAY_SIZE(x86_platform.isa_irq); i++)
		x86_platform.isa_irq[i].gsi = i;
	if (!acpi_parse_madt() && !mptable_parse())
		pr_warn("apic: neither an ACPI MADT nor an MP table: one CPU, no IOAPIC\n");
}

void x86_apic_init(void)
{
	u64 base = rdmsr(MSR_IA32_APIC_BASE);

	if (!(base & APIC_BASE_MSR_ENABLE))
		wrmsr(MSR_IA32_APIC_BASE, base | APIC_BASE_MSR_ENABLE);

	find_cpus_and_ioapic();
	/* The legacy PICs stay masked: interrupts go through the IOAPIC. */
	i8259_init(ISA_IRQ_VECTOR_BASE);

	x86_set_vector_handler(SPURIOUS_APIC_VECTOR, lapic_spurious_interrupt);
	x86_set_vector_handler(ERROR_APIC_VECTOR, lapic_error_interrupt);
	smp_prepare_boot_cpu();
	lapic_setup(true);
	ioapic_init();
	tsc_and_lapic_timer_calibrate();
}
