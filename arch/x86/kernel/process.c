// SPDX-License-Identifier: MIT
/*
 * Kernel thread creation: lay out a new task's saved context so that the
 * first arch_switch_to() to it lands in task_start_trampoline (switch_*.S)
 * on an empty, 16-byte aligned stack, which then calls x86_task_start().
 */
#include <kernel/compiler.h>
#include <kernel/irq.h>
#include <kernel/sched.h>
#include <kernel/string.h>

void arch_task_init(struct task *t)
{
	uintptr_t top = ((uintptr_t)t->stack + t->stack_size) & ~(uintptr_t)15;

	memset(&t->ctx, 0, sizeof(t->ctx));
#ifdef __x86_64__
	t->ctx.rsp = top;
	t->ctx.rip = (uintptr_t)task_start_trampoline;
#else
	t->ctx.esp = top;
	t->ctx.eip = (uintptr_t)task_start_trampoline;
#endif
}

/*
 * The scheduler switches with interrupts off and no lock held; a task that
 * starts here has not been through schedule()'s tail, so it enables
 * interrupts itself.
 */
__noreturn void x86_task_start(void);
__noreturn void x86_task_start(void)
{
	struct task *t = current_task();

	local_irq_enable();
	t->entry(t->arg);
	task_exit();
}
