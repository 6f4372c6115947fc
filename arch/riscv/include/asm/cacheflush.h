/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_CACHEFLUSH_H
#define _ASM_RISCV_CACHEFLUSH_H

/*
 * Make instructions written at [start, end) visible to instruction fetch
 * (arch/riscv/lib/cache.c): fence.i on this hart; the debugger's other
 * CPUs, held meanwhile, fence as they resume. Linux's name.
 */
void flush_icache_range(unsigned long start, unsigned long end);

#endif
