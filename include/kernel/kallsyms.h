/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_KALLSYMS_H
#define _KERNEL_KALLSYMS_H

#include <kernel/types.h>

/*
 * The symbol table built at link time (scripts/kallsyms.py). Returns the
 * name of the function containing @addr and its offset/size, or NULL.
 */
const char *kallsyms_lookup(uintptr_t addr, uintptr_t *offset, uintptr_t *size);
/* Address of a symbol by name, or 0. */
uintptr_t kallsyms_lookup_name(const char *name);

#endif
