// SPDX-License-Identifier: MIT
/*
 * Which CPUs are online: the arch's bring-up code sets them, and waits
 * here for each secondary it starts.
 */
#include <kernel/jiffies.h>
#include <kernel/smp.h>

/* How long a secondary just released may take to mark itself online. */
#define CPU_ONLINE_TIMEOUT_MS	1000

static bool online[NR_CPUS];
static unsigned int nr_online;

unsigned int num_online_cpus(void)
{
	return __atomic_load_n(&nr_online, __ATOMIC_ACQUIRE);
}

bool cpu_online(unsigned int cpu)
{
	return cpu < NR_CPUS && __atomic_load_n(&online[cpu], __ATOMIC_ACQUIRE);
}

void set_cpu_online(unsigned int cpu, bool on)
{
	if (cpu >= NR_CPUS || __atomic_exchange_n(&online[cpu], on, __ATOMIC_SEQ_CST) == on)
		return;
	if (on)
		__atomic_fetch_add(&nr_online, 1, __ATOMIC_SEQ_CST);
	else
		__atomic_fetch_sub(&nr_online, 1, __ATOMIC_SEQ_CST);
}

bool wait_cpu_online(unsigned int cpu)
{
	for (unsigned int ms = 0; ms < CPU_ONLINE_TIMEOUT_MS && !cpu_online(cpu); ms++)
		mdelay(1);
	return cpu_online(cpu);
}
