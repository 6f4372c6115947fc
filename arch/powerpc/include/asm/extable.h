/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_EXTABLE_H
#define _ASM_POWERPC_EXTABLE_H

/*
 * The fixups are for the data TLB miss and data storage interrupts of the
 * nofault copies (arch/powerpc/lib/nofault_copy.S): SRR0 is the faulting
 * load or store.
 */
#include <asm-generic/extable.h>

#endif
