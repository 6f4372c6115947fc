// SPDX-License-Identifier: MIT
/*
 * Register dumps and backtraces for oops reports. Every function has a
 * frame record (-fno-omit-frame-pointer -mno-omit-leaf-frame-pointer):
 * fp points at {caller's fp, return address}. The exception entry code
 * leaves a record of the same shape in the pt_regs whose "return address"
 * is the interrupted pc, so a trace from a handler continues into the
 * interrupted code. Records are read with the fault-safe copy: a corrupt
 * chain ends the trace.
 */
#include <kernel/arch.h>
#include <kernel/kallsyms.h>
#include <kernel/nofault.h>
#include <kernel/printk.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

#define MAX_DEPTH	48

static const char *const trap_names[] = { "sync", "irq", "fiq", "serror", "bad" };

/* @exact: @addr is a pc, not a return address (which may point past the
 * end of a function whose last instruction is a call). */
static void print_addr(struct printer *p, unsigned long addr, bool exact)
{
	char sym[KSYM_SYMBOL_LEN];

	sprint_symbol(sym, sizeof(sym), addr, !exact);
	pprintf(p, " [<%016lx>] %s\n", addr, sym);
}

static bool in_entry_code(unsigned long addr)
{
	return addr > (unsigned long)arm64_entry_common &&
	       addr <= (unsigned long)arm64_entry_common_end;
}

static void walk_frames(struct printer *p, unsigned long fp)
{
	unsigned long frame[2];		/* the caller's fp, the return address */
	bool exact = false;
	int depth;

	for (depth = 0; depth < MAX_DEPTH && fp; depth++) {
		if (fp & 7 || copy_from_kernel_nofault(frame, (void *)fp, sizeof(frame)) ||
		    !frame[1])
			break;
		if (in_entry_code(frame[1])) {
			/* Next is the record in the pt_regs: the interrupted pc. */
			struct pt_regs *regs = (struct pt_regs *)(frame[0] - PT_FRAME);
			unsigned long nr;

			if (!copy_from_kernel_nofault(&nr, &regs->trapnr, sizeof(nr)) &&
			    nr < ARRAY_SIZE(trap_names))
				pprintf(p, " <exception: %s>\n", trap_names[nr]);
			exact = true;
		} else {
			print_addr(p, frame[1], exact);
			exact = false;
			if (frame[0] <= fp)
				break;	/* stacks grow down: callers' records are higher */
		}
		fp = frame[0];
	}
}

void show_backtrace(struct printer *p, struct pt_regs *regs)
{
	pprintf(p, "Call Trace:\n");
	if (regs) {
		print_addr(p, instruction_pointer(regs), true);
		walk_frames(p, frame_pointer(regs));
	} else {
		walk_frames(p, (unsigned long)__builtin_frame_address(0));
	}
}

static void show_sym(struct printer *p, const char *label, unsigned long addr)
{
	char sym[KSYM_SYMBOL_LEN];

	sprint_symbol(sym, sizeof(sym), addr, false);
	pprintf(p, "%s%016lx %s\n", label, addr, sym);
}

void show_regs(struct printer *p, struct pt_regs *r)
{
	show_sym(p, "pc : ", r->pc);
	show_sym(p, "lr : ", r->regs[30]);
	pprintf(p, "sp : %016lx  pstate: %08lx  esr: %08lx  (%s)\n", r->sp, r->pstate, r->esr,
		r->trapnr < ARRAY_SIZE(trap_names) ? trap_names[r->trapnr] : "?");
	for (int i = 29; i >= 0; i -= 3) {
		pprintf(p, "x%-2d: %016lx ", i, r->regs[i]);
		if (i >= 1)
			pprintf(p, "x%-2d: %016lx ", i - 1, r->regs[i - 1]);
		if (i >= 2)
			pprintf(p, "x%-2d: %016lx", i - 2, r->regs[i - 2]);
		pprintf(p, "\n");
	}
	pprintf(p, "SCTLR: %08lx  TTBR0: %016lx  FAR: %016lx\n", read_sysreg(sctlr_el1),
		read_sysreg(ttbr0_el1), read_sysreg(far_el1));
}
