/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_EXTABLE_H
#define _ASM_X86_EXTABLE_H

#include <asm-generic/extable.h>

#endif
