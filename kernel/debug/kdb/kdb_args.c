// SPDX-License-Identifier: MIT
/*
 * kdb's arguments as Linux's kdb takes them: numbers in whichever base
 * they look like, addresses that may be symbols with an offset, and
 * addresses printed with the symbol they fall in.
 */

#include <kernel/errno.h>
#include <kernel/kallsyms.h>
#include <kernel/string.h>
#include "kdb.h"

/* All of @s in @base: -EINVAL for no digits, a foreign character or a value past ULONG_MAX. */
static int parse_digits(const char *s, unsigned int base, unsigned long *v)
{
	unsigned long n = 0;
	int d;

	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		d = hex_to_bin(*s);
		if (d < 0 || (unsigned int)d >= base || n > (~0UL - (unsigned int)d) / base)
			return -EINVAL;
		n = n * base + (unsigned int)d;
	}
	*v = n;
	return 0;
}

int kdb_parse_ulong(const char *s, unsigned long *v)
{
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return parse_digits(s + 2, 16, v);
	if (!parse_digits(s, s[0] == '0' ? 8 : 10, v))
		return 0;
	/* For those who leave out the 0x, as Linux's kdb allows. */
	return parse_digits(s, 16, v);
}

int kdb_parse_addr(const char *s, uintptr_t *addr)
{
	char base[KSYM_SYMBOL_LEN];
	unsigned long n, off = 0;
	uintptr_t a = 0;
	size_t len = 0;

	while (s[len] && s[len] != '+' && s[len] != '-')
		len++;
	if (!len || len >= sizeof(base))
		return -EINVAL;
	memcpy(base, s, len);
	base[len] = '\0';
	/*
	 * No symbol starts with a digit; one that could be bare hex ("add")
	 * is the symbol, as in Linux's kdb.
	 */
	if (base[0] < '0' || base[0] > '9')
		a = kallsyms_lookup_name(base);
	if (!a) {
		if (kdb_parse_ulong(base, &n))
			return -EINVAL;
		a = n;
	}
	if (s[len] && kdb_parse_ulong(s + len + 1, &off))
		return -EINVAL;
	if (s[len] == '-' ? off > a : a + off < a)
		return -EINVAL;
	*addr = s[len] == '-' ? a - off : a + off;
	return 0;
}

void kdb_print_symbol(struct printer *out, uintptr_t addr)
{
	uintptr_t off;
	const char *name = kallsyms_lookup(addr, &off, NULL);

	if (name && off)
		pprintf(out, " (%s+0x%lx)", name, (unsigned long)off);
	else if (name)
		pprintf(out, " (%s)", name);
}
