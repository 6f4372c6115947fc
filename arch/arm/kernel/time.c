// SPDX-License-Identifier: MIT
/*
 * Time: the ARM generic timer. Every CPU's PL1 physical timer ticks at
 * HZ; udelay() counts the physical counter, whose frequency CNTFRQ gives
 * (QEMU: 62.5 MHz). The same registers reach the Secure physical timer
 * (PPI 29) when QEMU starts us in Secure state (-M virt,secure=on), the
 * Non-secure one (PPI 30) otherwise: both are handled.
 */
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <asm/processor.h>
#include <asm/setup.h>

#define CNTP_CTL_ENABLE	0x1
#define CNTV_CTL_ENABLE	0x1
#define DEFAULT_FREQ	62500000UL	/* QEMU's, if CNTFRQ reads 0 */

unsigned long arm_timer_freq;
static u32 ticks_per_us_q10;		/* counter ticks per microsecond << 10 */
static unsigned long timer_ticks[NR_CPUS];

static u64 read_cntpct(void)
{
	u32 lo, hi;

	__asm__ __volatile__("isb\n\tmrrc p15, 0, %0, %1, c14" : "=r"(lo), "=r"(hi));
	return (u64)hi << 32 | lo;
}

static void write_cntp_tval(u32 v)
{
	__asm__ __volatile__("mcr p15, 0, %0, c14, c2, 0" : : "r"(v));
}

static void write_cntp_ctl(u32 v)
{
	__asm__ __volatile__("mcr p15, 0, %0, c14, c2, 1\n\tisb" : : "r"(v));
}

static void timer_calibrate(void)
{
	u32 freq;

	if (arm_timer_freq)
		return;
	__asm__ __volatile__("mrc p15, 0, %0, c14, c0, 0" : "=r"(freq));
	arm_timer_freq = freq ? freq : DEFAULT_FREQ;
	ticks_per_us_q10 = (u32)(((arm_timer_freq / 1000) << 10) / 1000);
}

void udelay(unsigned long us)
{
	u64 start, ticks;

	timer_calibrate();
	start = read_cntpct();
	ticks = ((u64)us * ticks_per_us_q10) >> 10;
	while (read_cntpct() - start < ticks)
		cpu_relax();
}

void mdelay(unsigned long ms)
{
	while (ms--)
		udelay(1000);
}

static void timer_interrupt(struct pt_regs *regs)
{
	unsigned int cpu = smp_processor_id();

	write_cntp_tval((u32)(arm_timer_freq / HZ));
	timer_ticks[cpu]++;
	if (cpu == 0)
		jiffies_tick();
	scheduler_tick();
}

unsigned long arm_timer_ticks(unsigned int cpu)
{
	return READ_ONCE(timer_ticks[cpu]);
}

void arm_timer_start(void)
{
	timer_calibrate();
	write_cntp_tval((u32)(arm_timer_freq / HZ));
	write_cntp_ctl(CNTP_CTL_ENABLE);
	gic_set_percpu_handler(GIC_PPI_SEC_PTIMER, timer_interrupt);
	gic_set_percpu_handler(GIC_PPI_NS_PTIMER, timer_interrupt);
}

void arch_timer_init(void)
{
	timer_calibrate();
	pr_info("time: generic timer at %lu.%03lu MHz\n", arm_timer_freq / 1000000,
		arm_timer_freq / 1000 % 1000);
	arm_timer_start();
}

#ifdef CONFIG_KGDB
/*
 * The debugger's nap (kgdb_arch.idle): wfi until the virtual timer, which
 * the kernel leaves alone otherwise, fires @us from now. Only its PPI gets
 * through the GIC meanwhile (a tick stays pending, for when the kernel
 * runs again); it is off and not pending after.
 */
void arm_timer_nap(unsigned int us)
{
	u32 ticks = us * (u32)(arm_timer_freq / 1000000);

	__asm__ __volatile__("mcr p15, 0, %0, c14, c3, 0" : : "r"(ticks));	/* CNTV_TVAL */
	__asm__ __volatile__("mcr p15, 0, %0, c14, c3, 1\n\tisb" : : "r"(CNTV_CTL_ENABLE));
	gic_wake_only(GIC_PPI_VTIMER, true);
	dsb();
	__asm__ __volatile__("wfi" : : : "memory");
	__asm__ __volatile__("mcr p15, 0, %0, c14, c3, 1\n\tisb" : : "r"(0));	/* CNTV_CTL */
	gic_wake_only(GIC_PPI_VTIMER, false);
}
#endif
