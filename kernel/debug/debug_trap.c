// SPDX-License-Identifier: MIT
/*
 * Trap classification: what a trap the die chain brings means to the
 * debugger (a stop to report, a stale trap to drop, or none of its own),
 * for a CPU that enters, one that traps again inside the debugger, and
 * one that traps with no transport left.
 */

#include <kernel/die.h>
#include <asm/ptrace.h>		/* instruction_pointer() */
#include "debug_internal.h"
/*
 * The client asked for a stop (Ctrl-C, a new gdb's first packet) and no
 * stop has been reported since: the CPU that took the request reports
 * it, unless another stop answered it while that CPU waited its turn.
 */
bool kgdb_interrupt_pending;

/* What a hardware slot of each type stops as. */
static const enum kgdb_stop_kind hw_kind[] = {
	[KGDB_BP_HARDWARE] = KGDB_STOP_HWBREAK,
	[KGDB_WATCH_WRITE] = KGDB_STOP_WATCH,
	[KGDB_WATCH_READ] = KGDB_STOP_RWATCH,
	[KGDB_WATCH_ACCESS] = KGDB_STOP_AWATCH,
};

/*
 * Fill in why we stopped. TRAP_STALE for a stale trap, which the CPU took on a
 * breakpoint or hardware slot that gdb removed while the CPU waited for
 * the debugger, or on a word a software step planted (@our_word: either
 * was there when it trapped): it resumes as if nothing happened. @hw and @hit say
 * which hardware slot a DIE_DEBUG trap fired on, decoded when it trapped;
 * @stepped, that this CPU was stepping for gdb.
 */
enum kgdb_trap_verdict kgdb_classify(enum die_val val, const struct die_args *args,
				     struct kgdb_stop *stop, struct kgdb_cpu *c, enum kgdb_hw_event hw,
				     const struct kgdb_hw_hit *hit, bool stepped, bool our_word)
{
	const struct kgdb_arch *arch = &arch_kgdb_ops;
	struct pt_regs *regs = args->regs;
	uintptr_t pc = instruction_pointer(regs), addr = pc - arch->bp_pc_offset;
	enum kgdb_bp_at bp;
	unsigned int len;

	stop->signo = SIGTRAP;
	if (val == DIE_BREAKPOINT) {
		bp = kgdb_bp_at(addr);
		if (stepped && kgdb_step_target(addr)) {
			instruction_pointer_set(regs, addr);	/* the step's end, gdb's breakpoint or not */
		} else if (bp == KGDB_BP_PLANTED) {
			instruction_pointer_set(regs, addr);
			stop->kind = KGDB_STOP_SWBREAK;
		} else if (!(len = kgdb_bp_insn_at(addr))) {
			/*
			 * Only planted breakpoints go away; compiled-in ones
			 * stay. Where gdb never had one, an arch is asking
			 * about an instruction it does not know.
			 */
			if (bp == KGDB_BP_NONE && !stepped && !our_word)
				return TRAP_NOT_OURS;
			instruction_pointer_set(regs, addr);
			if (!stepped)
				return TRAP_STALE;
			stop->kind = KGDB_STOP_SWBREAK;
		} else if (c->break_signo == SIGINT &&
			   !__atomic_load_n(&kgdb_interrupt_pending, __ATOMIC_ACQUIRE)) {
			/* An interrupt a stop answered while this CPU waited for the debugger. */
			c->break_signo = 0;
			if (!arch->bp_pc_offset)
				instruction_pointer_set(regs, pc + len);
			return TRAP_STALE;
		} else {
			if (c->break_signo)
				stop->signo = c->break_signo;
			stop->entry = c->break_signo ? c->break_entry : KGDB_ENTRY_BREAK;
			stop->why = c->break_signo ? c->break_why : "KDB_ENTER()";
			if (!arch->bp_pc_offset) {
				c->skip_pc = pc;
				c->skip_len = len;
			}
		}
		c->break_signo = 0;
	} else if (val == DIE_DEBUG) {
		if (hw == KGDB_HW_FIRED && kgdb_hw_hit_current(hit)) {
			stop->kind = hw_kind[hit->slot.type];
			stop->addr = hit->addr;
		} else if (!stepped) {
			/*
			 * Neither a slot gdb has nor a step gdb asked for: a
			 * stale hit, or a debug trap the emulator repeated.
			 */
			if (arch->step.single)
				arch->step.single(regs, false);	/* a stray trap flag */
			return TRAP_STALE;
		}
	} else if (args->signo) {
		stop->signo = args->signo;
		stop->entry = KGDB_ENTRY_OOPS;
		stop->why = args->str;
	}
	return TRAP_REPORT;
}

/* Whether a breakpoint or a step's word is, or was lately, at @addr. */
bool kgdb_word_ours(uintptr_t addr)
{
	return kgdb_bp_at(addr) != KGDB_BP_NONE || kgdb_step_word(addr);
}

/*
 * The master trapped again while inside the debugger. A breakpoint of ours
 * (hit on the way in or out, or by a condition's code) is counted as
 * missed: run out of line where it can be, else taken out for good and the
 * instruction restarted. Anything else is left to the kernel's oops path
 * rather than re-entering the protocol.
 */
bool kgdb_reenter(enum die_val val, struct pt_regs *regs)
{
	uintptr_t addr = instruction_pointer(regs) - arch_kgdb_ops.bp_pc_offset;
	int slot = val == DIE_BREAKPOINT ? kgdb_bp_xol_slot(addr) : -1;

	if (slot >= 0) {
		kgdb_bp_missed(addr);
		kgdb_xol_enter((unsigned int)slot, regs);
		return true;
	}
	if (val != DIE_BREAKPOINT || !kgdb_bp_lift(addr))
		return false;
	kgdb_bp_missed(addr);
	instruction_pointer_set(regs, addr);
	return true;
}
/*
 * With the transport gone (kgdboc off), a CPU may still trap on what the
 * debugger had set: a slot it had loaded, or a breakpoint taken out just
 * after it ran into it. Such a trap is ours: the CPU loads the (now empty)
 * slots and restarts the instruction, instead of an oops.
 */
bool kgdb_stale_trap(enum die_val val, const struct die_args *args)
{
	unsigned int cpu = smp_processor_id();
	uintptr_t addr = instruction_pointer(args->regs) - arch_kgdb_ops.bp_pc_offset;
	struct kgdb_hw_hit hit;

	if (val == DIE_DEBUG && kgdb_hw_decode(cpu, args->regs, args->err, &hit) != KGDB_HW_NONE) {
		kgdb_hw_cpu_resume(cpu);
		return true;
	}
	if (val == DIE_BREAKPOINT && kgdb_word_ours(addr) && !kgdb_bp_insn_at(addr)) {
		instruction_pointer_set(args->regs, addr);
		return true;
	}
	return false;
}
