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
#include <kernel/mpic.h>
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
		schedule_irq(regs);
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

/*
 * Auto-reload is on before the count starts: a vCPU that the host stalls
 * for a tick between the two would see the decrementer run out unreloaded
 * (QEMU's then counts on below zero), and with its status cleared here,
 * never tick again (jiffies stuck at 0, seen on a loaded host). Run out
 * early with it on, it reloads: one tick is lost, not all.
 */
void ppc_timer_start(void)
{
	unsigned long period = ppc_tb_freq / HZ;

	mtspr(SPRN_DECAR, period);
	mtspr(SPRN_TCR, (mfspr(SPRN_TCR) & ~TCR_DIE) | TCR_ARE);
	mtspr(SPRN_DEC, period);
	mtspr(SPRN_TSR, TSR_DIS);
	mtspr(SPRN_TCR, mfspr(SPRN_TCR) | TCR_DIE);
}

#ifdef CONFIG_KGDB
/*
 * The debugger's nap (kgdb_arch.idle): the doze of ppc_doze_unless(),
 * with CE as it was, woken by the decrementer: for the nap, IVOR10 is a
 * stub of its own (ppc_nap_decrementer) that only acknowledges the
 * interrupt and ends the doze. After it the decrementer counts down what
 * was left of the tick, or a moment (DEC_MIN) if the tick came due, so
 * that it is pending as it would have been. (The FIT would not do: QEMU
 * never arms it while its status bit is clear.)
 */
#define IVOR_OFFSET_LIMIT	0x10000
/* QEMU raises a decrementer set below 3 at once, but then neither sets
 * TSR[DIS] nor reloads it: the tick would stop for good. */
#define DEC_MIN			1000

void ppc_timer_nap(unsigned int us)
{
	unsigned long msr = mfmsr(), tcr = mfspr(SPRN_TCR), ivor = mfspr(SPRN_IVOR(IVOR_DECREMENTER));
	uintptr_t stub = (uintptr_t)ppc_nap_decrementer - mfspr(SPRN_IVPR);
	u32 left = (u32)mfspr(SPRN_DEC), elapsed;
	/* The tick's interrupt is pending, or its count ran out: QEMU reads a
	 * decrementer that expired and is not yet reloaded as negative. */
	bool due = (mfspr(SPRN_TSR) & TSR_DIS) || (s32)left <= 0;
	u64 start = ppc_read_tb();
	static const bool never;

	if (stub >= IVOR_OFFSET_LIMIT) {
		udelay(us);
		return;
	}
	mtspr(SPRN_IVOR(IVOR_DECREMENTER), stub);
	mtspr(SPRN_TSR, TSR_DIS);
	mtspr(SPRN_DEC, MAX(us * (u32)(ppc_tb_freq / 1000000), (u32)DEC_MIN));
	mtspr(SPRN_TCR, tcr | TCR_DIE);
	mpic_set_task_priority(MPIC_MAX_PRIORITY);
	ppc_doze_unless(&never, msr | MSR_EE | MSR_WE);
	mpic_set_task_priority(0);
	mtspr(SPRN_IVOR(IVOR_DECREMENTER), ivor);
	elapsed = (u32)(ppc_read_tb() - start);
	mtspr(SPRN_DEC, due || elapsed + DEC_MIN >= left ? DEC_MIN : left - elapsed);
	mtspr(SPRN_TCR, tcr);
}
#endif
