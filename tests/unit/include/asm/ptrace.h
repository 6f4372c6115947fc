/* SPDX-License-Identifier: MIT */
#ifndef _FAKE_ASM_PTRACE_H
#define _FAKE_ASM_PTRACE_H
#include <kernel/types.h>
/* The fake CPU's trap frame (tests/unit/fake.h says what the fields are for). */
struct pt_regs {
	u64 r[8];
	u64 pc, sp, fp;
	u32 flags;
	u64 mode;
};
#define instruction_pointer(regs)		((regs)->pc)
#define instruction_pointer_set(regs, val)	((regs)->pc = (val))
#endif
