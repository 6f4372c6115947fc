// SPDX-License-Identifier: MIT
/* Cache maintenance after writing instructions (see <asm/cacheflush.h>). */
#include <kernel/types.h>
#include <asm/cacheflush.h>

/* The smallest cache line of a Cortex-A15 or A7 (CTR.DminLine says 64;
 * 32 is safe for either). */
#define CACHE_LINE	32

void flush_icache_range(unsigned long start, unsigned long end)
{
	for (uintptr_t a = start & ~(uintptr_t)(CACHE_LINE - 1); a < end; a += CACHE_LINE)
		__asm__ __volatile__("mcr p15, 0, %0, c7, c11, 1" : : "r"(a));	/* DCCMVAU */
	__asm__ __volatile__("dsb ish\n\t"
			     "mcr p15, 0, %0, c7, c1, 0\n\t"	/* ICIALLUIS */
			     "mcr p15, 0, %0, c7, c1, 6\n\t"	/* BPIALLIS */
			     "dsb ish\n\tisb" : : "r"(0) : "memory");
}
