/* SPDX-License-Identifier: MIT */
/*
 * Entry from QEMU's ELF loader on the boot CPU, and from PSCI CPU_ON on
 * the others. Both arrive in a privileged mode with the MMU off; they go
 * to SVC mode with every interrupt masked, take a stack and call C, which
 * switches the MMU on (the kernel is identity mapped, so nothing moves).
 * For an ELF image QEMU passes no boot registers (r2 is the device tree
 * only for Linux-style images): arm_start_kernel() checks r2, then the
 * start of RAM, for the device tree's magic.
 *
 * Without PSCI (-M virt,secure=on: the kernel runs in Secure state and
 * QEMU offers no firmware interface) every CPU starts here at once. The
 * boot CPU is the one with MPIDR affinity 0; the others wait in a holding
 * pen, out of the way of the .bss clearing, until smp.c releases them one
 * by one through arm_pen_mpidr.
 */
#include <asm/ptrace.h>

#define BOOT_STACK_SIZE	16384

	.section .head.text, "ax"
	.arm
	.globl _start
	.type _start, %function
_start:
	/* The outermost frame of the boot CPU: debuggers stop unwinding here. */
	.cfi_startproc
	.cfi_def_cfa sp, 0
	.cfi_undefined lr
	cpsid	aif, #PSR_MODE_SVC
	mrc	p15, 0, r5, c0, c0, 5		/* MPIDR */
	bic	r5, r5, #0xff000000		/* affinity levels 0-2 */
	cmp	r5, #0
	bne	arm_holding_pen
	mov	r4, r2
	ldr	sp, =boot_stack + BOOT_STACK_SIZE
	ldr	r0, =__bss_start
	ldr	r1, =__bss_end
	mov	r2, #0
1:	cmp	r0, r1
	strlo	r2, [r0], #4
	blo	1b
	mov	r0, r4
	mov	fp, #0
	bl	arm_start_kernel
	b	.
	.cfi_endproc
	.size _start, . - _start

/* PSCI CPU_ON entry: r0 is the context id, the CPU number. The boot CPU
 * left this CPU's stack top in arm_secondary_stack. */
	.globl arm_secondary_entry
	.type arm_secondary_entry, %function
arm_secondary_entry:
	.cfi_startproc
	.cfi_def_cfa sp, 0
	.cfi_undefined lr
	cpsid	aif, #PSR_MODE_SVC
	ldr	sp, =arm_secondary_stack
	ldr	sp, [sp]
	mov	fp, #0
	bl	arm_secondary_start
	b	.
	.cfi_endproc
	.size arm_secondary_entry, . - arm_secondary_entry

/* r5 = this CPU's MPIDR affinity. Caches are off here: smp.c cleans the
 * pen words to memory before its sev. */
	.type arm_holding_pen, %function
arm_holding_pen:
	ldr	r1, =arm_pen_mpidr
1:	wfe
	ldr	r2, [r1]
	cmp	r2, r5
	bne	1b
	ldr	r0, [r1, #4]			/* arm_pen_cpu */
	b	arm_secondary_entry
	.size arm_holding_pen, . - arm_holding_pen

	/* In .data: the boot CPU zeroes .bss while the others read these. */
	.data
	.balign	4
	.globl arm_pen_mpidr, arm_pen_cpu
arm_pen_mpidr:
	.long	0xffffffff
arm_pen_cpu:
	.long	0

	.bss
	.balign	8
boot_stack:
	.space	BOOT_STACK_SIZE
