/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_INSN_H
#define _ASM_X86_INSN_H

/*
 * The x86 instruction length decoder (arch/x86/lib/insn.c), for running an
 * instruction at another address: the debugger's out-of-line execution
 * copies a breakpoint's instruction to a slot, followed by a jmp back.
 */

#include <kernel/types.h>

/* What running an instruction at another address needs to know of it. */
struct x86_insn {
	u8 len;		/* bytes, 1..15 */
	s8 rip_disp;	/* offset in the instruction of its RIP-relative disp32; -1: none */
};

/*
 * Decode the instruction at @p (@avail bytes of it readable; at most 15
 * are looked at), in 64-bit mode if @long_mode, else 32-bit protected
 * mode. 0, *@insn filled in, when it may run at another address: it
 * neither transfers control nor reads the instruction pointer, save for
 * a RIP-relative operand, whose disp32 the caller rebases by the distance
 * it moves (the instruction keeps its length, so its end moves as much).
 * -EINVAL otherwise (it does not know it, or it may not move).
 */
int x86_insn_decode(const u8 *p, size_t avail, bool long_mode, struct x86_insn *insn);

#endif
