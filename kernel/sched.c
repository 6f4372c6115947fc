// SPDX-License-Identifier: MIT
/*
 * Kernel threads and a preemptive round-robin scheduler.
 *
 * One lock (sched_lock, interrupts off) guards the task list, the global
 * run queue, the timer list and every task's state. It is held across the
 * context switch and released by the task switched to (finish_switch()),
 * so no other CPU can pick a task up before its registers are saved, and
 * a dead task's stack is freed only once nobody runs on it.
 *
 * A task is on the run queue iff it is TASK_RUNNING, not on a CPU and not
 * an idle task; on the timer list (linked through run_next too) iff it is
 * in a timed sleep. Idle tasks never leave their CPU.
 */
#include <kernel/sched.h>
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/smp.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>

#define TIME_SLICE_TICKS	5	/* 50 ms at HZ=100 */
#define PS_MAX_TASKS		64

struct cpu_rq {
	struct task *curr;
	struct task *idle;
	struct task *prev;		/* switched away from, for finish_switch() */
	bool need_resched;
	unsigned int slice;		/* ticks the current task has run */
	unsigned long ticks;		/* timer ticks this CPU has taken */
};

static DEFINE_SPINLOCK(sched_lock);
static struct task *task_list;
static struct task *run_head, *run_tail;
static struct task *timer_list;
static int next_pid = 1;
static unsigned long timeouts_checked;
static struct cpu_rq cpu_rq[NR_CPUS];
static struct task idle_tasks[NR_CPUS];

static struct cpu_rq *this_rq(void)
{
	return &cpu_rq[smp_processor_id()];
}

struct task *current_task(void)
{
	unsigned long flags;
	struct task *t;

	/* With interrupts off this task cannot move to another CPU between
	 * reading the CPU number and its slot. */
	local_irq_save(flags);
	t = this_rq()->curr;
	local_irq_restore(flags);
	return t;
}

/* ---- lists, all under sched_lock */

static void task_list_add(struct task *t)
{
	struct task **pp;

	t->next = NULL;
	for (pp = &task_list; *pp; pp = &(*pp)->next)
		;
	__atomic_store_n(pp, t, __ATOMIC_RELEASE);
}

static void task_list_del(struct task *t)
{
	struct task **pp;

	for (pp = &task_list; *pp; pp = &(*pp)->next) {
		if (*pp == t) {
			__atomic_store_n(pp, t->next, __ATOMIC_RELEASE);
			return;
		}
	}
}

static void enqueue(struct task *t)
{
	t->run_next = NULL;
	if (run_tail)
		run_tail->run_next = t;
	else
		run_head = t;
	run_tail = t;
}

static bool may_run_on(const struct task *t, unsigned int cpu)
{
	return t->bound_cpu < 0 || t->bound_cpu == (int)cpu;
}

/* The first queued task that may run on @cpu, taken off the queue. */
static struct task *dequeue(unsigned int cpu)
{
	struct task **pp, *prev = NULL;

	for (pp = &run_head; *pp; prev = *pp, pp = &(*pp)->run_next) {
		struct task *t = *pp;

		if (!may_run_on(t, cpu))
			continue;
		*pp = t->run_next;
		if (run_tail == t)
			run_tail = prev;
		t->run_next = NULL;
		return t;
	}
	return NULL;
}

/* Whether @cpu has a queued task to run. Lock held. */
static bool has_work(unsigned int cpu)
{
	for (struct task *t = run_head; t; t = t->run_next)
		if (may_run_on(t, cpu))
			return true;
	return false;
}

static void timer_add(struct task *t)
{
	t->run_next = timer_list;
	timer_list = t;
}

static void timer_del(struct task *t)
{
	struct task **pp;

	for (pp = &timer_list; *pp; pp = &(*pp)->run_next) {
		if (*pp == t) {
			*pp = t->run_next;
			t->run_next = NULL;
			return;
		}
	}
}

/* @t became runnable: get an idle CPU where it may run to look, this one
 * first. */
static void kick_idle_cpu(struct task *t)
{
	unsigned int this = smp_processor_id(), cpu;

	if (may_run_on(t, this) && cpu_rq[this].curr == cpu_rq[this].idle) {
		cpu_rq[this].need_resched = true;
		return;
	}
	for_each_online_cpu(cpu) {
		struct cpu_rq *rq = &cpu_rq[cpu];

		if (cpu != this && may_run_on(t, cpu) && rq->curr && rq->curr == rq->idle &&
		    !rq->need_resched) {
			rq->need_resched = true;
			smp_send_reschedule(cpu);
			return;
		}
	}
}

static void make_runnable(struct task *t)
{
	t->state = TASK_RUNNING;
	if (t->on_cpu < 0) {
		enqueue(t);
		kick_idle_cpu(t);
	}
}

/* ---- switching */

/* First thing on the task switched to, lock still held. */
static void finish_switch(void)
{
	struct task *prev = this_rq()->prev;

	prev->on_cpu = -1;
	if (prev->state == TASK_DEAD) {
		task_list_del(prev);
		kfree(prev->stack);
		kfree(prev);
	}
}

/* Lock held, interrupts off. */
static void __schedule(void)
{
	unsigned int cpu = smp_processor_id();
	struct cpu_rq *rq = &cpu_rq[cpu];
	struct task *prev = rq->curr, *next;

	rq->need_resched = false;
	if (prev->state == TASK_RUNNING && prev != rq->idle)
		enqueue(prev);
	next = dequeue(cpu);
	if (!next)
		next = rq->idle;
	rq->slice = 0;
	if (next == prev)
		return;
	next->on_cpu = (int)cpu;
	next->cpu = (int)cpu;
	rq->curr = next;
	rq->prev = prev;
	arch_switch_to(&prev->ctx, &next->ctx);
	/* Back on @prev, maybe on another CPU. */
	finish_switch();
}

void schedule_irq(struct pt_regs *regs)
{
	struct task *t = current_task();

	if (t)
		t->preempted = regs;
	schedule();
	if (t)
		t->preempted = NULL;
}

void schedule(void)
{
	unsigned long flags;

	local_irq_save(flags);
	if (!this_rq()->curr) {
		local_irq_restore(flags);
		return;
	}
	spin_lock(&sched_lock);
	__schedule();
	spin_unlock(&sched_lock);
	local_irq_restore(flags);
}

void yield(void)
{
	schedule();
}

void task_start_trampoline(void)
{
	struct task *t;

	finish_switch();
	spin_unlock(&sched_lock);
	local_irq_enable();
	t = current_task();
	t->entry(t->arg);
	task_exit();
}

void task_exit(void)
{
	local_irq_disable();
	spin_lock(&sched_lock);
	this_rq()->curr->state = TASK_DEAD;
	__schedule();
	/* A dead task is never switched back to. */
	for (;;)
		arch_cpu_halt();
}

bool task_is_idle(const struct task *t)
{
	return t == cpu_rq[t->cpu].idle;
}

/* ---- sleeping and waking */

void sleep_on_jiffies(unsigned long ticks)
{
	unsigned long flags;
	struct task *t = current_task();

	/* The idle task (the boot code before the threads run) must always be
	 * runnable: it waits by spinning. */
	if (!t || task_is_idle(t)) {
		mdelay(ticks * 1000 / HZ);
		return;
	}
	local_irq_save(flags);
	spin_lock(&sched_lock);
	t->state = TASK_SLEEPING;
	t->wake_at = jiffies + (ticks ? ticks : 1);
	timer_add(t);
	__schedule();
	spin_unlock(&sched_lock);
	local_irq_restore(flags);
}

void msleep(unsigned int ms)
{
	sleep_on_jiffies(msecs_to_jiffies((unsigned long)ms));
}

void sleep_until(bool (*cond)(void *arg), void *arg)
{
	unsigned long flags;
	struct task *t = current_task();

	/* The idle task never sleeps: its caller polls. */
	if (!t || task_is_idle(t)) {
		cpu_relax();
		return;
	}
	local_irq_save(flags);
	spin_lock(&sched_lock);
	if (!cond(arg)) {
		t->state = TASK_SLEEPING;
		__schedule();
	}
	spin_unlock(&sched_lock);
	local_irq_restore(flags);
}

void wake_up_task(struct task *t)
{
	unsigned long flags;

	spin_lock_irqsave(&sched_lock, flags);
	if (t->state == TASK_SLEEPING) {
		timer_del(t);
		make_runnable(t);
	}
	spin_unlock_irqrestore(&sched_lock, flags);
}

/* Wake the timed sleepers whose time has come. Lock held. */
static void wake_timeouts(unsigned long now)
{
	struct task **pp = &timer_list;

	timeouts_checked = now;
	while (*pp) {
		struct task *t = *pp;

		if (time_before(now, t->wake_at)) {
			pp = &t->run_next;
			continue;
		}
		*pp = t->run_next;
		t->run_next = NULL;
		make_runnable(t);
	}
}

void scheduler_tick(void)
{
	struct cpu_rq *rq = this_rq();
	unsigned long now = jiffies;

	if (!rq->curr)
		return;
	WRITE_ONCE(rq->ticks, rq->ticks + 1);
	/* Whichever CPU ticks first in a new jiffy wakes the sleepers. */
	if (now != READ_ONCE(timeouts_checked)) {
		spin_lock(&sched_lock);
		if (now != timeouts_checked)
			wake_timeouts(now);
		spin_unlock(&sched_lock);
	}
	if (rq->curr == rq->idle || ++rq->slice >= TIME_SLICE_TICKS) {
		rq->slice = 0;
		spin_lock(&sched_lock);
		if (has_work(smp_processor_id()))
			rq->need_resched = true;
		spin_unlock(&sched_lock);
	}
}

unsigned long cpu_ticks(unsigned int cpu)
{
	return cpu < NR_CPUS ? READ_ONCE(cpu_rq[cpu].ticks) : 0;
}

bool need_resched(void)
{
	return READ_ONCE(this_rq()->need_resched);
}

/* ---- creating tasks */

static struct task *kthread_create(int cpu, void (*fn)(void *arg), void *arg,
				   const char *name)
{
	struct task *t = kzalloc(sizeof(*t));
	unsigned long flags;

	if (!t)
		return NULL;
	t->stack = kmalloc(THREAD_STACK_SIZE);
	if (!t->stack) {
		kfree(t);
		return NULL;
	}
	t->stack_size = THREAD_STACK_SIZE;
	strlcpy(t->comm, name, sizeof(t->comm));
	t->entry = fn;
	t->arg = arg;
	t->state = TASK_RUNNING;
	t->on_cpu = -1;
	t->cpu = cpu < 0 ? 0 : cpu;
	t->bound_cpu = cpu;
	arch_task_init(t);

	spin_lock_irqsave(&sched_lock, flags);
	t->pid = next_pid++;
	task_list_add(t);
	make_runnable(t);
	spin_unlock_irqrestore(&sched_lock, flags);
	return t;
}

struct task *kthread_run(void (*fn)(void *arg), void *arg, const char *name)
{
	return kthread_create(-1, fn, arg, name);
}

struct task *kthread_run_on(unsigned int cpu, void (*fn)(void *arg), void *arg,
			    const char *name)
{
	if (cpu >= NR_CPUS)
		return NULL;
	return kthread_create((int)cpu, fn, arg, name);
}

/* The context running on @cpu now becomes its idle task. */
static void init_idle_task(unsigned int cpu, int pid)
{
	struct task *t = &idle_tasks[cpu];

	t->pid = pid;
	snprintf(t->comm, sizeof(t->comm), "idle/%u", cpu);
	t->state = TASK_RUNNING;
	t->on_cpu = (int)cpu;
	t->cpu = (int)cpu;
	t->bound_cpu = (int)cpu;
	task_list_add(t);
	cpu_rq[cpu].idle = t;
	cpu_rq[cpu].curr = t;
}

void sched_init(void)
{
	unsigned long flags;

	spin_lock_irqsave(&sched_lock, flags);
	init_idle_task(smp_processor_id(), 0);
	spin_unlock_irqrestore(&sched_lock, flags);
}

void sched_init_secondary(void)
{
	unsigned long flags;

	spin_lock_irqsave(&sched_lock, flags);
	init_idle_task(smp_processor_id(), next_pid++);
	spin_unlock_irqrestore(&sched_lock, flags);
}

void cpu_idle_loop(void)
{
	unsigned int cpu = smp_processor_id();
	struct cpu_rq *rq = &cpu_rq[cpu];

	for (;;) {
		bool work;

		local_irq_disable();
		spin_lock(&sched_lock);
		work = rq->need_resched || has_work(cpu);
		spin_unlock(&sched_lock);
		if (work) {
			schedule();
			continue;
		}
		/* Enables interrupts and halts atomically: a wakeup IPI
		 * arriving after the check above still ends the halt. */
		arch_cpu_idle();
	}
}

/* ---- reports and iteration */

struct task *task_first(void)
{
	return __atomic_load_n(&task_list, __ATOMIC_ACQUIRE);
}

struct task *task_next(struct task *t)
{
	return __atomic_load_n(&t->next, __ATOMIC_ACQUIRE);
}

struct task *task_find(int pid)
{
	struct task *t;

	for_each_task(t)
		if (t->pid == pid)
			return t;
	return NULL;
}

bool task_alive(int pid)
{
	unsigned long flags;
	bool found;

	spin_lock_irqsave(&sched_lock, flags);
	found = task_find(pid) != NULL;
	spin_unlock_irqrestore(&sched_lock, flags);
	return found;
}

const char *task_state_name(const struct task *t)
{
	switch (t->state) {
	case TASK_RUNNING:
		if (t->on_cpu >= 0)
			return "running";
		return task_is_idle(t) ? "idle" : "runnable";
	case TASK_SLEEPING:
		return "sleeping";
	case TASK_DEAD:
		return "dead";
	}
	return "?";
}

void sched_show_tasks(struct printer *p)
{
	struct {
		int pid, cpu;
		const char *state;
		char comm[TASK_COMM_LEN];
	} snap[PS_MAX_TASKS];
	unsigned long flags;
	struct task *t;
	int n = 0;

	/* Copy under the lock, print after: printing may be slow. */
	spin_lock_irqsave(&sched_lock, flags);
	for_each_task(t) {
		if (n == PS_MAX_TASKS)
			break;
		snap[n].pid = t->pid;
		snap[n].cpu = t->on_cpu >= 0 ? t->on_cpu : t->cpu;
		snap[n].state = task_state_name(t);
		memcpy(snap[n].comm, t->comm, TASK_COMM_LEN);
		n++;
	}
	spin_unlock_irqrestore(&sched_lock, flags);

	pprintf(p, "  PID STATE     CPU NAME\n");
	for (int i = 0; i < n; i++)
		pprintf(p, "%5d %-9s %3d %s\n", snap[i].pid, snap[i].state, snap[i].cpu,
			snap[i].comm);
}
