// SPDX-License-Identifier: MIT
/*
 * Held CPUs doze (MSR[WE], HID0[DOZE]) instead of spinning. QEMU runs
 * qemu-system-ppc's vCPUs round-robin on one host thread: a spinning one
 * keeps the others, the master among them, off for up to TCG's 100 ms
 * kick period. QEMU's e500 wakes from the doze only for an interrupt it
 * can take, so the held CPU dozes with EE and CE on and the external and
 * decrementer interrupts masked at their sources (MPIC task priority 15,
 * TCR[DIE]): what wakes it is the master's kick, the critical interrupt
 * NMI (smp_send_nmi()), which the core absorbs. A kick taken between the
 * release test and the doze would be slept through: the core moves the
 * CPU past the doze (the hold window, kgdb_doze.S).
 */
#include <kernel/compiler.h>
#include <kernel/mpic.h>
#include <kernel/smp.h>
#include <asm/ptrace.h>
#include <asm/reg.h>
#include "kgdb_ppc.h"

void ppc_kgdb_hold_wait(const bool *release)
{
	unsigned long msr = mfmsr(), tcr = mfspr(SPRN_TCR);

	mtspr(SPRN_TCR, tcr & ~TCR_DIE);
	mpic_set_task_priority(MPIC_MAX_PRIORITY);
	ppc_kgdb_doze_unless(release, msr | MSR_CE | MSR_EE | MSR_WE);
	mtmsr(msr);
	mpic_set_task_priority(0);
	mtspr(SPRN_TCR, tcr);
}
