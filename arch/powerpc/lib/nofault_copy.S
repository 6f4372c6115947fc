/* SPDX-License-Identifier: MIT */
/*
 * Fault-safe kernel memory copy: every load and store has an exception
 * table entry, so a TLB miss (an unmapped address) or a storage interrupt
 * (a protection violation) resumes at the fixup, which returns the bytes
 * not copied. Words when both pointers are word aligned, so that aligned
 * word-sized variables are read and written whole.
 *
 * size_t ppc_copy_nofault(void *dst, const void *src, size_t len)
 */
#include <asm/extable.h>

	.text
	.globl	ppc_copy_nofault
	.type	ppc_copy_nofault, @function
ppc_copy_nofault:
	.cfi_startproc
	or	%r6, %r3, %r4
	andi.	%r6, %r6, 3
	bne	3f
1:	cmplwi	%r5, 4
	blt	3f
10:	lwz	%r7, 0(%r4)
11:	stw	%r7, 0(%r3)
	addi	%r3, %r3, 4
	addi	%r4, %r4, 4
	addi	%r5, %r5, -4
	b	1b
3:	cmplwi	%r5, 0
	beq	4f
12:	lbz	%r7, 0(%r4)
13:	stb	%r7, 0(%r3)
	addi	%r3, %r3, 1
	addi	%r4, %r4, 1
	addi	%r5, %r5, -1
	b	3b
4:	mr	%r3, %r5
	blr
	.cfi_endproc
	.size	ppc_copy_nofault, . - ppc_copy_nofault

	_ASM_EXTABLE(10b, 4b)
	_ASM_EXTABLE(11b, 4b)
	_ASM_EXTABLE(12b, 4b)
	_ASM_EXTABLE(13b, 4b)
