// SPDX-License-Identifier: MIT
/*
 * SMP on QEMU's malta: -smp n makes n independent 24Kf CPUs, all started
 * at the reset vector. head.S parks every CPU but CPU 0 (EBase.CPUNum,
 * also our CPU number); arch_smp_init() releases the ones that marked
 * themselves present, one at a time, each with a kmalloc'd stack. A
 * secondary sets up its own CP0 state, TLB and timer as
 * mips_start_kernel() does for CPU 0, but unmasks no device interrupt
 * (only CPU 0 is wired to the i8259), then becomes its idle task.
 *
 * Cross-CPU requests: the 24Kf has no MT ASE and the malta no GIC or CPS
 * for it, so there is no inter-processor interrupt. A CPU that wants
 * another stopped (the debugger's roundup, panic) sets a bit in that
 * CPU's pending word, which the target reads at each of its own timer
 * ticks and acts on as an NMI (DIE_NMI, from inside its tick handler).
 * So a request lands within one tick (10 ms at HZ=100), and a CPU
 * spinning with interrupts off takes no tick and is never stopped.
 */
#include <kernel/arch.h>
#include <kernel/die.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/slab.h>
#include <kernel/smp.h>
#include <asm/mipsregs.h>
#include <asm/processor.h>
#include <asm/setup.h>

#define ARRIVAL_QUIET_MS	100

/* Request bits in a CPU's pending word. */
#define SMP_NMI			0x1

static unsigned long pending[NR_CPUS];
static unsigned long cpu_ebase[NR_CPUS];

__noreturn void mips_secondary_start(unsigned int cpu)
{
	mips_cpu_init(ST0_IM(IRQ_SOFT0) | ST0_IM(IRQ_TIMER));
	mips_tlb_init();
	cpu_ebase[cpu] = read_c0(CP0_EBASE);
	mips_timer_start();
	sched_init_secondary();
	set_cpu_online(cpu, true);
	local_irq_enable();
	cpu_idle_loop();
}

static bool boot_secondary(unsigned int cpu)
{
	void *stack = kmalloc(THREAD_STACK_SIZE);

	if (!stack)
		return false;
	/* The o32 argument area at the top, as for CPU 0. */
	mips_release_sp = ((uintptr_t)stack + THREAD_STACK_SIZE - 16) & ~7UL;
	__atomic_store_n(&mips_release_cpu, cpu, __ATOMIC_SEQ_CST);
	if (wait_cpu_online(cpu))
		return true;
	pr_err("smp: CPU %u did not come up\n", cpu);
	return false;
}

/*
 * Nothing tells how many CPUs QEMU made, and a secondary can reach its
 * mark tens of milliseconds after CPU 0 gets here: the boot stub's
 * writes to the system controller wait for QEMU's global lock, which CPU
 * 0's console output keeps busy, and on a loaded host its vCPU thread
 * waits for a core. So the CPUs that marked themselves until none has
 * come for ARRIVAL_QUIET_MS are the machine's. CPU 0 waits for them
 * asleep, from tick to tick: a spinning CPU 0 took a host core from them
 * (a secondary that missed a 50 ms window of spinning was lost).
 */
static unsigned int cpus_present(void)
{
	unsigned int n = 0;

	for (unsigned int cpu = 1; cpu < NR_CPUS; cpu++)
		n += __atomic_load_n(&mips_cpu_present[cpu], __ATOMIC_ACQUIRE);
	return n;
}

void arch_smp_init(void)
{
	unsigned long quiet_since = jiffies;
	unsigned int seen = 0, now;

	cpu_ebase[0] = read_c0(CP0_EBASE);
	while (seen < NR_CPUS - 1 &&
	       time_before(jiffies, quiet_since + msecs_to_jiffies(ARRIVAL_QUIET_MS))) {
		arch_cpu_idle();
		now = cpus_present();
		if (now != seen)
			quiet_since = jiffies;
		seen = now;
	}
	for (unsigned int cpu = 1; cpu < NR_CPUS; cpu++) {
		if (!__atomic_load_n(&mips_cpu_present[cpu], __ATOMIC_ACQUIRE))
			continue;
		if (!boot_secondary(cpu))
			break;
	}
}

/* From this CPU's timer tick: act on what other CPUs asked of it. */
void mips_smp_poll(struct pt_regs *regs)
{
	unsigned long *p = &pending[smp_processor_id()];

	if (!__atomic_load_n(p, __ATOMIC_RELAXED))
		return;
	/* A stale request (its sender gave up meanwhile) finds no taker in
	 * the die chain and is dropped. */
	if (__atomic_exchange_n(p, 0, __ATOMIC_ACQ_REL) & SMP_NMI)
		notify_die(DIE_NMI, "NMI", regs, 0, 0, 0);
}

void smp_send_nmi(unsigned int cpu)
{
	if (cpu < NR_CPUS)
		__atomic_fetch_or(&pending[cpu], SMP_NMI, __ATOMIC_SEQ_CST);
}

void smp_send_nmi_allbutself(void)
{
	unsigned int cpu, self = smp_processor_id();

	for_each_online_cpu(cpu)
		if (cpu != self)
			smp_send_nmi(cpu);
}

/*
 * The scheduler has set @cpu's need_resched already: its next tick (which
 * also ends its idle wait) reschedules on the way out of the interrupt.
 * Nothing sooner can reach it.
 */
void smp_send_reschedule(unsigned int cpu)
{
}

void arch_cpu_describe(struct printer *p, unsigned int cpu)
{
	pprintf(p, "cpu%u: PRId %#lx, EBase %#lx, %s, Count %lu MHz, %lu timer ticks\n", cpu,
		read_c0(CP0_PRID), cpu < NR_CPUS ? cpu_ebase[cpu] : 0,
		cpu_online(cpu) ? "online" : "offline", MIPS_COUNT_HZ / 1000000,
		mips_timer_ticks(cpu));
}
