/* SPDX-License-Identifier: MIT */
/*
 * Exception entry and exit. IVPR holds the upper half of ppc_vectors and
 * each IVOR the offset of a 16-byte stub there (setup in traps.c): the
 * stub parks r10 and r11 in two SPRGs, puts its IVOR number in r11 and
 * branches to a common entry, which builds a struct pt_regs
 * (<asm/ptrace.h>) on the interrupted stack (the kernel runs in
 * supervisor mode only) behind the ABI's 8-byte frame header (back chain,
 * LR save word), so the stack stays a chain of frames. The C code runs with
 * EE and DE clear; the exit path reloads every register from the frame,
 * r1 and the resume address included, and returns with rfi.
 *
 * Two copies: ppc_entry for the base class (SRR0/1, SPRG0/1, rfi) and
 * ppc_crit_entry for critical-class interrupts, which may arrive while a
 * base entry still has its state in SRR0/1 and SPRG0/1: critical input,
 * watchdog, machine check and debug (CSRR0/1, SPRG2/3, rfci; QEMU's e500
 * fills CSRR0/1 for the debug and machine check interrupts as well as
 * their DSRR/MCSRR).
 *
 * For gdb the frame is a signal frame whose return address (DWARF column
 * 67, as Linux's signal trampoline has it, so that LR keeps its own) is
 * the saved SRR0: backtraces go on into the interrupted code.
 */
#include <asm/ptrace.h>
#include <asm/reg.h>

#define FRAME_SIZE	((PT_SIZE + 8 + 15) & ~15)
#define F(off)		(8 + (off))
#define DWARF_CR	64
#define DWARF_LR	65
#define DWARF_CTR	66
#define DWARF_NIP	67
#define DWARF_XER	76

.macro	vector n, sa, sb, entry
	.balign	16
	mtspr	\sa, %r10
	mtspr	\sb, %r11
	li	%r11, \n
	b	\entry
.endm

	/* Slot k of 16 bytes holds IVOR k (0-15), then IVOR 32-35 (slots
	 * 16-19): ppc_set_vectors() computes the offsets so. */
	.section .text.vectors, "ax"
	.balign	65536
	.globl	ppc_vectors
ppc_vectors:
	vector	IVOR_CRITICAL, SPRN_SPRG2, SPRN_SPRG3, ppc_crit_entry
	vector	IVOR_MACHINE_CHECK, SPRN_SPRG2, SPRN_SPRG3, ppc_crit_entry
	.irp	n, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	vector	\n, SPRN_SPRG0, SPRN_SPRG1, ppc_entry
	.endr
	vector	IVOR_WATCHDOG, SPRN_SPRG2, SPRN_SPRG3, ppc_crit_entry
	vector	IVOR_DTLB_MISS, SPRN_SPRG0, SPRN_SPRG1, ppc_entry
	vector	IVOR_ITLB_MISS, SPRN_SPRG0, SPRN_SPRG1, ppc_entry
	vector	IVOR_DEBUG, SPRN_SPRG2, SPRN_SPRG3, ppc_crit_entry
	.irp	n, 32, 33, 34, 35
	vector	\n, SPRN_SPRG0, SPRN_SPRG1, ppc_entry
	.endr

.macro	save_reg n
	stw	%r\n, F(PT_R(\n))(%r1)
	.cfi_offset \n, F(PT_R(\n)) - FRAME_SIZE
.endm

.macro	save_spr from, off, col
	\from	%r10
	stw	%r10, F(\off)(%r1)
	.cfi_offset \col, F(\off) - FRAME_SIZE
.endm

.macro	common name, srr0, srr1, sa, sb, rfi_insn, base
	.globl	\name
	.type	\name, @function
\name:
	.cfi_startproc simple
	.cfi_signal_frame
	.cfi_return_column DWARF_NIP
	.cfi_def_cfa 1, 0
	stwu	%r1, -FRAME_SIZE(%r1)		/* the back chain: the interrupted r1 */
	.cfi_def_cfa_offset FRAME_SIZE
	stw	%r11, F(PT_TRAP)(%r1)
	save_reg 0
	addi	%r0, %r1, FRAME_SIZE
	stw	%r0, F(PT_R(1))(%r1)
	.cfi_offset 1, F(PT_R(1)) - FRAME_SIZE
	.irp	n, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	save_reg \n
	.endr
	mfspr	%r10, \sa
	stw	%r10, F(PT_R(10))(%r1)
	.cfi_offset 10, F(PT_R(10)) - FRAME_SIZE
	mfspr	%r10, \sb
	stw	%r10, F(PT_R(11))(%r1)
	.cfi_offset 11, F(PT_R(11)) - FRAME_SIZE
	mfspr	%r10, \srr0
	stw	%r10, F(PT_NIP)(%r1)
	.cfi_offset DWARF_NIP, F(PT_NIP) - FRAME_SIZE
	mfspr	%r10, \srr1
	stw	%r10, F(PT_MSR)(%r1)
	save_spr mfcr, PT_CR, DWARF_CR
	save_spr mflr, PT_LINK, DWARF_LR
	save_spr mfctr, PT_CTR, DWARF_CTR
	save_spr mfxer, PT_XER, DWARF_XER
	mfspr	%r10, SPRN_DEAR
	stw	%r10, F(PT_DEAR)(%r1)
	mfspr	%r10, SPRN_ESR
	stw	%r10, F(PT_ESR)(%r1)
	/* The handler runs with EE, DE and WE clear (a base-class interrupt
	 * leaves DE as it was: a step would trap in the handler). A base
	 * handler takes CE from the interrupted MSR: the NMI clears it to
	 * wait for the end of this prologue (nmi.c). */
	mfmsr	%r10
	lis	%r11, (MSR_EE | MSR_DE | MSR_WE)@h
	ori	%r11, %r11, (MSR_EE | MSR_DE | MSR_WE)@l
	andc	%r10, %r10, %r11
	.if	\base
	lwz	%r11, F(PT_MSR)(%r1)
	andis.	%r11, %r11, MSR_CE@h
	or	%r10, %r10, %r11
	.endif
	mtmsr	%r10
	isync
	.globl	\name\()_prologue_end
\name\()_prologue_end:
	li	%r31, 0
	addi	%r3, %r1, 8
	bl	ppc_do_exception
	.globl	\name\()_exit
\name\()_exit:
	wrteei	0
	lwz	%r10, F(PT_CR)(%r1)
	mtcr	%r10
	lwz	%r10, F(PT_LINK)(%r1)
	mtlr	%r10
	lwz	%r10, F(PT_CTR)(%r1)
	mtctr	%r10
	lwz	%r10, F(PT_XER)(%r1)
	mtxer	%r10
	lwz	%r10, F(PT_NIP)(%r1)
	mtspr	\srr0, %r10
	lwz	%r10, F(PT_MSR)(%r1)
	mtspr	\srr1, %r10
	lwz	%r0, F(PT_R(0))(%r1)
	.irp	n, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	lwz	%r\n, F(PT_R(\n))(%r1)
	.endr
	lwz	%r1, F(PT_R(1))(%r1)
	\rfi_insn
	.cfi_endproc
	.size	\name, . - \name
.endm

	.text
	.globl	ppc_entry_start
ppc_entry_start:
	common	ppc_entry, SPRN_SRR0, SPRN_SRR1, SPRN_SPRG0, SPRN_SPRG1, rfi, 1
	common	ppc_crit_entry, SPRN_CSRR0, SPRN_CSRR1, SPRN_SPRG2, SPRN_SPRG3, rfci, 0
	.globl	ppc_entry_end
ppc_entry_end:
