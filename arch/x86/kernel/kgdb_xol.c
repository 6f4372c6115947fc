// SPDX-License-Identifier: MIT
/*
 * A breakpoint's instruction run out of line (struct kgdb_arch's xol).
 * A slot holds two copies of it, each followed by a jmp back to the
 * instruction after it: "insn; sti; jmp" at COPY_IRQS_ON for a CPU that
 * trapped with interrupts on, which enters it with them off (sti holds
 * interrupts off for one more instruction, the jmp, so none is taken in
 * the slot and no task is preempted there), and "insn; jmp" at
 * COPY_IRQS_OFF. A RIP-relative operand is rebased to the slot; what
 * the decoder (arch/x86/lib/insn.c) does not know, or may not move, keeps
 * the step-over.
 */
#include <kernel/errno.h>
#include <kernel/string.h>
#include <asm/ptrace.h>
#include <asm/insn.h>
#include "kgdb_x86.h"

#define COPY_IRQS_ON	0
#define COPY_IRQS_OFF	(KGDB_XOL_SLOT_SIZE / 2)
#define OP_STI		0xfb
#define OP_JMP_REL32	0xe9

#ifdef __x86_64__
#define LONG_MODE	true
#else
#define LONG_MODE	false
#endif

/* @to - @from as a rel32, or false where it does not reach. */
static bool rel32(uintptr_t to, uintptr_t from, s32 *rel)
{
	intptr_t d = (intptr_t)(to - from);

	*rel = (s32)d;
	return *rel == d;
}

/* One copy at @p, which runs at @at: the instruction, an sti if @sti, the jmp back. */
static int put_copy(u8 *p, uintptr_t at, const u8 *insn, const struct x86_insn *d,
		    uintptr_t addr, bool sti)
{
	unsigned int n = d->len;
	s32 rel;

	memcpy(p, insn, n);
	if (d->rip_disp >= 0) {
		memcpy(&rel, p + d->rip_disp, sizeof(rel));
		/* The same target, from the slot: addr + len + disp = at + len + new disp. */
		if (!rel32(addr + (intptr_t)rel, at, &rel))
			return -ERANGE;
		memcpy(p + d->rip_disp, &rel, sizeof(rel));
	}
	if (sti)
		p[n++] = OP_STI;
	p[n] = OP_JMP_REL32;
	if (!rel32(addr + d->len, at + n + 5, &rel))
		return -ERANGE;
	memcpy(p + n + 1, &rel, sizeof(rel));
	return 0;
}

static int x86_xol_prepare(u8 *slot, uintptr_t slot_addr, const u8 *insn, size_t avail,
			   uintptr_t addr)
{
	struct x86_insn d;

	if (x86_insn_decode(insn, avail, LONG_MODE, &d))
		return -EINVAL;
	if (put_copy(slot + COPY_IRQS_ON, slot_addr + COPY_IRQS_ON, insn, &d, addr, true) ||
	    put_copy(slot + COPY_IRQS_OFF, slot_addr + COPY_IRQS_OFF, insn, &d, addr, false))
		return -ERANGE;
	return d.len;
}

static void x86_xol_enter(struct pt_regs *regs, uintptr_t slot_addr)
{
	if (regs_flags(regs) & X86_EFLAGS_IF) {
		regs_flags(regs) &= ~X86_EFLAGS_IF;
		instruction_pointer_set(regs, slot_addr + COPY_IRQS_ON);
	} else {
		instruction_pointer_set(regs, slot_addr + COPY_IRQS_OFF);
	}
}

static void x86_xol_leave(struct pt_regs *regs, uintptr_t slot_addr, uintptr_t addr,
			  unsigned int len)
{
	uintptr_t off = instruction_pointer(regs) - slot_addr;
	bool irqs_on = off < COPY_IRQS_OFF;

	if (!irqs_on)
		off -= COPY_IRQS_OFF;
	/* Before its sti, the copy still holds the interrupts the CPU had on. */
	if (irqs_on && off <= len)
		regs_flags(regs) |= X86_EFLAGS_IF;
	instruction_pointer_set(regs, off ? addr + len : addr);
}

const struct kgdb_xol_ops x86_kgdb_xol = {
	.prepare = x86_xol_prepare,
	.enter = x86_xol_enter,
	.leave = x86_xol_leave,
};
