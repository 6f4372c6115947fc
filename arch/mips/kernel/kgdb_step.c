// SPDX-License-Identifier: MIT
/*
 * The core's software step on MIPS: the next PC from the instruction at
 * EPC (kgdb_branch.c), and interrupts masked in the frame for the step so
 * that it ends after the instruction (and its delay slot) rather than in
 * an interrupt handler, unless the instruction writes Status.IE itself.
 */
#include <kernel/errno.h>
#include <kernel/nofault.h>
#include <kgdb.h>
#include <asm/mipsregs.h>
#include "kgdb_mips.h"

_Static_assert(MIPS_STEP_MAX_PCS <= KGDB_STEP_MAX_TARGETS, "the core keeps fewer step targets");

static struct {
	bool keep_ie;		/* the stepped instruction writes IE itself */
	bool ie_was_set;
} step;

int mips_kgdb_next_pcs(struct pt_regs *regs, uintptr_t *pcs)
{
	u8 bytes[4];
	u32 insn;

	if (copy_from_kernel_nofault(bytes, (const void *)regs->cp0_epc, sizeof(bytes)))
		return -EINVAL;
	insn = mips_insn_word(bytes);
	step.keep_ie = mips_insn_sets_ie(insn);
	return mips_next_pcs(regs, insn, pcs);
}

void mips_kgdb_step_irqs(struct pt_regs *regs, bool on)
{
	if (step.keep_ie)
		return;
	if (on) {
		step.ie_was_set = regs->cp0_status & ST0_IE;
		regs->cp0_status &= ~ST0_IE;
	} else if (step.ie_was_set) {
		regs->cp0_status |= ST0_IE;
	}
}
