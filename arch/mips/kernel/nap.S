/* SPDX-License-Identifier: MIT */
/*
 * void mips_nap_wait(void)
 *
 * Sleep in wait until this CPU's Compare interrupt, which the caller has
 * set (mips_timer_nap(), time.c), with no handler run: the master's nap
 * while gdb is silent and a held CPU's wait. A 24Kf's wait wakes only for
 * an interrupt it can take, so the nap takes one, IP7 alone unmasked,
 * through vectors of its own: for the wait EBase points at
 * mips_nap_vectors, whose general and interrupt vectors set Compare
 * behind Count (which acknowledges the interrupt; the caller sets it
 * again) and return to mips_nap_end, also for an interrupt taken between
 * the ei and the wait. The architecture wants EBase changed with
 * Status.BEV set, interrupts off.
 */
#include <asm/mipsregs.h>
#include <asm/vectors.h>

#define ST0_IM_TIMER	(1 << (ST0_IM_SHIFT + IRQ_TIMER))

	/* The TLB refill vector as ever. */
	vector_page mips_nap_vectors, mips_entry_common, mips_nap_woken

	.set	noreorder
	.set	noat
mips_nap_woken:
	mfc0	$k0, $9				/* Count */
	addiu	$k0, $k0, -1
	mtc0	$k0, $11			/* Compare */
	la	$k0, mips_nap_end
	mtc0	$k0, $14			/* EPC */
	ehb
	eret

	.globl	mips_nap_wait
	.type	mips_nap_wait, @function
mips_nap_wait:
	mfc0	$t0, $12			/* Status, interrupts off */
	mfc0	$t1, $15, 1			/* EBase */
	li	$t3, ST0_BEV
	or	$t3, $t0, $t3
	mtc0	$t3, $12
	ehb
	la	$t2, mips_nap_vectors
	mtc0	$t2, $15, 1
	li	$t2, ~(ST0_IM_ALL | ST0_BEV)
	and	$t2, $t0, $t2
	ori	$t2, $t2, ST0_IM_TIMER
	mtc0	$t2, $12
	ehb
	ei
	ehb
	wait
mips_nap_end:
	di
	ehb
	mtc0	$t3, $12			/* BEV again, for EBase */
	ehb
	mtc0	$t1, $15, 1
	mtc0	$t0, $12
	ehb
	jr	$ra
	 nop
	.size	mips_nap_wait, . - mips_nap_wait
