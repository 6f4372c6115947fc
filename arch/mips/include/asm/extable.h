/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_EXTABLE_H
#define _ASM_MIPS_EXTABLE_H

/*
 * The fixups are for TLB, address and bus error exceptions of the nofault
 * copies (arch/mips/lib/nofault_copy.S), whose loads and stores are never
 * in a branch delay slot, so EPC is the faulting instruction.
 */
#include <asm-generic/extable.h>

#endif
