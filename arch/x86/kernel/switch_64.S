/* SPDX-License-Identifier: MIT */
/*
 * Kernel thread switch, x86_64.
 *
 * void arch_switch_to(struct arch_context *prev, struct arch_context *next)
 *
 * Opens a normal frame-pointer frame, saves the callee-saved registers,
 * the stack pointer and the resume address in *prev, then loads *next and
 * jumps to its pc. A switched-out task is therefore frozen at
 * .Lresume with sp == bp pointing at this frame: a debugger that shows its
 * saved registers can unwind it (by CFI or by frame pointers) into
 * schedule() and beyond.
 */
#include <asm/context.h>

	.text
	.globl arch_switch_to
	.type arch_switch_to, @function
arch_switch_to:
	.cfi_startproc
	pushq	%rbp
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset %rbp, 0
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	movq	%rbx, CTX_RBX(%rdi)
	movq	%rbp, CTX_RBP(%rdi)
	movq	%r12, CTX_R12(%rdi)
	movq	%r13, CTX_R13(%rdi)
	movq	%r14, CTX_R14(%rdi)
	movq	%r15, CTX_R15(%rdi)
	movq	%rsp, CTX_RSP(%rdi)
	leaq	.Lresume(%rip), %rax
	movq	%rax, CTX_RIP(%rdi)

	movq	CTX_RBX(%rsi), %rbx
	movq	CTX_R12(%rsi), %r12
	movq	CTX_R13(%rsi), %r13
	movq	CTX_R14(%rsi), %r14
	movq	CTX_R15(%rsi), %r15
	movq	CTX_RBP(%rsi), %rbp
	movq	CTX_RSP(%rsi), %rsp
	jmpq	*CTX_RIP(%rsi)
.Lresume:
	popq	%rbp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size arch_switch_to, . - arch_switch_to

/*
 * A new task's first pc (see arch_task_init()), on an empty 16-byte aligned
 * stack: the outermost frame (no frame pointer, no return address), which
 * calls the scheduler's task_start_trampoline().
 */
	.globl x86_thread_entry
	.type x86_thread_entry, @function
x86_thread_entry:
	.cfi_startproc simple
	.cfi_def_cfa %rsp, 0
	.cfi_undefined %rip
	xorl	%ebp, %ebp
	call	task_start_trampoline
	ud2
	.cfi_endproc
	.size x86_thread_entry, . - x86_thread_entry
