/* SPDX-License-Identifier: MIT */
/*
 * void arch_cpu_idle(void): enable interrupts and wait for one. An
 * interrupt taken anywhere in [mips_idle_wait, mips_idle_end) returns to
 * mips_idle_end (mips_do_irq() moves EPC), so one that arrives between
 * the "ei" and the "wait" does not leave the CPU asleep until the next.
 */
	.text
	.set	noreorder
	.globl	arch_cpu_idle, mips_idle_wait, mips_idle_end
	.type	arch_cpu_idle, @function
arch_cpu_idle:
	.cfi_startproc
mips_idle_wait:
	ei
	ehb
	wait
mips_idle_end:
	jr	$ra
	 nop
	.cfi_endproc
	.size	arch_cpu_idle, . - arch_cpu_idle
