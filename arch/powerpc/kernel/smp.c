// SPDX-License-Identifier: MIT
/*
 * One CPU. QEMU's ppce500 holds every other CPU in its spin table (the
 * device tree's cpu-release-addr) until released; this port does not
 * release them (docs/powerpc.md), so there is no other CPU to send an NMI
 * or a reschedule to.
 */
#include <kernel/arch.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <asm/reg.h>
#include <asm/setup.h>

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

void arch_cpu_describe(struct printer *p, unsigned int cpu)
{
	pprintf(p, "cpu%u: PVR %#lx, PIR %lu, %s, timebase %lu MHz, %lu timer ticks\n", cpu,
		mfspr(SPRN_PVR), mfspr(SPRN_PIR), cpu_online(cpu) ? "online" : "offline",
		ppc_tb_freq / 1000000, ppc_timer_ticks());
}
