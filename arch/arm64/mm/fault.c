// SPDX-License-Identifier: MIT
/*
 * Data and instruction aborts at EL1. The kernel has no demand paging: an
 * abort is a nofault access with an exception-table fixup, or a bug
 * (oops). Faults are decoded from the syndrome's fault status code.
 */
#include <kernel/die.h>
#include <kernel/printk.h>
#include <asm/extable.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

#define ESR_WNR		(1UL << 6)	/* data abort: the access was a write */
#define ESR_FSC(esr)	((esr) & 0x3f)

struct fault_kind {
	const char *what;
	const char *die_str;
	int signo;
};

static struct fault_kind fault_kind(unsigned long fsc)
{
	switch (fsc & 0x3c) {
	case 0x04:
		return (struct fault_kind){ "translation fault", "page fault", SIGSEGV };
	case 0x08:
		return (struct fault_kind){ "access flag fault", "page fault", SIGSEGV };
	case 0x0c:
		return (struct fault_kind){ "permission fault", "page fault", SIGSEGV };
	}
	if (fsc == 0x21)
		return (struct fault_kind){ "alignment fault", "alignment fault", SIGBUS };
	return (struct fault_kind){ "external abort", "bus error", SIGBUS };
}

void arm64_do_abort(struct pt_regs *regs, unsigned int ec)
{
	unsigned long esr = regs->esr, addr = read_sysreg(far_el1);
	struct fault_kind k = fault_kind(ESR_FSC(esr));
	const char *access = "instruction fetch";

	if (ec == EC_DABT) {
		if (fixup_exception(regs))
			return;
		access = esr & ESR_WNR ? "write" : "read";
	}
	if (addr < PAGE_SIZE)
		pr_emerg("BUG: kernel NULL pointer dereference, address: %#lx\n", addr);
	else
		pr_emerg("BUG: unable to handle page fault for address: %#lx\n", addr);
	pr_emerg("%s: %s access, %s (ESR %#lx)\n", ec == EC_DABT ? "Data abort" : "Instruction abort",
		 access, k.what, esr);
	die(k.die_str, regs, (long)esr, ARM64_TRAP_SYNC, k.signo);
}
