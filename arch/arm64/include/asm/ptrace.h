/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_PTRACE_H
#define _ASM_ARM64_PTRACE_H

/*
 * The trap frame built by the exception entry code (arch/arm64/kernel/
 * entry.S) on the kernel's stack (SP_EL1: the kernel runs at EL1h only).
 * Changing a field changes the state the interrupted code resumes with:
 * the exit path reloads every register, sp included. frame[] is a frame
 * record (the interrupted fp and pc) that the handlers' fp chain goes
 * through, so backtraces continue into the interrupted code.
 */

#define PT_SP		248
#define PT_PC		256
#define PT_PSTATE	264
#define PT_TRAPNR	272
#define PT_ESR		280
#define PT_FRAME	288
#define PT_SIZE		304

/* PSTATE, as SPSR_EL1 holds it */
#define PSR_MODE_EL1H	0x00000005
#define PSR_MODE_MASK	0x0000001f	/* M[4:0]: AArch64 state and the EL */
#define PSR_F		0x00000040	/* FIQ masked */
#define PSR_I		0x00000080	/* IRQ masked */
#define PSR_A		0x00000100	/* SError masked */
#define PSR_D		0x00000200	/* debug exceptions masked */
#define PSR_SS		0x00200000	/* software step: one instruction, then trap */

/* trapnr: which vector of the current EL with SP_EL1 */
#define ARM64_TRAP_SYNC		0
#define ARM64_TRAP_IRQ		1
#define ARM64_TRAP_FIQ		2
#define ARM64_TRAP_SERROR	3
#define ARM64_TRAP_BAD		4	/* from EL0, AArch32 or SP_EL0 */

#ifndef __ASSEMBLY__
struct pt_regs {
	unsigned long regs[31];		/* x0-x30 */
	unsigned long sp, pc, pstate;
	unsigned long trapnr;		/* ARM64_TRAP_* */
	unsigned long esr;		/* ESR_EL1 of a synchronous exception */
	unsigned long frame[2];
};

#define instruction_pointer(regs)	((regs)->pc)
#define stack_pointer(regs)		((regs)->sp)
#define frame_pointer(regs)		((regs)->regs[29])
#define regs_flags(regs)		((regs)->pstate)
#define instruction_pointer_set(regs, val)	((regs)->pc = (val))
#endif

#endif
