// SPDX-License-Identifier: MIT
/*
 * Fault-safe kernel memory copies. The copy is a single "rep movs" with an
 * exception-table entry: if it faults (page not present, a write to a
 * read-only page, a non-canonical address), the fault handler resumes after
 * it with the count register still holding the units left, and we return
 * -EFAULT. No state is left behind, so this works in any context.
 *
 * The unit is the widest that both addresses and the length are aligned
 * to, so that an aligned word is read and written whole: a device
 * register (the LAPIC's, say) ignores byte accesses, and gdb's `x/wx` or
 * `set {int}` on it would otherwise read zero or do nothing.
 */
#include <kernel/errno.h>
#include <kernel/nofault.h>
#include <asm/extable.h>

#define COPY_NOFAULT(insn)						\
	__asm__ __volatile__("1:\t" insn "\n"				\
			     "2:\n\t"					\
			     _ASM_EXTABLE(1b, 2b)			\
			     : "+D"(dst), "+S"(src), "+c"(n) : : "memory")

/* Returns the number of bytes not copied. */
static size_t copy_nofault(void *dst, const void *src, size_t len)
{
	unsigned long align = (unsigned long)dst | (unsigned long)src | len;
	size_t n;

#ifdef __x86_64__
	if (!(align & 7)) {
		n = len / 8;
		COPY_NOFAULT("rep movsq");
		return n * 8;
	}
#endif
	if (!(align & 3)) {
		n = len / 4;
		COPY_NOFAULT("rep movsl");
		return n * 4;
	}
	n = len;
	COPY_NOFAULT("rep movsb");
	return n;
}

long copy_from_kernel_nofault(void *dst, const void *src, size_t len)
{
	return copy_nofault(dst, src, len) ? -EFAULT : 0;
}

long copy_to_kernel_nofault(void *dst, const void *src, size_t len)
{
	return copy_nofault(dst, src, len) ? -EFAULT : 0;
}
