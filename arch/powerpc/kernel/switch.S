/* SPDX-License-Identifier: MIT */
/*
 * Kernel thread switch.
 *
 * void arch_switch_to(struct arch_context *prev, struct arch_context *next)
 *
 * Saves r14-r31, r1, lr, cr and the resume address in *prev
 * (<asm/context.h>), then loads *next and jumps to its pc. A switched-out
 * task is frozen at ppc_switch_resume with r1 as at the call and lr the
 * return into schedule(): the default CFI rules (CFA = r1, return address
 * in lr) describe it, so gdb unwinds a sleeping task from its saved pc,
 * sp and lr.
 */
#include <asm/context.h>

	.text
	.globl	arch_switch_to
	.type	arch_switch_to, @function
arch_switch_to:
	.cfi_startproc
	stmw	%r14, CTX_R14(%r3)
	stw	%r1, CTX_SP(%r3)
	mflr	%r0
	stw	%r0, CTX_LR(%r3)
	mfcr	%r0
	stw	%r0, CTX_CR(%r3)
	lis	%r5, ppc_switch_resume@ha
	addi	%r5, %r5, ppc_switch_resume@l
	stw	%r5, CTX_PC(%r3)

	lmw	%r14, CTX_R14(%r4)
	lwz	%r1, CTX_SP(%r4)
	lwz	%r0, CTX_LR(%r4)
	mtlr	%r0
	lwz	%r0, CTX_CR(%r4)
	mtcr	%r0
	lwz	%r0, CTX_PC(%r4)
	mtctr	%r0
	bctr
	.globl	ppc_switch_resume
ppc_switch_resume:
	blr
	.cfi_endproc
	.size	arch_switch_to, . - arch_switch_to

/*
 * A new task's first pc (see arch_task_init()), on an empty stack whose
 * frame header has a zero back chain: the outermost frame (return address
 * undefined), which calls the scheduler's task_start_trampoline().
 */
	.globl	ppc_thread_entry
	.type	ppc_thread_entry, @function
ppc_thread_entry:
	.cfi_startproc
	.cfi_undefined 65
	li	%r31, 0
	bl	task_start_trampoline
1:	b	1b
	.cfi_endproc
	.size	ppc_thread_entry, . - ppc_thread_entry
