// SPDX-License-Identifier: MIT
/*
 * Time: the TSC and the LAPIC timer are calibrated once against the PIT
 * (channel 2, polled, no interrupt); then every CPU's LAPIC timer ticks at
 * HZ, and udelay() counts TSC cycles.
 */

#include <kernel/types.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <asm/apic.h>
#include <asm/io.h>
#include <asm/irq_vectors.h>
#include <asm/pit.h>
#include <asm/processor.h>
#include <asm/traps.h>

#define PIT_CMD_CH2_ONESHOT	0xb0	/* channel 2, low then high byte, mode 0 */
#define PORT_B			0x61
#define PORT_B_GATE2		0x01
#define PORT_B_SPEAKER		0x02
#define PORT_B_OUT2		0x20	/* channel 2 output: high at terminal count */

/* Calibrate over one tick, so the LAPIC count measured is the period. */
#define CALIBRATE_MS		(1000 / HZ)
#define CALIBRATE_PIT_COUNT	(PIT_HZ / HZ)
_Static_assert(1000 % HZ == 0 && CALIBRATE_PIT_COUNT <= 0xffff, "PIT window");
/* Give up on a missing PIT after this many polls (well over a second). */
#define CALIBRATE_MAX_POLLS	10000000

/* Until calibrated, assume a fast TSC: early delays run long, never short,
 * and a QEMU-like 1 GHz LAPIC bus. */
#define DEFAULT_TSC_KHZ		4000000
#define DEFAULT_TIMER_COUNT	(1000000000 / 16 / HZ)

unsigned long tsc_khz = DEFAULT_TSC_KHZ;
static unsigned long tsc_cycles_per_us = DEFAULT_TSC_KHZ / 1000;
static u32 lapic_timer_count = DEFAULT_TIMER_COUNT;	/* per tick, divided by 16 */
static unsigned long timer_ticks[NR_CPUS];
bool pit_counts;

void tsc_and_lapic_timer_calibrate(void)
{
	u8 portb = inb(PORT_B);
	u32 apic_start, apic_end;
	u64 tsc_start, tsc_end;
	unsigned long polls = 0;

	lapic_write(APIC_TIMER_DIVIDE, APIC_TIMER_DIVIDE_16);
	lapic_write(APIC_LVT_TIMER, APIC_LVT_MASKED | LOCAL_TIMER_VECTOR);

	/* Gate on, speaker off; the count runs from when it is written. */
	outb((portb & ~PORT_B_SPEAKER) | PORT_B_GATE2, PORT_B);
	outb(PIT_CMD_CH2_ONESHOT, PIT_CMD);
	outb(CALIBRATE_PIT_COUNT & 0xff, PIT_CH2);
	outb(CALIBRATE_PIT_COUNT >> 8, PIT_CH2);
	lapic_write(APIC_TIMER_INITIAL, 0xffffffff);
	tsc_start = rdtsc();
	apic_start = lapic_read(APIC_TIMER_CURRENT);

	while (!(inb(PORT_B) & PORT_B_OUT2) && ++polls < CALIBRATE_MAX_POLLS)
		;
	tsc_end = rdtsc();
	apic_end = lapic_read(APIC_TIMER_CURRENT);
	lapic_write(APIC_TIMER_INITIAL, 0);
	outb(portb, PORT_B);

	if (polls >= CALIBRATE_MAX_POLLS) {
		pr_err("time: the PIT does not count, timer and delays uncalibrated\n");
		return;
	}
	pit_counts = true;
	/* One tick's worth of cycles fits 32 bits below 400 GHz. */
	tsc_khz = (u32)(tsc_end - tsc_start) / CALIBRATE_MS;
	tsc_cycles_per_us = (tsc_khz + 999) / 1000;
	lapic_timer_count = apic_start - apic_end;
	pr_info("time: TSC %lu.%03lu MHz, LAPIC timer %u per tick\n",
		tsc_khz / 1000, tsc_khz % 1000, (unsigned int)lapic_timer_count);
}

void udelay(unsigned long us)
{
	u64 start = rdtsc();
	u64 cycles = (u64)us * tsc_cycles_per_us;

	while (rdtsc() - start < cycles)
		cpu_relax();
}

void mdelay(unsigned long ms)
{
	while (ms--)
		udelay(1000);
}

static void lapic_timer_interrupt(struct pt_regs *regs)
{
	unsigned int cpu = smp_processor_id();

	timer_ticks[cpu]++;
	if (cpu == 0)
		jiffies_tick();
	scheduler_tick();
	lapic_eoi();
}

unsigned long lapic_timer_ticks(unsigned int cpu)
{
	return READ_ONCE(timer_ticks[cpu]);
}

void lapic_timer_start(void)
{
	lapic_write(APIC_TIMER_DIVIDE, APIC_TIMER_DIVIDE_16);
	lapic_write(APIC_LVT_TIMER, APIC_LVT_PERIODIC | LOCAL_TIMER_VECTOR);
	lapic_write(APIC_TIMER_INITIAL, lapic_timer_count);
}

void arch_timer_init(void)
{
	x86_set_vector_handler(LOCAL_TIMER_VECTOR, lapic_timer_interrupt);
	lapic_timer_start();
}
