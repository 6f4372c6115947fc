// SPDX-License-Identifier: MIT
/* Hex digit conversion, shared by printk and the debugger's wire format. */
#include <kernel/string.h>
#include <kernel/errno.h>

const char hex_asc[] = "0123456789abcdef";
const char hex_asc_upper[] = "0123456789ABCDEF";

int hex_to_bin(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int hex2bin(u8 *dst, const char *src, size_t count)
{
	while (count--) {
		int hi = hex_to_bin(*src++);
		int lo;

		if (hi < 0)
			return -EINVAL;
		lo = hex_to_bin(*src++);
		if (lo < 0)
			return -EINVAL;
		*dst++ = (u8)(hi << 4 | lo);
	}
	return 0;
}

char *bin2hex(char *dst, const void *src, size_t count)
{
	const u8 *s = src;

	while (count--) {
		*dst++ = hex_asc[*s >> 4];
		*dst++ = hex_asc[*s & 0xf];
		s++;
	}
	return dst;
}
