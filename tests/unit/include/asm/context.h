/* SPDX-License-Identifier: MIT */
#ifndef _FAKE_ASM_CONTEXT_H
#define _FAKE_ASM_CONTEXT_H
struct arch_context {
	unsigned long pc, sp, fp;
};
#endif
