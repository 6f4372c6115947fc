// SPDX-License-Identifier: MIT
/*
 * Integer fields of the trap frame and the save areas, 1, 2, 4 or 8
 * bytes wide, in the target's byte order: what the register table and
 * the step's interrupt bit are made of.
 */

#include <kernel/string.h>
#include "debug_internal.h"

/* An integer of @size bytes (1, 2, 4 or 8) at @p, in target byte order. */
u64 kgdb_load(const void *p, size_t size)
{
	u8 b;
	u16 h;
	u32 w;
	u64 d;

	switch (size) {
	case 1:
		memcpy(&b, p, 1);
		return b;
	case 2:
		memcpy(&h, p, 2);
		return h;
	case 4:
		memcpy(&w, p, 4);
		return w;
	default:
		memcpy(&d, p, 8);
		return d;
	}
}

/* ... and storing one, cut to size. */
void kgdb_store(void *p, size_t size, u64 v)
{
	u8 b = (u8)v;
	u16 h = (u16)v;
	u32 w = (u32)v;

	switch (size) {
	case 1:
		memcpy(p, &b, 1);
		break;
	case 2:
		memcpy(p, &h, 2);
		break;
	case 4:
		memcpy(p, &w, 4);
		break;
	default:
		memcpy(p, &v, 8);
	}
}
