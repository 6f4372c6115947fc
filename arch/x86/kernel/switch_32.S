/* SPDX-License-Identifier: MIT */
/*
 * Kernel thread switch, i386 (cdecl: prev at 4(%esp), next at 8(%esp)).
 *
 * void arch_switch_to(struct arch_context *prev, struct arch_context *next)
 *
 * Opens a normal frame-pointer frame, saves the callee-saved registers,
 * the stack pointer and the resume address in *prev, then loads *next and
 * jumps to its pc. A switched-out task is frozen at .Lresume with
 * esp == ebp pointing at this frame, so it unwinds into schedule().
 */
#include <asm/context.h>

	.text
	.globl arch_switch_to
	.type arch_switch_to, @function
arch_switch_to:
	.cfi_startproc
	pushl	%ebp
	.cfi_adjust_cfa_offset 4
	.cfi_rel_offset %ebp, 0
	movl	%esp, %ebp
	.cfi_def_cfa_register %ebp
	movl	8(%ebp), %eax			/* prev */
	movl	12(%ebp), %edx			/* next */
	movl	%ebx, CTX_EBX(%eax)
	movl	%esi, CTX_ESI(%eax)
	movl	%edi, CTX_EDI(%eax)
	movl	%ebp, CTX_EBP(%eax)
	movl	%esp, CTX_ESP(%eax)
	movl	$.Lresume, CTX_EIP(%eax)

	movl	CTX_EBX(%edx), %ebx
	movl	CTX_ESI(%edx), %esi
	movl	CTX_EDI(%edx), %edi
	movl	CTX_EBP(%edx), %ebp
	movl	CTX_ESP(%edx), %esp
	jmpl	*CTX_EIP(%edx)
.Lresume:
	popl	%ebp
	.cfi_def_cfa %esp, 4
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
	.cfi_def_cfa %esp, 0
	.cfi_undefined %eip
	xorl	%ebp, %ebp
	call	task_start_trampoline
	ud2
	.cfi_endproc
	.size x86_thread_entry, . - x86_thread_entry
