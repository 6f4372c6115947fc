// SPDX-License-Identifier: MIT
/*
 * Storage interrupts (a protection violation) and TLB misses (nothing
 * mapped there). The kernel has no page tables (mm/tlb.c), so a fault is
 * a nofault access with an exception-table fixup, or a bug (oops).
 * DEAR holds a data fault's address; an instruction fault's is SRR0.
 */
#include <kernel/die.h>
#include <kernel/printk.h>
#include <asm/extable.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/reg.h>
#include <asm/setup.h>

void ppc_do_fault(struct pt_regs *regs)
{
	bool fetch = regs->trap == IVOR_INSN_STORAGE || regs->trap == IVOR_ITLB_MISS;
	bool miss = regs->trap == IVOR_DTLB_MISS || regs->trap == IVOR_ITLB_MISS;
	unsigned long addr = fetch ? regs->nip : regs->dear;
	const char *access = fetch ? "instruction fetch" : regs->esr & ESR_ST ? "write" : "read";

	if (!fetch && fixup_exception(regs))
		return;
	if (addr < PAGE_SIZE)
		pr_emerg("BUG: kernel NULL pointer dereference, address: %#lx\n", addr);
	else
		pr_emerg("BUG: unable to handle page fault for address: %#lx\n", addr);
	pr_emerg("%s: %s access, %s (ESR %#lx)\n", miss ? "TLB miss" : "Storage interrupt",
		 access, miss ? "not mapped" : "protection violation", regs->esr);
	die("page fault", regs, (long)regs->esr, (int)regs->trap, SIGSEGV);
}
