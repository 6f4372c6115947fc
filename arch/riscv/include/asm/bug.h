/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_BUG_H
#define _ASM_RISCV_BUG_H

#include <kernel/compiler.h>

/*
 * BUG() is the 32-bit ebreak, the debugger's breakpoint the 16-bit
 * c.ebreak (<asm/kgdb.h>): the breakpoint handler (traps.c) tells them
 * apart by their encoding.
 */
#define RISCV_EBREAK	0x00100073
/* "%0" prints an address or a number bare; riscv has no "%c". */
#define __BUG_CONST	""
#define ARCH_BUG_INSN	".4byte " __stringify(RISCV_EBREAK)

#include <asm-generic/bug.h>

#endif
