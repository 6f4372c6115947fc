// SPDX-License-Identifier: MIT
/*
 * Single-step for gdb's 's': the arch's hardware step where it has one,
 * otherwise a software step (debug_softstep.c). The other CPUs stay held
 * meanwhile (debug_core.c). Either way the core keeps the step from
 * ending in an interrupt handler: interrupts are masked in the frame for
 * the step (the arch's step.irq bit), and the frame's own setting comes
 * back afterwards, unless the instruction sets it itself. A CPU that
 * continues alone (vCont;c:tid, gdb's own step over its breakpoint) is
 * masked the same way for its run.
 */

#include <kernel/errno.h>
#include <asm/ptrace.h>
#include "debug_internal.h"

/*
 * The interrupt enable of the frame of the CPU that steps or runs alone
 * (one at a time), as the run found it.
 */
static struct {
	bool masked;		/* the core masked interrupts for the run */
	u64 was;		/* ... and the bit was this */
} step_irq;

bool kgdb_can_step(void)
{
	return arch_kgdb_ops.step.single || kgdb_soft_step_can();
}

/*
 * Interrupts off in the frame for the run, unless its first instruction
 * sets the enable itself (@own) or the arch names none.
 */
static void irq_hold(struct pt_regs *regs, bool own)
{
	const struct kgdb_frame_bit *b = &arch_kgdb_ops.step.irq;
	u64 v;

	step_irq.masked = b->size && !own;
	if (!step_irq.masked)
		return;
	v = kgdb_load((u8 *)regs + b->off, b->size);
	step_irq.was = v & b->bit;
	kgdb_store((u8 *)regs + b->off, b->size, b->masks ? v | b->bit : v & ~b->bit);
}

/* The frame's own setting back, unless the run changed the bit itself. */
static void irq_restore(struct pt_regs *regs)
{
	const struct kgdb_frame_bit *b = &arch_kgdb_ops.step.irq;
	u64 v;

	if (!step_irq.masked)
		return;
	step_irq.masked = false;
	v = kgdb_load((u8 *)regs + b->off, b->size);
	if ((v & b->bit) == (b->masks ? b->bit : 0))
		kgdb_store((u8 *)regs + b->off, b->size, (v & ~b->bit) | step_irq.was);
}

int kgdb_step_arm(struct pt_regs *regs)
{
	int how = arch_kgdb_ops.step.single ? arch_kgdb_ops.step.single(regs, true) :
		  kgdb_soft_step_arm(regs);

	if (how < 0 || how == KGDB_STEP_DONE)
		return how;
	irq_hold(regs, how & KGDB_STEP_IRQ_INSN);
	return 0;
}

void kgdb_step_disarm(struct pt_regs *regs)
{
	if (arch_kgdb_ops.step.single)
		arch_kgdb_ops.step.single(regs, false);
	else
		kgdb_soft_step_disarm();
	irq_restore(regs);
}

#if defined(CONFIG_KGDB_VCONT) || defined(CONFIG_KGDB_AGENT)
/*
 * A CPU continues alone, for gdb's own step over its breakpoint (where gdb
 * steps itself, with breakpoints at the next PCs; debug_resume.c runs no
 * other run alone). Taking an interrupt there, it could switch tasks
 * before it reaches them, and another task's stop would end gdb's step.
 */
void kgdb_lone_arm(struct pt_regs *regs)
{
	bool own;

	kgdb_soft_step_over(regs, &own);
	irq_hold(regs, own);
}

/* Its trap, whatever it is, ends the run. */
void kgdb_lone_disarm(struct pt_regs *regs)
{
	irq_restore(regs);
}
#endif
