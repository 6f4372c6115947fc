/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_BUG_H
#define _ASM_MIPS_BUG_H

#include <kernel/compiler.h>

/*
 * Conditional traps carry a 10-bit code (bits 15:6 of the instruction),
 * which the trap handler (traps.c) reads back: gcc's divide-by-zero check
 * uses "teq divisor, $0, 7"; BUG() is "teq $0, $0, 512", always taken.
 */
#define MIPS_TRAP_DIVZERO	7
#define MIPS_TRAP_BUG		512

#define MIPS_TRAP_CODE(insn)	(((insn) >> 6) & 0x3ff)

/* "%0" already prints an address or a number bare on MIPS. */
#define __BUG_CONST	""

#define ARCH_BUG_INSN	"teq $0, $0, " __stringify(MIPS_TRAP_BUG)

#include <asm-generic/bug.h>

#endif
