// SPDX-License-Identifier: MIT
/*
 * Kernel thread creation: lay out a new task's saved context so that the
 * first arch_switch_to() to it returns into riscv_thread_entry
 * (switch.S) on an empty, 16-byte aligned stack, which calls
 * task_start_trampoline().
 */
#include <kernel/compiler.h>
#include <kernel/sched.h>
#include <kernel/string.h>

void riscv_thread_entry(void);

void arch_task_init(struct task *t)
{
	uintptr_t top = ((uintptr_t)t->stack + t->stack_size) & ~(uintptr_t)15;

	memset(&t->ctx, 0, sizeof(t->ctx));
	t->ctx.sp = top;
	t->ctx.ra = (uintptr_t)riscv_thread_entry;
}
