/* SPDX-License-Identifier: MIT */
/*
 * Work run on every timer tick of the CPU that counts jiffies, in its
 * interrupt handler (interrupts off): for polled devices that have no
 * interrupt of their own, such as a NIC kgdboe listens on.
 */
#ifndef _KERNEL_TICK_POLL_H
#define _KERNEL_TICK_POLL_H

struct tick_poll {
	void (*fn)(void);
	struct tick_poll *next;
};

#ifdef CONFIG_TICK_POLL
/* Normal context. A poll stays callable for one tick after it is removed. */
void tick_poll_register(struct tick_poll *p);
void tick_poll_unregister(struct tick_poll *p);
void tick_polls_run(void);
#else
static inline void tick_polls_run(void)
{
}
#endif

#endif
