// SPDX-License-Identifier: MIT
/*
 * Writing to kernel text where it is writable as it is (CONFIG_WRITABLE_TEXT:
 * MIPS KSEG0, the e500's TLB1 pages): the fault-safe copy (an address the
 * kernel cannot write still gives -EFAULT), then the arch's instruction
 * cache sync, flush_icache_range() from <asm/cacheflush.h>.
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
