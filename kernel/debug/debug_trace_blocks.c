// SPDX-License-Identifier: MIT
/*
 * What a collected trace frame holds, read back for gdb's tfind: its
 * blocks one by one ('R' the registers in table order, 'M' memory with
 * its address and length, 'V' a trace state variable's number and
 * value, as debug_trace.c's collection lays them down), and one register
 * of the frame.
 */

#include <kernel/string.h>
#include "debug_internal.h"

size_t kgdb_trace_block(const struct kgdb_trace_frame *f, size_t off, struct kgdb_trace_block *b)
{
	const u8 *p = f->data + off;
	unsigned int regno;
	u16 n16;

	if (off >= f->len || (*p != 'R' && *p != 'M' && *p != 'V'))
		return 0;
	b->type = (char)*p;
	switch (*p) {
	case 'R':
		b->len = 0;
		for (regno = 0; regno < arch_kgdb_ops.num_regs; regno++)
			b->len += kgdb_reg_size(regno);
		b->data = p + 1;
		return off + 1 + b->len;
	case 'M':
		memcpy(&b->addr, p + 1, sizeof(b->addr));
		memcpy(&n16, p + 1 + sizeof(u64), sizeof(n16));
		b->len = n16;
		b->data = p + 1 + sizeof(u64) + sizeof(n16);
		return off + 1 + sizeof(u64) + sizeof(n16) + n16;
	default:
		memcpy(&n16, p + 1, sizeof(n16));
		b->addr = n16;
		memcpy(&b->value, p + 1 + sizeof(u16), sizeof(u64));
		return off + 1 + sizeof(u16) + sizeof(u64);
	}
}

bool kgdb_trace_frame_reg(const struct kgdb_trace_frame *f, unsigned int regno, u8 *val)
{
	struct kgdb_trace_block b;
	size_t off = 0, at = 0;
	unsigned int i;

	while ((off = kgdb_trace_block(f, off, &b))) {
		if (b.type != 'R')
			continue;
		for (i = 0; i < regno; i++)
			at += kgdb_reg_size(i);
		memcpy(val, b.data + at, kgdb_reg_size(regno));
		return true;
	}
	/* Registers not collected: the PC is still the tracepoint's address. */
	if ((int)regno != arch_kgdb_ops.pc_regno)
		return false;
	kgdb_store(val, kgdb_reg_size(regno), f->addr);
	return true;
}
