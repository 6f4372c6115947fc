// SPDX-License-Identifier: MIT
/*
 * "stress": load on every CPU, for testing whatever must keep working on a
 * busy machine. One thread per online CPU, bound to it, loops over rounds
 * of allocation (a block filled and checked), a printk now and then, and
 * scheduling (a yield every round, a short sleep every few). Every round
 * goes through stress_round(), which counts it per CPU and bumps one
 * shared counter under a lock, so an observer can tell exactly how many
 * rounds each CPU ran and see one variable written from every CPU.
 */
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/shell.h>
#include <kernel/slab.h>
#include <kernel/smp.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>

#define STRESS_MAX_BLOCK	2048
#define STRESS_SLEEP_EVERY	16	/* rounds between 1 ms sleeps */
#define STRESS_PRINT_EVERY	2048	/* rounds between console lines */
#define STRESS_DEBUG_EVERY	64	/* rounds between log-only lines */

/* Read by debugger tests: rounds per CPU, and the counter all CPUs write. */
unsigned long stress_rounds[NR_CPUS];
unsigned long stress_shared;
static unsigned long stress_bad[NR_CPUS];	/* allocation failures or corruption */
static bool stress_started[NR_CPUS];
static DEFINE_SPINLOCK(stress_lock);

/* One round's bookkeeping; a function of its own, where a debugger can stop. */
static __noinline void stress_round(unsigned int cpu)
{
	unsigned long flags;

	stress_rounds[cpu]++;
	spin_lock_irqsave(&stress_lock, flags);
	stress_shared++;
	spin_unlock_irqrestore(&stress_lock, flags);
}

/* Allocate a block of a varying size, fill it, check it, free it. */
static bool stress_alloc(unsigned int cpu, unsigned long round)
{
	size_t size = 1 + (round * 37 + cpu * 101) % STRESS_MAX_BLOCK, i;
	u8 fill = (u8)(round ^ cpu);
	u8 *p = kmalloc(size);
	bool ok = true;

	if (!p)
		return false;
	memset(p, fill, size);
	yield();	/* let another thread allocate meanwhile */
	for (i = 0; i < size; i++)
		ok &= p[i] == fill;
	kfree(p);
	return ok;
}

static void stress_thread(void *arg)
{
	unsigned int cpu = (unsigned int)(uintptr_t)arg;
	unsigned long round;

	for (round = 1;; round++) {
		stress_round(cpu);
		if (!stress_alloc(cpu, round) && stress_bad[cpu]++ == 0)
			pr_err("stress: CPU%u: allocation failed or corrupted\n", cpu);
		if (round % STRESS_DEBUG_EVERY == 0)
			pr_debug("stress: CPU%u round %lu\n", cpu, round);
		if (round % STRESS_PRINT_EVERY == 0)
			pr_info("stress: CPU%u: %lu rounds\n", cpu, round);
		if (round % STRESS_SLEEP_EVERY == 0)
			msleep(1);
	}
}

static int cmd_stress(struct printer *out, int argc, char **argv)
{
	unsigned int cpu;

	for_each_online_cpu(cpu) {
		if (stress_started[cpu])
			continue;
		if (!kthread_run_on(cpu, stress_thread, (void *)(uintptr_t)cpu, "stress"))
			return -ENOMEM;
		stress_started[cpu] = true;
	}
	for_each_online_cpu(cpu)
		pprintf(out, "stress: cpu%u: %lu rounds, %lu bad\n", cpu,
			READ_ONCE(stress_rounds[cpu]), READ_ONCE(stress_bad[cpu]));
	pprintf(out, "stress: shared %lu\n", READ_ONCE(stress_shared));
	return 0;
}
SHELL_COMMAND(stress, "stress: a thread per CPU allocating, printing and scheduling",
	      cmd_stress);
