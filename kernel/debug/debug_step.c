// SPDX-License-Identifier: MIT
/*
 * Single-step for gdb's 's': the arch's hardware step where it has one,
 * otherwise a software step. For the latter the arch decodes where the
 * instruction at the PC may go next (next_pcs) and the core plants its
 * breakpoint instruction at each of those addresses; the stepping CPU's
 * trap on one of them is the step's end, and the words go back before gdb
 * sees memory. The other CPUs stay held meanwhile (kgdb.c), so none of
 * them can run into a planted word. gdb never learns of these breakpoints.
 */

#include <kernel/errno.h>
#include "kgdb_internal.h"

static struct {
	unsigned int n;			/* planted words, 0: no software step armed */
	uintptr_t addr[KGDB_STEP_MAX_TARGETS];
	u8 saved[KGDB_STEP_MAX_TARGETS][KGDB_MAX_BP_LEN];
} soft_step;

bool kgdb_can_step(void)
{
	return arch_kgdb_ops.single_step || arch_kgdb_ops.next_pcs;
}

static void soft_step_disarm(struct pt_regs *regs)
{
	unsigned int len = arch_kgdb_ops.bp_len;

	/* Last planted first: two targets may share a word. */
	while (soft_step.n) {
		soft_step.n--;
		kgdb_mem_write(soft_step.addr[soft_step.n], soft_step.saved[soft_step.n], len);
	}
	if (arch_kgdb_ops.step_irqs)
		arch_kgdb_ops.step_irqs(regs, false);
}

static int soft_step_arm(struct pt_regs *regs)
{
	const struct kgdb_arch *arch = &arch_kgdb_ops;
	uintptr_t pcs[KGDB_STEP_MAX_TARGETS];
	int i, n = arch->next_pcs(regs, pcs);

	if (!n)
		return KGDB_STEP_DONE;
	if (n < 0 || n > KGDB_STEP_MAX_TARGETS)
		return n < 0 ? n : -EINVAL;
	for (i = 0; i < n; i++) {
		soft_step.addr[soft_step.n] = pcs[i];
		if (kgdb_mem_read(soft_step.saved[soft_step.n], pcs[i], arch->bp_len) ||
		    kgdb_mem_write(pcs[i], arch->bp_insn, arch->bp_len)) {
			soft_step_disarm(regs);
			return -EFAULT;
		}
		soft_step.n++;
	}
	if (arch->step_irqs)
		arch->step_irqs(regs, true);
	return 0;
}

int kgdb_step_arm(struct pt_regs *regs)
{
	if (arch_kgdb_ops.single_step) {
		arch_kgdb_ops.single_step(regs, true);
		return 0;
	}
	return soft_step_arm(regs);
}

void kgdb_step_disarm(struct pt_regs *regs)
{
	if (arch_kgdb_ops.single_step)
		arch_kgdb_ops.single_step(regs, false);
	else if (soft_step.n)
		soft_step_disarm(regs);
}

bool kgdb_step_target(uintptr_t addr)
{
	unsigned int i;

	for (i = 0; i < soft_step.n; i++)
		if (soft_step.addr[i] == addr)
			return true;
	return false;
}
