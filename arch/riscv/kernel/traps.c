// SPDX-License-Identifier: MIT
/*
 * The trap dispatcher (entry.S calls riscv_do_trap() with interrupts
 * off). Interrupts: the timer and the IPI are per hart, device
 * interrupts come through the PLIC. Exceptions: a breakpoint is BUG()
 * (an ebreak with a bug table entry) or the debugger's (any other
 * ebreak or c.ebreak, also the end of its software step:
 * DIE_BREAKPOINT); faults go to
 * mm/fault.c; anything else is fatal through die().
 */
#include <kernel/die.h>
#include <kernel/irq.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <asm/bug.h>
#include <asm/csr.h>
#include <asm/kgdb.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

static void do_irq(struct pt_regs *regs, unsigned long code)
{
	if (code == IRQ_S_SOFT) {
		/* Outside irq_enter(): its roundup may hold this CPU for long. */
		riscv_ipi_interrupt(regs);
	} else {
		irq_enter();
		if (code == IRQ_S_TIMER)
			riscv_timer_interrupt(regs);
		else if (code == IRQ_S_EXT)
			plic_handle_irq(regs);
		irq_exit();
	}
	/* Preempt the interrupted context if it had interrupts on (it was
	 * not itself inside an interrupt), as the other arches do. */
	if ((regs->sstatus & SR_SPIE) && !in_interrupt() && need_resched())
		schedule_irq(regs);
}

static void do_breakpoint(struct pt_regs *regs)
{
	/*
	 * The CPU has just fetched the instruction, so a plain load reads it:
	 * a call to the nofault copy could trap on a breakpoint gdb put
	 * there, and land here again for good.
	 */
	u16 lo = *(const volatile u16 *)regs->sepc;

	if (lo == (RISCV_EBREAK & 0xffff) &&
	    *(const volatile u16 *)(regs->sepc + 2) == RISCV_EBREAK >> 16) {
		const struct bug_entry *bug = find_bug(regs->sepc);

		if (bug) {
			pr_emerg("kernel BUG at %s:%lu!\n", bug->file, bug->line);
			die("kernel BUG", regs, 0, EXC_BREAKPOINT, SIGTRAP);
			return;
		}
	}
	/* The debugger's, or one it has taken out since it trapped. */
	if (notify_die(DIE_BREAKPOINT, "breakpoint", regs, 0, EXC_BREAKPOINT, SIGTRAP) ==
	    NOTIFY_STOP)
		return;
	die("breakpoint", regs, 0, EXC_BREAKPOINT, SIGTRAP);
}

void riscv_do_trap(struct pt_regs *regs)
{
	unsigned long cause = regs->scause;

	if (cause & CAUSE_IRQ) {
		do_irq(regs, cause & ~CAUSE_IRQ);
		return;
	}
	switch (cause) {
	case EXC_BREAKPOINT:
		do_breakpoint(regs);
		return;
	case EXC_INSN_ACCESS:
	case EXC_LOAD_ACCESS:
	case EXC_STORE_ACCESS:
	case EXC_INSN_PAGE_FAULT:
	case EXC_LOAD_PAGE_FAULT:
	case EXC_STORE_PAGE_FAULT:
		riscv_do_fault(regs);
		return;
	case EXC_ILLEGAL_INSN:
		die("illegal instruction", regs, (long)regs->stval, (int)cause, SIGILL);
		return;
	case EXC_INSN_MISALIGNED:
	case EXC_LOAD_MISALIGNED:
	case EXC_STORE_MISALIGNED:
		die("misaligned access", regs, (long)regs->stval, (int)cause, SIGBUS);
		return;
	default:
		die("unexpected exception", regs, (long)cause, (int)cause, SIGILL);
	}
}
