// SPDX-License-Identifier: MIT
/*
 * The i386 double-fault task. A double fault is typically a kernel stack
 * overflow: the CPU cannot push the frame of the first fault. The task
 * gate switches to a fresh task with its own stack (see gdt.c), having
 * saved the state at the fault in the CPU's main TSS; we turn that into a
 * trap frame and report it. There is no way back.
 */
#include <kernel/die.h>
#include <kernel/irq.h>
#include <kernel/panic.h>
#include <kernel/smp.h>
#include <asm/desc.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

/* Entered by a task switch on an empty stack (the CPU pushed only an error
 * code, where a return address would be), with ebp = 0. */
void x86_double_fault_task(void)
{
	struct tss32 *t = x86_cpu_tss(smp_processor_id());
	struct pt_regs regs = {
		.ebx = t->ebx, .ecx = t->ecx, .edx = t->edx, .esi = t->esi, .edi = t->edi,
		.ebp = t->ebp, .eax = t->eax,
		.ds = t->ds, .es = t->es, .fs = t->fs, .gs = t->gs,
		.trapnr = X86_TRAP_DF,
		.eip = t->eip, .cs = t->cs, .eflags = t->eflags, .esp = t->esp, .ss = t->ss,
	};

	irq_enter();		/* no task to kill here: make the oops a panic */
	die("double fault", &regs, 0, X86_TRAP_DF, SIGSEGV);
	panic("double fault");
}
