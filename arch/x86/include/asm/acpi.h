/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_ACPI_H
#define _ASM_X86_ACPI_H

/*
 * What the firmware tells about the interrupt hardware, from the ACPI MADT
 * or else the MP table: the CPUs' local APIC ids, the IOAPIC, and how the
 * ISA IRQs reach its pins.
 */

#include <kernel/types.h>

#define MAX_LAPICS		256	/* xAPIC ids are 8 bits */

/* MPS INTI flags of an ISA IRQ's route (the same in both tables) */
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
	u8 ioapic_id;
	u32 ioapic_gsi_base;
	struct isa_irq_route isa_irq[16];
};

/*
 * Filled by one of the parsers below, read by the APIC, IOAPIC and SMP code.
 * Before parsing, ISA IRQ n must be set to GSI n (the default wiring); the
 * parsers add what they find to it and return false if they found no table.
 */
extern struct x86_platform x86_platform;

bool acpi_parse_madt(void);	/* RSDP -> RSDT/XSDT -> MADT */
bool mptable_parse(void);	/* _MP_ floating pointer -> PCMP table */

#endif
