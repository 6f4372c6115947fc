/* SPDX-License-Identifier: MIT */
/*
 * Fault-safe kernel memory copy: every load and store has an exception
 * table entry, so a data abort (unmapped page, read-only page, a bus
 * error on an empty device address) resumes at the fixup, which returns
 * the bytes not copied. Words when both pointers are word aligned, so that
 * aligned word-sized variables are read and written whole.
 *
 * size_t arm_copy_nofault(void *dst, const void *src, size_t len)
 */
#include <asm/extable.h>

	.text
	.arm
	.globl arm_copy_nofault
	.type arm_copy_nofault, %function
arm_copy_nofault:
	orr	r3, r0, r1
	tst	r3, #3
	bne	3f
1:	cmp	r2, #4
	blo	3f
10:	ldr	r3, [r1]
11:	str	r3, [r0]
	add	r0, r0, #4
	add	r1, r1, #4
	sub	r2, r2, #4
	b	1b
3:	cmp	r2, #0
	beq	4f
12:	ldrb	r3, [r1]
13:	strb	r3, [r0]
	add	r0, r0, #1
	add	r1, r1, #1
	sub	r2, r2, #1
	b	3b
4:	mov	r0, r2
	bx	lr
	.size arm_copy_nofault, . - arm_copy_nofault

	_ASM_EXTABLE(10b, 4b)
	_ASM_EXTABLE(11b, 4b)
	_ASM_EXTABLE(12b, 4b)
	_ASM_EXTABLE(13b, 4b)
