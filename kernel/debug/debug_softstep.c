// SPDX-License-Identifier: MIT
/*
 * Software single-step, for an arch without a hardware step: the arch
 * decodes where the instruction at the PC may go next (step.next_pcs) and
 * the core plants its breakpoint instruction at each of those addresses.
 * The stepping CPU's trap on one of them is the step's end, and the words
 * go back before gdb sees memory. The other CPUs are held meanwhile, so
 * none of them can run into a planted word; gdb never learns of them.
 * Only a CPU that missed the roundup can: the last words planted are
 * remembered, so that its trap, seen after the word went back, is known
 * for a stale one of ours.
 */

#include <kernel/errno.h>
#include <asm/ptrace.h>
#include "debug_internal.h"

/* Words planted by the last steps, and taken out since. */
#define STEP_WORDS_KEPT	16

static struct {
	unsigned int n;			/* planted words, 0: no software step armed */
	uintptr_t addr[KGDB_STEP_MAX_TARGETS];
	u8 saved[KGDB_STEP_MAX_TARGETS][KGDB_MAX_BP_LEN];
	uintptr_t gone[STEP_WORDS_KEPT];
	unsigned int next_gone;
} soft_step;

bool kgdb_soft_step_can(void)
{
	return arch_kgdb_ops.step.next_pcs;
}

void kgdb_soft_step_disarm(void)
{
	unsigned int len = arch_kgdb_ops.bp_len;

	/* Last planted first: two targets may share a word. */
	while (soft_step.n) {
		soft_step.n--;
		kgdb_mem_write(soft_step.addr[soft_step.n], soft_step.saved[soft_step.n], len);
		WRITE_ONCE(soft_step.gone[soft_step.next_gone++ % STEP_WORDS_KEPT],
			   soft_step.addr[soft_step.n]);
	}
}

int kgdb_soft_step_arm(struct pt_regs *regs)
{
	const struct kgdb_arch *arch = &arch_kgdb_ops;
	uintptr_t pcs[KGDB_STEP_MAX_TARGETS];
	u8 insn[KGDB_MAX_BP_LEN];
	u32 word;
	int i, n, targets;

	if (kgdb_mem_read(&word, instruction_pointer(regs), sizeof(word)))
		return -EFAULT;
	n = arch->step.next_pcs(regs, word, pcs);
	if (!n)
		return KGDB_STEP_DONE;
	if (n < 0)
		return n;
	/* No target would let the CPU run on unstepped. */
	targets = n & ~KGDB_STEP_IRQ_INSN;
	if (!targets || targets > KGDB_STEP_MAX_TARGETS)
		return -EINVAL;
	kgdb_bp_insn(insn);
	for (i = 0; i < targets; i++) {
		soft_step.addr[soft_step.n] = pcs[i];
		if (kgdb_mem_read(soft_step.saved[soft_step.n], pcs[i], arch->bp_len) ||
		    kgdb_mem_write(pcs[i], insn, arch->bp_len)) {
			kgdb_soft_step_disarm();
			return -EFAULT;
		}
		soft_step.n++;
	}
	return n & KGDB_STEP_IRQ_INSN;
}

/*
 * gdb steps over an atomic sequence (ll/sc, lr/sc, ldrex/strex,
 * lwarx/stwcx.) whole: its breakpoint is past the sequence's end, which
 * gdb looks for within this many bytes (16 instructions).
 */
#define GDB_ATOMIC_SEQUENCE_BYTES	64

/* Whether one of gdb's breakpoints is in (@pc, @pc + GDB_ATOMIC_SEQUENCE_BYTES]. */
static bool gdb_break_ahead(uintptr_t pc)
{
	unsigned int i, owners;
	uintptr_t addr;

	for (i = 0; i < CONFIG_KGDB_MAX_BREAKPOINTS; i++)
		if (kgdb_bp_nth(i, &addr, &owners) && (owners & KGDB_BP_GDB) &&
		    addr > pc && addr - pc <= GDB_ATOMIC_SEQUENCE_BYTES)
			return true;
	return false;
}

/*
 * Whether a CPU that runs alone from @regs does so for gdb's own step
 * (over its breakpoint, or stepi where gdb steps itself): one of gdb's
 * breakpoints is at the PC, at each place the instruction there may go
 * next, or just past an atomic sequence that starts there. *@own: that
 * instruction sets the interrupt enable itself, as the decoder says, on a
 * copy of the frame (it may carry an instruction out, which is one a step
 * cannot contain).
 */
bool kgdb_soft_step_over(const struct pt_regs *regs, bool *own)
{
	uintptr_t pcs[KGDB_STEP_MAX_TARGETS], pc = instruction_pointer(regs);
	struct pt_regs copy = *regs;
	int i, n = -1, targets = 0;
	u32 word;

	*own = false;
	if (!kgdb_soft_step_can())
		return false;
	if (!kgdb_mem_read(&word, pc, sizeof(word)))
		n = arch_kgdb_ops.step.next_pcs(&copy, word, pcs);
	if (!n) {
		*own = true;
		pcs[0] = instruction_pointer(&copy);
		n = 1;
	}
	if (n > 0) {
		*own |= n & KGDB_STEP_IRQ_INSN;
		targets = MIN(n & ~KGDB_STEP_IRQ_INSN, KGDB_STEP_MAX_TARGETS);
	}
	for (i = 0; i < targets; i++)
		if (!(kgdb_bp_owners(pcs[i]) & KGDB_BP_GDB))
			break;
	return (targets && i == targets) || (kgdb_bp_owners(pc) & KGDB_BP_GDB) ||
	       gdb_break_ahead(pc);
}

bool kgdb_step_target(uintptr_t addr)
{
	unsigned int i, n = READ_ONCE(soft_step.n);

	for (i = 0; i < n && i < KGDB_STEP_MAX_TARGETS; i++)
		if (READ_ONCE(soft_step.addr[i]) == addr)
			return true;
	return false;
}

bool kgdb_step_word(uintptr_t addr)
{
	unsigned int i;

	if (kgdb_step_target(addr))
		return true;
	for (i = 0; i < STEP_WORDS_KEPT; i++)
		if (READ_ONCE(soft_step.gone[i]) == addr && addr)
			return true;
	return false;
}
