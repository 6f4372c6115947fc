// SPDX-License-Identifier: MIT
/*
 * Exception dispatch by IVOR number (pt_regs->trap, set by the vector
 * stubs in entry.S). Program interrupts with ESR[PTR] are traps: "trap"
 * (the debugger's breakpoint) goes to the die chain as DIE_BREAKPOINT
 * with NIP on the instruction, "twi 31,0,0" is BUG(). The debug
 * interrupt goes to the die chain as DIE_DEBUG with DBSR as the error
 * code. Storage and TLB miss interrupts go to mm/fault.c; interrupts to
 * irq.c, time.c and nmi.c (critical input); everything else is fatal
 * through die().
 */
#include <kernel/die.h>
#include <kernel/irq.h>
#include <kernel/nofault.h>
#include <kernel/printk.h>
#include <asm/bug.h>
#include <asm/ptrace.h>
#include <asm/reg.h>
#include <asm/setup.h>

/* IVOR n's stub is slot n (0-15) or 16 + n - 32 (32-35) of ppc_vectors. */
#define SET_IVOR(n, slot)	mtspr(SPRN_IVOR(n), (base + (slot) * 16) & 0xffff)

void ppc_set_vectors(void)
{
	uintptr_t base = (uintptr_t)ppc_vectors;

	mtspr(SPRN_IVPR, base & 0xffff0000UL);
	SET_IVOR(0, 0);
	SET_IVOR(1, 1);
	SET_IVOR(2, 2);
	SET_IVOR(3, 3);
	SET_IVOR(4, 4);
	SET_IVOR(5, 5);
	SET_IVOR(6, 6);
	SET_IVOR(7, 7);
	SET_IVOR(8, 8);
	SET_IVOR(9, 9);
	SET_IVOR(10, 10);
	SET_IVOR(11, 11);
	SET_IVOR(12, 12);
	SET_IVOR(13, 13);
	SET_IVOR(14, 14);
	SET_IVOR(15, 15);
	SET_IVOR(32, 16);
	SET_IVOR(33, 17);
	SET_IVOR(34, 18);
	SET_IVOR(35, 19);
	__asm__ __volatile__("isync" : : : "memory");
}

/*
 * The CPU has just fetched it, so a plain load reads it: a call to the
 * nofault copy could trap on a breakpoint gdb put there, and land here
 * again for good.
 */
static u32 trapped_insn(const struct pt_regs *regs)
{
	return *(const volatile u32 *)regs->nip;
}

static void do_program(struct pt_regs *regs)
{
	u32 insn = trapped_insn(regs);
	const struct bug_entry *bug;

	if (regs->esr & ESR_PTR) {
		if (insn == PPC_INSN_TRAP) {
			if (notify_die(DIE_BREAKPOINT, "breakpoint", regs, 0, IVOR_PROGRAM,
				       SIGTRAP) == NOTIFY_STOP)
				return;
			die("breakpoint", regs, (long)regs->esr, IVOR_PROGRAM, SIGTRAP);
			return;
		}
		bug = find_bug(regs->nip);
		if (bug)
			pr_emerg("kernel BUG at %s:%lu!\n", bug->file, bug->line);
		die("trap", regs, (long)regs->esr, IVOR_PROGRAM, SIGTRAP);
	} else if (regs->esr & ESR_PIL) {
		die("illegal instruction", regs, (long)insn, IVOR_PROGRAM, SIGILL);
	} else if (regs->esr & ESR_PPR) {
		die("privileged instruction", regs, (long)insn, IVOR_PROGRAM, SIGILL);
	} else {
		die("program exception", regs, (long)regs->esr, IVOR_PROGRAM, SIGILL);
	}
}

/*
 * A debug event while a base-class interrupt's stub or prologue still had
 * its state in SRR0/1 and SPRG0/1 (the stub runs with the interrupted
 * MSR[DE]): run it without debug events; its rfi puts DE back.
 */
static bool debug_in_prologue(struct pt_regs *regs)
{
	return regs->nip >= (uintptr_t)ppc_vectors &&
	       regs->nip < (uintptr_t)ppc_entry_prologue_end;
}

static void do_debug(struct pt_regs *regs)
{
	unsigned long dbsr = mfspr(SPRN_DBSR);

	mtspr(SPRN_DBSR, dbsr);		/* write-one-to-clear */
	if (debug_in_prologue(regs)) {
		regs->msr &= ~MSR_DE;
		return;
	}
	if (notify_die(DIE_DEBUG, "debug", regs, (long)dbsr, IVOR_DEBUG, SIGTRAP) == NOTIFY_STOP)
		return;
	die("debug exception", regs, (long)dbsr, IVOR_DEBUG, SIGTRAP);
}

void ppc_do_exception(struct pt_regs *regs)
{
	switch (regs->trap) {
	case IVOR_CRITICAL:
		ppc_do_nmi(regs);
		return;
	case IVOR_EXTERNAL:
		ppc_do_irq(regs);
		return;
	case IVOR_DECREMENTER:
		ppc_do_timer(regs);
		return;
	case IVOR_DATA_STORAGE:
	case IVOR_INSN_STORAGE:
	case IVOR_DTLB_MISS:
	case IVOR_ITLB_MISS:
		ppc_do_fault(regs);
		return;
	case IVOR_PROGRAM:
		do_program(regs);
		return;
	case IVOR_DEBUG:
		do_debug(regs);
		return;
	case IVOR_ALIGNMENT:
		die("alignment exception", regs, (long)regs->dear, IVOR_ALIGNMENT, SIGBUS);
		return;
	case IVOR_MACHINE_CHECK:
		die("machine check", regs, (long)regs->esr, IVOR_MACHINE_CHECK, SIGBUS);
		return;
	case IVOR_FP_UNAVAIL:
	case IVOR_APU_UNAVAIL:
	case IVOR_SPE_UNAVAIL:
		die("unit unavailable", regs, (long)regs->trap, (int)regs->trap, SIGILL);
		return;
	case IVOR_SYSCALL:
		die("syscall", regs, 0, IVOR_SYSCALL, SIGILL);
		return;
	default:
		die("unexpected exception", regs, (long)regs->trap, (int)regs->trap, SIGSEGV);
	}
}
