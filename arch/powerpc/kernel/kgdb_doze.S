/* SPDX-License-Identifier: MIT */
/*
 * void ppc_kgdb_doze_unless(const bool *release, unsigned long msr): doze
 * with @msr (WE set, and the kick that may wake the CPU unmasked) unless
 * *@release is set. A kick taken between the test and the doze would be
 * slept through: the core moves an interrupt's resume
 * address in [ppc_kgdb_doze_window, ppc_kgdb_doze_window_end) to the end.
 */
#include <asm/reg.h>

	.text
	.globl	ppc_kgdb_doze_unless
	.type	ppc_kgdb_doze_unless, @function
ppc_kgdb_doze_unless:
	.cfi_startproc
	.globl	ppc_kgdb_doze_window
ppc_kgdb_doze_window:
	lbz	%r5, 0(%r3)
	cmpwi	%r5, 0
	bnelr
	msync
	mtmsr	%r4
	isync
	.globl	ppc_kgdb_doze_window_end
ppc_kgdb_doze_window_end:
	blr
	.cfi_endproc
	.size	ppc_kgdb_doze_unless, . - ppc_kgdb_doze_unless
