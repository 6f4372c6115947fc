// SPDX-License-Identifier: MIT
/*
 * Single-step with the trap flag. Interrupts stay off for the one stepped
 * instruction (IF cleared in the frame), so a step lands on the next
 * instruction of the same code rather than in a timer interrupt; IF is put
 * back afterwards. Instructions that read or write IF themselves are
 * decoded first: after cli/sti/popf/iret the frame's IF is theirs to keep,
 * pushf's stored image gets the real IF (and no TF), and hlt keeps IF so
 * that it can wake up. Only one CPU steps at a time (the core holds the
 * others), so one record suffices.
 */
#include <kernel/nofault.h>
#include <asm/ptrace.h>
#include "kgdb_x86.h"

enum step_kind {
	STEP_PLAIN,	/* restore IF afterwards */
	STEP_SETS_IF,	/* cli, sti, popf, iret: keep the IF they produced */
	STEP_PUSHF,	/* fix the pushed flags image too */
	STEP_HLT,	/* IF untouched: hlt with IF clear would never wake */
};

static struct {
	bool active;
	enum step_kind kind;
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

static enum step_kind decode(uintptr_t pc)
{
	unsigned int i;
	u8 b = 0;

	/* An instruction is at most 15 bytes: skip prefixes up to there. */
	for (i = 0; i < 15; i++) {
		if (copy_from_kernel_nofault(&b, (const void *)(pc + i), 1))
			return STEP_PLAIN;
		if (!is_prefix(b))
			break;
	}
	switch (b) {
	case 0xfa:	/* cli */
	case 0xfb:	/* sti */
	case 0x9d:	/* popf */
	case 0xcf:	/* iret */
		return STEP_SETS_IF;
	case 0x9c:	/* pushf */
		return STEP_PUSHF;
	case 0xf4:	/* hlt */
		return STEP_HLT;
	default:
		return STEP_PLAIN;
	}
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

void x86_kgdb_single_step(struct pt_regs *regs, bool on)
{
	if (on) {
		step.kind = decode(instruction_pointer(regs));
		step.if_flag = regs_flags(regs) & X86_EFLAGS_IF;
		regs_flags(regs) |= X86_EFLAGS_TF;
		if (step.kind != STEP_HLT)
			regs_flags(regs) &= ~X86_EFLAGS_IF;
		step.active = true;
		return;
	}
	regs_flags(regs) &= ~X86_EFLAGS_TF;
	if (!step.active)
		return;
	step.active = false;
	switch (step.kind) {
	case STEP_PUSHF:
		fix_pushed_flags(regs);
		regs_flags(regs) |= step.if_flag;
		break;
	case STEP_PLAIN:
		regs_flags(regs) |= step.if_flag;
		break;
	case STEP_SETS_IF:
	case STEP_HLT:
		break;
	}
}
