/* SPDX-License-Identifier: MIT */
/*
 * Fault-safe kernel memory copy: every load and store has an exception
 * table entry, so a fault (unmapped or read-only page, an address the
 * platform refuses) resumes at the fixup, which returns the bytes not
 * copied. Doublewords, then words, when both pointers are so aligned, so
 * that aligned variables are read and written whole.
 *
 * size_t riscv_copy_nofault(void *dst, const void *src, size_t len)
 */
#include <asm/extable.h>

	.text
	.globl riscv_copy_nofault
	.type riscv_copy_nofault, @function
riscv_copy_nofault:
	or	t0, a0, a1
	andi	t1, t0, 7
	bnez	t1, 2f
1:	li	t1, 8
	bltu	a2, t1, 2f
10:	ld	t2, (a1)
11:	sd	t2, (a0)
	addi	a0, a0, 8
	addi	a1, a1, 8
	addi	a2, a2, -8
	j	1b
2:	andi	t1, t0, 3
	bnez	t1, 4f
3:	li	t1, 4
	bltu	a2, t1, 4f
12:	lw	t2, (a1)
13:	sw	t2, (a0)
	addi	a0, a0, 4
	addi	a1, a1, 4
	addi	a2, a2, -4
	j	3b
4:	beqz	a2, 5f
14:	lbu	t2, (a1)
15:	sb	t2, (a0)
	addi	a0, a0, 1
	addi	a1, a1, 1
	addi	a2, a2, -1
	j	4b
5:	mv	a0, a2
	ret
	.size riscv_copy_nofault, . - riscv_copy_nofault

	_ASM_EXTABLE(10b, 5b)
	_ASM_EXTABLE(11b, 5b)
	_ASM_EXTABLE(12b, 5b)
	_ASM_EXTABLE(13b, 5b)
	_ASM_EXTABLE(14b, 5b)
	_ASM_EXTABLE(15b, 5b)
