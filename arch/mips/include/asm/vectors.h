/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_VECTORS_H
#define _ASM_MIPS_VECTORS_H

/*
 * An exception vector page for EBase (4 KiB aligned, at the start of its
 * object's .text.vectors, so that .org counts from the page): the TLB
 * refill vector (+0x000) jumps to @refill, the general one (+0x180) and
 * the interrupt one (+0x200, used only with Cause.IV) to @general. The
 * kernel's page (entry.S) and the debugger's nap page (nap.S).
 */
#ifdef __ASSEMBLY__
.macro	vector_page name, refill, general
	.section .text.vectors, "ax"
	.set	push
	.set	noreorder
	.balign	4096
	.globl	\name
\name:
	j	\refill				/* TLB refill */
	 nop
	.org	0x180
	j	\general			/* general exception */
	 nop
	.org	0x200
	j	\general			/* interrupt, with Cause.IV */
	 nop
	.set	pop
	.text
.endm
#endif

#endif
