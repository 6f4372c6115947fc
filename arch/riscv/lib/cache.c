// SPDX-License-Identifier: MIT
/* Instruction fetch after writing instructions (see <asm/cacheflush.h>). */
#include <kernel/types.h>
#include <asm/cacheflush.h>
#include <asm/sbi.h>

#define ALL_HARTS	(~0UL)	/* an SBI hart_mask_base meaning every hart */

void flush_icache_range(unsigned long start, unsigned long end)
{
	__asm__ __volatile__("fence.i" : : : "memory");
	sbi_remote_fence_i(0, ALL_HARTS);
}
