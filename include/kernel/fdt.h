/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_FDT_H
#define _KERNEL_FDT_H

#include <kernel/types.h>

/*
 * A read-only flattened device tree (DTB) reader (lib/fdt.c). Nodes are
 * named by their offset in the structure block (>= 0); negative values are
 * errors. Every offset and length read from the blob is bounds-checked, so
 * a corrupt blob gives errors, never a stray access beyond totalsize.
 */
#define FDT_MAGIC	0xd00dfeedU

/* 0 when @blob looks like a device tree (magic, version, sizes). */
int fdt_check(const void *blob);
/* Its total size in bytes (valid after fdt_check()). */
u32 fdt_totalsize(const void *blob);
/* The node at @path ("/", "/chosen", "/memory"; a component without '@'
 * also matches "name@unit"), or -ENOENT. */
int fdt_path_offset(const void *blob, const char *path);
/* The first (@prev < 0) or next child of @parent, or -ENOENT. */
int fdt_next_subnode(const void *blob, int parent, int prev);
/* A node's name ("cpu@1"), or NULL. */
const char *fdt_node_name(const void *blob, int node);
/* A property's value and length, or NULL. */
const void *fdt_getprop(const void *blob, int node, const char *name, int *len);

/* /memory's first range (the root's cell sizes); -ENOENT without one. */
int fdt_memory(const void *blob, u64 *base, u64 *size);
/* /chosen's bootargs into @buf, cut to @size bytes; -ENOENT without them. */
int fdt_bootargs(const void *blob, char *buf, size_t size);

/*
 * The blob the boot loader passed, for drivers that look devices up after
 * boot (virtio-mmio). The arch sets it once it has checked the blob, and
 * keeps the blob's memory out of the heap.
 */
void fdt_set_boot_blob(const void *blob);
/* NULL when the arch has none. */
const void *fdt_boot_blob(void);

/* Big-endian cells as the blob stores them. */
static inline u32 fdt32_ld(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] << 24 | (u32)b[1] << 16 | (u32)b[2] << 8 | b[3];
}

/* Read @cells (1 or 2) cells at @p as one number. */
static inline u64 fdt_read_cells(const void *p, int cells)
{
	return cells == 2 ? (u64)fdt32_ld(p) << 32 | fdt32_ld((const u8 *)p + 4) : fdt32_ld(p);
}

#endif
