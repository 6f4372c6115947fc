/* SPDX-License-Identifier: MIT */
#ifndef _ASM_EXTABLE_H
#define _ASM_EXTABLE_H

/* The fake kernel's table has one entry: FAKE_EXTABLE_ADDR (fake.h). */
#include <asm-generic/extable.h>

#endif
