// SPDX-License-Identifier: MIT
/* Instruction cache maintenance after writing instructions (see <asm/cacheflush.h>). */
#include <kernel/types.h>
#include <asm/cacheflush.h>

/* The smallest cache line CTR_EL0 may report for either cache. */
#define CACHE_LINE	64

void flush_icache_range(unsigned long start, unsigned long end)
{
	unsigned long a;

	for (a = start & ~(CACHE_LINE - 1UL); a < end; a += CACHE_LINE)
		__asm__ __volatile__("dc cvau, %0" : : "r"(a) : "memory");
	__asm__ __volatile__("dsb ish" : : : "memory");
	for (a = start & ~(CACHE_LINE - 1UL); a < end; a += CACHE_LINE)
		__asm__ __volatile__("ic ivau, %0" : : "r"(a) : "memory");
	__asm__ __volatile__("dsb ish\n\tisb" : : : "memory");
}
