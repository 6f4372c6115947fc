// SPDX-License-Identifier: MIT
/*
 * Register dumps and backtraces for oops reports. The kernel is built with
 * APCS frames (-mapcs-frame): every function, leaf or not, pushes
 * {fp, sp, lr, pc} and points fp at the saved pc, so fp[-1] is the return
 * address and fp[-3] the caller's fp. The exception entry code leaves a
 * frame of the same shape whose "return address" is the interrupted pc,
 * so a trace from a handler continues into the interrupted code. Frames
 * are read with the fault-safe copy: a corrupt chain ends the trace.
 */
#include <kernel/arch.h>
#include <kernel/kallsyms.h>
#include <kernel/nofault.h>
#include <kernel/printk.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

#define MAX_DEPTH	48

static const char *const trap_names[] = {
	"reset", "undefined instruction", "svc", "prefetch abort", "data abort",
	"hyp", "irq", "fiq",
};

/* @exact: @addr is a pc, not a return address (which may point past the
 * end of a function whose last instruction is a call). */
static void print_addr(struct printer *p, unsigned long addr, bool exact)
{
	char sym[KSYM_SYMBOL_LEN];

	sprint_symbol(sym, sizeof(sym), addr, !exact);
	pprintf(p, " [<%08lx>] %s\n", addr, sym);
}

static bool in_entry_code(unsigned long addr)
{
	return addr > (unsigned long)arm_entry_common &&
	       addr <= (unsigned long)arm_entry_common_end;
}

static void walk_frames(struct printer *p, unsigned long fp)
{
	unsigned long frame[4];		/* fp, sp, lr, pc as pushed; fp -> pc */
	bool exact = false;
	int depth;

	for (depth = 0; depth < MAX_DEPTH && fp; depth++) {
		if (fp & 3 || fp < 12 ||
		    copy_from_kernel_nofault(frame, (void *)(fp - 12), sizeof(frame)) || !frame[2])
			break;
		print_addr(p, frame[2], exact);
		exact = false;
		if (in_entry_code(frame[2])) {
			/* Next is the entry code's frame, just below the pt_regs. */
			struct pt_regs *regs = (struct pt_regs *)(frame[0] + 4);
			unsigned long nr;

			if (!copy_from_kernel_nofault(&nr, &regs->trapnr, sizeof(nr)) &&
			    nr < ARRAY_SIZE(trap_names))
				pprintf(p, " <exception: %s>\n", trap_names[nr]);
			exact = true;
		} else if (frame[0] <= fp) {
			break;		/* stacks grow down: callers' frames are higher */
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
	pprintf(p, "%s%08lx %s\n", label, addr, sym);
}

void show_regs(struct printer *p, struct pt_regs *r)
{
	const unsigned long *u = r->uregs;

	show_sym(p, "PC: ", r->pc);
	show_sym(p, "LR: ", r->lr);
	pprintf(p, "pc : %08lx  lr : %08lx  psr: %08lx  (%s)\n", r->pc, r->lr, r->cpsr,
		r->trapnr < ARRAY_SIZE(trap_names) ? trap_names[r->trapnr] : "?");
	pprintf(p, "sp : %08lx  ip : %08lx  fp : %08lx\n", r->sp, u[12], u[11]);
	pprintf(p, "r10: %08lx  r9 : %08lx  r8 : %08lx\n", u[10], u[9], u[8]);
	pprintf(p, "r7 : %08lx  r6 : %08lx  r5 : %08lx  r4 : %08lx\n", u[7], u[6], u[5], u[4]);
	pprintf(p, "r3 : %08lx  r2 : %08lx  r1 : %08lx  r0 : %08lx\n", u[3], u[2], u[1], u[0]);
	pprintf(p, "SCTLR: %08lx  TTBR0: %08lx  DACR: %08lx  DFSR: %08lx  DFAR: %08lx\n",
		cp15_read(CP15_SCTLR), cp15_read(CP15_TTBR0), cp15_read(CP15_DACR),
		cp15_read(CP15_DFSR), cp15_read(CP15_DFAR));
}
