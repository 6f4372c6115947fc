// SPDX-License-Identifier: MIT
/*
 * Register dumps and backtraces for oops reports. The kernel is built
 * with frame pointers: s0 is the frame's top (the caller's sp), with the
 * return address at s0 - 8 and the caller's s0 at s0 - 16. A leaf saves
 * only s0, at s0 - 8, and keeps its return address in ra: that matters
 * only for the function a trap interrupted, whose frame is told apart
 * by what s0 - 8 holds (a stack address, not code). The trap entry's
 * C handler has the trap frame as its frame top, so a trace from a
 * handler continues into the interrupted code. Frames are read with the
 * fault-safe copy: a corrupt chain ends the trace.
 */
#include <kernel/arch.h>
#include <kernel/kallsyms.h>
#include <kernel/nofault.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <asm/csr.h>
#include <asm/ptrace.h>
#include <asm/setup.h>

#define MAX_DEPTH	48

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
	return addr > (unsigned long)riscv_trap_entry &&
	       addr <= (unsigned long)riscv_trap_entry_end;
}

/* {caller's s0, return address} of the frame whose top is @fp. */
static bool read_frame(unsigned long fp, unsigned long frame[2])
{
	return !(fp & 7) && fp >= 16 &&
	       !copy_from_kernel_nofault(frame, (void *)(fp - 16), 2 * sizeof(long));
}

/* The interrupted pc, and past its function if it is a leaf; the s0 to go on from. */
static unsigned long trap_frame(struct printer *p, const struct pt_regs *regs)
{
	unsigned long frame[2], fp = regs->x[8], sp = regs->x[2];

	print_addr(p, regs->sepc, true);
	if (read_frame(fp, frame) && frame[1] >= sp && frame[1] < sp + THREAD_STACK_SIZE &&
	    !(frame[1] & 7)) {
		print_addr(p, regs->x[1], false);
		return frame[1];
	}
	return fp;
}

static void walk_frames(struct printer *p, unsigned long fp)
{
	unsigned long frame[2];
	int depth;

	for (depth = 0; depth < MAX_DEPTH && fp; depth++) {
		if (!read_frame(fp, frame) || !frame[1])
			break;
		print_addr(p, frame[1], false);
		if (in_entry_code(frame[1])) {
			struct pt_regs regs;

			if (copy_from_kernel_nofault(&regs, (void *)fp, sizeof(regs)))
				break;
			pprintf(p, " <exception: scause %#lx>\n", regs.scause);
			fp = trap_frame(p, &regs);
			continue;
		}
		if (frame[0] <= fp)
			break;		/* stacks grow down: callers' frames are higher */
		fp = frame[0];
	}
}

void show_backtrace(struct printer *p, struct pt_regs *regs)
{
	pprintf(p, "Call Trace:\n");
	if (regs)
		walk_frames(p, trap_frame(p, regs));
	else
		walk_frames(p, (unsigned long)__builtin_frame_address(0));
}

static void show_sym(struct printer *p, const char *label, unsigned long addr)
{
	char sym[KSYM_SYMBOL_LEN];

	sprint_symbol(sym, sizeof(sym), addr, false);
	pprintf(p, "%s%016lx %s\n", label, addr, sym);
}

static const char *const names[32] = {
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3",
	"a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11",
	"t3", "t4", "t5", "t6",
};

void show_regs(struct printer *p, struct pt_regs *r)
{
	show_sym(p, "epc: ", r->sepc);
	show_sym(p, " ra: ", r->x[1]);
	for (unsigned int i = 2; i < 32; i += 3)
		pprintf(p, "%4s: %016lx %4s: %016lx %4s: %016lx\n", names[i], r->x[i],
			names[i + 1], r->x[i + 1], i + 2 < 32 ? names[i + 2] : "",
			i + 2 < 32 ? r->x[i + 2] : 0);
	pprintf(p, "sstatus: %016lx stval: %016lx scause: %016lx satp: %016lx\n", r->sstatus,
		r->stval, r->scause, csr_read(satp));
}
