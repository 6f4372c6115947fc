// SPDX-License-Identifier: MIT
/*
 * Time: the timebase and the decrementer, which count at the device
 * tree's timebase-frequency (400 MHz on QEMU's ppce500). The decrementer
 * reloads itself from DECAR (TCR[ARE]) and interrupts (IVOR10) at HZ;
 * udelay() counts the timebase. Each CPU has its own decrementer and
 * ticks its own scheduler; CPU 0 also counts jiffies and polls the UARTs'
 * line (their interrupt goes to CPU 0 alone).
 */
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/reg.h>
#include <asm/setup.h>

static unsigned long timer_ticks[NR_CPUS];

u64 ppc_read_tb(void)
{
	u32 hi, lo, hi2;

	do {
		hi = (u32)mfspr(SPRN_TBU);
		lo = (u32)mfspr(SPRN_TBL);
		hi2 = (u32)mfspr(SPRN_TBU);
	} while (hi != hi2);
	return (u64)hi << 32 | lo;
}

void udelay(unsigned long us)
{
	u64 end = ppc_read_tb() + (u64)us * (ppc_tb_freq / 1000000);

	while (ppc_read_tb() < end)
		cpu_relax();
}

void mdelay(unsigned long ms)
{
	while (ms--)
		udelay(1000);
}

/* Writing TSR[DIS] acknowledges; the decrementer has already reloaded,
 * so a machine stopped in the debugger gets one tick, not the missed ones. */
void ppc_do_timer(struct pt_regs *regs)
{
	unsigned int cpu = smp_processor_id();

	mtspr(SPRN_TSR, TSR_DIS);
	regs->msr &= ~MSR_WE;		/* woken from the idle doze: stay awake */
	irq_enter();
	timer_ticks[cpu]++;
	if (cpu == 0)
		jiffies_tick();
	scheduler_tick();
	if (cpu == 0)
		ppc_poll_duart();
	irq_exit();
	if ((regs->msr & MSR_EE) && !in_interrupt() && need_resched())
		schedule();
}

unsigned long ppc_timer_ticks(unsigned int cpu)
{
	return READ_ONCE(timer_ticks[cpu]);
}

void arch_timer_init(void)
{
	pr_info("time: decrementer at %lu MHz, HZ=%d\n", ppc_tb_freq / 1000000, HZ);
	ppc_timer_start();
}

void ppc_timer_start(void)
{
	unsigned long period = ppc_tb_freq / HZ;

	mtspr(SPRN_DECAR, period);
	mtspr(SPRN_DEC, period);
	mtspr(SPRN_TSR, TSR_DIS);
	mtspr(SPRN_TCR, mfspr(SPRN_TCR) | TCR_DIE | TCR_ARE);
}
