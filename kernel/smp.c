// SPDX-License-Identifier: MIT
/* Which CPUs are online; the arch's bring-up code sets them. */
#include <kernel/smp.h>

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
