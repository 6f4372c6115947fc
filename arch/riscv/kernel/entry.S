/* SPDX-License-Identifier: MIT */
/*
 * The trap entry (stvec, direct mode): every exception and interrupt
 * builds a struct pt_regs on the interrupted stack (the kernel runs in
 * S-mode only, so there is no stack to switch) and calls riscv_do_trap()
 * with interrupts off (the trap cleared sstatus.SIE). The exit path
 * reloads every register from the frame, sp, sepc and sstatus included,
 * so the debugger can change any of them.
 */
#include <asm/csr.h>
#include <asm/ptrace.h>

	.cfi_sections .debug_frame
	.text
	.balign	4
	.globl riscv_trap_entry
	.type riscv_trap_entry, @function
riscv_trap_entry:
	/* For gdb: the caller of whatever runs below is the interrupted
	 * context, its registers in the frame, its pc as the return address
	 * (its own ra is not known). */
	.cfi_startproc simple
	.cfi_signal_frame
	.cfi_def_cfa sp, 0
	addi	sp, sp, -PT_SIZE
	.cfi_def_cfa sp, PT_SIZE
	sd	x1, PT_X(1)(sp)
	.irp	n, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	sd	x\n, PT_X(\n)(sp)
	.cfi_offset x\n, PT_X(\n) - PT_SIZE
	.endr
	addi	t0, sp, PT_SIZE
	sd	t0, PT_X(2)(sp)
	sd	zero, PT_X(0)(sp)
	csrr	t0, sepc
	sd	t0, PT_SEPC(sp)
	.cfi_offset ra, PT_SEPC - PT_SIZE
	csrr	t0, sstatus
	sd	t0, PT_SSTATUS(sp)
	csrr	t0, stval
	sd	t0, PT_STVAL(sp)
	csrr	t0, scause
	sd	t0, PT_SCAUSE(sp)
	mv	a0, sp
	call	riscv_do_trap

	/* sepc and sstatus must not change under us from here. */
	csrci	sstatus, SR_SIE
	ld	t0, PT_SEPC(sp)
	csrw	sepc, t0
	ld	t0, PT_SSTATUS(sp)
	csrw	sstatus, t0
	ld	x1, PT_X(1)(sp)
	.irp	n, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ld	x\n, PT_X(\n)(sp)
	.endr
	ld	sp, PT_X(2)(sp)
	sret
	.cfi_endproc
	.globl riscv_trap_entry_end
riscv_trap_entry_end:
	.size riscv_trap_entry, . - riscv_trap_entry
