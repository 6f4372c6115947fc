// SPDX-License-Identifier: MIT
/*
 * Background kernel threads, so that a debugger has real threads to show:
 * two workers that wake up periodically, and a watchdog that reports a CPU
 * whose timer stopped ticking (a hard lockup: spinning with interrupts off).
 */
#include "workers.h"
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>

#define WATCHDOG_PERIOD_MS	1000
#define WATCHDOG_THRESHOLD	5	/* periods without a tick */

struct worker {
	unsigned int period_ms;
	unsigned long wakeups;
};

static struct worker kworker = { 100, 0 };
static struct worker events = { 500, 0 };

static void worker_thread(void *arg)
{
	struct worker *w = arg;

	for (;;) {
		msleep(w->period_ms);
		w->wakeups++;
	}
}

static void watchdog_thread(void *arg)
{
	static unsigned long last[NR_CPUS];
	static unsigned int stuck[NR_CPUS];
	unsigned int cpu;

	for (;;) {
		msleep(WATCHDOG_PERIOD_MS);
		for_each_online_cpu(cpu) {
			unsigned long now = cpu_ticks(cpu);

			if (now != last[cpu]) {
				last[cpu] = now;
				stuck[cpu] = 0;
				continue;
			}
			if (++stuck[cpu] == WATCHDOG_THRESHOLD)
				pr_emerg("watchdog: hard LOCKUP on CPU %u: no timer tick for %u s\n",
					 cpu, WATCHDOG_THRESHOLD * WATCHDOG_PERIOD_MS / 1000);
		}
	}
}

void start_workers(void)
{
	if (!kthread_run(worker_thread, &kworker, "kworker/0") ||
	    !kthread_run(worker_thread, &events, "events") ||
	    !kthread_run(watchdog_thread, NULL, "watchdog"))
		pr_err("workers: out of memory\n");
}
