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
 *
 * The master naps while gdb is silent (kgdb_arch.idle) in the same doze,
 * with CE as it was, woken by its decrementer: for the nap, IVOR10 is a
 * stub of its own (ppc_kgdb_nap_decrementer) that only acknowledges the
 * interrupt and ends the doze. After it the decrementer counts down what
 * was left of the tick, or a moment (DEC_MIN) if the tick came due, so
 * that it is pending as it would have been. (The FIT would not do: QEMU
 * never arms it while its status bit is clear.)
 */
#include <kernel/compiler.h>
#include <kernel/jiffies.h>
#include <kernel/mpic.h>
#include <kernel/smp.h>
#include <asm/ptrace.h>
#include <asm/reg.h>
#include <asm/setup.h>
#include "kgdb_ppc.h"

#define IVOR_OFFSET_LIMIT	0x10000
/* QEMU raises a decrementer set below 3 at once, but then neither sets
 * TSR[DIS] nor reloads it: the tick would stop for good. */
#define DEC_MIN			1000

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

void ppc_kgdb_nap(unsigned int us)
{
	unsigned long msr = mfmsr(), tcr = mfspr(SPRN_TCR), ivor = mfspr(SPRN_IVOR(IVOR_DECREMENTER));
	uintptr_t stub = (uintptr_t)ppc_kgdb_nap_decrementer - mfspr(SPRN_IVPR);
	u32 left = (u32)mfspr(SPRN_DEC), elapsed;
	/* The tick's interrupt is pending, or its count ran out: QEMU reads a
	 * decrementer that expired and is not yet reloaded as negative. */
	bool due = (mfspr(SPRN_TSR) & TSR_DIS) || (s32)left <= 0;
	u64 start = ppc_read_tb();
	static const bool never;

	if (stub >= IVOR_OFFSET_LIMIT) {
		udelay(us);
		return;
	}
	mtspr(SPRN_IVOR(IVOR_DECREMENTER), stub);
	mtspr(SPRN_TSR, TSR_DIS);
	mtspr(SPRN_DEC, MAX(us * (u32)(ppc_tb_freq / 1000000), (u32)DEC_MIN));
	mtspr(SPRN_TCR, tcr | TCR_DIE);
	mpic_set_task_priority(MPIC_MAX_PRIORITY);
	ppc_kgdb_doze_unless(&never, msr | MSR_EE | MSR_WE);
	mpic_set_task_priority(0);
	mtspr(SPRN_IVOR(IVOR_DECREMENTER), ivor);
	elapsed = (u32)(ppc_read_tb() - start);
	mtspr(SPRN_DEC, due || elapsed + DEC_MIN >= left ? DEC_MIN : left - elapsed);
	mtspr(SPRN_TCR, tcr);
}
