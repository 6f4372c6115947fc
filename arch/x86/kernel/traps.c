// SPDX-License-Identifier: MIT
/*
 * CPU exceptions (vectors 0..31). Everything fatal goes to die(), which
 * walks the die notifier chain (the debugger's hook) before the oops.
 * Breakpoint, debug and NMI traps offer themselves to the chain first and
 * are fatal only if nobody claims them. Faults on instructions listed in
 * the exception table (copy_*_kernel_nofault) resume at their fixup.
 */
#include <kernel/die.h>
#include <kernel/irq.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <asm/bug.h>
#include <asm/extable.h>
#include <asm/kgdb.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>
#include <asm/traps.h>

#define DR6_RESERVED	0xffff0ff0UL	/* DR6's value with no status bit set */

void do_page_fault(struct pt_regs *regs);

struct trap_info {
	const char *name;
	int signo;
};

static const struct trap_info traps[FIRST_EXTERNAL_VECTOR] = {
	[X86_TRAP_DE] = { "divide error", SIGFPE },
	[X86_TRAP_DB] = { "debug", SIGTRAP },
	[X86_TRAP_NMI] = { "NMI", 0 },
	[X86_TRAP_BP] = { "int3", SIGTRAP },
	[X86_TRAP_OF] = { "overflow", SIGSEGV },
	[X86_TRAP_BR] = { "bounds", SIGSEGV },
	[X86_TRAP_UD] = { "invalid opcode", SIGILL },
	[X86_TRAP_NM] = { "device not available", SIGFPE },
	[X86_TRAP_DF] = { "double fault", SIGSEGV },
	[X86_TRAP_OLD_MF] = { "coprocessor segment overrun", SIGFPE },
	[X86_TRAP_TS] = { "invalid TSS", SIGSEGV },
	[X86_TRAP_NP] = { "segment not present", SIGBUS },
	[X86_TRAP_SS] = { "stack segment", SIGBUS },
	[X86_TRAP_GP] = { "general protection fault", SIGSEGV },
	[X86_TRAP_PF] = { "page fault", SIGSEGV },
	[X86_TRAP_MF] = { "coprocessor error", SIGFPE },
	[X86_TRAP_AC] = { "alignment check", SIGBUS },
	[X86_TRAP_MC] = { "machine check", SIGBUS },
	[X86_TRAP_XF] = { "SIMD exception", SIGFPE },
	[X86_TRAP_VE] = { "virtualization exception", SIGSEGV },
	[X86_TRAP_CP] = { "control protection", SIGSEGV },
};

static void do_trap(struct pt_regs *regs, const char *str, int signo)
{
	die(str, regs, regs->error_code, regs->trapnr, signo);
}

static void do_invalid_op(struct pt_regs *regs)
{
	const struct bug_entry *bug = find_bug(instruction_pointer(regs));

	if (bug) {
		pr_emerg("kernel BUG at %s:%lu!\n", bug->file, bug->line);
		do_trap(regs, "invalid opcode", SIGTRAP);
		return;
	}
	do_trap(regs, "invalid opcode", SIGILL);
}

static void do_int3(struct pt_regs *regs)
{
	if (notify_die(DIE_BREAKPOINT, "int3", regs, 0, X86_TRAP_BP, SIGTRAP) == NOTIFY_STOP)
		return;
	do_trap(regs, "int3", SIGTRAP);
}

/*
 * DR6 is sticky, so it is read and reset here and its value is handed to
 * the chain as the error code.
 */
static void do_debug(struct pt_regs *regs)
{
	unsigned long dr6 = get_debugreg(6);

	set_debugreg(6, DR6_RESERVED);
	if (notify_die(DIE_DEBUG, "debug", regs, (long)dr6, X86_TRAP_DB, SIGTRAP) ==
	    NOTIFY_STOP)
		return;
	/* Nobody wanted the trap: do not single-step forever. */
	regs_flags(regs) &= ~X86_EFLAGS_TF;
	die("debug", regs, (long)dr6, X86_TRAP_DB, SIGTRAP);
}

static void do_nmi(struct pt_regs *regs)
{
	struct x86_percpu *pc = this_cpu_area();

	pc->nmi_depth++;
	if (notify_die(DIE_NMI, "NMI", regs, 0, X86_TRAP_NMI, 0) != NOTIFY_STOP &&
	    !x86_timer_nap_nmi())
		pr_emerg("NMI received on CPU %u\n", smp_processor_id());
	pc->nmi_depth--;
}

/*
 * The CPU blocks NMIs from an NMI's delivery to the next iret, any iret.
 * An exception taken inside an NMI handler (a nested NMI once a debugger's
 * held CPU let them in, a fault in a fault-safe copy) therefore returns
 * without one, or the rest of the outer handler would run open to NMIs: a
 * new one landing there would see the handler's frame, not the code the
 * outer NMI interrupted. Single-step and the resume flag need iret.
 */
static bool return_without_iret(struct pt_regs *regs, bool in_nmi)
{
	return in_nmi && !(regs_flags(regs) & (X86_EFLAGS_TF | X86_EFLAGS_RF));
}

static void do_general_protection(struct pt_regs *regs)
{
	if (fixup_exception(regs))
		return;
	do_trap(regs, "general protection fault", SIGSEGV);
}

bool x86_handle_exception(struct pt_regs *regs)
{
	unsigned long nr = regs->trapnr;
	bool in_nmi = this_cpu_area()->nmi_depth != 0;

	switch (nr) {
	case X86_TRAP_NMI:
		do_nmi(regs);
		break;
	case X86_TRAP_BP:
		do_int3(regs);
		break;
	case X86_TRAP_DB:
		do_debug(regs);
		break;
	case X86_TRAP_UD:
		do_invalid_op(regs);
		break;
	case X86_TRAP_PF:
		do_page_fault(regs);
		break;
	case X86_TRAP_GP:
		do_general_protection(regs);
		break;
	case X86_TRAP_DF:
	case X86_TRAP_MC:
		/* Aborts: there is no state to go back to, and the task cannot
		 * be killed from this stack; counting as an interrupt makes the
		 * oops a panic. */
		irq_enter();
		do_trap(regs, traps[nr].name, traps[nr].signo);
		panic("%s", traps[nr].name);
	default:
		if (nr < FIRST_EXTERNAL_VECTOR && traps[nr].name)
			do_trap(regs, traps[nr].name, traps[nr].signo);
		else
			do_trap(regs, "reserved exception", SIGSEGV);
		break;
	}
	return return_without_iret(regs, in_nmi);
}
