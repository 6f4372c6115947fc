// SPDX-License-Identifier: MIT
/*
 * Held CPUs sleep in wfi instead of spinning: a spinning vCPU takes a host
 * core away from the one that talks to gdb. A held CPU waits inside the
 * FIQ handler (the roundup "NMI"), FIQs and IRQs masked; wfi still ends on
 * any interrupt the GIC signals, masked or not. So while it sleeps the CPU
 * interface's priority mask lets only the NMI SGI through (timer and
 * device interrupts stay pending), and the master kicks each CPU it
 * releases with that SGI. A kick sent after the release flag was read is
 * pending by the time wfi runs (FIQs masked), so wfi returns at once: none
 * is lost.
 *
 * Without FIQ (the GIC's group 0 is not ours) the NMI is an IRQ with the
 * priority of every other: held CPUs then yield in a loop.
 */
#include <kernel/compiler.h>
#include <kernel/smp.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>
#include "kgdb_arm.h"

/* yield instructions per hold_wait() call without FIQ */
#define HOLD_YIELDS	64

/*
 * FIQs are masked across the test and the wfi: a CPU held from take_master
 * (not from the roundup FIQ) has them on, and a kick taken between the two
 * would leave nothing pending to end the wfi. Masked, the kick stays
 * pending, ends the wfi, and is taken when the old mask comes back.
 */
void arm_kgdb_hold_wait(const bool *release)
{
	unsigned long cpsr;

	if (!gic_has_fiq()) {
		for (unsigned int i = 0; i < HOLD_YIELDS && !READ_ONCE(*release); i++)
			cpu_relax();
		return;
	}
	__asm__ __volatile__("mrs %0, cpsr\n\tcpsid f" : "=r"(cpsr) : : "memory");
	gic_nmi_only(true);
	if (!__atomic_load_n(release, __ATOMIC_ACQUIRE)) {
		dsb();
		__asm__ __volatile__("wfi" : : : "memory");
	}
	gic_nmi_only(false);
	if (!(cpsr & PSR_F))
		__asm__ __volatile__("cpsie f" : : : "memory");
}

/*
 * The kick stays pending until the released CPU unmasks FIQs (IRQs without
 * FIQ, where nobody sleeps on it); the core takes it then.
 */
void arm_kgdb_hold_kick(unsigned int cpu)
{
	smp_send_nmi(cpu);
}
