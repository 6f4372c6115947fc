// SPDX-License-Identifier: MIT
/*
 * Page faults. The kernel has no demand paging: a fault is either a
 * nofault access with an exception-table fixup, or a bug (oops).
 */
#include <kernel/die.h>
#include <kernel/printk.h>
#include <asm/extable.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

#define PF_PROT		0x1	/* the page was present: a protection violation */
#define PF_WRITE	0x2
#define PF_INSTR	0x10	/* instruction fetch */

void do_page_fault(struct pt_regs *regs);
void do_page_fault(struct pt_regs *regs)
{
	unsigned long addr = read_cr2();
	unsigned long err = regs->error_code;

	if (fixup_exception(regs))
		return;
	if (addr < PAGE_SIZE)
		pr_emerg("BUG: kernel NULL pointer dereference, address: %#lx\n", addr);
	else
		pr_emerg("BUG: unable to handle page fault for address: %#lx\n", addr);
	pr_emerg("#PF: %s access, %s\n",
		 err & PF_INSTR ? "instruction fetch" : err & PF_WRITE ? "write" : "read",
		 err & PF_PROT ? "protection violation" : "page not present");
	die("page fault", regs, (long)err, X86_TRAP_PF, SIGSEGV);
}
