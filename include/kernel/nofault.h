/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_NOFAULT_H
#define _KERNEL_NOFAULT_H

#include <kernel/types.h>

/*
 * Copy kernel memory without faulting: an unmapped (or, for writes,
 * read-only) address makes these return -EFAULT instead of oopsing. They are
 * backed by exception-table fixups in the arch fault handler, so they are
 * safe in any context, with interrupts off, inside the debugger.
 */
long copy_from_kernel_nofault(void *dst, const void *src, size_t len);
long copy_to_kernel_nofault(void *dst, const void *src, size_t len);

/*
 * Write @len bytes to kernel text (or other read-only kernel memory) at
 * @addr, making the change visible to instruction fetch on this CPU. Safe
 * with interrupts off and the other CPUs stopped. Returns 0 or -EFAULT.
 */
long text_poke(void *addr, const void *src, size_t len);

#endif
