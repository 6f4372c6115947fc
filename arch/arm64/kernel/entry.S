/* SPDX-License-Identifier: MIT */
/*
 * Exception vectors. The kernel runs at EL1 on SP_EL1 only, so just the
 * four "current EL with SP_ELx" vectors are expected; the others are
 * fatal. Every exception builds a struct pt_regs on the stack and calls
 * arm64_do_exception() with the interrupted context's D, A and F masks
 * (F also set for FIQ, the NMI) and IRQs masked, below a frame record
 * whose "return address" is the interrupted pc, so backtraces go on into
 * the interrupted code. The exit path reloads every register from the
 * frame, sp and pstate included, so the debugger can change any of them;
 * MDSCR_EL1.SS follows the frame's PSTATE.SS, which is how a step is
 * armed (kgdb.c); the entry clears it.
 */
#include <asm/processor.h>
#include <asm/ptrace.h>

	.cfi_sections .debug_frame

.macro ventry trapnr
	.balign	0x80
	sub	sp, sp, #PT_SIZE
	stp	x0, x1, [sp]
	mov	x0, #\trapnr
	b	arm64_entry_common
.endm

	.text
	.balign	2048
	.globl arm64_vectors
arm64_vectors:
	.rept	4			/* current EL with SP_EL0 */
	ventry	ARM64_TRAP_BAD
	.endr
	ventry	ARM64_TRAP_SYNC		/* current EL with SP_EL1 */
	ventry	ARM64_TRAP_IRQ
	ventry	ARM64_TRAP_FIQ
	ventry	ARM64_TRAP_SERROR
	.rept	8			/* lower EL, AArch64 and AArch32 */
	ventry	ARM64_TRAP_BAD
	.endr

/* x0 = trapnr; sp = the frame, x0 and x1 saved. */
	.globl arm64_entry_common
	.type arm64_entry_common, %function
arm64_entry_common:
	/* For gdb: the caller of whatever runs below is the interrupted
	 * context, its registers in the frame (its own lr is not known). */
	.cfi_startproc simple
	.cfi_signal_frame
	.cfi_def_cfa sp, PT_SIZE
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29
	.cfi_offset x\n, \n * 8 - PT_SIZE
	.endr
	.cfi_offset x30, PT_PC - PT_SIZE
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x16, x17, [sp, #128]
	stp	x18, x19, [sp, #144]
	stp	x20, x21, [sp, #160]
	stp	x22, x23, [sp, #176]
	stp	x24, x25, [sp, #192]
	stp	x26, x27, [sp, #208]
	stp	x28, x29, [sp, #224]
	str	x30, [sp, #240]
	add	x2, sp, #PT_SIZE
	mrs	x3, elr_el1
	stp	x2, x3, [sp, #PT_SP]
	mrs	x4, spsr_el1
	stp	x4, x0, [sp, #PT_PSTATE]
	mrs	x5, esr_el1
	str	x5, [sp, #PT_ESR]
	stp	x29, x3, [sp, #PT_FRAME]
	add	x29, sp, #PT_FRAME
	/* No step in here: with MDSCR_EL1.SS set, unmasking debug
	 * exceptions would take a step trap before the next instruction. */
	mrs	x7, mdscr_el1
	bic	x7, x7, #MDSCR_SS
	msr	mdscr_el1, x7
	isb
	/* The interrupted context's masks, IRQs off; FIQ off for a FIQ. */
	mov	x7, #(PSR_D | PSR_A | PSR_F)
	and	x6, x4, x7
	orr	x6, x6, #PSR_I
	cmp	x0, #ARM64_TRAP_FIQ
	b.ne	1f
	orr	x6, x6, #PSR_F
1:	msr	daif, x6
	mov	x0, sp
	bl	arm64_do_exception

	/* Nothing may take an exception from here to the eret. */
	msr	daifset, #0xf
	ldr	x1, [sp, #PT_PSTATE]
	mrs	x2, mdscr_el1
	ubfx	x3, x1, #21, #1		/* PSR_SS */
	bfi	x2, x3, #0, #1		/* MDSCR_SS, bit 0 */
	msr	mdscr_el1, x2
	ldr	x0, [sp, #PT_PC]
	msr	elr_el1, x0
	msr	spsr_el1, x1
	mov	x1, sp
	ldp	x2, x3, [x1, #16]
	ldp	x4, x5, [x1, #32]
	ldp	x6, x7, [x1, #48]
	ldp	x8, x9, [x1, #64]
	ldp	x10, x11, [x1, #80]
	ldp	x12, x13, [x1, #96]
	ldp	x14, x15, [x1, #112]
	ldp	x16, x17, [x1, #128]
	ldp	x18, x19, [x1, #144]
	ldp	x20, x21, [x1, #160]
	ldp	x22, x23, [x1, #176]
	ldp	x24, x25, [x1, #192]
	ldp	x26, x27, [x1, #208]
	ldp	x28, x29, [x1, #224]
	ldr	x30, [x1, #240]
	ldr	x0, [x1, #PT_SP]
	mov	sp, x0
	ldp	x0, x1, [x1]
	eret
	.cfi_endproc
	.globl arm64_entry_common_end
arm64_entry_common_end:
	.size arm64_entry_common, . - arm64_entry_common
