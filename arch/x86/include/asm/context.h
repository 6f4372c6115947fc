/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_CONTEXT_H
#define _ASM_X86_CONTEXT_H

/*
 * A switched-out task's registers, saved by arch_switch_to()
 * (arch/x86/kernel/switch_{64,32}.S). Only callee-saved registers survive a
 * call, so these are a sleeping task's real register values: pc is the
 * resume point inside arch_switch_to(), sp points at its frame (saved frame
 * pointer, then the return address into schedule()) and bp == sp, a normal
 * frame-pointer frame. A new task has pc = x86_thread_entry, bp = 0.
 */

#ifdef __x86_64__

#define CTX_RBX		0
#define CTX_RBP		8
#define CTX_R12		16
#define CTX_R13		24
#define CTX_R14		32
#define CTX_R15		40
#define CTX_RSP		48
#define CTX_RIP		56

#ifndef __ASSEMBLY__
struct arch_context {
	unsigned long rbx, rbp, r12, r13, r14, r15;
	unsigned long rsp, rip;
};
#define context_pc(ctx)	((ctx)->rip)
#define context_sp(ctx)	((ctx)->rsp)
#define context_fp(ctx)	((ctx)->rbp)
#endif

#else

#define CTX_EBX		0
#define CTX_ESI		4
#define CTX_EDI		8
#define CTX_EBP		12
#define CTX_ESP		16
#define CTX_EIP		20

#ifndef __ASSEMBLY__
struct arch_context {
	unsigned long ebx, esi, edi, ebp;
	unsigned long esp, eip;
};
#define context_pc(ctx)	((ctx)->eip)
#define context_sp(ctx)	((ctx)->esp)
#define context_fp(ctx)	((ctx)->ebp)
#endif

#endif

#endif
