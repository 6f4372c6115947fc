// SPDX-License-Identifier: MIT
/*
 * Writing to kernel text: text and rodata are mapped read-only, so the
 * write goes through the writable alias of RAM at RISCV_TEXT_ALIAS (the
 * fault-safe copy: an address outside RAM still gives -EFAULT), then the
 * new bytes are made visible to instruction fetch on every hart.
 */
#include <kernel/errno.h>
#include <kernel/nofault.h>
#include <asm-generic/sections.h>
#include <asm/cacheflush.h>
#include <asm/setup.h>

long text_poke(void *addr, const void *src, size_t len)
{
	uintptr_t a = (uintptr_t)addr;
	long ret;

	if (a >= (uintptr_t)_stext && a + len <= (uintptr_t)__end_rodata && a + len > a)
		ret = copy_to_kernel_nofault((void *)(a - VIRT_RAM + RISCV_TEXT_ALIAS), src, len);
	else
		ret = copy_to_kernel_nofault(addr, src, len);
	if (!ret)
		flush_icache_range(a, a + len);
	return ret;
}
