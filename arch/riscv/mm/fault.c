// SPDX-License-Identifier: MIT
/*
 * Page and access faults. The kernel has no demand paging: a fault is a
 * nofault access with an exception-table fixup, or a bug (oops). stval
 * holds the faulting address; the page table says whether it was mapped.
 */
#include <kernel/die.h>
#include <kernel/printk.h>
#include <asm/csr.h>
#include <asm/extable.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

static const char *access_of(unsigned long cause)
{
	switch (cause) {
	case EXC_INSN_ACCESS:
	case EXC_INSN_PAGE_FAULT:
		return "instruction fetch";
	case EXC_STORE_ACCESS:
	case EXC_STORE_PAGE_FAULT:
		return "write";
	default:
		return "read";
	}
}

void riscv_do_fault(struct pt_regs *regs)
{
	unsigned long cause = regs->scause, addr = regs->stval;
	bool paging = cause >= EXC_INSN_PAGE_FAULT;

	if (cause != EXC_INSN_PAGE_FAULT && cause != EXC_INSN_ACCESS && fixup_exception(regs))
		return;
	if (addr < PAGE_SIZE)
		pr_emerg("BUG: kernel NULL pointer dereference, address: %#lx\n", addr);
	else
		pr_emerg("BUG: unable to handle page fault for address: %#lx\n", addr);
	pr_emerg("%s: %s access, %s (scause %lu)\n", paging ? "Page fault" : "Access fault",
		 access_of(cause), !paging ? "refused by the platform" :
		 riscv_mapped(addr) ? "protection violation" : "not mapped", cause);
	die(paging ? "page fault" : "bus error", regs, (long)cause, (int)cause,
	    paging ? SIGSEGV : SIGBUS);
}
