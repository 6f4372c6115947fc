// SPDX-License-Identifier: MIT
/*
 * Exception dispatch by Cause.ExcCode. The "break" instruction (the
 * debugger's breakpoint, also the end of its software single-step) goes
 * to the die chain as DIE_BREAKPOINT; conditional traps are BUG() or
 * gcc's divide-by-zero check, told apart by their code; faults go to
 * mm/fault.c; everything else is fatal through die().
 */
#include <kernel/die.h>
#include <kernel/irq.h>
#include <kernel/nofault.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <asm/bug.h>
#include <asm/mipsregs.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

unsigned long exception_pc(const struct pt_regs *regs)
{
	return regs->cp0_epc + (regs->cp0_cause & CAUSE_BD ? 4 : 0);
}

static u32 exception_insn(const struct pt_regs *regs)
{
	u32 insn = 0;

	copy_from_kernel_nofault(&insn, (const void *)exception_pc(regs), sizeof(insn));
	return insn;
}

static void do_break(struct pt_regs *regs)
{
	if (notify_die(DIE_BREAKPOINT, "breakpoint", regs, 0, EXC_BP, SIGTRAP) == NOTIFY_STOP)
		return;
	die("breakpoint", regs, 0, EXC_BP, SIGTRAP);
}

static void do_trap(struct pt_regs *regs)
{
	u32 insn = exception_insn(regs);
	const struct bug_entry *bug;

	switch (MIPS_TRAP_CODE(insn)) {
	case MIPS_TRAP_DIVZERO:
		die("divide error", regs, (long)insn, EXC_TR, SIGFPE);
		return;
	case MIPS_TRAP_BUG:
		bug = find_bug(exception_pc(regs));
		if (bug)
			pr_emerg("kernel BUG at %s:%lu!\n", bug->file, bug->line);
		die("trap", regs, (long)insn, EXC_TR, SIGTRAP);
		return;
	default:
		die("trap", regs, (long)insn, EXC_TR, SIGTRAP);
	}
}

void mips_do_exception(struct pt_regs *regs)
{
	unsigned int code = EXCCODE(regs->cp0_cause);

	switch (code) {
	case EXC_INT:
		mips_do_irq(regs);
		return;
	case EXC_MOD:
	case EXC_TLBL:
	case EXC_TLBS:
	case EXC_ADEL:
	case EXC_ADES:
	case EXC_IBE:
	case EXC_DBE:
		mips_do_fault(regs, code);
		return;
	case EXC_BP:
		do_break(regs);
		return;
	case EXC_TR:
		do_trap(regs);
		return;
	case EXC_RI:
		die("reserved instruction", regs, (long)exception_insn(regs), code, SIGILL);
		return;
	case EXC_CPU:
		die("coprocessor unusable", regs, (long)regs->cp0_cause, code, SIGILL);
		return;
	case EXC_OV:
		die("integer overflow", regs, 0, code, SIGFPE);
		return;
	case EXC_SYS:
		die("syscall", regs, 0, code, SIGILL);
		return;
	default:
		die("unexpected exception", regs, (long)regs->cp0_cause, code, SIGSEGV);
	}
}
