// SPDX-License-Identifier: MIT
/*
 * One CPU. QEMU's malta has no MIPS32 SMP this kernel can use: with a
 * 24Kf every -smp CPU runs the boot stub into our entry, where all but
 * CPU 0 are parked (head.S); a multi-core setup would need the CPS
 * (I6400) or MT ASE (34Kf VPEs) bring-up, which this port does not do.
 * So there is no other CPU to send an NMI or a reschedule to.
 */
#include <kernel/arch.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <asm/mipsregs.h>
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
	pprintf(p, "cpu%u: PRId %#lx, EBase %#lx, %s, Count %lu MHz, %lu timer ticks\n", cpu,
		read_c0(CP0_PRID), read_c0(CP0_EBASE), cpu_online(cpu) ? "online" : "offline",
		MIPS_COUNT_HZ / 1000000, mips_timer_ticks());
}
