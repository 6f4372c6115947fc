/* SPDX-License-Identifier: MIT */
/*
 * i386 exception and interrupt entry. Each vector's stub pushes a zero
 * error code if the CPU pushed none, then the vector, and jumps to the
 * common path. The CPU pushes no esp/ss for a kernel-to-kernel trap, so
 * the common path copies the hardware frame into a full struct pt_regs
 * (with the interrupted esp and ss), makes a frame-pointer frame for the
 * interrupted code, and calls the C handler. The exit builds the iret
 * frame just below regs->esp, so every register in pt_regs, the stack
 * pointer included, is what the interrupted code resumes with.
 *
 * The CFI marks these as signal frames; CFA = the interrupted esp.
 */
#include <asm/entry.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

/* DWARF numbers of the registers gas has no CFI names for */
#define DW_EFLAGS	9
#define DW_ES		40
#define DW_CS		41
#define DW_SS		42
#define DW_DS		43
#define DW_FS		44
#define DW_GS		45

#define HAS_ERROR_CODE(v) ((v) == 8 || ((v) >= 10 && (v) <= 14) || (v) == 17 || \
			   (v) == 21 || (v) == 29 || (v) == 30)

/* From the copy on, registers live in pt_regs; CFA = regs + PT_CFA. */
#define PT_CFA		(PT_SIZE + 20)

	.text
	.balign X86_STUB_SIZE
	.globl x86_entry_stubs
	.type x86_entry_stubs, @function
x86_entry_stubs:
	vector = 0
	.rept NR_VECTORS
	.balign X86_STUB_SIZE
	.cfi_startproc simple
	.cfi_signal_frame
	.if HAS_ERROR_CODE(vector)
	.cfi_def_cfa %esp, 16
	.else
	.cfi_def_cfa %esp, 12
	.endif
	.cfi_offset %eip, -12
	.cfi_offset DW_CS, -8
	.cfi_offset DW_EFLAGS, -4
	.cfi_val_offset %esp, 0
	.if !HAS_ERROR_CODE(vector)
	pushl	$0
	.cfi_adjust_cfa_offset 4
	.endif
	pushl	$vector
	.cfi_adjust_cfa_offset 4
	jmp	x86_entry_common
	.cfi_endproc
	vector = vector + 1
	.endr
	.size x86_entry_stubs, . - x86_entry_stubs

/* Copy the word at @from(%esp) to @to(%esp) through %eax */
.macro COPY from, to
	movl	\from(%esp), %eax
	movl	%eax, \to(%esp)
.endm

.macro SAVE reg
	pushl	\reg
	.cfi_adjust_cfa_offset 4
	.cfi_rel_offset \reg, 0
.endm

.macro RESTORE reg
	popl	\reg
	.cfi_adjust_cfa_offset -4
	.cfi_restore \reg
.endm

	.balign 16
	.globl x86_entry_common
	.type x86_entry_common, @function
x86_entry_common:
	/* Stack: vector, error code, eip, cs, eflags; the interrupted esp above */
	.cfi_startproc simple
	.cfi_signal_frame
	.cfi_def_cfa %esp, 20
	.cfi_offset %eip, -12
	.cfi_offset DW_CS, -8
	.cfi_offset DW_EFLAGS, -4
	.cfi_val_offset %esp, 0
	cld
	subl	$(PT_SIZE - PT_DS), %esp	/* ds .. ss */
	.cfi_adjust_cfa_offset PT_SIZE - PT_DS
	SAVE	%eax
	/* %esp = regs + PT_EAX; the CPU's frame starts at regs + PT_SIZE */
	COPY	(PT_SIZE - PT_EAX), (PT_TRAPNR - PT_EAX)
	COPY	(PT_SIZE - PT_EAX + 4), (PT_ERROR_CODE - PT_EAX)
	COPY	(PT_SIZE - PT_EAX + 8), (PT_EIP - PT_EAX)
	COPY	(PT_SIZE - PT_EAX + 12), (PT_CS - PT_EAX)
	COPY	(PT_SIZE - PT_EAX + 16), (PT_EFLAGS - PT_EAX)
	.cfi_offset %eip, PT_EIP - PT_CFA
	.cfi_offset DW_CS, PT_CS - PT_CFA
	.cfi_offset DW_EFLAGS, PT_EFLAGS - PT_CFA
	leal	PT_CFA - PT_EAX(%esp), %eax
	movl	%eax, PT_ESP - PT_EAX(%esp)
	.cfi_offset %esp, PT_ESP - PT_CFA
	movl	%ss, %eax
	movl	%eax, PT_SS - PT_EAX(%esp)
	.cfi_offset DW_SS, PT_SS - PT_CFA
	movl	%ds, %eax
	movl	%eax, PT_DS - PT_EAX(%esp)
	movl	%es, %eax
	movl	%eax, PT_ES - PT_EAX(%esp)
	movl	%fs, %eax
	movl	%eax, PT_FS - PT_EAX(%esp)
	movl	%gs, %eax
	movl	%eax, PT_GS - PT_EAX(%esp)
	.cfi_offset DW_DS, PT_DS - PT_CFA
	.cfi_offset DW_ES, PT_ES - PT_CFA
	.cfi_offset DW_FS, PT_FS - PT_CFA
	.cfi_offset DW_GS, PT_GS - PT_CFA
	SAVE	%ebp
	SAVE	%edi
	SAVE	%esi
	SAVE	%edx
	SAVE	%ecx
	SAVE	%ebx
	/* %esp = struct pt_regs */
	movl	%esp, %eax
	movl	PT_EIP(%esp), %ecx
	pushl	%ecx				/* fake frame: interrupted eip, ebp */
	pushl	%ebp
	.cfi_adjust_cfa_offset 8
	movl	%esp, %ebp
	pushl	%eax				/* the argument: regs */
	.cfi_adjust_cfa_offset 4
	cmpl	$FIRST_EXTERNAL_VECTOR, PT_TRAPNR(%eax)
	jae	1f
	call	x86_handle_exception
	jmp	2f
1:	call	x86_handle_interrupt
	xorl	%eax, %eax
2:	leal	8(%ebp), %esp
	.cfi_adjust_cfa_offset -12
	movl	%eax, PT_TRAPNR(%esp)		/* true: return without iret */
	/* Build the iret frame below regs->esp; keep its address in the
	 * error code slot, which is no longer needed. */
	movl	PT_ESP(%esp), %eax
	subl	$12, %eax
	movl	PT_EIP(%esp), %ecx
	movl	%ecx, 0(%eax)
	movl	PT_CS(%esp), %ecx
	movl	%ecx, 4(%eax)
	movl	PT_EFLAGS(%esp), %ecx
	movl	%ecx, 8(%eax)
	movl	%eax, PT_ERROR_CODE(%esp)
	movl	PT_DS(%esp), %ecx
	movl	%ecx, %ds
	movl	PT_ES(%esp), %ecx
	movl	%ecx, %es
	movl	PT_FS(%esp), %ecx
	movl	%ecx, %fs
	movl	PT_GS(%esp), %ecx
	movl	%ecx, %gs
	RESTORE	%ebx
	RESTORE	%ecx
	RESTORE	%edx
	RESTORE	%esi
	RESTORE	%edi
	RESTORE	%ebp
	RESTORE	%eax
	testb	$1, PT_TRAPNR - PT_DS(%esp)
	movl	PT_ERROR_CODE - PT_DS(%esp), %esp
	.cfi_def_cfa %esp, 12
	jnz	3f
	iret

	/*
	 * Inside an NMI handler (x86_handle_exception()): resume with popfl
	 * and ret instead. Turn the frame [eip, cs, eflags] into [eflags, eip]
	 * ending at the interrupted esp.
	 */
3:	pushl	%eax
	.cfi_adjust_cfa_offset 4
	movl	4(%esp), %eax			/* eip */
	xchgl	%eax, 12(%esp)			/* eip into the eflags slot */
	movl	%eax, 8(%esp)			/* eflags into the cs slot */
	popl	%eax
	addl	$4, %esp
	popfl
	ret
	.cfi_endproc
	.size x86_entry_common, . - x86_entry_common
	.globl x86_entry_common_end
x86_entry_common_end:
