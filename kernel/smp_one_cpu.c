// SPDX-License-Identifier: MIT
/*
 * The SMP calls of a board that brings up only its boot CPU
 * (CONFIG_ONE_CPU: MIPS malta; its doc says why):
 * there is no other CPU to start, to send an NMI or a reschedule to.
 */
#include <kernel/arch.h>
#include <kernel/smp.h>

void arch_smp_init(void)
{
}

void smp_send_nmi_allbutself(void)
{
}

void smp_send_nmi(unsigned int cpu)
{
}

void smp_send_reschedule(unsigned int cpu)
{
}
