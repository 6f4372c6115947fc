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
#include <asm/ioapic.h>
#include <asm/irq_vectors.h>
#include <asm/percpu.h>
#include <asm/pit.h>
#include <asm/processor.h>
#include <asm/setup.h>
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

#ifdef CONFIG_KGDB
/*
 * The debugger's nap (kgdb_arch.idle): in the hlt of x86_halt_nmi(). With
 * interrupts off only an NMI ends a hlt, so the nap sends itself one: PIT
 * channel 0 counts the nap down once (mode 0) and its IRQ reaches this
 * CPU through the IOAPIC as an NMI (the line stays so between naps, the
 * count stopped). As for a held CPU's kick, the debugger core moves an
 * NMI that lands just before the hlt past it. The first nap waits for its
 * NMI awake: on a board where it never comes (IRQ 0 not wired as the
 * tables say) the master spins instead of sleeping for good.
 *
 * A nap ends only with its own NMI, which traps.c offers here once nobody
 * else claimed it (x86_timer_nap_nmi()): other NMIs (a stray one, another
 * CPU's) only wake the hlt for a moment. So every edge of the PIT is
 * claimed once and none is left to land after the nap, in the kernel.
 */
#define PIT_CMD_CH0_ONESHOT	0x30	/* channel 0, low then high byte, mode 0 */
#define PIT_READ_CH0_STATUS	0xe2	/* read-back: channel 0's status only */
#define PIT_STATUS_OUT		0x80	/* the output: high once the count ran out */
#define PIT_MAX_US		54000	/* 16 bits of count */
/* How late the first nap's NMI may be: QEMU's main loop, which runs the
 * PIT, was seen to raise a 50 us count's NMI 2.7 ms late. */
#define TRIAL_SLACK_US		50000
#define TRIAL_POLL_US		10

static enum { NAP_UNTRIED, NAP_WORKS, NAP_BROKEN } nap_state;

struct x86_nap {
	bool armed;		/* the PIT counts for this CPU's nap */
	bool over;		/* its NMI came */
};

static struct x86_nap naps[NR_CPUS];

static bool pit_ran_out(void)
{
	outb(PIT_READ_CH0_STATUS, PIT_CMD);
	return inb(PIT_CH0) & PIT_STATUS_OUT;
}

bool x86_timer_nap_nmi(void)
{
	struct x86_nap *n = &naps[smp_processor_id()];

	if (!__atomic_load_n(&n->armed, __ATOMIC_SEQ_CST) || !pit_ran_out())
		return false;
	__atomic_store_n(&n->armed, false, __ATOMIC_SEQ_CST);
	__atomic_store_n(&n->over, true, __ATOMIC_SEQ_CST);
	return true;
}

void x86_timer_nap(unsigned int us)
{
	unsigned int cpu = smp_processor_id();
	struct x86_nap *n = &naps[cpu];
	u32 count = MAX(MIN(us, PIT_MAX_US) * (PIT_HZ / 1000) / 1000, 1U);
	unsigned int waited;

	/* Stop the count (the output goes low) before the line is an NMI. */
	outb(PIT_CMD_CH0_ONESHOT, PIT_CMD);
	if (nap_state == NAP_BROKEN || !pit_counts ||
	    (nap_state == NAP_UNTRIED && x86_nmis_blocked()) ||
	    !ioapic_isa_irq_to_nmi(PIT_IRQ, cpu)) {
		udelay(us);
		return;
	}
	n->over = false;
	__atomic_store_n(&n->armed, true, __ATOMIC_SEQ_CST);
	outb(count & 0xff, PIT_CH0);
	outb(count >> 8, PIT_CH0);
	if (nap_state == NAP_UNTRIED) {
		for (waited = 0; !__atomic_load_n(&n->over, __ATOMIC_SEQ_CST) &&
				 waited < us + TRIAL_SLACK_US; waited += TRIAL_POLL_US)
			udelay(TRIAL_POLL_US);
		nap_state = n->over ? NAP_WORKS : NAP_BROKEN;
		outb(PIT_CMD_CH0_ONESHOT, PIT_CMD);
		/* Not left armed: a later master's count could run out and
		 * this CPU claim an NMI that was not its nap's. */
		__atomic_store_n(&n->armed, false, __ATOMIC_SEQ_CST);
		return;
	}
	while (!__atomic_load_n(&n->over, __ATOMIC_SEQ_CST))
		x86_halt_nmi(&n->over, x86_nmis_blocked());
}
#endif

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
