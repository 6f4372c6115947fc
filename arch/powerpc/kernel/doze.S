/* SPDX-License-Identifier: MIT */
/*
 * void ppc_doze_unless(const bool *wake, unsigned long msr): the
 * debugger's doze, a held CPU's and its nap's (ppc_timer_nap(), time.c),
 * with @msr (WE set, and the interrupt that may wake the CPU unmasked)
 * unless *@wake is set. A kick taken between the test and the doze would
 * be slept through: the debugger core moves an interrupt's resume address
 * in [ppc_doze_window, ppc_doze_window_end) to the end, which turns EE off
 * again.
 *
 * ppc_nap_decrementer: IVOR10's stub while the master naps, the nap's own
 * decrementer interrupt: it acknowledges the interrupt and returns to the
 * window's end, no handler run. EE is on only from the doze to that end,
 * where a return to it is harmless.
 */
#include <asm/reg.h>

	.text
	.globl	ppc_doze_unless
	.type	ppc_doze_unless, @function
ppc_doze_unless:
	.cfi_startproc
	.globl	ppc_doze_window
ppc_doze_window:
	lbz	%r5, 0(%r3)
	cmpwi	%r5, 0
	bnelr
	msync
	mtmsr	%r4
	isync
	.globl	ppc_doze_window_end
ppc_doze_window_end:
	mfmsr	%r5
	rlwinm	%r5, %r5, 0, 17, 15		/* EE off */
	mtmsr	%r5
	isync
	blr
	.cfi_endproc
	.size	ppc_doze_unless, . - ppc_doze_unless

	/* Within 64 KiB of IVPR, as every vector: after entry.S's, and before
	 * ppc_vectors_end, so that an NMI landing in it waits, as in any
	 * base-class stub (nmi.c). */
	.section .text.vectors, "ax"
	.balign	16
	.globl	ppc_nap_decrementer
ppc_nap_decrementer:
	mtspr	SPRN_SPRG0, %r10
	lis	%r10, TSR_DIS@h
	mtspr	SPRN_TSR, %r10
	mfspr	%r10, SPRN_SRR1
	rlwinm	%r10, %r10, 0, 17, 15		/* EE off */
	rlwinm	%r10, %r10, 0, 14, 12		/* WE off: the doze is over */
	mtspr	SPRN_SRR1, %r10
	lis	%r10, ppc_doze_window_end@ha
	addi	%r10, %r10, ppc_doze_window_end@l
	mtspr	SPRN_SRR0, %r10
	mfspr	%r10, SPRN_SPRG0
	rfi
