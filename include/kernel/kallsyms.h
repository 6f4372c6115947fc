/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_KALLSYMS_H
#define _KERNEL_KALLSYMS_H

#include <kernel/types.h>

/*
 * The symbol table built at link time (scripts/kallsyms.py). Returns the
 * name of the function containing @addr and its offset/size, or NULL.
 */
const char *kallsyms_lookup(uintptr_t addr, uintptr_t *offset, uintptr_t *size);
/*
 * Write "name+0xoff/0xsize" for @addr into @buf ("?" when no symbol holds
 * it), as oops reports print code addresses. With @return_addr, @addr is a
 * return address: it is looked up one byte earlier, because a call that
 * ends a function returns past that function's end.
 */
void sprint_symbol(char *buf, size_t len, uintptr_t addr, bool return_addr);
#define KSYM_SYMBOL_LEN	128

/* Address of a symbol by name, or 0. */
uintptr_t kallsyms_lookup_name(const char *name);

/*
 * The names that start with @prefix (@len bytes), one a call: the next
 * at or after table index *@pos (start at 0), or NULL past the last.
 */
const char *kallsyms_next_prefixed(const char *prefix, size_t len, unsigned int *pos);

#endif
