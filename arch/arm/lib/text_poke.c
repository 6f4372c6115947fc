// SPDX-License-Identifier: MIT
/*
 * Writing to kernel text: with interrupts off, domain 0 becomes a manager
 * domain, so the MMU ignores the read-only bit for this write (an unmapped
 * address still faults and gives -EFAULT); the write goes through the
 * fault-safe copy, the domain goes back to client, and the new bytes are
 * made visible to instruction fetch on every CPU.
 */
#include <kernel/errno.h>
#include <kernel/irq.h>
#include <kernel/nofault.h>
#include <asm/cacheflush.h>
#include <asm/processor.h>

long text_poke(void *addr, const void *src, size_t len)
{
	unsigned long flags;
	long ret;

	local_irq_save(flags);
	cp15_write(CP15_DACR, DACR_MANAGER);
	isb();
	ret = copy_to_kernel_nofault(addr, src, len);
	cp15_write(CP15_DACR, DACR_CLIENT);
	isb();
	if (!ret)
		flush_icache_range((unsigned long)addr, (unsigned long)addr + len);
	local_irq_restore(flags);
	return ret;
}
