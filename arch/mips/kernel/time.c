// SPDX-License-Identifier: MIT
/*
 * Time: CP0 Count/Compare. Count runs at a fixed rate under QEMU: the
 * malta's CPU clock is 320 MHz and Count advances every second cycle
 * (the CPU's cp0-count-rate, 2), so 160 MHz. Every CPU has its own
 * Count/Compare; each one's Compare interrupt (IP7) ticks it at HZ, CPU 0's
 * also counts jiffies. udelay() counts Count.
 */
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <asm/mipsregs.h>
#include <asm/processor.h>
#include <asm/setup.h>

#define COUNTS_PER_US	(MIPS_COUNT_HZ / 1000000)
#define COUNTS_PER_TICK	(MIPS_COUNT_HZ / HZ)

static unsigned long timer_ticks[NR_CPUS];
static u32 next_compare[NR_CPUS];

static u32 read_count(void)
{
	return (u32)read_c0(CP0_COUNT);
}

void udelay(unsigned long us)
{
	u32 start = read_count();
	u64 counts = (u64)us * COUNTS_PER_US;

	/* Count wraps every 26 s: wait in pieces shorter than that. */
	while (counts) {
		u32 step = counts > 0x40000000U ? 0x40000000U : (u32)counts;

		while (read_count() - start < step)
			cpu_relax();
		start += step;
		counts -= step;
	}
}

void mdelay(unsigned long ms)
{
	while (ms--)
		udelay(1000);
}

/*
 * The next Compare, from the tick that Count's match with *next raised.
 * Writing Compare acknowledges the interrupt. A tick late by more than a
 * period (the CPU was stopped in the debugger) restarts the rhythm from
 * now rather than firing the missed ones back to back. How late is
 * Count - *next taken modulo 2^32: the match has happened, so that is
 * right however long the CPU was stopped (a signed comparison is wrong
 * past 2^31 counts, 13.4 s, and set Compare up to a Count wrap, 26.8 s,
 * behind). Count runs on the host's clock under QEMU, so it can pass a
 * Compare that was just ahead of it before the write lands (the host
 * descheduled the vCPU): a Compare that Count has passed once written is
 * set a whole period ahead instead.
 */
static void set_next_compare(u32 *next)
{
	if (read_count() - *next < COUNTS_PER_TICK)
		*next += COUNTS_PER_TICK;
	else
		*next = read_count() + COUNTS_PER_TICK;
	write_c0(CP0_COMPARE, *next);
	while ((s32)(*next - read_count()) <= 0) {
		*next = read_count() + COUNTS_PER_TICK;
		write_c0(CP0_COMPARE, *next);
	}
}

static void timer_interrupt(struct pt_regs *regs)
{
	unsigned int cpu = smp_processor_id();

	set_next_compare(&next_compare[cpu]);
	WRITE_ONCE(timer_ticks[cpu], timer_ticks[cpu] + 1);
	if (cpu == 0)
		jiffies_tick();
	scheduler_tick();
	mips_smp_poll(regs);
}

#ifdef CONFIG_KGDB
/*
 * The debugger's nap: up to @us on Compare, which mips_nap_wait()
 * takes with no handler run (a Compare that Count passed before it was
 * written would not match until Count wraps: then no nap). Then Compare
 * is the tick's deadline again, or the next one if that one has passed.
 */
void mips_timer_nap(unsigned int us)
{
	unsigned int cpu = smp_processor_id();
	u32 end = read_count() + us * COUNTS_PER_US;

	write_c0(CP0_COMPARE, end);
	if ((s32)(end - read_count()) > 0)
		mips_nap_wait();
	write_c0(CP0_COMPARE, next_compare[cpu]);
	if ((s32)(next_compare[cpu] - read_count()) <= 0)
		set_next_compare(&next_compare[cpu]);
}
#endif

unsigned long mips_timer_ticks(unsigned int cpu)
{
	return cpu < NR_CPUS ? READ_ONCE(timer_ticks[cpu]) : 0;
}

/* This CPU's first tick a period from now; interrupts still off. */
void mips_timer_start(void)
{
	unsigned int cpu = smp_processor_id();

	next_compare[cpu] = read_count();
	set_next_compare(&next_compare[cpu]);
}

void arch_timer_init(void)
{
	pr_info("time: CP0 Count at %lu MHz, HZ=%d\n", MIPS_COUNT_HZ / 1000000, HZ);
	mips_set_cpu_irq_handler(IRQ_TIMER, timer_interrupt);
	mips_timer_start();
}
