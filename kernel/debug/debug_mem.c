// SPDX-License-Identifier: MIT
/*
 * Fault-safe access to the target's memory: what gdb reads and writes,
 * breakpoints and out-of-line slots are planted with, and conditions read.
 *
 * __noinline marks a helper that several callers would otherwise each
 * carry a copy of: bytes the debugger's footprint keeps (make bench).
 */

#include <kernel/nofault.h>
#include <asm/cacheflush.h>
#include "debug_internal.h"

long kgdb_mem_read(void *dst, uintptr_t addr, size_t len)
{
	return copy_from_kernel_nofault(dst, (const void *)addr, len);
}

/* Writable data directly; read-only text through text_poke(). */
__noinline long kgdb_mem_write(uintptr_t addr, const void *src, size_t len)
{
	long err = copy_to_kernel_nofault((void *)addr, src, len);

	if (err)
		err = text_poke((void *)addr, src, len);
	if (!err)
		flush_icache_range(addr, addr + len);
	return err;
}
