/* SPDX-License-Identifier: MIT */
/*
 * The byte atomics GCC 12 leaves to libatomic on RV64 (the A extension
 * has word and doubleword forms only): an LR/SC loop on the aligned word
 * that holds the byte. Sequentially consistent, whatever the order asked.
 *
 * u8 __atomic_exchange_1(volatile void *p, u8 v, int order)
 */
	.text
	.globl __atomic_exchange_1
	.type __atomic_exchange_1, @function
__atomic_exchange_1:
	andi	t0, a0, 3
	slli	t0, t0, 3		/* the byte's shift in its word */
	andi	a0, a0, -4
	li	t1, 0xff
	sll	t1, t1, t0
	not	t1, t1			/* every bit but the byte's */
	andi	a1, a1, 0xff
	sll	a1, a1, t0
1:	lr.w.aqrl t2, (a0)
	and	t3, t2, t1
	or	t3, t3, a1
	sc.w.rl	t4, t3, (a0)
	bnez	t4, 1b
	srl	a0, t2, t0
	andi	a0, a0, 0xff
	ret
	.size __atomic_exchange_1, . - __atomic_exchange_1
