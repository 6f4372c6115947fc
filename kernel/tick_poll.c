// SPDX-License-Identifier: MIT
/*
 * The list of tick polls (include/kernel/tick_poll.h). Registering is
 * rare and from normal context; the tick walks the list without a lock,
 * so an entry is published whole and unlinked with one store.
 */
#include <kernel/irq.h>
#include <kernel/spinlock.h>
#include <kernel/tick_poll.h>

static struct tick_poll *tick_polls;
static DEFINE_SPINLOCK(tick_polls_lock);

void tick_poll_register(struct tick_poll *p)
{
	spin_lock(&tick_polls_lock);
	p->next = tick_polls;
	__atomic_store_n(&tick_polls, p, __ATOMIC_RELEASE);
	spin_unlock(&tick_polls_lock);
}

void tick_poll_unregister(struct tick_poll *p)
{
	struct tick_poll **pp;

	spin_lock(&tick_polls_lock);
	for (pp = &tick_polls; *pp; pp = &(*pp)->next) {
		if (*pp == p) {
			__atomic_store_n(pp, p->next, __ATOMIC_RELEASE);
			break;
		}
	}
	spin_unlock(&tick_polls_lock);
}

void tick_polls_run(void)
{
	struct tick_poll *p;

	for (p = __atomic_load_n(&tick_polls, __ATOMIC_ACQUIRE); p;
	     p = __atomic_load_n(&p->next, __ATOMIC_ACQUIRE))
		p->fn();
}
