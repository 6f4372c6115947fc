// SPDX-License-Identifier: MIT
/*
 * Magic SysRq: a BREAK on a serial line and then a key, or the shell's
 * "sysrq <key>". The keys are a linker table so that any file (the debugger
 * too) adds its own. They may run in interrupt context.
 */
#include <kernel/sysrq.h>
#include <kernel/arch.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <asm-generic/sections.h>

#define sysrq_first()	((const struct sysrq_key *)__sysrq_keys_start)
#define sysrq_last()	((const struct sysrq_key *)__sysrq_keys_end)

static void sysrq_list_keys(void)
{
	const struct sysrq_key *k;

	pr_info("sysrq: keys:");
	for (k = sysrq_first(); k < sysrq_last(); k++)
		printk(" %c(%s)", k->key, k->help);
	printk("\n");
}

void handle_sysrq(char key)
{
	const struct sysrq_key *k;

	for (k = sysrq_first(); k < sysrq_last(); k++) {
		if (k->key == key) {
			pr_info("sysrq: %s\n", k->help);
			k->handler(key);
			return;
		}
	}
	if (key >= 0x20 && key < 0x7f)
		pr_info("sysrq: unknown key '%c'\n", key);
	else
		pr_info("sysrq: unknown key 0x%02x\n", (unsigned char)key);
	sysrq_list_keys();
}

static void sysrq_help(char key)
{
	sysrq_list_keys();
}
SYSRQ_KEY('h', "help", sysrq_help);

static void sysrq_reboot(char key)
{
	machine_restart();
}
SYSRQ_KEY('b', "reboot", sysrq_reboot);

/* Like Linux's SysRq-C: a NULL dereference, wherever the key arrived. */
static void sysrq_crash(char key)
{
	volatile int *volatile null_ptr = NULL;

	*null_ptr = 1;
}
SYSRQ_KEY('c', "crash", sysrq_crash);

/* Where this CPU is: its task and call chain. (A receive interrupt has no
 * trap frame to hand, so no register dump.) */
static void sysrq_show_cpu(char key)
{
	struct task *t = current_task();

	pr_info("CPU: %u PID: %d Comm: %s\n", smp_processor_id(), t ? t->pid : -1,
		t ? t->comm : "-");
	show_backtrace(&printk_printer, NULL);
}
SYSRQ_KEY('p', "show-cpu", sysrq_show_cpu);

static void sysrq_show_tasks(char key)
{
	sched_show_tasks(&printk_printer);
}
SYSRQ_KEY('t', "show-tasks", sysrq_show_tasks);
