// SPDX-License-Identifier: MIT
/*
 * gdb's registers through the arch's table (struct kgdb_reg): where each
 * one lives for a stopped CPU and for a sleeping task, its size and its
 * place in the 'g' block. 'g'/'G' walk the table, 'p'/'P' touch one row.
 */

#include <kernel/sched.h>
#include <kernel/string.h>
#include "kgdb_internal.h"

#define REG_MAX_BYTES	64	/* the widest register a row may describe */

size_t gdb_reg_size(unsigned int regno)
{
	return arch_kgdb_ops.regs[regno].bits / 8;
}

size_t gdb_reg_offset(unsigned int regno)
{
	size_t off = 0;

	while (regno--)
		off += gdb_reg_size(regno);
	return off;
}

size_t gdbstub_regs_size(void)
{
	return gdb_reg_offset(arch_kgdb_ops.num_regs);
}

/* Register @regno of @th into @val (gdb_reg_size() bytes). */
void gdb_reg_read(const struct gdb_thread *th, unsigned int regno, u8 *val)
{
	const struct kgdb_reg *r = &arch_kgdb_ops.regs[regno];
	const struct kgdb_reg_loc *loc = th->cpu >= 0 ? &r->frame : &r->task;
	size_t size = gdb_reg_size(regno);
	const u8 *base;

	memset(val, 0, size);
	if (loc->off == KGDB_LOC_NONE)
		return;
	if (th->cpu >= 0) {
		if (loc->off == KGDB_LOC_ARCH) {
			if (arch_kgdb_ops.reg_get)
				arch_kgdb_ops.reg_get(regno, val, kgdb_cpus[th->cpu].regs,
						      (unsigned int)th->cpu);
			return;
		}
		base = (const u8 *)kgdb_cpus[th->cpu].regs;
	} else {
		if (loc->off == KGDB_LOC_ARCH) {
			if (arch_kgdb_ops.task_reg_get)
				arch_kgdb_ops.task_reg_get(regno, val, th->task);
			return;
		}
		base = (const u8 *)&th->task->ctx;
	}
	memcpy(val, base + loc->off, size);
}

/* Write register @regno of @th, a thread on a stopped CPU, from @val. */
void gdb_reg_write(const struct gdb_thread *th, unsigned int regno, const u8 *val)
{
	const struct kgdb_reg_loc *loc = &arch_kgdb_ops.regs[regno].frame;
	struct pt_regs *regs = kgdb_cpus[th->cpu].regs;

	if (loc->off == KGDB_LOC_NONE)
		return;
	if (loc->off == KGDB_LOC_ARCH) {
		if (arch_kgdb_ops.reg_set)
			arch_kgdb_ops.reg_set(regno, val, regs, (unsigned int)th->cpu);
		return;
	}
	memcpy((u8 *)regs + loc->off, val, gdb_reg_size(regno));
}

void gdb_regs_read(const struct gdb_thread *th, u8 *block)
{
	unsigned int regno;

	for (regno = 0; regno < arch_kgdb_ops.num_regs; regno++) {
		gdb_reg_read(th, regno, block);
		block += gdb_reg_size(regno);
	}
}

void gdb_regs_write(const struct gdb_thread *th, const u8 *block)
{
	unsigned int regno;

	for (regno = 0; regno < arch_kgdb_ops.num_regs; regno++) {
		gdb_reg_write(th, regno, block);
		block += gdb_reg_size(regno);
	}
}

static bool loc_valid(const struct kgdb_reg_loc *loc, size_t size)
{
	return loc->off >= KGDB_LOC_NONE || loc->size == size;
}

static bool regno_valid(int regno, bool optional)
{
	return (optional && regno == -1) ||
	       (regno >= 0 && (unsigned int)regno < arch_kgdb_ops.num_regs &&
		gdb_reg_size((unsigned int)regno) <= sizeof(uintptr_t));
}

/*
 * The table makes sense: plain names, whole bytes, fields of the
 * register's size, features named and known, an architecture for the
 * description, the expedited registers there, and a 'g' block that fits
 * a packet. Checked once, when a transport registers, so that no packet
 * can trip on it.
 */
static bool features_valid(const struct kgdb_arch *a)
{
	unsigned int i;

	if (!a->reg_features)
		return true;
	if (!a->tdesc_arch || !a->num_reg_features)
		return false;
	for (i = 0; i < a->num_reg_features; i++)
		if (!a->reg_features[i].name)
			return false;
	return true;
}

/*
 * A register's name and group go into qRegisterInfo replies as they are:
 * letters, digits and '_' only, nothing the packet or LLDB's "key:value;"
 * would take for its own.
 */
static bool plain_word(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '_'))
			return false;
	return true;
}

bool gdb_regs_valid(void)
{
	const struct kgdb_arch *a = &arch_kgdb_ops;
	unsigned int i;

	if (!a->regs || !a->num_regs || !features_valid(a) ||
	    gdbstub_regs_size() * 2 > KGDB_PACKET_SIZE ||
	    !regno_valid(a->pc_regno, false) || !regno_valid(a->sp_regno, false) ||
	    !regno_valid(a->fp_regno, true))
		return false;
	for (i = 0; i < a->num_regs; i++) {
		const struct kgdb_reg *r = &a->regs[i];
		size_t size = r->bits / 8;

		if (!r->name || !plain_word(r->name) || (r->group && !plain_word(r->group)) ||
		    !size || r->bits % 8 || size > REG_MAX_BYTES ||
		    !loc_valid(&r->frame, size) || !loc_valid(&r->task, size))
			return false;
		if (a->reg_features && r->feature >= a->num_reg_features)
			return false;
	}
	return true;
}
