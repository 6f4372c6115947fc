/* SPDX-License-Identifier: MIT */
#ifndef _FAKE_ASM_CACHEFLUSH_H
#define _FAKE_ASM_CACHEFLUSH_H
/* Counted in fake_icache_flushes. */
void flush_icache_range(unsigned long start, unsigned long end);
#endif
