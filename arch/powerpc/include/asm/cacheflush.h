/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_CACHEFLUSH_H
#define _ASM_POWERPC_CACHEFLUSH_H

/*
 * Make instructions written at [start, end) visible to instruction fetch
 * on this CPU (arch/powerpc/lib/cache.S): dcbst over each data cache line,
 * sync, icbi over each instruction cache line, sync, isync. Linux's name.
 */
void flush_icache_range(unsigned long start, unsigned long end);

#endif
