/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_BUG_H
#define _ASM_POWERPC_BUG_H

#include <kernel/compiler.h>

/*
 * Both trap instructions raise a program interrupt with ESR[PTR]; the
 * handler (traps.c) tells them apart by the instruction word: the
 * debugger's breakpoint is "trap" (tw 31,0,0); BUG() is "twi 31,0,0",
 * looked up in the bug table, as Linux does.
 */
#define PPC_INSN_TRAP		0x7fe00008U	/* trap: the debugger's breakpoint */
#define PPC_INSN_BUG		0x0fe00000U	/* twi 31,0,0: BUG() */

#define ARCH_BUG_INSN	"twi 31, 0, 0"

#include <asm-generic/bug.h>

#endif
