/* SPDX-License-Identifier: MIT */
/*
 * x86_64 exception and interrupt entry. Each vector's stub pushes a zero
 * error code if the CPU pushed none, then the vector, and jumps to the
 * common path, which saves the registers as a struct pt_regs, makes a
 * frame-pointer frame for the interrupted code (so backtraces continue
 * into it), calls the C handler and returns with iretq, reloading every
 * register from pt_regs (a debugger's changes included).
 *
 * The CFI marks these as signal frames and says where each interrupted
 * register was saved, so gdb unwinds from a handler into the interrupted
 * code. CFA = the address just above the hardware frame's ss slot.
 */
#include <asm/entry.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

/* DWARF numbers of the registers gas has no CFI names for */
#define DW_RFLAGS	49
#define DW_CS		51
#define DW_SS		52

/* The hardware frame, relative to the CFA */
.macro HW_FRAME_CFI
	.cfi_signal_frame
	.cfi_offset %rip, -40
	.cfi_offset DW_CS, -32
	.cfi_offset DW_RFLAGS, -24
	.cfi_offset %rsp, -16
	.cfi_offset DW_SS, -8
.endm

/* Vectors for which the CPU pushes an error code */
#define HAS_ERROR_CODE(v) ((v) == 8 || ((v) >= 10 && (v) <= 14) || (v) == 17 || \
			   (v) == 21 || (v) == 29 || (v) == 30)

	.text
	.balign X86_STUB_SIZE
	.globl x86_entry_stubs
	.type x86_entry_stubs, @function
x86_entry_stubs:
	vector = 0
	.rept NR_VECTORS
	.balign X86_STUB_SIZE
	.cfi_startproc simple
	.if HAS_ERROR_CODE(vector)
	.cfi_def_cfa %rsp, 48
	.else
	.cfi_def_cfa %rsp, 40
	.endif
	HW_FRAME_CFI
	.if !HAS_ERROR_CODE(vector)
	pushq	$0
	.cfi_adjust_cfa_offset 8
	.endif
	pushq	$vector
	.cfi_adjust_cfa_offset 8
	jmp	x86_entry_common
	.cfi_endproc
	vector = vector + 1
	.endr
	.size x86_entry_stubs, . - x86_entry_stubs

.macro SAVE reg
	pushq	\reg
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset \reg, 0
.endm

.macro RESTORE reg
	popq	\reg
	.cfi_adjust_cfa_offset -8
	.cfi_restore \reg
.endm

	.balign 16
	.globl x86_entry_common
	.type x86_entry_common, @function
x86_entry_common:
	.cfi_startproc simple
	.cfi_def_cfa %rsp, 56			/* vector, error code, hardware frame */
	HW_FRAME_CFI
	cld
	SAVE	%rdi
	SAVE	%rsi
	SAVE	%rdx
	SAVE	%rcx
	SAVE	%rax
	SAVE	%r8
	SAVE	%r9
	SAVE	%r10
	SAVE	%r11
	SAVE	%rbx
	SAVE	%rbp
	SAVE	%r12
	SAVE	%r13
	SAVE	%r14
	SAVE	%r15
	/* %rsp = struct pt_regs, 16-byte aligned (the CPU aligned the frame) */
	movq	%rsp, %rdi
	movq	PT_RIP(%rsp), %rax
	pushq	%rax				/* fake frame: interrupted rip, rbp */
	pushq	%rbp
	.cfi_adjust_cfa_offset 16
	movq	%rsp, %rbp
	cmpq	$FIRST_EXTERNAL_VECTOR, PT_TRAPNR(%rdi)
	jae	1f
	call	x86_handle_exception
	jmp	2f
1:	call	x86_handle_interrupt
	xorl	%eax, %eax
2:	leaq	16(%rbp), %rsp
	.cfi_adjust_cfa_offset -16
	movq	%rax, PT_TRAPNR(%rsp)		/* true: return without iretq */
	RESTORE	%r15
	RESTORE	%r14
	RESTORE	%r13
	RESTORE	%r12
	RESTORE	%rbp
	RESTORE	%rbx
	RESTORE	%r11
	RESTORE	%r10
	RESTORE	%r9
	RESTORE	%r8
	RESTORE	%rax
	RESTORE	%rcx
	RESTORE	%rdx
	RESTORE	%rsi
	RESTORE	%rdi
	testb	$1, (%rsp)
	jnz	3f
	addq	$16, %rsp			/* vector, error code */
	.cfi_adjust_cfa_offset -16
	iretq

	/*
	 * Inside an NMI handler (x86_handle_exception()): resume with popfq
	 * and ret from the interrupted stack. The hardware frame lies just
	 * below the interrupted rsp: read each slot before a write lands on it.
	 */
	.cfi_adjust_cfa_offset 16
3:	addq	$16, %rsp
	.cfi_adjust_cfa_offset -16
	pushq	%rax
	pushq	%rcx
	.cfi_adjust_cfa_offset 16
	movq	40(%rsp), %rax			/* interrupted rsp */
	movq	16(%rsp), %rcx			/* rip */
	movq	%rcx, -8(%rax)
	movq	32(%rsp), %rcx			/* rflags */
	movq	%rcx, -16(%rax)
	subq	$16, %rax
	popq	%rcx
	xchgq	%rax, (%rsp)
	popq	%rsp
	popfq
	ret
	.cfi_endproc
	.size x86_entry_common, . - x86_entry_common
	.globl x86_entry_common_end
x86_entry_common_end:
