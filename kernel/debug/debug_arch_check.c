// SPDX-License-Identifier: MIT
/*
 * Whether an arch's tables make sense (CONFIG_KGDB_ARCH_CHECK), checked
 * once, when a transport registers: a port's mistake in its register
 * table is refused there, not found later in a trap. The tables are
 * constant, so a kernel built without the check (the minimal profile)
 * relies on a default build of the same arch having passed it.
 */

#include <kernel/sched.h>
#include <asm/ptrace.h>
#include "debug_internal.h"

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
	if (!a->tdesc_arch || !a->triple_arch || !a->num_reg_features)
		return false;
	for (i = 0; i < a->num_reg_features; i++)
		if (!a->reg_features[i].name)
			return false;
	return true;
}

#ifdef CONFIG_KGDB_FULL_REGS
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
#endif

static bool desc_valid(const struct kgdb_arch *a, const struct kgdb_reg *r)
{
#ifdef CONFIG_KGDB_FULL_REGS
	return r->name && plain_word(r->name) && (!r->group || plain_word(r->group)) &&
	       (!a->reg_features || r->feature < a->num_reg_features);
#else
	return true;
#endif
}

/*
 * The arch's table makes sense: a breakpoint instruction, plain register
 * names, whole bytes, locations inside their structures, features named
 * and known, an architecture for the description (gdb's name and
 * LLVM's), and the expedited registers there.
 */
bool kgdb_arch_valid(const struct kgdb_arch *a)
{
	unsigned int i;

	if (!a->bp_len || a->bp_len > KGDB_MAX_BP_LEN || a->bp_len_alt > KGDB_MAX_BP_LEN ||
	    !a->regs || !a->num_regs || !features_valid(a) ||
	    !regno_valid(a, a->pc_regno, false) || !regno_valid(a, a->sp_regno, false) ||
	    !regno_valid(a, a->fp_regno, true))
		return false;
	for (i = 0; i < a->num_regs; i++) {
		const struct kgdb_reg *r = &a->regs[i];
		size_t size = r->bits / 8;

		if (!size || r->bits % 8 || size > KGDB_REG_MAX_BYTES ||
		    !loc_valid(&r->frame, size, true) || !loc_valid(&r->task, size, false) ||
		    (r->keep && !int_size(size)) || !desc_valid(a, r))
			return false;
	}
	return true;
}
