// SPDX-License-Identifier: MIT
/*
 * Register dumps and backtraces for oops reports. MIPS frames do not
 * chain (fp is the frame's sp, not a link), so the unwinder reads each
 * function's prologue, as Linux's does: from the function's start (kallsyms)
 * up to the pc, "addiu sp, sp, -size" gives the frame size and
 * "sw ra, off(sp)" where the return address was saved; a function that
 * saves none is a leaf, whose return address is still in ra (only
 * believed for the frame an exception interrupted). A return into the
 * exception entry continues with the interrupted context from its
 * pt_regs. Everything is read with the fault-safe copy: a corrupt stack
 * ends the trace.
 */
#include <kernel/arch.h>
#include <kernel/kallsyms.h>
#include <kernel/nofault.h>
#include <kernel/printk.h>
#include <asm-generic/sections.h>
#include <asm/mipsregs.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

#define MAX_DEPTH		48
#define MAX_PROLOGUE		64		/* instructions searched */
#define INSN_ADDIU_SP_SP	0x27bd0000U	/* addiu sp, sp, imm */
#define INSN_SW_RA_SP		0xafbf0000U	/* sw ra, imm(sp) */
#define INSN_MASK		0xffff0000U

struct frame {
	unsigned long pc, sp, ra;
	bool exact;		/* pc is where it stopped, not a return address */
	bool ra_valid;		/* ra holds the register's value (trap frame) */
};

static bool kernel_text(unsigned long addr)
{
	return addr >= (unsigned long)_stext && addr < (unsigned long)_etext && !(addr & 3);
}

/* The frame size and ra's save slot (-1: not saved) of the function
 * holding @pc, from the instructions before @pc. */
static bool read_prologue(unsigned long pc, long *size, long *ra_off)
{
	uintptr_t off, fsize;
	unsigned long start, a;
	u32 insn;

	if (!kallsyms_lookup(pc, &off, &fsize))
		return false;
	start = pc - off;
	*size = 0;
	*ra_off = -1;
	for (a = start; a < pc && a < start + MAX_PROLOGUE * 4; a += 4) {
		if (copy_from_kernel_nofault(&insn, (const void *)a, sizeof(insn)))
			return false;
		if ((insn & INSN_MASK) == INSN_ADDIU_SP_SP && (s16)insn < 0 && !*size)
			*size = -(long)(s16)insn;
		else if ((insn & INSN_MASK) == INSN_SW_RA_SP)
			*ra_off = (s16)insn;
	}
	return true;
}

static void print_addr(struct printer *p, unsigned long addr, bool exact)
{
	char sym[KSYM_SYMBOL_LEN];

	sprint_symbol(sym, sizeof(sym), addr, !exact);
	pprintf(p, " [<%08lx>] %s\n", addr, sym);
}

static bool in_entry_code(unsigned long addr)
{
	return addr > (unsigned long)mips_entry_common &&
	       addr <= (unsigned long)mips_entry_common_end;
}

/* One frame up from @f; false at the end of the chain. */
static bool unwind(struct printer *p, struct frame *f)
{
	unsigned long call = f->exact ? f->pc : f->pc - 8;	/* the jal, for a return address */
	long size, ra_off;
	unsigned long ra;

	if (!read_prologue(call + (f->exact ? 0 : 4), &size, &ra_off))
		return false;
	if (ra_off >= 0) {
		if (copy_from_kernel_nofault(&ra, (const void *)(f->sp + ra_off), sizeof(ra)))
			return false;
	} else if (f->ra_valid) {
		ra = f->ra;
	} else {
		return false;
	}
	if (!size && ra_off < 0 && !f->ra_valid)
		return false;
	f->sp += size;
	f->pc = ra;
	f->exact = false;
	f->ra_valid = false;
	if (in_entry_code(ra)) {
		/* Returned into the exception entry: its pt_regs is above the
		 * argument area at the entry's sp, which is this sp. */
		struct pt_regs regs;

		if (copy_from_kernel_nofault(&regs, (const void *)(f->sp + 16), sizeof(regs)))
			return false;
		pprintf(p, " <exception: ExcCode %lu>\n", EXCCODE(regs.cp0_cause));
		f->pc = regs.cp0_epc;
		f->sp = regs.regs[29];
		f->ra = regs.regs[31];
		f->exact = true;
		f->ra_valid = true;
	}
	return kernel_text(f->pc);
}

static void walk(struct printer *p, struct frame f)
{
	for (int depth = 0; depth < MAX_DEPTH; depth++) {
		print_addr(p, f.pc, f.exact);
		if (!unwind(p, &f))
			break;
	}
}

void show_backtrace(struct printer *p, struct pt_regs *regs)
{
	struct frame f;

	pprintf(p, "Call Trace:\n");
	if (regs) {
		f = (struct frame){ regs->cp0_epc, regs->regs[29], regs->regs[31], true, true };
	} else {
		unsigned long sp;

		__asm__ __volatile__("move %0, $sp" : "=r"(sp));
		f = (struct frame){ (unsigned long)&&here, sp, 0, true, false };
here:
		;
	}
	walk(p, f);
}

static void show_sym(struct printer *p, const char *label, unsigned long addr)
{
	char sym[KSYM_SYMBOL_LEN];

	sprint_symbol(sym, sizeof(sym), addr, false);
	pprintf(p, "%s%08lx %s\n", label, addr, sym);
}

static const char *const reg_names[32] = {
	"zero", "at", "v0", "v1", "a0", "a1", "a2", "a3",
	"t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7",
	"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7",
	"t8", "t9", "k0", "k1", "gp", "sp", "fp", "ra",
};

void show_regs(struct printer *p, struct pt_regs *r)
{
	show_sym(p, "epc : ", r->cp0_epc);
	show_sym(p, "ra  : ", r->regs[31]);
	for (int i = 0; i < 32; i += 4)
		pprintf(p, "%-4s: %08lx  %-4s: %08lx  %-4s: %08lx  %-4s: %08lx\n",
			reg_names[i], r->regs[i], reg_names[i + 1], r->regs[i + 1],
			reg_names[i + 2], r->regs[i + 2], reg_names[i + 3], r->regs[i + 3]);
	pprintf(p, "Status: %08lx  Cause: %08lx (ExcCode %lu%s)  BadVA: %08lx\n",
		r->cp0_status, r->cp0_cause, EXCCODE(r->cp0_cause),
		r->cp0_cause & CAUSE_BD ? ", in delay slot" : "", r->cp0_badvaddr);
	pprintf(p, "hi  : %08lx  lo  : %08lx\n", r->hi, r->lo);
}
