/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_BUG_H
#define _ASM_X86_BUG_H

/* BUG() is a ud2; the #UD handler (traps.c) tells it from any other #UD (SIGILL). */
#define ARCH_BUG_INSN	"ud2"

#include <asm-generic/bug.h>

#endif
