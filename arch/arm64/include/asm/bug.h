/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_BUG_H
#define _ASM_ARM64_BUG_H

#include <kernel/compiler.h>

/*
 * BUG() is a brk with its own immediate (Linux's BUG_BRK_IMM); the
 * debugger's breakpoint is brk #0 (<asm/kgdb.h>). The exception syndrome
 * carries the immediate, so the trap handler (traps.c) tells them apart
 * without reading the instruction.
 */
#define ARM64_BUG_IMM	0x800

#define ARCH_BUG_INSN	"brk #" __stringify(ARM64_BUG_IMM)

#include <asm-generic/bug.h>

#endif
