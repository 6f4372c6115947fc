// SPDX-License-Identifier: MIT
/*
 * Single-step with the trap flag. The core keeps interrupts off for the
 * one stepped instruction (IF, its step_irq bit), so that a step lands on
 * the next instruction of the same code rather than in a timer interrupt,
 * and puts IF back afterwards. Instructions that read or write IF
 * themselves are decoded first: after cli/sti/popf/iret the frame's IF is
 * theirs to keep, hlt keeps IF so that it can wake up, and pushf's stored
 * image gets the real IF (and no TF). Only one CPU steps at a time (the
 * core holds the others), so one record suffices.
 */
#include <kernel/nofault.h>
#include <asm/ptrace.h>
#include "kgdb_x86.h"

static struct {
	bool pushf;		/* fix the pushed flags image afterwards */
	unsigned long if_flag;	/* the frame's IF before the step */
} step;

static bool is_prefix(u8 b)
{
	switch (b) {
	case 0x26: case 0x2e: case 0x36: case 0x3e:	/* segment overrides */
	case 0x64: case 0x65: case 0x66: case 0x67:	/* fs, gs, size overrides */
	case 0xf0: case 0xf2: case 0xf3:		/* lock, rep */
		return true;
	default:
#ifdef __x86_64__
		return (b & 0xf0) == 0x40;		/* REX */
#else
		return false;
#endif
	}
}

/* The instruction at @pc, past its prefixes (0 if unreadable). */
static u8 opcode(uintptr_t pc)
{
	unsigned int i;
	u8 b = 0;

	/* An instruction is at most 15 bytes: skip prefixes up to there. */
	for (i = 0; i < 15; i++) {
		if (copy_from_kernel_nofault(&b, (const void *)(pc + i), 1))
			return 0;
		if (!is_prefix(b))
			break;
	}
	return b;
}

static void fix_pushed_flags(const struct pt_regs *regs)
{
	void *sp = (void *)stack_pointer(regs);
	u16 img;

	/* The low 16 bits hold TF and IF whatever the operand size was. */
	if (copy_from_kernel_nofault(&img, sp, sizeof(img)))
		return;
	img = (img & ~(X86_EFLAGS_TF | X86_EFLAGS_IF)) | step.if_flag;
	copy_to_kernel_nofault(sp, &img, sizeof(img));
}

int x86_kgdb_single_step(struct pt_regs *regs, bool on)
{
	u8 op;

	if (!on) {
		regs_flags(regs) &= ~X86_EFLAGS_TF;
		if (step.pushf)
			fix_pushed_flags(regs);
		step.pushf = false;
		return 0;
	}
	op = opcode(instruction_pointer(regs));
	step.pushf = op == 0x9c;
	step.if_flag = regs_flags(regs) & X86_EFLAGS_IF;
	regs_flags(regs) |= X86_EFLAGS_TF;
	switch (op) {
	case 0xfa:	/* cli */
	case 0xfb:	/* sti */
	case 0x9d:	/* popf */
	case 0xcf:	/* iret */
	case 0xf4:	/* hlt: with IF clear it would never wake */
		return KGDB_STEP_IRQ_INSN;
	default:
		return 0;
	}
}
