/* SPDX-License-Identifier: MIT */
/*
 * x86_64 entry, through the PVH boot protocol (what QEMU's -kernel uses
 * for an ELF image carrying the XEN_ELFNOTE_PHYS32_ENTRY note): the CPU
 * arrives in 32-bit protected mode, paging off, with the physical address
 * of the hvm_start_info structure in %ebx. We map the first GiB with 2 MiB
 * pages, enter long mode, and hand over to C, which builds the real page
 * tables.
 */
#include <asm/desc.h>
#include <asm/processor.h>

#define XEN_ELFNOTE_PHYS32_ENTRY	18

#define MSR_EFER	0xc0000080
#define EFER_LME	(1 << 8)

#define PTE_P		0x001
#define PTE_W		0x002
#define PTE_PS		0x080

#define BOOT_STACK_SIZE	16384

	.pushsection .note.Xen, "a"
	.balign 4
	.long 2f - 1f			/* name size */
	.long 4f - 3f			/* desc size */
	.long XEN_ELFNOTE_PHYS32_ENTRY
1:	.asciz "Xen"
2:	.balign 4
3:	.long pvh_start
4:	.balign 4
	.popsection

	.section .head.text, "ax"
	.code32
	.globl pvh_start
	.type pvh_start, @function
pvh_start:
	cli
	cld
	mov	%ebx, %esi			/* start_info: kept in %esi */

	lgdt	boot_gdt_desc
	mov	$__KERNEL_DS, %eax
	mov	%eax, %ds
	mov	%eax, %es
	mov	%eax, %ss
	mov	$boot_stack_top, %esp

	/* Zero .bss (boot page tables and stack live there). */
	mov	$__bss_start, %edi
	mov	$__bss_end, %ecx
	sub	%edi, %ecx
	xor	%eax, %eax
	rep stosb

	/* PML4[0] -> PDPT, PDPT[0] -> PD, PD: 512 x 2 MiB = the first GiB. */
	mov	$boot_pdpt + PTE_P + PTE_W, %eax
	mov	%eax, boot_pml4
	mov	$boot_pd + PTE_P + PTE_W, %eax
	mov	%eax, boot_pdpt
	mov	$boot_pd, %edi
	mov	$PTE_P + PTE_W + PTE_PS, %eax
	mov	$512, %ecx
1:	mov	%eax, (%edi)
	add	$0x200000, %eax
	add	$8, %edi
	loop	1b

	mov	%cr4, %eax
	or	$X86_CR4_PAE, %eax
	mov	%eax, %cr4
	mov	$boot_pml4, %eax
	mov	%eax, %cr3
	mov	$MSR_EFER, %ecx
	rdmsr
	or	$EFER_LME, %eax
	wrmsr
	mov	%cr0, %eax
	or	$(X86_CR0_PG | X86_CR0_WP), %eax
	mov	%eax, %cr0
	ljmp	$__KERNEL_CS, $1f

	.code64
1:	mov	$__KERNEL_DS, %eax
	mov	%eax, %ds
	mov	%eax, %es
	mov	%eax, %ss
	xor	%eax, %eax
	mov	%eax, %fs
	mov	%eax, %gs
	mov	$boot_stack_top, %rsp
	xor	%ebp, %ebp			/* end of the frame-pointer chain */
	mov	%esi, %edi			/* zero-extends: start_info */
	call	x86_64_start_kernel
	ud2
	.size pvh_start, . - pvh_start

	.section .rodata
	.balign 8
	/* Accessed bits preset: the CPU must not write to read-only memory. */
boot_gdt:
	.quad 0
	.quad 0x00af9b000000ffff		/* __KERNEL_CS: 64-bit code */
	.quad 0x00cf93000000ffff		/* __KERNEL_DS */
	.quad 0x00cf9b000000ffff		/* __KERNEL32_CS */
boot_gdt_end:
boot_gdt_desc:
	.word boot_gdt_end - boot_gdt - 1
	.quad boot_gdt

	.section .bss
	.balign 4096
boot_pml4:	.skip 4096
boot_pdpt:	.skip 4096
boot_pd:	.skip 4096
	.globl boot_stack, boot_stack_top
boot_stack:	.skip BOOT_STACK_SIZE
boot_stack_top:
