// SPDX-License-Identifier: MIT
/*
 * The ways into the debugger besides a trap: kgdb_breakpoint(), the
 * line's interrupt, SysRq-G and a panic; and the first transport's
 * attach, which hooks the die and panic notifier chains.
 */

#include <kernel/die.h>
#include <kernel/irq.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sysrq.h>
#include <asm/ptrace.h>		/* instruction_pointer() */
#include "debug_internal.h"

/* Run after every other die notifier: the debugger is the last resort. */
#define KGDB_NOTIFIER_PRIORITY	(-0x7fffffff - 1)

static bool kgdb_hooked;	/* the die and panic notifiers are in */

static struct notifier_block kgdb_die_nb = {
	.call = kgdb_die_notify,
	.priority = KGDB_NOTIFIER_PRIORITY,
};

static void kgdb_break_signo(int signo, enum kgdb_entry entry, const char *why)
{
	struct kgdb_cpu *c = &kgdb_cpus[smp_processor_id()];

	if (!READ_ONCE(kgdb_io_ops))
		return;
	c->break_entry = entry;
	c->break_why = why;
	c->break_signo = signo;
	arch_kgdb_breakpoint();
}

/* SysRq-G's entry on this CPU (interrupts off from the flag to the trap). */
static bool keyboard_entry[NR_CPUS];

__noinline void kgdb_breakpoint(void)
{
	unsigned int cpu = smp_processor_id();
	bool keyboard = keyboard_entry[cpu];

	keyboard_entry[cpu] = false;
	kgdb_break_signo(SIGTRAP, keyboard ? KGDB_ENTRY_KEYBOARD : KGDB_ENTRY_BREAK,
			 keyboard ? "Keyboard Entry" : "KDB_ENTER()");
}

void kgdb_interrupt(void)
{
	__atomic_store_n(&kgdb_interrupt_pending, true, __ATOMIC_RELEASE);
	kgdb_break_signo(SIGINT, KGDB_ENTRY_KEYBOARD, "Keyboard Entry");
}

/* SysRq-G, from the console or a serial BREAK: into the debugger, whatever the transport. */
static void sysrq_kgdb(char key)
{
	unsigned long flags;

	if (!READ_ONCE(kgdb_io_ops)) {
		pr_info("kgdb: no debugger transport registered\n");
		return;
	}
	/* Through kgdb_breakpoint(), which backtraces show as the way in. */
	local_irq_save(flags);
	keyboard_entry[smp_processor_id()] = true;
	kgdb_breakpoint();
	local_irq_restore(flags);
}
SYSRQ_KEY('g', "enter the kernel debugger", sysrq_kgdb);

/* A panic stops in the debugger first; continuing lets the panic go on. */
static int kgdb_panic_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	if (!kgdb_cpus[smp_processor_id()].in_debugger)
		kgdb_break_signo(SIGABRT, KGDB_ENTRY_PANIC, data);
	return NOTIFY_DONE;
}

static struct notifier_block kgdb_panic_nb = {
	.call = kgdb_panic_notify,
	.priority = KGDB_NOTIFIER_PRIORITY,
};

/* The first transport hooks the die and panic notifier chains, for good. */
void kgdb_core_attach(struct kgdb_io *io)
{
	if (!kgdb_hooked) {
		kgdb_hw_boot();
		kgdb_xol_boot();
		kgdb_agent_boot();
		kgdb_trace_boot();
		kgdb_frontends_boot();
		register_die_notifier(&kgdb_die_nb);
		notifier_chain_register(&panic_notifier_list, &kgdb_panic_nb);
		kgdb_hooked = true;
	}
	WRITE_ONCE(kgdb_io_ops, io);
}
