/* SPDX-License-Identifier: MIT */
/*
 * Exception entry and exit. EBase points at mips_vectors: the TLB refill
 * vector (+0x000), the general one (+0x180) and the interrupt vector
 * (+0x200, used only with Cause.IV, which stays clear) all go to
 * mips_entry_common. The kernel runs in kernel mode only, so the frame is
 * built on the interrupted stack: a struct pt_regs (<asm/ptrace.h>) above
 * the o32 16-byte argument area. The C code then runs with EXL and IE
 * clear, so that its own exceptions (a nofault copy's fault) record their
 * EPC, and so that it may switch tasks. The exit path reloads every
 * register from the frame, sp and EPC included, so the debugger can
 * change any of them, and returns with eret.
 *
 * For gdb, the frame is a signal frame whose return address (DWARF column
 * MIPS_DWARF_EPC, not ra, so the interrupted ra is kept too) is the
 * saved EPC: backtraces go on into the interrupted code.
 */
#include <asm/mipsregs.h>
#include <asm/ptrace.h>
#include <asm/vectors.h>

#define FRAME_SIZE	(PT_SIZE + 16)
#define F(off)		(16 + (off))
/* A DWARF column no MIPS register uses (gdb: 0-31 GPRs, 32-63 FPRs,
 * 64/65 hi/lo, 66-71 DSP accumulators). */
#define MIPS_DWARF_EPC	72

	vector_page mips_vectors, mips_entry_common, mips_entry_common

	.set	noreorder
	.set	noat

.macro	save_reg n
	sw	$\n, F(PT_R(\n))($sp)
	.cfi_offset \n, F(PT_R(\n)) - FRAME_SIZE
.endm

.macro	load_reg n
	lw	$\n, F(PT_R(\n))($sp)
.endm

	.globl	mips_entry_common
	.type	mips_entry_common, @function
mips_entry_common:
	.cfi_startproc simple
	.cfi_signal_frame
	.cfi_return_column MIPS_DWARF_EPC
	.cfi_def_cfa $sp, 0
	move	$k1, $sp
	addiu	$sp, $sp, -FRAME_SIZE
	.cfi_def_cfa_offset FRAME_SIZE
	sw	$k1, F(PT_R(29))($sp)
	.cfi_offset 29, F(PT_R(29)) - FRAME_SIZE
	sw	$zero, F(PT_R(0))($sp)
	.irp	n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 28, 30, 31
	save_reg \n
	.endr
	sw	$zero, F(PT_R(26))($sp)		/* k0, k1: the entry's scratch */
	sw	$zero, F(PT_R(27))($sp)
	mfc0	$k0, $14			/* EPC */
	sw	$k0, F(PT_EPC)($sp)
	.cfi_offset MIPS_DWARF_EPC, F(PT_EPC) - FRAME_SIZE
	mflo	$k0
	sw	$k0, F(PT_LO)($sp)
	mfhi	$k0
	sw	$k0, F(PT_HI)($sp)
	mfc0	$k0, $8				/* BadVAddr */
	sw	$k0, F(PT_BADVADDR)($sp)
	mfc0	$k0, $13			/* Cause */
	sw	$k0, F(PT_CAUSE)($sp)
	mfc0	$k0, $12			/* Status */
	sw	$k0, F(PT_STATUS)($sp)
	li	$k1, ~(ST0_EXL | ST0_ERL | ST0_KSU | ST0_IE)
	and	$k0, $k0, $k1
	mtc0	$k0, $12
	ehb
	jal	mips_do_exception
	 addiu	$a0, $sp, 16
	.globl	mips_entry_return
mips_entry_return:
	/* Interrupts off, then EXL on: from here EPC and the registers are
	 * ours until eret, and no interrupt can come in between. */
	di
	ehb
	lw	$k0, F(PT_STATUS)($sp)
	ori	$k0, $k0, ST0_EXL
	mtc0	$k0, $12
	ehb
	lw	$k0, F(PT_EPC)($sp)
	mtc0	$k0, $14
	lw	$k0, F(PT_LO)($sp)
	mtlo	$k0
	lw	$k0, F(PT_HI)($sp)
	mthi	$k0
	.irp	n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 28, 30, 31
	load_reg \n
	.endr
	lw	$sp, F(PT_R(29))($sp)
	eret
	.cfi_endproc
	.globl	mips_entry_common_end
mips_entry_common_end:
	.size	mips_entry_common, . - mips_entry_common
