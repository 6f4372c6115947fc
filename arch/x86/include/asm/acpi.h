/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_ACPI_H
#define _ASM_X86_ACPI_H

/*
 * What the firmware's ACPI MADT tells about the interrupt hardware: the
 * CPUs' local APIC ids, the IOAPIC, and how the ISA IRQs reach its pins.
 */

#include <kernel/types.h>

#define MAX_LAPICS		256	/* xAPIC ids are 8 bits */

/* MPS INTI flags of an interrupt source override */
#define ACPI_POLARITY_MASK	0x3
#define ACPI_POLARITY_LOW	0x3
#define ACPI_TRIGGER_MASK	0xc
#define ACPI_TRIGGER_LEVEL	0xc

struct isa_irq_route {
	u32 gsi;		/* IOAPIC input (global system interrupt) */
	u16 flags;		/* ACPI_POLARITY_*, ACPI_TRIGGER_*; 0 = ISA default */
};

struct x86_platform {
	unsigned int nr_lapics;		/* enabled CPUs the firmware lists */
	u8 lapic_ids[MAX_LAPICS];	/* in firmware order */
	uintptr_t ioapic_base;		/* physical, 0 if none */
	u32 ioapic_gsi_base;
	struct isa_irq_route isa_irq[16];
};

/* Filled by acpi_parse_madt(), read by the APIC, IOAPIC and SMP code. */
extern struct x86_platform x86_platform;

/* Find the RSDP, then the MADT; false (and x86_platform left describing a
 * lone boot CPU) when there is none. */
bool acpi_parse_madt(void);

#endif
