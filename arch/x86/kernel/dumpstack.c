// SPDX-License-Identifier: MIT
/*
 * Register dumps and frame-pointer backtraces for oops reports. The kernel
 * is built with frame pointers, so each frame starts with the caller's
 * frame pointer and the return address. The entry code leaves a frame of
 * the same shape holding the interrupted pc, so a trace from an exception
 * handler continues into the code that was interrupted. Frames are read
 * with the fault-safe copy: a corrupt chain ends the trace, never a fault.
 */
#include <kernel/arch.h>
#include <kernel/kallsyms.h>
#include <kernel/nofault.h>
#include <kernel/printk.h>
#include <asm/entry.h>
#include <asm/processor.h>
#include <asm/ptrace.h>

#define MAX_DEPTH	48

#ifdef __x86_64__
#define REG	"%016lx"
#else
#define REG	"%08lx"
#endif

/* @exact: @addr is a pc, not a return address (which may point past the
 * end of a function whose last instruction is a call). */
static void print_addr(struct printer *p, unsigned long addr, bool exact)
{
	char sym[KSYM_SYMBOL_LEN];

	sprint_symbol(sym, sizeof(sym), addr, !exact);
	pprintf(p, " [<" REG ">] %s\n", addr, sym);
}

static bool in_entry_code(unsigned long addr)
{
	return addr > (unsigned long)x86_entry_common &&
	       addr <= (unsigned long)x86_entry_common_end;
}

static void walk_frames(struct printer *p, unsigned long fp)
{
	unsigned long frame[2];		/* saved frame pointer, return address */
	bool exact = false;
	int depth;

	for (depth = 0; depth < MAX_DEPTH && fp; depth++) {
		if (fp & (sizeof(long) - 1) ||
		    copy_from_kernel_nofault(frame, (void *)fp, sizeof(frame)) || !frame[1])
			break;
		print_addr(p, frame[1], exact);
		exact = false;
		if (in_entry_code(frame[1])) {
			struct pt_regs *regs = (struct pt_regs *)(frame[0] + 2 * sizeof(long));
			unsigned long vector;

			/* Next is the entry code's frame for the interrupted pc, maybe on
			 * another stack (NMI, double fault). */
			if (!copy_from_kernel_nofault(&vector, &regs->trapnr, sizeof(vector)))
				pprintf(p, " <exception or interrupt, vector %lu>\n", vector);
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

static void show_pc(struct printer *p, const char *label, unsigned long pc)
{
	char sym[KSYM_SYMBOL_LEN];

	sprint_symbol(sym, sizeof(sym), pc, false);
	pprintf(p, "%s" REG " %s\n", label, pc, sym);
}

void show_regs(struct printer *p, struct pt_regs *r)
{
#ifdef __x86_64__
	show_pc(p, "RIP: ", r->rip);
	pprintf(p, "RSP: %04lx:%016lx EFLAGS: %08lx CS: %04lx vector %lu error %lx\n",
		r->ss, r->rsp, r->rflags, r->cs, r->trapnr, r->error_code);
	pprintf(p, "RAX: %016lx RBX: %016lx RCX: %016lx\n", r->rax, r->rbx, r->rcx);
	pprintf(p, "RDX: %016lx RSI: %016lx RDI: %016lx\n", r->rdx, r->rsi, r->rdi);
	pprintf(p, "RBP: %016lx R08: %016lx R09: %016lx\n", r->rbp, r->r8, r->r9);
	pprintf(p, "R10: %016lx R11: %016lx R12: %016lx\n", r->r10, r->r11, r->r12);
	pprintf(p, "R13: %016lx R14: %016lx R15: %016lx\n", r->r13, r->r14, r->r15);
	pprintf(p, "CR0: %016lx CR2: %016lx CR3: %016lx CR4: %016lx\n",
		read_cr0(), read_cr2(), read_cr3(), read_cr4());
#else
	show_pc(p, "EIP: ", r->eip);
	pprintf(p, "EFLAGS: %08lx CS: %04lx vector %lu error %lx\n",
		r->eflags, r->cs, r->trapnr, r->error_code);
	pprintf(p, "EAX: %08lx EBX: %08lx ECX: %08lx EDX: %08lx\n", r->eax, r->ebx, r->ecx,
		r->edx);
	pprintf(p, "ESI: %08lx EDI: %08lx EBP: %08lx ESP: %08lx\n", r->esi, r->edi, r->ebp,
		r->esp);
	pprintf(p, "DS: %04lx ES: %04lx FS: %04lx GS: %04lx SS: %04lx\n", r->ds, r->es, r->fs,
		r->gs, r->ss);
	pprintf(p, "CR0: %08lx CR2: %08lx CR3: %08lx CR4: %08lx\n",
		read_cr0(), read_cr2(), read_cr3(), read_cr4());
#endif
}
