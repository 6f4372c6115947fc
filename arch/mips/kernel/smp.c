// SPDX-License-Identifier: MIT
/*
 * The "cpus" report line. One CPU: QEMU's malta has no MIPS32 SMP this
 * kernel uses (docs/mips.md), so the SMP calls are kernel/smp_one_cpu.c's
 * (CONFIG_ONE_CPU).
 */
#include <kernel/arch.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <asm/mipsregs.h>
#include <asm/setup.h>

void arch_cpu_describe(struct printer *p, unsigned int cpu)
{
	pprintf(p, "cpu%u: PRId %#lx, EBase %#lx, %s, Count %lu MHz, %lu timer ticks\n", cpu,
		read_c0(CP0_PRID), read_c0(CP0_EBASE), cpu_online(cpu) ? "online" : "offline",
		MIPS_COUNT_HZ / 1000000, mips_timer_ticks(cpu));
}
