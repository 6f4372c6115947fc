// SPDX-License-Identifier: MIT
/*
 * Data and prefetch aborts. The kernel has no demand paging: an abort is
 * a nofault access with an exception-table fixup, a debug event (a
 * hardware breakpoint or watchpoint, for the debugger), or a bug (oops).
 * Faults are decoded from the short-descriptor fault status (DFSR/IFSR).
 */
#include <kernel/die.h>
#include <kernel/printk.h>
#include <asm/extable.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

#define FSR_WNR		(1UL << 11)	/* DFSR: the access was a write */
#define FSR_FS(fsr)	(((fsr) & 0xf) | (((fsr) >> 6) & 0x10))
#define FS_DEBUG	0x02

struct fault_kind {
	const char *what;
	const char *die_str;
	int signo;
};

static struct fault_kind fault_kind(unsigned long fs)
{
	switch (fs) {
	case 0x01:
		return (struct fault_kind){ "alignment fault", "alignment fault", SIGBUS };
	case 0x05:
	case 0x07:
		return (struct fault_kind){ "translation fault", "page fault", SIGSEGV };
	case 0x03:
	case 0x06:
		return (struct fault_kind){ "access flag fault", "page fault", SIGSEGV };
	case 0x09:
	case 0x0b:
		return (struct fault_kind){ "domain fault", "page fault", SIGSEGV };
	case 0x0d:
	case 0x0f:
		return (struct fault_kind){ "permission fault", "page fault", SIGSEGV };
	case 0x08:
	case 0x16:
		return (struct fault_kind){ "external abort", "bus error", SIGBUS };
	default:
		return (struct fault_kind){ "abort", "bus error", SIGBUS };
	}
}

static void report(struct pt_regs *regs, const char *kind, const char *access,
		   unsigned long addr, unsigned long fsr, int trapnr)
{
	struct fault_kind k = fault_kind(FSR_FS(fsr));

	if (addr < PAGE_SIZE)
		pr_emerg("BUG: kernel NULL pointer dereference, address: %#lx\n", addr);
	else
		pr_emerg("BUG: unable to handle page fault for address: %#lx\n", addr);
	pr_emerg("%s: %s access, %s (FSR %#lx)\n", kind, access, k.what, fsr);
	die(k.die_str, regs, (long)fsr, trapnr, k.signo);
}

void arm_do_dabt(struct pt_regs *regs)
{
	unsigned long fsr = cp15_read(CP15_DFSR), addr = cp15_read(CP15_DFAR);

	if (FSR_FS(fsr) == FS_DEBUG) {
		if (notify_die(DIE_DEBUG, "watchpoint", regs, (long)fsr, ARM_TRAP_DABT,
			       SIGTRAP) == NOTIFY_STOP)
			return;
		die("watchpoint", regs, (long)fsr, ARM_TRAP_DABT, SIGTRAP);
		return;
	}
	if (fixup_exception(regs))
		return;
	report(regs, "Data abort", fsr & FSR_WNR ? "write" : "read", addr, fsr, ARM_TRAP_DABT);
}

void arm_do_pabt(struct pt_regs *regs)
{
	unsigned long fsr = cp15_read(CP15_IFSR), addr = cp15_read(CP15_IFAR);

	if (FSR_FS(fsr) == FS_DEBUG) {
		if (notify_die(DIE_DEBUG, "breakpoint", regs, (long)fsr, ARM_TRAP_PABT,
			       SIGTRAP) == NOTIFY_STOP)
			return;
		die("hardware breakpoint", regs, (long)fsr, ARM_TRAP_PABT, SIGTRAP);
		return;
	}
	report(regs, "Prefetch abort", "instruction fetch", addr, fsr, ARM_TRAP_PABT);
}
