// SPDX-License-Identifier: MIT
/*
 * Notifier chains, sorted by priority. Calls walk the chain without a lock
 * (they come from exception and NMI context); a new block is fully linked
 * before it is published, so a concurrent walk sees the old or new chain.
 */
#include <kernel/notifier.h>
#include <kernel/spinlock.h>
#include <kernel/errno.h>

static DEFINE_SPINLOCK(notifier_lock);

int notifier_chain_register(struct notifier_chain *chain, struct notifier_block *nb)
{
	struct notifier_block **pp;
	unsigned long flags;

	spin_lock_irqsave(&notifier_lock, flags);
	for (pp = &chain->head; *pp; pp = &(*pp)->next) {
		if (*pp == nb) {
			spin_unlock_irqrestore(&notifier_lock, flags);
			return -EEXIST;
		}
		if ((*pp)->priority < nb->priority)
			break;
	}
	nb->next = *pp;
	__atomic_store_n(pp, nb, __ATOMIC_RELEASE);
	spin_unlock_irqrestore(&notifier_lock, flags);
	return 0;
}

int notifier_chain_unregister(struct notifier_chain *chain, struct notifier_block *nb)
{
	struct notifier_block **pp;
	unsigned long flags;

	spin_lock_irqsave(&notifier_lock, flags);
	for (pp = &chain->head; *pp; pp = &(*pp)->next) {
		if (*pp == nb) {
			__atomic_store_n(pp, nb->next, __ATOMIC_RELEASE);
			spin_unlock_irqrestore(&notifier_lock, flags);
			return 0;
		}
	}
	spin_unlock_irqrestore(&notifier_lock, flags);
	return -ENOENT;
}

int notifier_call_chain(struct notifier_chain *chain, unsigned long action, void *data)
{
	struct notifier_block *nb = __atomic_load_n(&chain->head, __ATOMIC_ACQUIRE);
	int ret = NOTIFY_DONE;

	while (nb) {
		/* Read next first: the callee may unregister itself. */
		struct notifier_block *next = __atomic_load_n(&nb->next, __ATOMIC_ACQUIRE);

		ret = nb->call(nb, action, data);
		if (ret & NOTIFY_STOP_MASK)
			break;
		nb = next;
	}
	return ret;
}
