/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_CACHEFLUSH_H
#define _ASM_MIPS_CACHEFLUSH_H

/*
 * Make instructions written at [start, end) (KSEG0) visible to
 * instruction fetch on this CPU (arch/mips/lib/cache.S): synci over each
 * line, sync, and an instruction hazard barrier on return. Linux's name.
 */
void flush_icache_range(unsigned long start, unsigned long end);

#endif
