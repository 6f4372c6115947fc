// SPDX-License-Identifier: MIT
/*
 * Address faults: TLB refill/invalid/modified, address errors and bus
 * errors. The kernel has no mapped memory (mm/tlb.c), so a fault is a
 * nofault access with an exception-table fixup, or a bug (oops).
 */
#include <kernel/die.h>
#include <kernel/printk.h>
#include <asm/extable.h>
#include <asm/mipsregs.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

struct fault_kind {
	const char *access;
	const char *what;
	const char *die_str;
	int signo;
};

static struct fault_kind fault_kind(unsigned int exccode)
{
	switch (exccode) {
	case EXC_MOD:
		return (struct fault_kind){ "write", "TLB modified", "page fault", SIGSEGV };
	case EXC_TLBL:
		return (struct fault_kind){ "read", "TLB miss", "page fault", SIGSEGV };
	case EXC_TLBS:
		return (struct fault_kind){ "write", "TLB miss", "page fault", SIGSEGV };
	case EXC_ADEL:
		return (struct fault_kind){ "read", "address error", "address error", SIGBUS };
	case EXC_ADES:
		return (struct fault_kind){ "write", "address error", "address error", SIGBUS };
	case EXC_IBE:
		return (struct fault_kind){ "instruction fetch", "bus error", "bus error", SIGBUS };
	default:
		return (struct fault_kind){ "data", "bus error", "bus error", SIGBUS };
	}
}

void mips_do_fault(struct pt_regs *regs, unsigned int exccode)
{
	struct fault_kind k = fault_kind(exccode);
	/* Bus errors do not set BadVAddr. */
	bool has_addr = exccode != EXC_IBE && exccode != EXC_DBE;
	unsigned long addr = regs->cp0_badvaddr;

	if (fixup_exception(regs))
		return;
	if (!has_addr)
		pr_emerg("BUG: unable to handle bus error at pc %#lx\n", exception_pc(regs));
	else if (addr < PAGE_SIZE)
		pr_emerg("BUG: kernel NULL pointer dereference, address: %#lx\n", addr);
	else
		pr_emerg("BUG: unable to handle page fault for address: %#lx\n", addr);
	if (has_addr && exception_pc(regs) == addr)
		k.access = "instruction fetch";
	pr_emerg("%s: %s access (ExcCode %u, Cause %#lx)\n", k.what, k.access, exccode,
		 regs->cp0_cause);
	die(k.die_str, regs, (long)regs->cp0_cause, (int)exccode, k.signo);
}
