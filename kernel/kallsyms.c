// SPDX-License-Identifier: MIT
/*
 * Symbol lookup over the table scripts/kallsyms.py generates at link time:
 * text symbols sorted by address, with sizes and names.
 */
#include <kernel/kallsyms.h>
#include <kernel/string.h>

extern const unsigned int kallsyms_num;
extern const unsigned long kallsyms_addrs[];
extern const u32 kallsyms_sizes[];
extern const u32 kallsyms_offsets[];
extern const char kallsyms_names[];

const char *kallsyms_lookup(uintptr_t addr, uintptr_t *offset, uintptr_t *size)
{
	unsigned int lo = 0, hi = kallsyms_num, i;

	/* The last symbol starting at or below @addr. */
	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (kallsyms_addrs[mid] <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	i = lo - 1;
	/* Of several symbols at one address, prefer one with a size. */
	while (i > 0 && kallsyms_addrs[i - 1] == kallsyms_addrs[i] && !kallsyms_sizes[i])
		i--;
	if (addr - kallsyms_addrs[i] >= kallsyms_sizes[i] && addr != kallsyms_addrs[i])
		return NULL;
	if (offset)
		*offset = addr - kallsyms_addrs[i];
	if (size)
		*size = kallsyms_sizes[i];
	return kallsyms_names + kallsyms_offsets[i];
}

void sprint_symbol(char *buf, size_t len, uintptr_t addr, bool return_addr)
{
	uintptr_t off, size;
	const char *name = kallsyms_lookup(return_addr ? addr - 1 : addr, &off, &size);

	if (!name)
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "%s+0x%lx/0x%lx", name,
			 (unsigned long)(return_addr ? off + 1 : off), (unsigned long)size);
}

uintptr_t kallsyms_lookup_name(const char *name)
{
	for (unsigned int i = 0; i < kallsyms_num; i++)
		if (!strcmp(kallsyms_names + kallsyms_offsets[i], name))
			return kallsyms_addrs[i];
	return 0;
}

const char *kallsyms_next_prefixed(const char *prefix, size_t len, unsigned int *pos)
{
	const char *name;

	while (*pos < kallsyms_num) {
		name = kallsyms_names + kallsyms_offsets[(*pos)++];
		if (!strncmp(name, prefix, len))
			return name;
	}
	return NULL;
}
