// SPDX-License-Identifier: MIT
/*
 * Registers through the arch's table (struct kgdb_reg), for every front
 * end: where each one lives for a stopped CPU and for a sleeping task, its
 * size, and its place when they are all laid end to end in table order
 * (gdb's 'g' block).
 */

#include <kernel/sched.h>
#include <kernel/string.h>
#include <asm/ptrace.h>
#include "debug_internal.h"

size_t kgdb_reg_size(unsigned int regno)
{
	return arch_kgdb_ops.regs[regno].bits / 8;
}

size_t kgdb_reg_offset(unsigned int regno)
{
	size_t off = 0;

	while (regno--)
		off += kgdb_reg_size(regno);
	return off;
}

/* Where a field location's bytes are, for @th. */
static u8 *field(const struct kgdb_reg_loc *loc, const struct kgdb_thread *th)
{
	switch (loc->base) {
	case KGDB_LOC_FRAME:
		return (u8 *)kgdb_cpus[th->cpu].regs + loc->off;
	case KGDB_LOC_CPU:
		return (u8 *)&kgdb_cpus[th->cpu].arch + loc->off;
	default:
		return (u8 *)&th->task->ctx + loc->off;
	}
}

/* Register @regno of @th into @val (kgdb_reg_size() bytes). */
void kgdb_reg_read(const struct kgdb_thread *th, unsigned int regno, u8 *val)
{
	const struct kgdb_reg *r = &arch_kgdb_ops.regs[regno];
	const struct kgdb_reg_loc *loc = th->cpu >= 0 ? &r->frame : &r->task;
	size_t size = kgdb_reg_size(regno);

	memset(val, 0, size);
	switch (loc->base) {
	case KGDB_LOC_NONE:
		return;
	case KGDB_LOC_CONST:
		kgdb_store(val, size, loc->off);
		return;
	case KGDB_LOC_ARCH:
		if (th->cpu >= 0 && arch_kgdb_ops.reg.get)
			arch_kgdb_ops.reg.get(regno, val, kgdb_cpus[th->cpu].regs,
					      &kgdb_cpus[th->cpu].arch);
		else if (th->cpu < 0 && arch_kgdb_ops.reg.task_get)
			arch_kgdb_ops.reg.task_get(regno, val, th->task);
		return;
	}
	if (loc->size == size)
		memcpy(val, field(loc, th), size);
	else
		kgdb_store(val, size, kgdb_load(field(loc, th), loc->size));
}

/* Write register @regno of @th, a thread on a stopped CPU, from @val. */
void kgdb_reg_write(const struct kgdb_thread *th, unsigned int regno, const u8 *val)
{
	const struct kgdb_reg *r = &arch_kgdb_ops.regs[regno];
	const struct kgdb_reg_loc *loc = &r->frame;
	size_t size = kgdb_reg_size(regno);
	u8 *f;
	u64 old;

	switch (loc->base) {
	case KGDB_LOC_NONE:
	case KGDB_LOC_CONST:
		return;
	case KGDB_LOC_ARCH:
		if (arch_kgdb_ops.reg.set)
			arch_kgdb_ops.reg.set(regno, val, kgdb_cpus[th->cpu].regs,
					      &kgdb_cpus[th->cpu].arch);
		return;
	}
	f = field(loc, th);
	if (loc->size == size && !r->keep) {
		memcpy(f, val, size);
		return;
	}
	old = kgdb_load(f, loc->size);
	kgdb_store(f, loc->size, (kgdb_load(val, size) & ~r->keep) | (old & r->keep));
}

static bool int_size(size_t size)
{
	return size == 1 || size == 2 || size == 4 || size == 8;
}

/*
 * A field of the register's size, or an integer field for an integer
 * register, inside the structure it names; a constant for an integer
 * register; for a CPU, no field of a task's context, and for a task, none
 * of a CPU's.
 */
static bool loc_valid(const struct kgdb_reg_loc *loc, size_t size, bool of_cpu)
{
	size_t room;

	switch (loc->base) {
	case KGDB_LOC_NONE:
	case KGDB_LOC_ARCH:
		return true;
	case KGDB_LOC_CONST:
		return int_size(size);
	case KGDB_LOC_TASK:
		if (of_cpu)
			return false;
		room = sizeof(struct arch_context);
		break;
	case KGDB_LOC_FRAME:
		room = sizeof(struct pt_regs);
		break;
	case KGDB_LOC_CPU:
		room = sizeof(struct kgdb_arch_cpu);
		break;
	default:
		return false;
	}
	if (loc->base != KGDB_LOC_TASK && !of_cpu)
		return false;
	if (!loc->size || loc->size > room || loc->off > room - loc->size)
		return false;
	return loc->size == size || (int_size(loc->size) && int_size(size));
}

static bool regno_valid(const struct kgdb_arch *a, int regno, bool optional)
{
	return (optional && regno == -1) ||
	       (regno >= 0 && (unsigned int)regno < a->num_regs &&
		a->regs[regno].bits / 8 <= sizeof(uintptr_t));
}

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

/*
 * The arch's table makes sense: a breakpoint instruction, plain register
 * names, whole bytes, locations inside their structures, features named
 * and known, an architecture for the description, and the expedited
 * registers there.
 * Checked once, when a transport registers, so that nothing can trip on
 * it later.
 */
bool kgdb_arch_valid(const struct kgdb_arch *a)
{
	unsigned int i;

	if (!a->bp_len || a->bp_len > KGDB_MAX_BP_LEN ||
	    !a->regs || !a->num_regs || !features_valid(a) ||
	    !regno_valid(a, a->pc_regno, false) || !regno_valid(a, a->sp_regno, false) ||
	    !regno_valid(a, a->fp_regno, true))
		return false;
	for (i = 0; i < a->num_regs; i++) {
		const struct kgdb_reg *r = &a->regs[i];
		size_t size = r->bits / 8;

		if (!r->name || !plain_word(r->name) || (r->group && !plain_word(r->group)) ||
		    !size || r->bits % 8 || size > KGDB_REG_MAX_BYTES ||
		    !loc_valid(&r->frame, size, true) || !loc_valid(&r->task, size, false) ||
		    (r->keep && !int_size(size)))
			return false;
		if (a->reg_features && r->feature >= a->num_reg_features)
			return false;
	}
	return true;
}
