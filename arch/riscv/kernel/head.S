/* SPDX-License-Identifier: MIT */
/*
 * Entry from OpenSBI in S-mode on the boot hart (a0 = its hart id, which
 * need not be 0: OpenSBI's cold-boot lottery picks it; a1 = the device
 * tree), and from SBI HSM hart_start on the others (a0 = hart id, a1 =
 * the CPU number smp.c passed). Both arrive with the MMU off (satp = 0)
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

/* SBI HSM hart_start: the boot CPU left the stack top in riscv_secondary_sp. */
	.globl riscv_secondary_entry
	.type riscv_secondary_entry, @function
riscv_secondary_entry:
	.cfi_startproc
	.cfi_undefined ra
	csrw	sie, zero
	csrci	sstatus, SR_SIE
	la	t0, riscv_trap_entry
	csrw	stvec, t0
	la	sp, riscv_secondary_sp
	ld	sp, (sp)
	mv	a0, a1
	li	s0, 0
	call	riscv_secondary_start
	j	.
	.cfi_endproc
	.size riscv_secondary_entry, . - riscv_secondary_entry

	.bss
	.balign	16
boot_stack:
	.space	BOOT_STACK_SIZE
