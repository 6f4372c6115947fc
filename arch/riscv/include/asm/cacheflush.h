/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_CACHEFLUSH_H
#define _ASM_RISCV_CACHEFLUSH_H

/*
 * Make instructions written at [start, end) visible to instruction fetch
 * on every CPU (arch/riscv/lib/cache.c): fence.i here, and on the other
 * harts through the SBI's remote fence.i. Linux's name.
 */
void flush_icache_range(unsigned long start, unsigned long end);

#endif
