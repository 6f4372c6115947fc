// SPDX-License-Identifier: MIT
/*
 * kmalloc: first fit over one free list, kept sorted by address so that
 * kfree() merges neighbours. Every block starts with a header holding its
 * size and a magic word that catches double and wild frees.
 */
#include <kernel/slab.h>
#include <kernel/compiler.h>
#include <kernel/printk.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>

#define KMALLOC_ALIGN	16
#define MAGIC_USED	0x5a5a1234UL
#define MAGIC_FREE	0xf4eef4eeUL

struct block {
	size_t size;		/* whole block, header included */
	unsigned long magic;
	struct block *next;	/* free list; overlaps user data when used */
};

#define HDR_SIZE	ALIGN(offsetof(struct block, next), (size_t)KMALLOC_ALIGN)
#define MIN_BLOCK	ALIGN(sizeof(struct block), (size_t)KMALLOC_ALIGN)

static struct block *free_list;
static DEFINE_SPINLOCK(slab_lock);

void kmalloc_init(uintptr_t start, uintptr_t end)
{
	struct block *b;

	start = ALIGN(start, (uintptr_t)KMALLOC_ALIGN);
	end &= ~(uintptr_t)(KMALLOC_ALIGN - 1);
	if (end <= start || end - start < MIN_BLOCK) {
		pr_err("kmalloc: no heap\n");
		return;
	}
	b = (struct block *)start;
	b->size = end - start;
	b->magic = MAGIC_FREE;
	b->next = NULL;
	free_list = b;
	pr_info("kmalloc: %lu KiB heap at %#lx\n", (unsigned long)(end - start) / 1024,
		(unsigned long)start);
}

void *kmalloc(size_t size)
{
	struct block **pp, *b;
	unsigned long flags;
	size_t need;

	if (size == 0 || size > ((size_t)-1) / 2)
		return NULL;
	need = ALIGN(size + HDR_SIZE, (size_t)KMALLOC_ALIGN);
	if (need < MIN_BLOCK)
		need = MIN_BLOCK;

	spin_lock_irqsave(&slab_lock, flags);
	for (pp = &free_list; (b = *pp); pp = &b->next) {
		if (b->size < need)
			continue;
		if (b->size - need >= MIN_BLOCK) {
			/* Split: the tail stays free. */
			struct block *rest = (struct block *)((char *)b + need);

			rest->size = b->size - need;
			rest->magic = MAGIC_FREE;
			rest->next = b->next;
			*pp = rest;
			b->size = need;
		} else {
			*pp = b->next;
		}
		b->magic = MAGIC_USED;
		spin_unlock_irqrestore(&slab_lock, flags);
		return (char *)b + HDR_SIZE;
	}
	spin_unlock_irqrestore(&slab_lock, flags);
	return NULL;
}

void *kzalloc(size_t size)
{
	void *p = kmalloc(size);

	if (p)
		memset(p, 0, size);
	return p;
}

void kfree(void *p)
{
	struct block *b, **pp, *prev = NULL;
	unsigned long flags;

	if (!p)
		return;
	b = (struct block *)((char *)p - HDR_SIZE);
	spin_lock_irqsave(&slab_lock, flags);
	if (b->magic != MAGIC_USED) {
		spin_unlock_irqrestore(&slab_lock, flags);
		pr_err("kfree: bad or double free of %p\n", p);
		return;
	}
	b->magic = MAGIC_FREE;
	for (pp = &free_list; *pp && *pp < b; pp = &(*pp)->next)
		prev = *pp;
	b->next = *pp;
	*pp = b;
	if (b->next && (char *)b + b->size == (char *)b->next) {
		b->size += b->next->size;
		b->next = b->next->next;
	}
	if (prev && (char *)prev + prev->size == (char *)b) {
		prev->size += b->size;
		prev->next = b->next;
	}
	spin_unlock_irqrestore(&slab_lock, flags);
}
