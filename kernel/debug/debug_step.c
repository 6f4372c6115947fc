// SPDX-License-Identifier: MIT
/*
 * Single-step for gdb's 's': the arch's hardware step where it has one,
 * otherwise a software step. For the latter the arch decodes where the
 * instruction at the PC may go next (next_pcs) and the core plants its
 * breakpoint instruction at each of those addresses; the stepping CPU's
 * trap on one of them is the step's end, and the words go back before gdb
 * sees memory. The other CPUs stay held meanwhile (debug_core.c), so none of
 * them can run into a planted word. gdb never learns of these breakpoints.
 * Either way the core keeps the step from ending in an interrupt handler:
 * interrupts are masked in the frame for the step (the arch's step.irq
 * bit), and the frame's own setting comes back afterwards, unless the
 * instruction sets it itself.
 */

#include <kernel/errno.h>
#include <asm/ptrace.h>
#include "debug_internal.h"

static struct {
	unsigned int n;			/* planted words, 0: no software step armed */
	uintptr_t addr[KGDB_STEP_MAX_TARGETS];
	u8 saved[KGDB_STEP_MAX_TARGETS][KGDB_MAX_BP_LEN];
} soft_step;

/* The interrupt enable of the stepping CPU's frame, as the step found it. */
static struct {
	bool masked;		/* the core masked interrupts for the step */
	u64 was;		/* ... and the bit was this */
} step_irq;

bool kgdb_can_step(void)
{
	return arch_kgdb_ops.step.single || arch_kgdb_ops.step.next_pcs;
}

/*
 * Interrupts off in the frame for the step, unless the instruction sets
 * the enable itself (@own) or the arch names none.
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

static void irq_restore(struct pt_regs *regs)
{
	const struct kgdb_frame_bit *b = &arch_kgdb_ops.step.irq;
	u64 v;

	if (!step_irq.masked)
		return;
	step_irq.masked = false;
	v = kgdb_load((u8 *)regs + b->off, b->size);
	kgdb_store((u8 *)regs + b->off, b->size, (v & ~b->bit) | step_irq.was);
}

static void soft_step_disarm(void)
{
	unsigned int len = arch_kgdb_ops.bp_len;

	/* Last planted first: two targets may share a word. */
	while (soft_step.n) {
		soft_step.n--;
		kgdb_mem_write(soft_step.addr[soft_step.n], soft_step.saved[soft_step.n], len);
	}
}

static int soft_step_arm(struct pt_regs *regs)
{
	const struct kgdb_arch *arch = &arch_kgdb_ops;
	uintptr_t pcs[KGDB_STEP_MAX_TARGETS];
	u8 insn[KGDB_MAX_BP_LEN];
	u32 word;
	int i, n;

	if (kgdb_mem_read(&word, instruction_pointer(regs), sizeof(word)))
		return -EFAULT;
	n = arch->step.next_pcs(regs, word, pcs);
	if (!n)
		return KGDB_STEP_DONE;
	if (n < 0 || (n & ~KGDB_STEP_IRQ_INSN) > KGDB_STEP_MAX_TARGETS)
		return n < 0 ? n : -EINVAL;
	kgdb_bp_insn(insn);
	for (i = 0; i < (n & ~KGDB_STEP_IRQ_INSN); i++) {
		soft_step.addr[soft_step.n] = pcs[i];
		if (kgdb_mem_read(soft_step.saved[soft_step.n], pcs[i], arch->bp_len) ||
		    kgdb_mem_write(pcs[i], insn, arch->bp_len)) {
			soft_step_disarm();
			return -EFAULT;
		}
		soft_step.n++;
	}
	irq_hold(regs, n & KGDB_STEP_IRQ_INSN);
	return 0;
}

int kgdb_step_arm(struct pt_regs *regs)
{
	if (arch_kgdb_ops.step.single) {
		irq_hold(regs, arch_kgdb_ops.step.single(regs, true) & KGDB_STEP_IRQ_INSN);
		return 0;
	}
	return soft_step_arm(regs);
}

void kgdb_step_disarm(struct pt_regs *regs)
{
	if (arch_kgdb_ops.step.single)
		arch_kgdb_ops.step.single(regs, false);
	else
		soft_step_disarm();
	irq_restore(regs);
}

bool kgdb_step_target(uintptr_t addr)
{
	unsigned int i;

	for (i = 0; i < soft_step.n; i++)
		if (soft_step.addr[i] == addr)
			return true;
	return false;
}
