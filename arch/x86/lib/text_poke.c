// SPDX-License-Identifier: MIT
/*
 * Writing to kernel text: with interrupts off, CR0.WP is cleared so the
 * CPU ignores the read-only bit for this kernel-mode write, the bytes are
 * copied with the fault-safe copy (an unmapped address still faults and
 * gives -EFAULT), WP is restored, and a serialising instruction drops any
 * stale prefetched instructions.
 */
#include <kernel/errno.h>
#include <kernel/irq.h>
#include <kernel/nofault.h>
#include <asm/processor.h>

long text_poke(void *addr, const void *src, size_t len)
{
	unsigned long flags, cr0;
	long ret;

	local_irq_save(flags);
	cr0 = read_cr0();
	write_cr0(cr0 & ~X86_CR0_WP);
	ret = copy_to_kernel_nofault(addr, src, len);
	write_cr0(cr0);
	sync_core();
	local_irq_restore(flags);
	return ret;
}
