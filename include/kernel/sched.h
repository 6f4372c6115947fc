/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_SCHED_H
#define _KERNEL_SCHED_H

#include <kernel/types.h>
#include <asm/context.h>	/* struct arch_context: a sleeping task's saved registers */

#define TASK_COMM_LEN	16
#define THREAD_STACK_SIZE 16384

enum task_state {
	TASK_RUNNING,		/* on a CPU or runnable */
	TASK_SLEEPING,		/* waiting for a wakeup or a timeout */
	TASK_DEAD,		/* exited; its slot is reused later */
};

struct task {
	int pid;			/* 0 for the per-CPU idle tasks' first */
	char comm[TASK_COMM_LEN];
	enum task_state state;
	int on_cpu;			/* CPU it is running on, or -1 */
	int cpu;			/* CPU it last ran on */
	struct arch_context ctx;	/* saved when switched out */
	void *stack;			/* base of its kernel stack */
	size_t stack_size;
	unsigned long wake_at;		/* jiffies for a timed sleep */
	void (*entry)(void *arg);	/* its thread function, for reports */
	void *arg;
	struct task *next;		/* all-tasks list */
	struct task *run_next;		/* run queue */
	int bound_cpu;			/* the only CPU it may run on, or -1 */
	/* Preempted by an interrupt's exit: the frame it was interrupted in. */
	struct pt_regs *preempted;
};

struct pt_regs;
/*
 * An interrupt's exit path preempts the task it interrupted (@regs: its
 * frame), instead of calling schedule(): a debugger shows the task where
 * it was interrupted, not inside the scheduler.
 */
void schedule_irq(struct pt_regs *regs);

/* The task running on this CPU. */
struct task *current_task(void);

/* Create and start a kernel thread; returns it or NULL. */
struct task *kthread_run(void (*fn)(void *arg), void *arg, const char *name);
/* The same, for a thread that runs only on @cpu. */
struct task *kthread_run_on(unsigned int cpu, void (*fn)(void *arg), void *arg,
			    const char *name);
__attribute__((__noreturn__)) void task_exit(void);

void schedule(void);
void yield(void);
void msleep(unsigned int ms);
void sleep_on_jiffies(unsigned long ticks);
void wake_up_task(struct task *t);
/*
 * Sleep until wake_up_task(), unless @cond(@arg) is already true. @cond runs
 * under the scheduler lock with interrupts off, so a waker that makes it
 * true and then calls wake_up_task() is never missed. Callers loop: a
 * return does not promise that @cond holds.
 */
void sleep_until(bool (*cond)(void *arg), void *arg);

/* Iterate every live task (including the idle tasks), in pid order. */
struct task *task_first(void);
struct task *task_next(struct task *t);
struct task *task_find(int pid);
/* task_first/next/find walk without a lock (the debugger calls them with
 * the machine stopped); task_alive() takes the lock, for running code. */
bool task_alive(int pid);
#define for_each_task(t) for ((t) = task_first(); (t); (t) = task_next(t))

const char *task_state_name(const struct task *t);
/* Whether @t is a CPU's idle task. */
bool task_is_idle(const struct task *t);

/* Called by the arch from the timer interrupt on every CPU. */
void scheduler_tick(void);
/* Timer ticks @cpu has taken (scheduler_tick() calls), for lockup checks. */
unsigned long cpu_ticks(unsigned int cpu);
/* Whether this CPU should switch tasks on the way out of an interrupt. */
bool need_resched(void);

/* The calling context becomes its CPU's idle task: the boot CPU's in
 * sched_init(), each other CPU's in sched_init_secondary() before it is
 * marked online, so that every online CPU has a task to show. */
void sched_init(void);
void sched_init_secondary(void);
/* Per-CPU, after the above: run whatever is runnable, halt when nothing is. */
__attribute__((__noreturn__)) void cpu_idle_loop(void);

/* ps: one line per task. */
struct printer;
void sched_show_tasks(struct printer *p);

/*
 * The arch's part of task switching (arch/<arch>):
 * arch_task_init() lays out a new task's context so that the first switch to
 * it calls task_start_trampoline(), which calls t->entry(t->arg).
 * arch_switch_to() saves the running context in @prev and resumes @next.
 */
void arch_task_init(struct task *t);
void arch_switch_to(struct arch_context *prev, struct arch_context *next);
__attribute__((__noreturn__)) void task_start_trampoline(void);

#endif
