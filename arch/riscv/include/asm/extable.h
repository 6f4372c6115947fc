/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_EXTABLE_H
#define _ASM_RISCV_EXTABLE_H

/* The fixups are for load, store and page faults (the nofault copies). */
#include <asm-generic/extable.h>

#endif
