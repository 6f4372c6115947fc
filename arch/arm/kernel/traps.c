// SPDX-License-Identifier: MIT
/*
 * Synchronous exceptions other than aborts (arch/arm/mm/fault.c). Every
 * undefined instruction this kernel plants on purpose is recognised by its
 * encoding: the debugger's breakpoint (also the end of its software
 * single-step) goes to the die chain as DIE_BREAKPOINT, BUG() and the
 * divide-by-zero helper become oopses with their own message and signal. Anything else is fatal through die().
 */
#include <kernel/die.h>
#include <kernel/irq.h>
#include <kernel/nofault.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <asm/bug.h>
#include <asm/kgdb.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

void arm_do_undef(struct pt_regs *regs)
{
	u32 insn = 0;

	/*
	 * Only ARM state is planted with these; a Thumb udf is just SIGILL.
	 * The CPU has just fetched the word, so a plain load reads it: a
	 * call to the nofault copy could trap on a breakpoint gdb put there,
	 * and land here again for good.
	 */
	if (!(regs->cpsr & PSR_T))
		insn = *(const volatile u32 *)regs->pc;
	switch (insn) {
	case ARM_KGDB_BREAK_INSN:
		if (notify_die(DIE_BREAKPOINT, "breakpoint", regs, 0, ARM_TRAP_UNDEF, SIGTRAP) ==
		    NOTIFY_STOP)
			return;
		die("breakpoint", regs, 0, ARM_TRAP_UNDEF, SIGTRAP);
		return;
	case ARM_DIV0_INSN:
		die("divide error", regs, 0, ARM_TRAP_UNDEF, SIGFPE);
		return;
	case ARM_BUG_INSN: {
		const struct bug_entry *bug = find_bug(regs->pc);

		if (bug) {
			pr_emerg("kernel BUG at %s:%lu!\n", bug->file, bug->line);
			die("undefined instruction", regs, (long)insn, ARM_TRAP_UNDEF, SIGTRAP);
			return;
		}
		break;
	}
	}
	/* The debugger's breakpoint may have been taken out since it trapped. */
	if (notify_die(DIE_BREAKPOINT, "breakpoint", regs, 0, ARM_TRAP_UNDEF, SIGTRAP) == NOTIFY_STOP)
		return;
	die("undefined instruction", regs, (long)insn, ARM_TRAP_UNDEF, SIGILL);
}

void arm_do_svc(struct pt_regs *regs)
{
	die("supervisor call", regs, 0, ARM_TRAP_SVC, SIGILL);
}

/* Reset and hypervisor vectors: never taken in SVC mode; no way back. */
void arm_do_bad(struct pt_regs *regs)
{
	irq_enter();
	die("bad exception vector", regs, 0, (int)regs->trapnr, SIGSEGV);
	panic("bad exception vector %lu", regs->trapnr);
}
