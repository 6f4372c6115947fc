/* SPDX-License-Identifier: MIT */
/*
 * Kernel thread switch.
 *
 * void arch_switch_to(struct arch_context *prev, struct arch_context *next)
 *
 * Saves ra, sp and s0-s11 in *prev, loads *next and returns to its ra: a
 * switched-out task resumes in schedule(), where it called this.
 */
#include <asm/context.h>

	.cfi_sections .debug_frame
	.text
	.globl arch_switch_to
	.type arch_switch_to, @function
arch_switch_to:
	.cfi_startproc
	sd	ra, CTX_RA(a0)
	sd	sp, CTX_SP(a0)
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	sd	s\n, CTX_S0 + \n * 8(a0)
	.endr
	ld	ra, CTX_RA(a1)
	ld	sp, CTX_SP(a1)
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	ld	s\n, CTX_S0 + \n * 8(a1)
	.endr
	ret
	.cfi_endproc
	.size arch_switch_to, . - arch_switch_to

/*
 * A new task's first ra (see arch_task_init()), on an empty 16-byte
 * aligned stack: the outermost frame (s0 = 0, ra undefined), which calls
 * the scheduler's task_start_trampoline().
 */
	.globl riscv_thread_entry
	.type riscv_thread_entry, @function
riscv_thread_entry:
	.cfi_startproc
	.cfi_undefined ra
	li	s0, 0
	call	task_start_trampoline
	unimp
	.cfi_endproc
	.size riscv_thread_entry, . - riscv_thread_entry
