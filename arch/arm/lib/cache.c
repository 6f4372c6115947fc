// SPDX-License-Identifier: MIT
/* Cache maintenance after writing instructions (see <asm/processor.h>). */
#include <kernel/types.h>
#include <asm/processor.h>

/* The smallest cache line of a Cortex-A15 or A7 (CTR.DminLine says 64;
 * 32 is safe for either). */
#define CACHE_LINE	32

void arm_sync_icache(uintptr_t addr, size_t len)
{
	uintptr_t end = addr + len;

	for (uintptr_t a = addr & ~(uintptr_t)(CACHE_LINE - 1); a < end; a += CACHE_LINE)
		__asm__ __volatile__("mcr p15, 0, %0, c7, c11, 1" : : "r"(a));	/* DCCMVAU */
	__asm__ __volatile__("dsb ish\n\t"
			     "mcr p15, 0, %0, c7, c1, 0\n\t"	/* ICIALLUIS */
			     "mcr p15, 0, %0, c7, c1, 6\n\t"	/* BPIALLIS */
			     "dsb ish\n\tisb" : : "r"(0) : "memory");
}
