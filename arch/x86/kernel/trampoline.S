/* SPDX-License-Identifier: MIT */
/*
 * Application processor startup. An AP leaves reset (INIT, then a startup
 * IPI with vector TRAMPOLINE_BASE >> 12) in real mode at TRAMPOLINE_BASE,
 * where smpboot.c copied trampoline_start..trampoline_end. That part only
 * switches to flat protected mode; the rest runs from kernel text (identity
 * mapped, so physical == virtual): load the boot CPU's CR4, CR3, EFER and
 * CR0, which turns on paging (and long mode on x86_64), then call
 * x86_ap_start(cpu) on the stack from ap_boot_params.
 */

#include <asm/desc.h>
#include <asm/smpboot.h>

#define MSR_EFER	0xc0000080
#define X86_CR0_PE	0x1

/* Address of a trampoline symbol in the low-memory copy */
#define TR_ADDR(sym)	(TRAMPOLINE_BASE + (sym) - trampoline_start)

#ifdef __x86_64__
#define TR_CS32		__KERNEL32_CS
#else
#define TR_CS32		__KERNEL_CS
#endif

	.section .rodata, "a"
	.balign 16
	.code16
	.globl trampoline_start
trampoline_start:
	cli
	cld
	movw	%cs, %ax
	movw	%ax, %ds
	lgdtl	tr_gdt_ptr - trampoline_start
	movl	%cr0, %eax
	orl	$X86_CR0_PE, %eax
	movl	%eax, %cr0
	ljmpl	$TR_CS32, $ap_startup_32

	/* Flat segments with the kernel GDT's selectors (<asm/desc.h>). */
	.balign 8
tr_gdt:
	.quad	0
#ifdef __x86_64__
	.quad	0x00af9a000000ffff	/* __KERNEL_CS: 64-bit code */
	.quad	0x00cf92000000ffff	/* __KERNEL_DS */
	.quad	0x00cf9a000000ffff	/* __KERNEL32_CS: 32-bit code */
#else
	.quad	0x00cf9a000000ffff	/* __KERNEL_CS */
	.quad	0x00cf92000000ffff	/* __KERNEL_DS */
#endif
tr_gdt_end:
tr_gdt_ptr:
	.word	tr_gdt_end - tr_gdt - 1
	.long	TR_ADDR(tr_gdt)
	.globl trampoline_end
trampoline_end:

	.text
	.code32
ap_startup_32:
	movw	$__KERNEL_DS, %ax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss
	movw	%ax, %fs
	movw	%ax, %gs
	movl	$1, ap_boot_params + AP_BOOT_STARTED

	movl	ap_boot_params + AP_BOOT_CR4, %eax
	movl	%eax, %cr4
	movl	ap_boot_params + AP_BOOT_CR3, %eax
	movl	%eax, %cr3
	testl	$AP_BOOT_LOAD_EFER, ap_boot_params + AP_BOOT_FLAGS
	jz	1f
	movl	$MSR_EFER, %ecx
	movl	ap_boot_params + AP_BOOT_EFER_LO, %eax
	movl	ap_boot_params + AP_BOOT_EFER_HI, %edx
	wrmsr
1:
	movl	ap_boot_params + AP_BOOT_CR0, %eax
	movl	%eax, %cr0

#ifdef __x86_64__
	ljmpl	$__KERNEL_CS, $ap_startup_64

	.code64
ap_startup_64:
	/* The outermost frame of a secondary CPU: debuggers stop unwinding here. */
	.cfi_startproc simple
	.cfi_def_cfa %rsp, 0
	.cfi_undefined %rip
	movl	ap_boot_params + AP_BOOT_STACK(%rip), %esp
	movl	ap_boot_params + AP_BOOT_CPU(%rip), %edi
	xorl	%ebp, %ebp
	call	x86_ap_start
	ud2
	.cfi_endproc
#else
	ljmpl	$__KERNEL_CS, $ap_startup_paged

ap_startup_paged:
	.cfi_startproc simple
	.cfi_def_cfa %esp, 0
	.cfi_undefined %eip
	movl	ap_boot_params + AP_BOOT_STACK, %esp
	xorl	%ebp, %ebp
	pushl	ap_boot_params + AP_BOOT_CPU
	call	x86_ap_start
	ud2
	.cfi_endproc
#endif
	ud2
