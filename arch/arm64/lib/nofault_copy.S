/* SPDX-License-Identifier: MIT */
/*
 * Fault-safe kernel memory copy: every load and store has an exception
 * table entry, so a data abort (unmapped page, read-only page, an
 * external abort on an empty device address) resumes at the fixup, which
 * returns the bytes not copied. Doublewords, or words, when both pointers
 * are aligned for them, so that aligned variables and device registers
 * are read and written whole.
 *
 * size_t arm64_copy_nofault(void *dst, const void *src, size_t len)
 */
#include <asm/extable.h>

	.text
	.globl arm64_copy_nofault
	.type arm64_copy_nofault, %function
arm64_copy_nofault:
1:	cbz	x2, 9f
	orr	x3, x0, x1
	cmp	x2, #8
	b.lo	2f
	tst	x3, #7
	b.ne	2f
10:	ldr	x4, [x1]
11:	str	x4, [x0]
	add	x0, x0, #8
	add	x1, x1, #8
	sub	x2, x2, #8
	b	1b
2:	cmp	x2, #4
	b.lo	3f
	tst	x3, #3
	b.ne	3f
12:	ldr	w4, [x1]
13:	str	w4, [x0]
	add	x0, x0, #4
	add	x1, x1, #4
	sub	x2, x2, #4
	b	1b
3:
14:	ldrb	w4, [x1]
15:	strb	w4, [x0]
	add	x0, x0, #1
	add	x1, x1, #1
	sub	x2, x2, #1
	b	1b
9:	mov	x0, x2
	ret
	.size arm64_copy_nofault, . - arm64_copy_nofault

	_ASM_EXTABLE(10b, 9b)
	_ASM_EXTABLE(11b, 9b)
	_ASM_EXTABLE(12b, 9b)
	_ASM_EXTABLE(13b, 9b)
	_ASM_EXTABLE(14b, 9b)
	_ASM_EXTABLE(15b, 9b)
