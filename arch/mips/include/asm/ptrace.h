/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_PTRACE_H
#define _ASM_MIPS_PTRACE_H

/*
 * The trap frame built by the exception entry code (arch/mips/kernel/entry.S)
 * on the interrupted stack. The fields follow gdb's "mips" register numbers
 * (r0-r31, sr, lo, hi, bad, cause, pc), so the debugger's register table
 * points straight into it. The exit path reloads every register from it,
 * sp and the resume pc (EPC) included.
 */

#define PT_R(n)		((n) * 4)
#define PT_STATUS	128
#define PT_LO		132
#define PT_HI		136
#define PT_BADVADDR	140
#define PT_CAUSE	144
#define PT_EPC		148
#define PT_SIZE		152

#ifndef __ASSEMBLY__
struct pt_regs {
	unsigned long regs[32];		/* $0-$31; regs[0] reads 0 */
	unsigned long cp0_status;
	unsigned long lo, hi;
	unsigned long cp0_badvaddr;
	unsigned long cp0_cause;
	unsigned long cp0_epc;
};

#define instruction_pointer(regs)	((regs)->cp0_epc)
#define stack_pointer(regs)		((regs)->regs[29])
#define frame_pointer(regs)		((regs)->regs[30])
#define regs_flags(regs)		((regs)->cp0_status)
#define instruction_pointer_set(regs, val)	((regs)->cp0_epc = (val))
#endif

#endif
