/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_CPULOCK_H
#define _KERNEL_CPULOCK_H

#include <kernel/types.h>
#include <kernel/compiler.h>
#include <kernel/smp.h>
#include <asm/processor.h>

/*
 * A lock for the output paths (printk, console drivers, oops reports) that
 * must never deadlock. The CPU holding it may take it again: an NMI or an
 * oops that hits inside the critical section then goes ahead instead of
 * spinning on itself. And after @max_spins tries a CPU takes it anyway,
 * because a holder stopped by a panic or a debugger never lets go. Output
 * may then interleave; the machine keeps going. Use with interrupts off.
 */
typedef struct {
	int owner;		/* CPU number, or -1 */
} cpulock_t;

#define CPULOCK_INIT	{ -1 }

/* Returns true when this call took the lock and must release it, false
 * when this CPU already held it (a nested entry). */
static inline bool cpu_lock_acquire(cpulock_t *l, unsigned long max_spins)
{
	int cpu = (int)smp_processor_id();
	unsigned long spins = 0;

	if (__atomic_load_n(&l->owner, __ATOMIC_RELAXED) == cpu)
		return false;
	for (;;) {
		int unowned = -1;

		if (__atomic_compare_exchange_n(&l->owner, &unowned, cpu, false,
						__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			return true;
		if (++spins >= max_spins) {
			__atomic_store_n(&l->owner, cpu, __ATOMIC_SEQ_CST);
			return true;
		}
		cpu_relax();
	}
}

/*
 * Take the lock if another CPU lets go of it within @max_spins tries;
 * false, not taken, if it does not or this CPU holds it.
 */
static inline bool cpu_lock_try_for(cpulock_t *l, unsigned long max_spins)
{
	int cpu = (int)smp_processor_id();
	unsigned long spins;

	if (__atomic_load_n(&l->owner, __ATOMIC_RELAXED) == cpu)
		return false;
	for (spins = 0; spins < max_spins; spins++) {
		int unowned = -1;

		if (__atomic_compare_exchange_n(&l->owner, &unowned, cpu, false,
						__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			return true;
		cpu_relax();
	}
	return false;
}

static inline void cpu_lock_release(cpulock_t *l)
{
	__atomic_store_n(&l->owner, -1, __ATOMIC_RELEASE);
}

#endif
