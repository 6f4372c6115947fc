// SPDX-License-Identifier: MIT
/*
 * Register dumps and backtraces for oops reports, along the PowerPC back
 * chain: each frame's first word is the caller's r1, and the word after
 * the caller's back chain (its LR save word) is where a non-leaf callee
 * saved its return address. A trap frame's interrupted function may be a
 * leaf, whose return address is still in LR: it is shown when the chain
 * does not already give it. A return into the exception entry continues
 * with the interrupted context from the pt_regs behind that frame's header.
 * Everything is read with the fault-safe copy: a corrupt stack ends the
 * trace.
 */
#include <kernel/arch.h>
#include <kernel/kallsyms.h>
#include <kernel/nofault.h>
#include <kernel/printk.h>
#include <asm-generic/sections.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

#define MAX_DEPTH	48
#define FRAME_REGS	8	/* pt_regs behind the entry frame's header */

static bool kernel_text(unsigned long addr)
{
	return addr >= (unsigned long)_stext && addr < (unsigned long)_etext && !(addr & 3);
}

static bool in_entry_code(unsigned long addr)
{
	return addr > (unsigned long)ppc_entry_start && addr <= (unsigned long)ppc_entry_end;
}

static void print_addr(struct printer *p, unsigned long addr, bool exact)
{
	char sym[KSYM_SYMBOL_LEN];

	sprint_symbol(sym, sizeof(sym), addr, !exact);
	pprintf(p, " [<%08lx>] %s\n", addr, sym);
}

static bool read_word(unsigned long addr, unsigned long *val)
{
	return !copy_from_kernel_nofault(val, (const void *)addr, sizeof(*val));
}

/* The caller of a function whose frame is at @sp: its frame and the
 * return address into it. */
static bool next_frame(unsigned long sp, unsigned long *caller_sp, unsigned long *ret)
{
	if (!sp || (sp & 3) || !read_word(sp, caller_sp) || !*caller_sp || *caller_sp <= sp)
		return false;
	return read_word(*caller_sp + 4, ret);
}

static void walk(struct printer *p, unsigned long pc, unsigned long sp, unsigned long lr,
		 bool trap)
{
	unsigned long caller_sp, ret;
	int depth;

	print_addr(p, pc, true);
	for (depth = 0; depth < MAX_DEPTH; depth++) {
		if (!next_frame(sp, &caller_sp, &ret))
			return;
		/* A leaf interrupted by a trap: its return address is in LR. */
		if (trap && lr != ret && kernel_text(lr) && !in_entry_code(lr))
			print_addr(p, lr, false);
		trap = false;
		if (!kernel_text(ret) && !in_entry_code(ret))
			return;
		if (in_entry_code(ret)) {
			struct pt_regs regs;

			if (copy_from_kernel_nofault(&regs, (const void *)(caller_sp + FRAME_REGS),
						     sizeof(regs)))
				return;
			pprintf(p, " <exception: IVOR %lu>\n", regs.trap);
			print_addr(p, regs.nip, true);
			sp = regs.gpr[1];
			lr = regs.link;
			trap = true;
			continue;
		}
		print_addr(p, ret, false);
		sp = caller_sp;
	}
}

void show_backtrace(struct printer *p, struct pt_regs *regs)
{
	pprintf(p, "Call Trace:\n");
	if (regs) {
		walk(p, regs->nip, regs->gpr[1], regs->link, true);
	} else {
		unsigned long sp;

		__asm__ __volatile__("mr %0, %%r1" : "=r"(sp));
		walk(p, (unsigned long)&&here, sp, 0, false);
here:
		;
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
	show_sym(p, "NIP : ", r->nip);
	show_sym(p, "LR  : ", r->link);
	for (int i = 0; i < 32; i += 4)
		pprintf(p, "r%-2d : %08lx  r%-2d : %08lx  r%-2d : %08lx  r%-2d : %08lx\n",
			i, r->gpr[i], i + 1, r->gpr[i + 1], i + 2, r->gpr[i + 2], i + 3,
			r->gpr[i + 3]);
	pprintf(p, "MSR: %08lx  CR: %08lx  CTR: %08lx  XER: %08lx\n", r->msr, r->cr, r->ctr,
		r->xer);
	pprintf(p, "IVOR %lu  ESR: %08lx  DEAR: %08lx\n", r->trap, r->esr, r->dear);
}
