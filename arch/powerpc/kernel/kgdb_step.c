// SPDX-License-Identifier: MIT
/*
 * The core's software step on PowerPC: the next PC from the instruction
 * at NIP (kgdb_branch.c), and MSR[EE] off in the frame for the step, so
 * that it ends after the instruction rather than in an interrupt
 * handler, unless the instruction writes EE itself.
 */
#include <kernel/errno.h>
#include <kernel/nofault.h>
#include "kgdb_ppc.h"

#define MSR_EE		0x00008000UL

static struct {
	bool keep_ee;		/* the stepped instruction writes EE itself */
	bool ee_was_set;
} step;

int ppc_kgdb_next_pcs(struct pt_regs *regs, uintptr_t *pcs)
{
	u32 insn;
	int err;

	if (copy_from_kernel_nofault(&insn, (const void *)regs->nip, sizeof(insn)))
		return -EINVAL;
	err = ppc_next_pc(regs, insn, &pcs[0]);
	if (err)
		return err;
	step.keep_ee = ppc_insn_sets_ee(insn);
	return 1;
}

void ppc_kgdb_step_irqs(struct pt_regs *regs, bool on)
{
	if (step.keep_ee)
		return;
	if (on) {
		step.ee_was_set = regs->msr & MSR_EE;
		regs->msr &= ~MSR_EE;
	} else if (step.ee_was_set) {
		regs->msr |= MSR_EE;
	}
}
