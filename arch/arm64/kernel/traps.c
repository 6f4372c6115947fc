// SPDX-License-Identifier: MIT
/*
 * Every exception comes here from entry.S, by vector: IRQ and FIQ go to
 * the GIC, synchronous exceptions by their syndrome class. brk #0 (the
 * debugger's breakpoint) goes to the die chain as DIE_BREAKPOINT; the
 * debug exceptions (hardware breakpoint, watchpoint, software step) as
 * DIE_DEBUG; BUG()'s brk becomes an oops with its file and line; aborts
 * go to mm/fault.c. Anything else is fatal through die().
 */
#include <kernel/die.h>
#include <kernel/irq.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <asm/bug.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

static void do_brk(struct pt_regs *regs)
{
	unsigned int imm = ESR_ISS(regs->esr) & 0xffff;
	const struct bug_entry *bug;

	if (imm == ARM64_BUG_IMM && (bug = find_bug(regs->pc))) {
		pr_emerg("kernel BUG at %s:%lu!\n", bug->file, bug->line);
		die("BUG", regs, (long)regs->esr, ARM64_TRAP_SYNC, SIGTRAP);
		return;
	}
	if (notify_die(DIE_BREAKPOINT, "breakpoint", regs, (long)regs->esr, ARM64_TRAP_SYNC,
		       SIGTRAP) == NOTIFY_STOP)
		return;
	die("breakpoint", regs, (long)regs->esr, ARM64_TRAP_SYNC, SIGTRAP);
}

static void do_debug(struct pt_regs *regs, const char *what)
{
	if (notify_die(DIE_DEBUG, what, regs, (long)regs->esr, ARM64_TRAP_SYNC, SIGTRAP) ==
	    NOTIFY_STOP)
		return;
	die(what, regs, (long)regs->esr, ARM64_TRAP_SYNC, SIGTRAP);
}

static void do_sync(struct pt_regs *regs)
{
	unsigned int ec = ESR_EC(regs->esr);

	switch (ec) {
	case EC_BRK:
		do_brk(regs);
		return;
	case EC_BREAKPOINT:
		do_debug(regs, "hardware breakpoint");
		return;
	case EC_WATCHPOINT:
		do_debug(regs, "watchpoint");
		return;
	case EC_SOFTSTEP:
		do_debug(regs, "single-step");
		return;
	case EC_DABT:
	case EC_IABT:
		arm64_do_abort(regs, ec);
		return;
	case EC_UNKNOWN:
		die("undefined instruction", regs, (long)regs->esr, ARM64_TRAP_SYNC, SIGILL);
		return;
	case EC_PC_ALIGN:
	case EC_SP_ALIGN:
		die("alignment fault", regs, (long)regs->esr, ARM64_TRAP_SYNC, SIGBUS);
		return;
	}
	pr_emerg("unexpected synchronous exception, ESR %#lx\n", regs->esr);
	die("synchronous exception", regs, (long)regs->esr, ARM64_TRAP_SYNC, SIGILL);
}

void arm64_do_exception(struct pt_regs *regs)
{
	switch (regs->trapnr) {
	case ARM64_TRAP_SYNC:
		do_sync(regs);
		return;
	case ARM64_TRAP_IRQ:
		gic_do_irq(regs);
		return;
	case ARM64_TRAP_FIQ:
		gic_do_fiq(regs);
		return;
	}
	/* SError, or a vector this kernel never uses: no way back. */
	irq_enter();
	die("bad exception vector", regs, (long)regs->esr, (int)regs->trapnr, SIGSEGV);
	panic("bad exception vector %lu", regs->trapnr);
}
