// SPDX-License-Identifier: MIT
/* jiffies: timer ticks since boot, counted by one CPU. */
#include <kernel/jiffies.h>
#include <kernel/tick_poll.h>

volatile unsigned long jiffies;

void jiffies_tick(void)
{
	jiffies++;
	tick_polls_run();
}
