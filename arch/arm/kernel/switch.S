/* SPDX-License-Identifier: MIT */
/*
 * Kernel thread switch.
 *
 * void arch_switch_to(struct arch_context *prev, struct arch_context *next)
 *
 * Opens an APCS frame, saves r4-r11, sp and the resume address in *prev,
 * then loads *next and jumps to its pc. A switched-out task is frozen at
 * .Lresume with fp pointing at this frame, whose lr returns into
 * schedule().
 */
#include <asm/context.h>

	.text
	.arm
	.globl arch_switch_to
	.type arch_switch_to, %function
arch_switch_to:
	.cfi_startproc
	mov	ip, sp
	push	{fp, ip, lr, pc}
	.cfi_def_cfa_offset 16
	.cfi_offset r11, -16
	.cfi_offset sp, -12
	.cfi_offset lr, -8
	sub	fp, ip, #4
	.cfi_def_cfa r11, 4
	stmia	r0, {r4-r11}
	str	sp, [r0, #CTX_SP]
	adr	r2, .Lresume
	str	r2, [r0, #CTX_PC]

	ldmia	r1, {r4-r11}
	ldr	sp, [r1, #CTX_SP]
	ldr	pc, [r1, #CTX_PC]
.Lresume:
	ldmdb	fp, {fp, sp, pc}
	.cfi_endproc
	.size arch_switch_to, . - arch_switch_to

/*
 * A new task's first pc (see arch_task_init()), on an empty 8-byte aligned
 * stack: the outermost frame (fp = 0, lr undefined), which calls the
 * scheduler's task_start_trampoline().
 */
	.globl arm_thread_entry
	.type arm_thread_entry, %function
arm_thread_entry:
	.cfi_startproc
	.cfi_undefined lr
	mov	fp, #0
	bl	task_start_trampoline
	udf	#0
	.cfi_endproc
	.size arm_thread_entry, . - arm_thread_entry
