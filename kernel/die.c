// SPDX-License-Identifier: MIT
/*
 * Fatal kernel exceptions. The arch trap code calls die(); the die chain
 * (the debugger hooks in here, at the lowest priority) gets the first say,
 * then the oops report, then the faulting task is killed, or the machine
 * panics when there is no task to kill.
 */
#include <kernel/die.h>
#include <kernel/arch.h>
#include <kernel/cpulock.h>
#include <kernel/irq.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>

#define DIE_LOCK_SPINS	(50UL * 1000 * 1000)

static struct notifier_chain die_chain;
static cpulock_t die_lock = CPULOCK_INIT;
static int die_counter;

int register_die_notifier(struct notifier_block *nb)
{
	return notifier_chain_register(&die_chain, nb);
}

int unregister_die_notifier(struct notifier_block *nb)
{
	return notifier_chain_unregister(&die_chain, nb);
}

int notify_die(enum die_val val, const char *str, struct pt_regs *regs,
	       long err, int trapnr, int signo)
{
	struct die_args args = {
		.regs = regs, .str = str, .err = err, .trapnr = trapnr, .signo = signo,
	};

	return notifier_call_chain(&die_chain, val, &args);
}

/* Oops reports go out at KERN_EMERG, whatever loglevel= says. */
static void emerg_write(struct printer *p, const char *s, size_t len)
{
	printk(KERN_EMERG "%.*s", (int)len, s);
}

static struct printer emerg_printer = { emerg_write };

/* Idle tasks are the only ones without a thread function. */
static bool is_idle_task(struct task *t)
{
	return !t || !t->entry;
}

void die(const char *str, struct pt_regs *regs, long err, int trapnr, int signo)
{
	struct task *t;
	unsigned long flags;

	if (notify_die(DIE_OOPS, str, regs, err, trapnr, signo) & NOTIFY_STOP_MASK)
		return;

	local_irq_save(flags);
	if (!cpu_lock_acquire(&die_lock, DIE_LOCK_SPINS)) {
		/* The oops report itself faulted: do not try again. */
		pr_emerg("Oops: %s while reporting an oops on CPU %u\n", str,
			 smp_processor_id());
		panic("Recursive oops");
	}
	__atomic_store_n(&oops_in_progress, 1, __ATOMIC_SEQ_CST);
	t = current_task();
	pr_emerg("Oops: %s [#%d]\n", str, ++die_counter);
	pr_emerg("CPU: %u PID: %d Comm: %s\n", smp_processor_id(), t ? t->pid : -1,
		 t ? t->comm : "-");
	show_regs(&emerg_printer, regs);
	show_backtrace(&emerg_printer, regs);
	pr_emerg("---[ end trace ]---\n");
	cpu_lock_release(&die_lock);

	if (in_interrupt())
		panic("Fatal exception in interrupt");
	if (panic_on_oops)
		panic("Fatal exception");
	if (is_idle_task(t))
		panic("Attempted to kill the idle task!");
	pr_emerg("Killing task %s (pid %d)\n", t->comm, t->pid);
	local_irq_restore(flags);
	task_exit();
}
