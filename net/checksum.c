// SPDX-License-Identifier: MIT
/*
 * The Internet checksum for IPv4 and UDP headers, summed byte by byte so
 * that it is the same on big- and little-endian CPUs and needs no
 * alignment (a frame's headers sit at any offset in the buffer).
 */
#include <kernel/byteorder.h>
#include "netpoll_internal.h"

/* Fold the carries back in until 16 bits are left (end-around carry). */
static u32 fold16(u32 sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum;
}

u32 csum_add(u32 sum, const void *data, size_t len)
{
	const u8 *p = data;

	/* Folded every 32K words, so 32 bits never overflow. */
	while (len >= 2) {
		size_t n = MIN(len / 2, (size_t)32768);

		len -= n * 2;
		while (n--) {
			sum += get_be16(p);
			p += 2;
		}
		sum = fold16(sum);
	}
	if (len)
		sum += (u32)p[0] << 8;
	return fold16(sum);
}

u16 csum_fold(u32 sum)
{
	return (u16)~fold16(sum);
}

u32 csum_pseudo(u32 src, u32 dst, u8 proto, u16 len)
{
	u32 sum = (src >> 16) + (src & 0xffff) + (dst >> 16) + (dst & 0xffff);

	return fold16(sum + proto + len);
}
