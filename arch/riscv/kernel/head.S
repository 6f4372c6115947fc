/* SPDX-License-Identifier: MIT */
/*
 * Entry from OpenSBI in S-mode on the boot hart (a0 = its hart id, which
 * need not be 0: OpenSBI's cold-boot lottery picks it; a1 = the device
 * tree), and from SBI HSM hart_start on the others (a0 = hart id). Both
 * arrive with the MMU off (satp = 0)
 * and every interrupt off in sie; stvec is set first, so that a fault
 * before C reaches the trap entry. C then switches the MMU on: the
 * kernel is identity mapped, so nothing moves.
 */
#include <asm/csr.h>

#define BOOT_STACK_SIZE	16384

	.cfi_sections .debug_frame

	.section .head.text, "ax"
	.globl _start
	.type _start, @function
_start:
	/* The outermost frame of the boot CPU: debuggers stop unwinding here. */
	.cfi_startproc
	.cfi_undefined ra
	/*
	 * OpenSBI before 1.3 (QEMU 7.2 has 1.1) marks a hart START_PENDING
	 * before it stores the hart_start address: a hart that leaves its
	 * wait loop in between comes here, to the default entry. Only the
	 * first hart to arrive boots; a later one is a secondary.
	 */
	la	t0, boot_hart_taken
	li	t1, 1
	amoswap.w t1, t1, (t0)
	bnez	t1, riscv_secondary_entry
	csrw	sie, zero
	csrci	sstatus, SR_SIE
	la	t0, riscv_trap_entry
	csrw	stvec, t0
	la	sp, boot_stack + BOOT_STACK_SIZE
	la	t0, __bss_start
	la	t1, __bss_end
1:	bgeu	t0, t1, 2f
	sd	zero, (t0)
	addi	t0, t0, 8
	j	1b
2:	li	s0, 0
	call	riscv_start_kernel
	j	.
	.cfi_endproc
	.size _start, . - _start

/*
 * SBI HSM hart_start: the boot CPU starts one hart at a time and left its
 * CPU number and stack top in riscv_secondary_cpu and riscv_secondary_sp.
 * Not a1: the OpenSBI race above can hand over a stale one. A hart that is
 * not the one being started (one smp.c gave up on, arriving late) would
 * take another's number and stack: it parks instead.
 */
	.globl riscv_secondary_entry
	.type riscv_secondary_entry, @function
riscv_secondary_entry:
	.cfi_startproc
	.cfi_undefined ra
	csrw	sie, zero
	csrci	sstatus, SR_SIE
	la	t0, riscv_trap_entry
	csrw	stvec, t0
	la	t0, riscv_secondary_cpu
	lwu	t1, (t0)
	slli	t2, t1, 3
	la	t0, riscv_hartid
	add	t0, t0, t2
	ld	t0, (t0)
	bne	t0, a0, 1f
	la	sp, riscv_secondary_sp
	ld	sp, (sp)
	mv	a0, t1
	li	s0, 0
	call	riscv_secondary_start
1:	wfi
	j	1b
	.cfi_endproc
	.size riscv_secondary_entry, . - riscv_secondary_entry

	.data
	.balign	4
boot_hart_taken:
	.word	0

	.bss
	.balign	16
boot_stack:
	.space	BOOT_STACK_SIZE
