/* SPDX-License-Identifier: MIT */
/*
 * Fault-safe kernel memory copy: every load and store has an exception
 * table entry, so a TLB fault (KUSEG, KSEG2/3), an address error or a bus
 * error (an empty device address) resumes at the fixup, which returns the
 * bytes not copied. None of them sits in a branch delay slot, so EPC is
 * the faulting instruction. Words when both pointers are word aligned,
 * so that aligned word-sized variables are read and written whole.
 *
 * size_t mips_copy_nofault(void *dst, const void *src, size_t len)
 */
#include <asm/extable.h>

	.text
	.set	noreorder
	.globl	mips_copy_nofault
	.type	mips_copy_nofault, @function
mips_copy_nofault:
	.cfi_startproc
	or	$t0, $a0, $a1
	andi	$t0, $t0, 3
	bnez	$t0, 3f
	 nop
1:	sltiu	$t0, $a2, 4
	bnez	$t0, 3f
	 nop
10:	lw	$t1, 0($a1)
11:	sw	$t1, 0($a0)
	addiu	$a0, $a0, 4
	addiu	$a1, $a1, 4
	b	1b
	 addiu	$a2, $a2, -4
3:	beqz	$a2, 4f
	 nop
12:	lbu	$t1, 0($a1)
13:	sb	$t1, 0($a0)
	addiu	$a0, $a0, 1
	addiu	$a1, $a1, 1
	b	3b
	 addiu	$a2, $a2, -1
4:	jr	$ra
	 move	$v0, $a2
	.cfi_endproc
	.size	mips_copy_nofault, . - mips_copy_nofault

	_ASM_EXTABLE(10b, 4b)
	_ASM_EXTABLE(11b, 4b)
	_ASM_EXTABLE(12b, 4b)
	_ASM_EXTABLE(13b, 4b)
