// SPDX-License-Identifier: MIT
/*
 * Time: the ARM generic timer. Every CPU's EL1 physical timer (PPI 30)
 * ticks at HZ; udelay() counts the physical counter, whose frequency
 * CNTFRQ_EL0 gives (QEMU 7.2: 62.5 MHz; later versions change it).
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

unsigned long arm64_timer_freq;
static unsigned long timer_ticks[NR_CPUS];

static u64 read_cntpct(void)
{
	isb();
	return read_sysreg(cntpct_el0);
}

static void timer_calibrate(void)
{
	if (arm64_timer_freq)
		return;
	arm64_timer_freq = read_sysreg(cntfrq_el0) & 0xffffffffUL;
	if (!arm64_timer_freq)
		arm64_timer_freq = DEFAULT_FREQ;
}

void udelay(unsigned long us)
{
	u64 start, ticks;

	timer_calibrate();
	start = read_cntpct();
	ticks = (u64)us * arm64_timer_freq / 1000000;
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

	write_sysreg(arm64_timer_freq / HZ, cntp_tval_el0);
	timer_ticks[cpu]++;
	if (cpu == 0)
		jiffies_tick();
	scheduler_tick();
}

unsigned long arm64_timer_ticks(unsigned int cpu)
{
	return READ_ONCE(timer_ticks[cpu]);
}

void arm64_timer_start(void)
{
	timer_calibrate();
	write_sysreg(arm64_timer_freq / HZ, cntp_tval_el0);
	write_sysreg(CNTP_CTL_ENABLE, cntp_ctl_el0);
	isb();
	gic_set_percpu_handler(GIC_PPI_NS_PTIMER, timer_interrupt);
}

void arch_timer_init(void)
{
	timer_calibrate();
	pr_info("time: generic timer at %lu.%03lu MHz\n", arm64_timer_freq / 1000000,
		arm64_timer_freq / 1000 % 1000);
	arm64_timer_start();
}

#ifdef CONFIG_KGDB
/*
 * The debugger's nap (kgdb_arch.idle): wfi until the virtual timer, which
 * the kernel leaves alone otherwise, fires @us from now. Only its PPI gets
 * through the GIC meanwhile (a tick stays pending, for when the kernel
 * runs again); it is off and not pending after.
 */
void arm64_timer_nap(unsigned int us)
{
	write_sysreg((u64)us * arm64_timer_freq / 1000000, cntv_tval_el0);
	write_sysreg(CNTV_CTL_ENABLE, cntv_ctl_el0);
	isb();		/* the timer runs before the wfi that waits for it */
	gic_wake_only(GIC_PPI_VTIMER, true);
	dsb();
	__asm__ __volatile__("wfi" : : : "memory");
	write_sysreg(0, cntv_ctl_el0);
	isb();
	gic_wake_only(GIC_PPI_VTIMER, false);
}
#endif
