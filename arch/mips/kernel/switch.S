/* SPDX-License-Identifier: MIT */
/*
 * Kernel thread switch.
 *
 * void arch_switch_to(struct arch_context *prev, struct arch_context *next)
 *
 * Saves s0-s7, fp, sp, ra and the resume address in *prev, then loads
 * *next and jumps to its pc. A switched-out task is frozen at
 * mips_switch_resume with sp as at the call and ra the return into
 * schedule(): the default CFI rules (CFA = sp, return address in ra)
 * describe it, so gdb unwinds a sleeping task from its saved pc, sp and ra.
 */
#include <asm/context.h>

	.text
	.set	noreorder
	.globl	arch_switch_to
	.type	arch_switch_to, @function
arch_switch_to:
	.cfi_startproc
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7
	sw	$s\n, CTX_S0 + \n * 4($a0)
	.endr
	sw	$fp, CTX_FP($a0)
	sw	$sp, CTX_SP($a0)
	sw	$ra, CTX_RA($a0)
	la	$t0, mips_switch_resume
	sw	$t0, CTX_PC($a0)

	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7
	lw	$s\n, CTX_S0 + \n * 4($a1)
	.endr
	lw	$fp, CTX_FP($a1)
	lw	$sp, CTX_SP($a1)
	lw	$ra, CTX_RA($a1)
	lw	$t0, CTX_PC($a1)
	jr	$t0
	 nop
	.globl	mips_switch_resume
mips_switch_resume:
	jr	$ra
	 nop
	.cfi_endproc
	.size	arch_switch_to, . - arch_switch_to

/*
 * A new task's first pc (see arch_task_init()), on an empty stack with
 * the o32 argument area reserved: the outermost frame (fp = 0, return
 * address undefined), which calls the scheduler's task_start_trampoline().
 */
	.globl	mips_thread_entry
	.type	mips_thread_entry, @function
mips_thread_entry:
	.cfi_startproc
	.cfi_undefined $31
	move	$fp, $zero
	jal	task_start_trampoline
	 nop
1:	b	1b
	 nop
	.cfi_endproc
	.size	mips_thread_entry, . - mips_thread_entry
