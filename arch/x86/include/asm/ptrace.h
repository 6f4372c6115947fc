/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_PTRACE_H
#define _ASM_X86_PTRACE_H

/*
 * The trap frame built by the exception/interrupt entry code
 * (arch/x86/kernel/entry_{64,32}.S) on the interrupted stack. Changing a
 * field changes the state the interrupted code resumes with: the exit path
 * reloads every register, including the stack pointer, from here.
 *
 * On i386 the entry code copies the hardware frame so that esp and ss are
 * always valid (the CPU pushes them only on a privilege change, which this
 * kernel never has): regs->esp is the interrupted stack pointer.
 */

#ifdef __x86_64__

#define PT_R15		0
#define PT_R14		8
#define PT_R13		16
#define PT_R12		24
#define PT_RBP		32
#define PT_RBX		40
#define PT_R11		48
#define PT_R10		56
#define PT_R9		64
#define PT_R8		72
#define PT_RAX		80
#define PT_RCX		88
#define PT_RDX		96
#define PT_RSI		104
#define PT_RDI		112
#define PT_TRAPNR	120
#define PT_ERROR_CODE	128
#define PT_RIP		136
#define PT_CS		144
#define PT_RFLAGS	152
#define PT_RSP		160
#define PT_SS		168
#define PT_SIZE		176

#ifndef __ASSEMBLY__
struct pt_regs {
	unsigned long r15, r14, r13, r12, rbp, rbx, r11, r10, r9, r8;
	unsigned long rax, rcx, rdx, rsi, rdi;
	unsigned long trapnr;		/* vector */
	unsigned long error_code;	/* CPU error code, 0 when it pushes none */
	unsigned long rip, cs, rflags, rsp, ss;
};

#define instruction_pointer(regs)	((regs)->rip)
#define stack_pointer(regs)		((regs)->rsp)
#define frame_pointer(regs)		((regs)->rbp)
#define regs_flags(regs)		((regs)->rflags)
#endif

#else /* i386 */

#define PT_EBX		0
#define PT_ECX		4
#define PT_EDX		8
#define PT_ESI		12
#define PT_EDI		16
#define PT_EBP		20
#define PT_EAX		24
#define PT_DS		28
#define PT_ES		32
#define PT_FS		36
#define PT_GS		40
#define PT_TRAPNR	44
#define PT_ERROR_CODE	48
#define PT_EIP		52
#define PT_CS		56
#define PT_EFLAGS	60
#define PT_ESP		64
#define PT_SS		68
#define PT_SIZE		72

#ifndef __ASSEMBLY__
struct pt_regs {
	unsigned long ebx, ecx, edx, esi, edi, ebp, eax;
	unsigned long ds, es, fs, gs;
	unsigned long trapnr;		/* vector */
	unsigned long error_code;	/* CPU error code, 0 when it pushes none */
	unsigned long eip, cs, eflags;
	unsigned long esp, ss;		/* always filled in by the entry code */
};

#define instruction_pointer(regs)	((regs)->eip)
#define stack_pointer(regs)		((regs)->esp)
#define frame_pointer(regs)		((regs)->ebp)
#define regs_flags(regs)		((regs)->eflags)
#endif

#endif

#define X86_EFLAGS_TF	0x00000100	/* single-step trap */
#define X86_EFLAGS_IF	0x00000200	/* interrupts enabled */
#define X86_EFLAGS_RF	0x00010000	/* resume: no #DB for the next insn */

#ifndef __ASSEMBLY__
#define instruction_pointer_set(regs, val)	(instruction_pointer(regs) = (val))
#endif

#endif
