/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_JIFFIES_H
#define _KERNEL_JIFFIES_H

#include <kernel/types.h>

#define HZ 100

extern volatile unsigned long jiffies;

#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)
#define msecs_to_jiffies(ms)	(((ms) * HZ + 999) / 1000)

/* Busy-wait delays, calibrated by the arch timer code. */
void udelay(unsigned long us);
void mdelay(unsigned long ms);

/* Called by the arch on one CPU per timer tick. */
void jiffies_tick(void);

#endif
