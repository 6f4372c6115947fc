/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_NOTIFIER_H
#define _KERNEL_NOTIFIER_H

#include <kernel/types.h>

#define NOTIFY_DONE	0x0000	/* not interested */
#define NOTIFY_OK	0x0001	/* handled, continue the chain */
#define NOTIFY_STOP_MASK 0x8000
#define NOTIFY_STOP	(NOTIFY_OK | NOTIFY_STOP_MASK)	/* handled, stop the chain */

struct notifier_block {
	int (*call)(struct notifier_block *nb, unsigned long action, void *data);
	int priority;			/* higher runs first */
	struct notifier_block *next;
};

/*
 * A chain is walked without locks so that it can be used from exception and
 * NMI context; registration is serialised with interrupts off.
 */
struct notifier_chain {
	struct notifier_block *head;
};

int notifier_chain_register(struct notifier_chain *chain, struct notifier_block *nb);
int notifier_chain_unregister(struct notifier_chain *chain, struct notifier_block *nb);
int notifier_call_chain(struct notifier_chain *chain, unsigned long action, void *data);

#endif
