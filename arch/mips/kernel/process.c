// SPDX-License-Identifier: MIT
/*
 * Kernel thread creation: lay out a new task's saved context so that the
 * first arch_switch_to() to it lands in mips_thread_entry (switch.S) on
 * an empty, 8-byte aligned stack whose top 16 bytes are the o32 argument
 * area of the calls it makes.
 */
#include <kernel/compiler.h>
#include <kernel/sched.h>
#include <kernel/string.h>

void mips_thread_entry(void);

void arch_task_init(struct task *t)
{
	uintptr_t top = ((uintptr_t)t->stack + t->stack_size) & ~(uintptr_t)7;

	memset(&t->ctx, 0, sizeof(t->ctx));
	t->ctx.sp = top - 16;
	t->ctx.pc = (uintptr_t)mips_thread_entry;
}
