// SPDX-License-Identifier: MIT
/*
 * Time: the time CSR counts at the device tree's timebase (QEMU virt:
 * 10 MHz); each CPU's tick is an SBI set_timer for its next deadline,
 * HZ times a second. A tick that comes late (the CPU was held in the
 * debugger) sets the next deadline from now, not from the missed one.
 */
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <asm/csr.h>
#include <asm/processor.h>
#include <asm/sbi.h>
#include <asm/setup.h>

#define DEFAULT_TIMEBASE	10000000UL	/* QEMU virt's, if the DTB says nothing */

unsigned long riscv_timebase;
static u64 next_tick[NR_CPUS];
static unsigned long timer_ticks[NR_CPUS];

static u64 read_time(void)
{
	return csr_read(time);
}

static unsigned long timebase(void)
{
	return riscv_timebase ? riscv_timebase : DEFAULT_TIMEBASE;
}

void udelay(unsigned long us)
{
	u64 start = read_time(), ticks = (u64)us * timebase() / 1000000;

	while (read_time() - start < ticks)
		cpu_relax();
}

void mdelay(unsigned long ms)
{
	while (ms--)
		udelay(1000);
}

static void set_next(unsigned int cpu)
{
	u64 period = timebase() / HZ, now = read_time();

	next_tick[cpu] += period;
	if (next_tick[cpu] <= now)
		next_tick[cpu] = now + period;
	sbi_set_timer(next_tick[cpu]);
}

void riscv_timer_interrupt(struct pt_regs *regs)
{
	unsigned int cpu = smp_processor_id();

	set_next(cpu);
	timer_ticks[cpu]++;
	if (cpu == 0)
		jiffies_tick();
	scheduler_tick();
}

unsigned long riscv_timer_ticks(unsigned int cpu)
{
	return READ_ONCE(timer_ticks[cpu]);
}

void riscv_timer_start(void)
{
	unsigned int cpu = smp_processor_id();

	next_tick[cpu] = read_time();
	set_next(cpu);
	csr_set(sie, SIE_STIE);
}

void arch_timer_init(void)
{
	pr_info("time: timebase %lu.%03lu MHz, ticks by SBI set_timer\n", timebase() / 1000000,
		timebase() / 1000 % 1000);
	riscv_timer_start();
}

#ifdef CONFIG_KGDB
/*
 * The debugger's nap (kgdb_arch.idle): wfi until this CPU's timer, set
 * @us from now, with only the timer enabled in sie; then the tick's
 * deadline is set again, so the kernel's ticks go on as before.
 */
void riscv_timer_nap(unsigned int us)
{
	unsigned long sie = csr_read_clear(sie, SIE_SSIE | SIE_SEIE);

	csr_set(sie, SIE_STIE);
	sbi_set_timer(read_time() + (u64)us * timebase() / 1000000);
	__asm__ __volatile__("wfi" : : : "memory");
	sbi_set_timer(next_tick[smp_processor_id()]);
	csr_write(sie, sie);
}
#endif
