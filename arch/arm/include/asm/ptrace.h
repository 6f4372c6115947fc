/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_PTRACE_H
#define _ASM_ARM_PTRACE_H

/*
 * The trap frame built by the exception entry code (arch/arm/kernel/entry.S)
 * on the SVC stack: the kernel runs in SVC mode only, so the interrupted
 * sp and lr are SVC's. pc and cpsr are the last two words, where "srsdb"
 * stores them. Changing a field changes the state the interrupted code
 * resumes with: the exit path reloads every register, sp included.
 */

#define PT_R0		0
#define PT_FP		44	/* r11 */
#define PT_IP		48	/* r12 */
#define PT_SP		52
#define PT_LR		56
#define PT_TRAPNR	60
#define PT_PC		64
#define PT_CPSR		68
#define PT_SIZE		72

/* CPSR */
#define PSR_MODE_MASK	0x1f
#define PSR_MODE_USR	0x10
#define PSR_MODE_FIQ	0x11
#define PSR_MODE_IRQ	0x12
#define PSR_MODE_SVC	0x13
#define PSR_MODE_MON	0x16
#define PSR_MODE_ABT	0x17
#define PSR_MODE_HYP	0x1a
#define PSR_MODE_UND	0x1b
#define PSR_MODE_SYS	0x1f
#define PSR_T		0x00000020	/* Thumb state */
#define PSR_F		0x00000040	/* FIQ masked */
#define PSR_I		0x00000080	/* IRQ masked */
#define PSR_A		0x00000100	/* asynchronous aborts masked */

/* Exception vectors (the offset in the vector table / 4), as trapnr. */
#define ARM_TRAP_RESET	0
#define ARM_TRAP_UNDEF	1
#define ARM_TRAP_SVC	2
#define ARM_TRAP_PABT	3
#define ARM_TRAP_DABT	4
#define ARM_TRAP_HYP	5
#define ARM_TRAP_IRQ	6
#define ARM_TRAP_FIQ	7

#ifndef __ASSEMBLY__
struct pt_regs {
	unsigned long uregs[13];	/* r0-r12 */
	unsigned long sp, lr;
	unsigned long trapnr;		/* ARM_TRAP_* */
	unsigned long pc, cpsr;
};

#define instruction_pointer(regs)	((regs)->pc)
#define stack_pointer(regs)		((regs)->sp)
#define frame_pointer(regs)		((regs)->uregs[11])
#define regs_flags(regs)		((regs)->cpsr)
#define instruction_pointer_set(regs, val)	((regs)->pc = (val))
#endif

#endif
