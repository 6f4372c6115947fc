/* SPDX-License-Identifier: MIT */
/*
 * void flush_icache_range(unsigned long start, unsigned long end): make
 * instructions written at [start, end) visible to fetch (<asm/cacheflush.h>):
 * write each data cache line back (dcbst), sync, invalidate each
 * instruction cache line (icbi), sync, isync. e500 lines are 32 bytes;
 * QEMU has no caches and drops translated code on the write.
 */
#define L1_LINE		32

	.text
	.globl	flush_icache_range
	.type	flush_icache_range, @function
flush_icache_range:
	.cfi_startproc
	cmplw	%r3, %r4
	bge	3f
	rlwinm	%r3, %r3, 0, 0, 31 - 5		/* round down to a line */
	mr	%r5, %r3
1:	dcbst	0, %r5
	addi	%r5, %r5, L1_LINE
	cmplw	%r5, %r4
	blt	1b
	sync
	mr	%r5, %r3
2:	icbi	0, %r5
	addi	%r5, %r5, L1_LINE
	cmplw	%r5, %r4
	blt	2b
	sync
	isync
3:	blr
	.cfi_endproc
	.size	flush_icache_range, . - flush_icache_range
