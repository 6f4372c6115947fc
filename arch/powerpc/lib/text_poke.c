// SPDX-License-Identifier: MIT
/*
 * Writing to kernel text: the kernel's TLB1 pages are writable (mm/tlb.c),
 * so the write is the fault-safe copy (an unmapped address still gives
 * -EFAULT), followed by the instruction cache sync.
 */
#include <kernel/errno.h>
#include <kernel/irq.h>
#include <kernel/nofault.h>
#include <asm/cacheflush.h>

long text_poke(void *addr, const void *src, size_t len)
{
	unsigned long flags;
	long ret;

	local_irq_save(flags);
	ret = copy_to_kernel_nofault(addr, src, len);
	if (!ret)
		flush_icache_range((uintptr_t)addr, (uintptr_t)addr + len);
	local_irq_restore(flags);
	return ret;
}
