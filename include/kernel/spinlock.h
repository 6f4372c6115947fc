/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_SPINLOCK_H
#define _KERNEL_SPINLOCK_H

#include <kernel/types.h>
#include <kernel/irq.h>
#include <asm/processor.h>	/* cpu_relax() */

typedef struct {
	volatile int locked;
} spinlock_t;

#define SPINLOCK_INIT { 0 }
#define DEFINE_SPINLOCK(x) spinlock_t x = SPINLOCK_INIT

static inline bool spin_trylock(spinlock_t *l)
{
	return !__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE);
}

static inline void spin_lock(spinlock_t *l)
{
	while (!spin_trylock(l))
		while (__atomic_load_n(&l->locked, __ATOMIC_RELAXED))
			cpu_relax();
}

static inline void spin_unlock(spinlock_t *l)
{
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}

#define spin_lock_irqsave(l, flags) \
	do { local_irq_save(flags); spin_lock(l); } while (0)
#define spin_unlock_irqrestore(l, flags) \
	do { spin_unlock(l); local_irq_restore(flags); } while (0)

#endif
