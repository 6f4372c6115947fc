// SPDX-License-Identifier: MIT
/*
 * A GDB packet's arguments, read from its payload: characters, hex
 * numbers, thread ids, hex bytes and escaped binary data.
 */

#include <kernel/string.h>
#include "rsp.h"

void rx_init(struct gdb_rx *rx, const char *p, size_t len)
{
	rx->p = p;
	rx->end = p + len;
}

bool rx_eof(const struct gdb_rx *rx)
{
	return rx->p >= rx->end;
}

int rx_char(struct gdb_rx *rx)
{
	return rx_eof(rx) ? -1 : (u8)*rx->p++;
}

/* Consume @c if it is next. */
bool rx_lit(struct gdb_rx *rx, char c)
{
	if (rx_eof(rx) || *rx->p != c)
		return false;
	rx->p++;
	return true;
}

/* A hex number of at least one digit that fits in a uintptr_t. */
bool rx_hex(struct gdb_rx *rx, uintptr_t *v)
{
	uintptr_t n = 0;
	int d, digits = 0;

	while (!rx_eof(rx) && (d = hex_to_bin(*rx->p)) >= 0) {
		if (n >> (sizeof(n) * 8 - 4))
			return false;
		n = n << 4 | (uintptr_t)d;
		rx->p++;
		digits++;
	}
	*v = n;
	return digits > 0;
}

/* A thread id: hex, or -1 for all threads. */
bool rx_tid(struct gdb_rx *rx, long *tid)
{
	uintptr_t v;

	if (rx_lit(rx, '-')) {
		if (!rx_lit(rx, '1'))
			return false;
		*tid = KGDB_TID_ALL;
		return true;
	}
	if (!rx_hex(rx, &v) || v > (uintptr_t)KGDB_TID_CPU_BASE + NR_CPUS)
		return false;
	*tid = (long)v;
	return true;
}

/* Up to @max bytes from pairs of hex digits; returns how many were read. */
size_t rx_hexbytes(struct gdb_rx *rx, u8 *dst, size_t max)
{
	size_t n = 0;
	int hi, lo;

	while (n < max && rx->end - rx->p >= 2) {
		hi = hex_to_bin(rx->p[0]);
		lo = hex_to_bin(rx->p[1]);
		if (hi < 0 || lo < 0)
			break;
		dst[n++] = (u8)(hi << 4 | lo);
		rx->p += 2;
	}
	return n;
}

#ifdef CONFIG_KGDB_FAST_TRANSFERS
/* Binary data with '}' escapes, to the end of the packet; -1 if malformed. */
long rx_binary(struct gdb_rx *rx, u8 *dst, size_t max)
{
	size_t n = 0;
	int c;

	while ((c = rx_char(rx)) >= 0) {
		if (c == GDB_ESCAPE) {
			c = rx_char(rx);
			if (c < 0)
				return -1;
			c ^= GDB_ESCAPE_XOR;
		}
		if (n == max)
			return -1;
		dst[n++] = (u8)c;
	}
	return (long)n;
}
#endif
