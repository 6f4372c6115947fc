// SPDX-License-Identifier: MIT
/*
 * Fault-safe kernel memory copies. The copy is a single "rep movsb" with
 * an exception-table entry: if it faults (page not present, a write to a
 * read-only page, a non-canonical address), the fault handler resumes after
 * it with the count register still holding the bytes left, and we return
 * -EFAULT. No state is left behind, so this works in any context.
 */
#include <kernel/errno.h>
#include <kernel/nofault.h>
#include <asm/extable.h>

/* Returns the number of bytes not copied. */
static size_t copy_nofault(void *dst, const void *src, size_t len)
{
	__asm__ __volatile__("1:\trep movsb\n"
			     "2:\n\t"
			     _ASM_EXTABLE(1b, 2b)
			     : "+D"(dst), "+S"(src), "+c"(len) : : "memory");
	return len;
}

long copy_from_kernel_nofault(void *dst, const void *src, size_t len)
{
	return copy_nofault(dst, src, len) ? -EFAULT : 0;
}

long copy_to_kernel_nofault(void *dst, const void *src, size_t len)
{
	return copy_nofault(dst, src, len) ? -EFAULT : 0;
}
