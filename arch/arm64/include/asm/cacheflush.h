/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_CACHEFLUSH_H
#define _ASM_ARM64_CACHEFLUSH_H

/*
 * Make instructions written at [start, end) visible to instruction fetch
 * on every CPU (arch/arm64/lib/cache.c): clean the data cache lines to the
 * point of unification, then invalidate the instruction cache lines
 * (inner shareable). Linux's name.
 */
void flush_icache_range(unsigned long start, unsigned long end);

#endif
