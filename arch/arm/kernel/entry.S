/* SPDX-License-Identifier: MIT */
/*
 * Exception vectors. Every exception builds a struct pt_regs on the SVC
 * stack (the kernel runs in SVC mode only): "srsdb" stores the return
 * address and SPSR there straight from the exception mode, "cps" goes to
 * SVC, and the rest of the frame follows; the banked exception-mode stacks
 * are never used. The C handler then runs with the interrupted context's
 * interrupt masks (I set for IRQ and aborts, F also set for FIQ), below
 * an APCS frame whose saved lr is the interrupted pc, so backtraces go
 * on into the interrupted code. The exit path reloads every register from
 * the frame, sp and cpsr included, so the debugger can change any of them.
 */
#include <asm/ptrace.h>

	.text
	.arm
	.align	5
	.globl arm_vectors
arm_vectors:
	b	vector_reset
	b	vector_undef
	b	vector_svc
	b	vector_pabt
	b	vector_dabt
	b	vector_hyp
	b	vector_irq
	b	vector_fiq

/* @lroff: how far past the interrupted instruction lr points. */
.macro vector name, lroff, trapnr, handler
vector_\name:
	.if \lroff
	sub	lr, lr, #\lroff
	.endif
	srsdb	sp!, #PSR_MODE_SVC
	cps	#PSR_MODE_SVC
	sub	sp, sp, #(PT_SIZE - 8)
	stmia	sp, {r0-r12}
	mov	r0, #\trapnr
	ldr	r1, =\handler
	b	arm_entry_common
.endm

	vector	reset, 0, ARM_TRAP_RESET, arm_do_bad
	vector	undef, 4, ARM_TRAP_UNDEF, arm_do_undef
	vector	svc, 0, ARM_TRAP_SVC, arm_do_svc
	vector	pabt, 4, ARM_TRAP_PABT, arm_do_pabt
	vector	dabt, 8, ARM_TRAP_DABT, arm_do_dabt
	vector	hyp, 0, ARM_TRAP_HYP, arm_do_bad
	vector	irq, 4, ARM_TRAP_IRQ, gic_do_irq
	vector	fiq, 4, ARM_TRAP_FIQ, gic_do_fiq

/* r0 = trapnr, r1 = C handler; sp = the frame, r0-r12 saved. */
	.globl arm_entry_common
	.type arm_entry_common, %function
arm_entry_common:
	/* For gdb: the caller of whatever runs below is the interrupted
	 * context, its registers in the frame (its own lr is not known). */
	.cfi_startproc simple
	.cfi_signal_frame
	.cfi_def_cfa sp, PT_SIZE
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
	.cfi_offset r\n, \n * 4 - PT_SIZE
	.endr
	.cfi_offset lr, PT_PC - PT_SIZE
	str	r0, [sp, #PT_TRAPNR]
	add	r0, sp, #PT_SIZE
	str	r0, [sp, #PT_SP]
	str	lr, [sp, #PT_LR]
	mov	r4, sp
	.cfi_def_cfa r4, PT_SIZE
	/* The frame for the oops unwinder: {fp, sp, lr, pc} = the interrupted
	 * fp and sp, the interrupted pc as the "return address", a pc here. */
	ldr	ip, [r4, #PT_SP]
	ldr	lr, [r4, #PT_PC]
	push	{fp, ip, lr, pc}
	add	fp, sp, #12
	bic	sp, sp, #7		/* AAPCS: 8-byte aligned at calls */
	mov	r0, r4
	blx	r1
	mov	sp, r4

	/* Nothing may push below sp from here: no IRQ, no FIQ. */
	cpsid	if
	mov	r0, sp
	ldr	r1, [r0, #PT_SP]
	ldr	r2, [r0, #PT_PC]
	ldr	r3, [r0, #PT_CPSR]
	stmdb	r1, {r2, r3}		/* pc, cpsr just below the target sp */
	ldr	lr, [r0, #PT_LR]
	sub	sp, r1, #8
	ldmia	r0, {r0-r12}
	rfeia	sp!
	.cfi_endproc
	.globl arm_entry_common_end
arm_entry_common_end:
	.size arm_entry_common, . - arm_entry_common
