/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_DEBUG_DEBUG_INTERNAL_H
#define _KERNEL_DEBUG_DEBUG_INTERNAL_H

/*
 * Shared by the debug core's own files (debug_core.c, debug_io.c,
 * debug_bp.c, debug_hw.c, debug_step.c); front ends use frontend.h.
 */

#include <kernel/string.h>
#include "frontend.h"

/* An integer of @size bytes (1, 2, 4 or 8) at @p, in target byte order. */
static inline u64 kgdb_load(const void *p, size_t size)
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
static inline void kgdb_store(void *p, size_t size, u64 v)
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

/* debug_bp.c: what the core does with the breakpoint table. */
enum kgdb_bp_at {
	KGDB_BP_NONE,		/* not one of gdb's breakpoints */
	KGDB_BP_PLANTED,	/* gdb's, and its instruction is in memory */
	KGDB_BP_LIFTED,		/* gdb's (or was), not in memory */
};
enum kgdb_bp_at kgdb_bp_at(uintptr_t addr);
/* The arch's breakpoint instruction, bp_len bytes in memory order. */
void kgdb_bp_insn(u8 *insn);
/* Whether the arch's breakpoint instruction is in memory at @addr. */
bool kgdb_bp_insn_at(uintptr_t addr);
/* Put every breakpoint gdb has into memory (the target is to run). */
void kgdb_bp_plant_all(void);
/* Take them all out of memory; @forget: gdb no longer has them either. */
void kgdb_bp_lift_all(bool forget);
/* Take the one planted at @addr out for good; false if none was. */
bool kgdb_bp_lift(uintptr_t addr);

/* debug_hw.c: each CPU's debug registers, and decoding a hit. */
struct kgdb_hw_hit {
	struct kgdb_hw_slot slot;	/* the slot that fired, as installed */
	uintptr_t addr;			/* the address to report */
};
void kgdb_remove_all_hw_breaks(void);
void kgdb_hw_cpu_stop(unsigned int cpu);
void kgdb_hw_cpu_resume(unsigned int cpu);
/* On the trapping CPU: did one of its slots fire? */
enum kgdb_hw_event {
	KGDB_HW_NONE,		/* no slot fired: a step, or not ours */
	KGDB_HW_FIRED,		/* *hit fired */
	KGDB_HW_GONE,		/* a slot fired that this CPU no longer has */
};
enum kgdb_hw_event kgdb_hw_decode(unsigned int cpu, struct pt_regs *regs, long err,
				   struct kgdb_hw_hit *hit);
bool kgdb_hw_hit_current(const struct kgdb_hw_hit *hit);

/* debug_step.c: 0: armed; KGDB_STEP_DONE: the arch carried the instruction out; or -errno. */
#define KGDB_STEP_DONE	1
int kgdb_step_arm(struct pt_regs *regs);
void kgdb_step_disarm(struct pt_regs *regs);
/* Whether a breakpoint trap at @addr is a software step's end. */
bool kgdb_step_target(uintptr_t addr);

/* debug_regs.c: whether an arch's tables make sense (its registers above all). */
bool kgdb_arch_valid(const struct kgdb_arch *a);

/* debug_core.c, for debug_io.c: the transport comes and goes. */
void kgdb_core_attach(struct kgdb_io *io);
void kgdb_core_detach(void);

#endif
