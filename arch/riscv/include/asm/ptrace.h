/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_PTRACE_H
#define _ASM_RISCV_PTRACE_H

/*
 * The trap frame built by the trap entry (arch/riscv/kernel/entry.S) on
 * the interrupted stack: x1-x31 at their register number (slot 0 is
 * zero), then the trap CSRs. The exit path reloads every register from
 * it, sp, sepc and sstatus included.
 */
#define PT_X(n)		((n) * 8)
#define PT_SEPC		256
#define PT_SSTATUS	264
#define PT_STVAL	272
#define PT_SCAUSE	280
#define PT_SIZE		288

#ifndef __ASSEMBLY__
struct pt_regs {
	unsigned long x[32];
	unsigned long sepc, sstatus, stval, scause;
};

#define instruction_pointer(regs)	((regs)->sepc)
#define stack_pointer(regs)		((regs)->x[2])
#define frame_pointer(regs)		((regs)->x[8])
#define regs_flags(regs)		((regs)->sstatus)
#define instruction_pointer_set(regs, val)	((regs)->sepc = (val))
#endif

#endif
