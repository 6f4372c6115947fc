/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_BUG_H
#define _ASM_ARM_BUG_H

#include <kernel/compiler.h>

/*
 * Each permanently undefined instruction (UDF) this kernel plants has its
 * own immediate; the undefined-instruction handler (traps.c) tells them
 * apart.
 */
#define ARM_BUG_INSN	0xe7f0b0f6	/* udf #0xb06: BUG() */
#define ARM_DIV0_INSN	0xe7f0d0f0	/* udf #0xd00: integer divide by zero */

#define ARCH_BUG_INSN	".inst " __stringify(ARM_BUG_INSN)

#include <asm-generic/bug.h>

#endif
