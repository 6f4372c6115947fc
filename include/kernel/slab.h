/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_SLAB_H
#define _KERNEL_SLAB_H

#include <kernel/types.h>

void *kmalloc(size_t size);
void *kzalloc(size_t size);
void kfree(void *p);
void kmalloc_init(uintptr_t start, uintptr_t end);

#endif
