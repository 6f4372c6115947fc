/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_SMP_H
#define _KERNEL_SMP_H

#include <kernel/types.h>
#include <asm/smp.h>		/* smp_processor_id() */

#ifndef CONFIG_NR_CPUS
#define CONFIG_NR_CPUS 1
#endif
#define NR_CPUS CONFIG_NR_CPUS

/* Number of CPUs that came up, and whether one is online. */
unsigned int num_online_cpus(void);
bool cpu_online(unsigned int cpu);
void set_cpu_online(unsigned int cpu, bool online);
/* Wait up to a second for a secondary the arch released to come online. */
bool wait_cpu_online(unsigned int cpu);

#define for_each_online_cpu(cpu) \
	for ((cpu) = 0; (cpu) < NR_CPUS; (cpu)++) if (cpu_online(cpu))

/* Ask every other online CPU to take an NMI (or the arch's nearest thing). */
void smp_send_nmi_allbutself(void);
/* The same for one CPU. */
void smp_send_nmi(unsigned int cpu);
/* Kick @cpu so that it reschedules. */
void smp_send_reschedule(unsigned int cpu);

#endif
