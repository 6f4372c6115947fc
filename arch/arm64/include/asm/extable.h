/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_EXTABLE_H
#define _ASM_ARM64_EXTABLE_H

/* The fixups are for data aborts (the nofault copy). */
#include <asm-generic/extable.h>

#endif
