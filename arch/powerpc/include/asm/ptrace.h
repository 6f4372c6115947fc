/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_PTRACE_H
#define _ASM_POWERPC_PTRACE_H

/*
 * The trap frame built by the exception entry code
 * (arch/powerpc/kernel/entry.S) on the interrupted stack. The first
 * fields follow gdb's powerpc core register order (r0-r31, pc, msr, cr,
 * lr, ctr, xer), so the debugger's register table points straight into
 * it; then what the handlers need. The exit path reloads every register
 * from it, r1 (sp) and the resume pc (SRR0) included.
 */

#define PT_R(n)		((n) * 4)
#define PT_NIP		128
#define PT_MSR		132
#define PT_CR		136
#define PT_LINK		140
#define PT_CTR		144
#define PT_XER		148
#define PT_DEAR		152	/* data exception address (DEAR) */
#define PT_ESR		156	/* exception syndrome (ESR) */
#define PT_TRAP		160	/* which interrupt: its IVOR number */
#define PT_SIZE		164

#ifndef __ASSEMBLY__
struct pt_regs {
	unsigned long gpr[32];
	unsigned long nip, msr, cr, link, ctr, xer;
	unsigned long dear, esr;
	unsigned long trap;
};

#define instruction_pointer(regs)	((regs)->nip)
#define stack_pointer(regs)		((regs)->gpr[1])
#define frame_pointer(regs)		((regs)->gpr[31])
#define regs_flags(regs)		((regs)->msr)
#define instruction_pointer_set(regs, val)	((regs)->nip = (val))
#endif

#endif
