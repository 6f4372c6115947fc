/* SPDX-License-Identifier: MIT */
/*
 * void arch_cpu_idle(void): enable interrupts and doze until one arrives.
 * One mtmsr sets EE and WE (HID0[DOZE] is set at boot), so an interrupt
 * already pending is taken at once instead of being slept through; the
 * interrupt entry clears WE in the MSR it returns with (ppc_do_exception),
 * so execution goes on here.
 */
#include <asm/reg.h>

	.text
	.globl	arch_cpu_idle
	.type	arch_cpu_idle, @function
arch_cpu_idle:
	.cfi_startproc
	mfmsr	%r3
	ori	%r3, %r3, MSR_EE
	oris	%r3, %r3, MSR_WE@h
	msync
	mtmsr	%r3
	isync
	blr
	.cfi_endproc
	.size	arch_cpu_idle, . - arch_cpu_idle
