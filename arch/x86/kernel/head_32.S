/* SPDX-License-Identifier: MIT */
/*
 * i386 entry, through multiboot v1 (QEMU's -kernel for an ELF image with a
 * multiboot header in its first 8 KiB): 32-bit protected mode, paging off,
 * %eax = the multiboot magic, %ebx = the multiboot information. We load our
 * own GDT, set up a stack and hand over to C, which turns on paging.
 */
#include <asm/desc.h>

#define MULTIBOOT_MAGIC		0x1badb002
#define MULTIBOOT_MEMINFO	(1 << 1)	/* ask for mem_lower/mem_upper */
#define MULTIBOOT_FLAGS		MULTIBOOT_MEMINFO

#define BOOT_STACK_SIZE	16384

	.section .head.text, "ax"
	.balign 4
multiboot_header:
	.long MULTIBOOT_MAGIC
	.long MULTIBOOT_FLAGS
	.long -(MULTIBOOT_MAGIC + MULTIBOOT_FLAGS)

	.globl multiboot_start
	.type multiboot_start, @function
multiboot_start:
	cli
	cld
	lgdt	boot_gdt_desc
	ljmp	$__KERNEL_CS, $1f
1:	mov	$__KERNEL_DS, %ecx
	mov	%ecx, %ds
	mov	%ecx, %es
	mov	%ecx, %ss
	xor	%ecx, %ecx
	mov	%ecx, %fs
	mov	%ecx, %gs
	mov	$boot_stack_top, %esp

	mov	%eax, %edx			/* keep magic and info */
	mov	$__bss_start, %edi
	mov	$__bss_end, %ecx
	sub	%edi, %ecx
	xor	%eax, %eax
	rep stosb

	xor	%ebp, %ebp			/* end of the frame-pointer chain */
	push	%ebx				/* info */
	push	%edx				/* magic */
	call	i386_start_kernel
	ud2
	.size multiboot_start, . - multiboot_start

	.section .rodata
	.balign 8
	/* Accessed bits preset: the CPU must not write to read-only memory. */
boot_gdt:
	.quad 0
	.quad 0x00cf9b000000ffff		/* __KERNEL_CS */
	.quad 0x00cf93000000ffff		/* __KERNEL_DS */
boot_gdt_end:
boot_gdt_desc:
	.word boot_gdt_end - boot_gdt - 1
	.long boot_gdt

	.section .bss
	.balign 16
	.globl boot_stack, boot_stack_top
boot_stack:	.skip BOOT_STACK_SIZE
boot_stack_top:
