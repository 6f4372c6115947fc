/* SPDX-License-Identifier: MIT */
/* Conversions between the CPU's byte order and a fixed one (network, device). */
#ifndef _KERNEL_BYTEORDER_H
#define _KERNEL_BYTEORDER_H

#include <kernel/types.h>

#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define cpu_to_be16(x)	((u16)(x))
#define cpu_to_be32(x)	((u32)(x))
#define cpu_to_le16(x)	__builtin_bswap16(x)
#define cpu_to_le32(x)	__builtin_bswap32(x)
#define cpu_to_le64(x)	__builtin_bswap64(x)
#else
#define cpu_to_be16(x)	__builtin_bswap16(x)
#define cpu_to_be32(x)	__builtin_bswap32(x)
#define cpu_to_le16(x)	((u16)(x))
#define cpu_to_le32(x)	((u32)(x))
#define cpu_to_le64(x)	((u64)(x))
#endif
#define be16_to_cpu(x)	cpu_to_be16(x)
#define be32_to_cpu(x)	cpu_to_be32(x)
#define le16_to_cpu(x)	cpu_to_le16(x)
#define le32_to_cpu(x)	cpu_to_le32(x)
#define le64_to_cpu(x)	cpu_to_le64(x)

/* Unaligned big-endian loads and stores, for headers inside frames. */
static inline u16 get_be16(const void *p)
{
	const u8 *b = p;

	return (u16)(b[0] << 8 | b[1]);
}

static inline u32 get_be32(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] << 24 | (u32)b[1] << 16 | (u32)b[2] << 8 | b[3];
}

static inline void put_be16(void *p, u16 v)
{
	u8 *b = p;

	b[0] = (u8)(v >> 8);
	b[1] = (u8)v;
}

static inline void put_be32(void *p, u32 v)
{
	u8 *b = p;

	b[0] = (u8)(v >> 24);
	b[1] = (u8)(v >> 16);
	b[2] = (u8)(v >> 8);
	b[3] = (u8)v;
}

#endif
