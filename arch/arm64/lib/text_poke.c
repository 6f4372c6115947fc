// SPDX-License-Identifier: MIT
/*
 * Writing to kernel text: the text is mapped read-only, so the write goes
 * through the writable alias of RAM (mm/mmu.c) with the fault-safe copy,
 * and the new bytes are then made visible to instruction fetch on every
 * CPU. An address outside RAM is written where it is (and faults if it
 * is not writable).
 */
#include <kernel/errno.h>
#include <kernel/nofault.h>
#include <asm/cacheflush.h>
#include <asm/setup.h>

long text_poke(void *addr, const void *src, size_t len)
{
	void *alias = arm64_writable_alias(addr, len);
	long ret;

	ret = copy_to_kernel_nofault(alias ? alias : addr, src, len);
	if (!ret)
		flush_icache_range((unsigned long)addr, (unsigned long)addr + len);
	return ret;
}
