/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_APIC_H
#define _ASM_X86_APIC_H

/*
 * The local APIC (xAPIC, memory-mapped) of each CPU: interrupt acceptance
 * and EOI, the per-CPU timer, and inter-processor interrupts. The page at
 * APIC_BASE is identity mapped uncached by the paging code.
 */

#include <kernel/types.h>
#include <asm/io.h>

#define APIC_BASE		0xfee00000UL

/* Register offsets */
#define APIC_ID			0x020	/* bits 31:24 */
#define APIC_VERSION		0x030
#define APIC_TPR		0x080
#define APIC_EOI		0x0b0
#define APIC_SVR		0x0f0
#define APIC_ESR		0x280
#define APIC_ICR_LO		0x300
#define APIC_ICR_HI		0x310	/* destination APIC id in bits 31:24 */
#define APIC_LVT_TIMER		0x320
#define APIC_LVT_LINT0		0x350
#define APIC_LVT_LINT1		0x360
#define APIC_LVT_ERROR		0x370
#define APIC_TIMER_INITIAL	0x380
#define APIC_TIMER_CURRENT	0x390
#define APIC_TIMER_DIVIDE	0x3e0

#define APIC_SVR_ENABLE		0x100

/* LVT entries */
#define APIC_LVT_MASKED		(1U << 16)
#define APIC_LVT_PERIODIC	(1U << 17)
#define APIC_LVT_DM_NMI		(4U << 8)

#define APIC_TIMER_DIVIDE_16	0x3

/* ICR low word */
#define APIC_ICR_DM_FIXED	(0U << 8)
#define APIC_ICR_DM_NMI		(4U << 8)
#define APIC_ICR_DM_INIT	(5U << 8)
#define APIC_ICR_DM_STARTUP	(6U << 8)
#define APIC_ICR_BUSY		(1U << 12)	/* delivery status: send pending */
#define APIC_ICR_ASSERT		(1U << 14)
#define APIC_ICR_LEVEL		(1U << 15)
#define APIC_ICR_DEST_SELF	(1U << 18)
#define APIC_ICR_DEST_ALLBUT	(3U << 18)

static inline u32 lapic_read(unsigned int reg)
{
	return readl((volatile void *)(APIC_BASE + reg));
}

static inline void lapic_write(unsigned int reg, u32 val)
{
	writel(val, (volatile void *)(APIC_BASE + reg));
}

static inline unsigned int lapic_id(void)
{
	return lapic_read(APIC_ID) >> 24;
}

/* Boot CPU, from arch_setup(): find the CPUs and IOAPIC, mask the 8259s,
 * set up this LAPIC and the IOAPIC, calibrate the TSC and LAPIC timer. */
void x86_apic_init(void);
/* Per CPU (boot CPU and each AP): enable this LAPIC, vectors, LINT pins. */
void lapic_setup(bool boot_cpu);
void lapic_eoi(void);

/* IPIs (arch/x86/kernel/ipi.c) */
void lapic_send_ipi(unsigned int apic_id, u32 icr_lo);
/* A fixed interrupt with @vector to this CPU, taken once IF allows. */
void lapic_send_self_ipi(unsigned int vector);

/* The timer (arch/x86/kernel/time.c) */
void tsc_and_lapic_timer_calibrate(void);
void lapic_timer_start(void);
unsigned long lapic_timer_ticks(unsigned int cpu);
extern unsigned long tsc_khz;

#endif
