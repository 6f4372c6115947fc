/* SPDX-License-Identifier: MIT */
/*
 * Kernel thread switch.
 *
 * void arch_switch_to(struct arch_context *prev, struct arch_context *next)
 *
 * Pushes a frame record, saves x19-x29, sp and the resume address in
 * *prev, then loads *next and jumps to its pc. A switched-out task is
 * frozen at .Lresume with fp pointing at this frame record, whose lr
 * returns into schedule().
 */
#include <asm/context.h>

	.cfi_sections .debug_frame

	.text
	.globl arch_switch_to
	.type arch_switch_to, %function
arch_switch_to:
	.cfi_startproc
	stp	x29, x30, [sp, #-16]!
	.cfi_def_cfa_offset 16
	.cfi_offset x29, -16
	.cfi_offset x30, -8
	mov	x29, sp
	.cfi_def_cfa x29, 16
	stp	x19, x20, [x0, #0]
	stp	x21, x22, [x0, #16]
	stp	x23, x24, [x0, #32]
	stp	x25, x26, [x0, #48]
	stp	x27, x28, [x0, #64]
	str	x29, [x0, #CTX_FP]
	mov	x2, sp
	adr	x3, .Lresume
	stp	x2, x3, [x0, #CTX_SP]

	ldp	x19, x20, [x1, #0]
	ldp	x21, x22, [x1, #16]
	ldp	x23, x24, [x1, #32]
	ldp	x25, x26, [x1, #48]
	ldp	x27, x28, [x1, #64]
	ldr	x29, [x1, #CTX_FP]
	ldp	x2, x3, [x1, #CTX_SP]
	mov	sp, x2
	br	x3
.Lresume:
	ldp	x29, x30, [sp], #16
	ret
	.cfi_endproc
	.size arch_switch_to, . - arch_switch_to

/*
 * A new task's first pc (see arch_task_init()), on an empty 16-byte
 * aligned stack: the outermost frame (fp = 0, lr undefined), which calls
 * the scheduler's task_start_trampoline().
 */
	.globl arm64_thread_entry
	.type arm64_thread_entry, %function
arm64_thread_entry:
	.cfi_startproc
	.cfi_undefined x30
	mov	x29, #0
	bl	task_start_trampoline
	udf	#0
	.cfi_endproc
	.size arm64_thread_entry, . - arm64_thread_entry
