/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_CACHEFLUSH_H
#define _ASM_ARM_CACHEFLUSH_H

/*
 * Make instructions written at [start, end) visible to instruction fetch
 * on every CPU (arch/arm/lib/cache.c): clean the data cache lines to the
 * point of unification, then invalidate the (inner shareable)
 * instruction caches and branch predictors. Linux's name.
 */
void flush_icache_range(unsigned long start, unsigned long end);

#endif
