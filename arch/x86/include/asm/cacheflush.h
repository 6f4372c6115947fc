/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_CACHEFLUSH_H
#define _ASM_X86_CACHEFLUSH_H

/* Instruction fetch sees stores on x86: nothing to sync after patching text. */
static inline void flush_icache_range(unsigned long start, unsigned long end)
{
}

#endif
