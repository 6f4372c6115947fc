// SPDX-License-Identifier: MIT
/*
 * The "cpus" report line. One CPU: this port does not release QEMU's
 * spin-table CPUs (docs/powerpc.md), so the SMP calls are
 * kernel/smp_one_cpu.c's (CONFIG_ONE_CPU).
 */
#include <kernel/arch.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <asm/reg.h>
#include <asm/setup.h>

void arch_cpu_describe(struct printer *p, unsigned int cpu)
{
	pprintf(p, "cpu%u: PVR %#lx, PIR %lu, %s, timebase %lu MHz, %lu timer ticks\n", cpu,
		mfspr(SPRN_PVR), mfspr(SPRN_PIR), cpu_online(cpu) ? "online" : "offline",
		ppc_tb_freq / 1000000, ppc_timer_ticks());
}
