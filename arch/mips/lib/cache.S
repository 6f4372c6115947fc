/* SPDX-License-Identifier: MIT */
/*
 * void flush_icache_range(unsigned long start, unsigned long end): make
 * instructions written at [start, end) visible to fetch (<asm/cacheflush.h>).
 * synci writes the data cache line back and invalidates the instruction
 * cache line (release 2); then sync, and jr.hb clears the instruction
 * hazard on the way back. The step is the smallest line of a 24K/34K/74K
 * (32 bytes); QEMU has no caches and ends translated code on the write.
 */
#define SYNCI_STEP	32

	.text
	.set	noreorder
	.globl	flush_icache_range
	.type	flush_icache_range, @function
flush_icache_range:
	.cfi_startproc
	sltu	$t0, $a0, $a1
	beqz	$t0, 2f
	 nop
	li	$t0, ~(SYNCI_STEP - 1)
	and	$a0, $a0, $t0
1:	synci	0($a0)
	addiu	$a0, $a0, SYNCI_STEP
	sltu	$t0, $a0, $a1
	bnez	$t0, 1b
	 nop
2:	sync
	jr.hb	$ra
	 nop
	.cfi_endproc
	.size	flush_icache_range, . - flush_icache_range
