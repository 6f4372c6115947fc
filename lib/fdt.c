// SPDX-License-Identifier: MIT
/*
 * Flattened device tree reader: just enough to find nodes by path, walk a
 * node's children and read properties. The structure block is a stream of
 * big-endian tokens (BEGIN_NODE name, PROP len nameoff value, END_NODE,
 * NOP, END), each padded to 4 bytes.
 */
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <kernel/fdt.h>
#include <kernel/string.h>

#define FDT_BEGIN_NODE	1
#define FDT_END_NODE	2
#define FDT_PROP	3
#define FDT_NOP		4
#define FDT_END		9

#define HDR_TOTALSIZE	4
#define HDR_OFF_STRUCT	8
#define HDR_OFF_STRINGS	12
#define HDR_VERSION	20
#define HDR_SIZE_STRINGS 32
#define HDR_SIZE_STRUCT	36
#define HDR_LEN		40
#define FDT_MIN_VERSION	17	/* has size_dt_struct */
#define FDT_MAX_DEPTH	32

struct fdt {
	const u8 *s;		/* structure block */
	u32 s_len;
	const char *str;	/* strings block */
	u32 str_len;
};

static u32 hdr(const void *blob, int off)
{
	return fdt32_ld((const u8 *)blob + off);
}

int fdt_check(const void *blob)
{
	u32 total, off_s, len_s, off_str, len_str;

	if (!blob || hdr(blob, 0) != FDT_MAGIC || hdr(blob, HDR_VERSION) < FDT_MIN_VERSION)
		return -EINVAL;
	total = hdr(blob, HDR_TOTALSIZE);
	off_s = hdr(blob, HDR_OFF_STRUCT);
	len_s = hdr(blob, HDR_SIZE_STRUCT);
	off_str = hdr(blob, HDR_OFF_STRINGS);
	len_str = hdr(blob, HDR_SIZE_STRINGS);
	if (total < HDR_LEN || off_s > total || len_s > total - off_s || (off_s | len_s) & 3 ||
	    off_str > total || len_str > total - off_str)
		return -EINVAL;
	return 0;
}

u32 fdt_totalsize(const void *blob)
{
	return hdr(blob, HDR_TOTALSIZE);
}

static void fdt_open(const void *blob, struct fdt *f)
{
	f->s = (const u8 *)blob + hdr(blob, HDR_OFF_STRUCT);
	f->s_len = hdr(blob, HDR_SIZE_STRUCT);
	f->str = (const char *)blob + hdr(blob, HDR_OFF_STRINGS);
	f->str_len = hdr(blob, HDR_SIZE_STRINGS);
}

/* The token at @off, and in *@next the offset of the one after it; a
 * negative errno past the end or on a malformed token. */
static int next_tag(const struct fdt *f, int off, int *next)
{
	u32 tag, len;
	size_t n;

	if (off < 0 || (u32)off > f->s_len - 4 || off & 3)
		return -EINVAL;
	tag = fdt32_ld(f->s + off);
	off += 4;
	switch (tag) {
	case FDT_BEGIN_NODE:
		n = strnlen((const char *)f->s + off, f->s_len - (u32)off);
		if ((u32)off + n >= f->s_len)
			return -EINVAL;
		off += (int)ALIGN(n + 1, 4);
		break;
	case FDT_PROP:
		if ((u32)off > f->s_len - 8)
			return -EINVAL;
		len = fdt32_ld(f->s + off);
		if (len > f->s_len - (u32)off - 8)
			return -EINVAL;
		off += 8 + (int)ALIGN(len, 4);
		break;
	case FDT_END_NODE:
	case FDT_NOP:
	case FDT_END:
		break;
	default:
		return -EINVAL;
	}
	*next = off;
	return (int)tag;
}

/* The offset just past the node at @node (after its END_NODE). */
static int skip_node(const struct fdt *f, int node)
{
	int depth = 0, off = node, next, tag;

	do {
		tag = next_tag(f, off, &next);
		if (tag < 0 || tag == FDT_END)
			return -EINVAL;
		if (tag == FDT_BEGIN_NODE && ++depth > FDT_MAX_DEPTH)
			return -EINVAL;
		if (tag == FDT_END_NODE)
			depth--;
		off = next;
	} while (depth > 0);
	return off;
}

int fdt_next_subnode(const void *blob, int parent, int prev)
{
	struct fdt f;
	int off, next, tag;

	fdt_open(blob, &f);
	if (prev < 0) {
		if (next_tag(&f, parent, &off) != FDT_BEGIN_NODE)
			return -EINVAL;
	} else {
		off = skip_node(&f, prev);
	}
	for (; off >= 0; off = next) {
		tag = next_tag(&f, off, &next);
		if (tag == FDT_BEGIN_NODE)
			return off;
		if (tag != FDT_PROP && tag != FDT_NOP)
			return tag < 0 ? tag : -ENOENT;
	}
	return -EINVAL;
}

const char *fdt_node_name(const void *blob, int node)
{
	struct fdt f;
	int next;

	fdt_open(blob, &f);
	if (next_tag(&f, node, &next) != FDT_BEGIN_NODE)
		return NULL;
	return (const char *)f.s + node + 4;
}

/* "memory" matches "memory@40000000"; "cpu@1" matches only itself. */
static bool name_matches(const char *name, const char *want, size_t len)
{
	bool has_unit = false;

	for (size_t i = 0; i < len; i++)
		has_unit |= want[i] == '@';
	if (strncmp(name, want, len))
		return false;
	return name[len] == '\0' || (name[len] == '@' && !has_unit);
}

int fdt_path_offset(const void *blob, const char *path)
{
	int node = 0;

	if (*path != '/')
		return -EINVAL;
	while (*path) {
		const char *end;
		size_t len;
		int child;

		while (*path == '/')
			path++;
		if (!*path)
			break;
		for (end = path; *end && *end != '/'; end++)
			;
		len = (size_t)(end - path);
		for (child = fdt_next_subnode(blob, node, -1); child >= 0;
		     child = fdt_next_subnode(blob, node, child)) {
			if (name_matches(fdt_node_name(blob, child), path, len))
				break;
		}
		if (child < 0)
			return child;
		node = child;
		path = end;
	}
	return node;
}

const void *fdt_getprop(const void *blob, int node, const char *name, int *lenp)
{
	struct fdt f;
	int off, next, tag;

	fdt_open(blob, &f);
	if (next_tag(&f, node, &off) != FDT_BEGIN_NODE)
		return NULL;
	for (; (tag = next_tag(&f, off, &next)) == FDT_PROP || tag == FDT_NOP; off = next) {
		u32 len, nameoff;

		if (tag == FDT_NOP)
			continue;
		len = fdt32_ld(f.s + off + 4);
		nameoff = fdt32_ld(f.s + off + 8);
		if (nameoff >= f.str_len ||
		    strnlen(f.str + nameoff, f.str_len - nameoff) == f.str_len - nameoff ||
		    strcmp(f.str + nameoff, name))
			continue;
		if (lenp)
			*lenp = (int)len;
		return f.s + off + 12;
	}
	return NULL;
}

static const void *boot_blob;

void fdt_set_boot_blob(const void *blob)
{
	boot_blob = blob;
}

const void *fdt_boot_blob(void)
{
	return boot_blob;
}

static int root_cells(const void *blob, const char *name, int dflt)
{
	const void *p = fdt_getprop(blob, 0, name, NULL);

	return p ? (int)fdt32_ld(p) : dflt;
}

int fdt_memory(const void *blob, u64 *base, u64 *size)
{
	int ac = root_cells(blob, "#address-cells", 2), sc = root_cells(blob, "#size-cells", 1);
	int node = fdt_path_offset(blob, "/memory"), len;
	const void *p = node >= 0 ? fdt_getprop(blob, node, "reg", &len) : NULL;

	if (!p || ac < 1 || ac > 2 || sc < 1 || sc > 2 || len < (ac + sc) * 4)
		return -ENOENT;
	*base = fdt_read_cells(p, ac);
	*size = fdt_read_cells((const u8 *)p + ac * 4, sc);
	return 0;
}

int fdt_bootargs(const void *blob, char *buf, size_t size)
{
	int node = fdt_path_offset(blob, "/chosen"), len;
	const char *p = node >= 0 ? fdt_getprop(blob, node, "bootargs", &len) : NULL;
	size_t n;

	if (!p || len <= 0 || !size)
		return -ENOENT;
	/* The blob may lack the NUL: read no further than the property. */
	n = MIN(strnlen(p, (size_t)len), size - 1);
	memcpy(buf, p, n);
	buf[n] = '\0';
	return 0;
}
