// SPDX-License-Identifier: MIT
/*
 * start_kernel(): bring the generic kernel up in order, then become the
 * boot CPU's idle task. The init thread starts the background threads and
 * the shell, and starts the shell again whenever it dies (an oops in a
 * shell command kills the shell's task).
 */
#include <kernel/arch.h>
#include <kernel/init.h>
#include <kernel/irq.h>
#include <kernel/kallsyms.h>
#include <kernel/panic.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/shell.h>
#include <kernel/slab.h>
#include <kernel/smp.h>
#include <asm-generic/sections.h>
#include "workers.h"

#define SHELL_RESPAWN_POLL_MS	100

void do_initcalls(int level)
{
	static char *const bounds[][2] = {
		{ __initcall1_start, __initcall1_end },
		{ __initcall2_start, __initcall2_end },
		{ __initcall3_start, __initcall3_end },
	};
	const initcall_t *fn;

	if (level < 1 || level > (int)ARRAY_SIZE(bounds))
		return;
	for (fn = (const initcall_t *)bounds[level - 1][0];
	     fn < (const initcall_t *)bounds[level - 1][1]; fn++) {
		int ret = (*fn)();

		if (ret) {
			const char *name = kallsyms_lookup((uintptr_t)*fn, NULL, NULL);

			pr_warn("initcall %s failed: error %d\n", name ? name : "?", ret);
		}
	}
}

static void init_thread(void *arg)
{
	start_workers();
	for (;;) {
		struct task *shell = kthread_run(shell_thread, NULL, "shell");
		int pid;

		if (!shell) {
			msleep(1000);
			continue;
		}
		pid = shell->pid;
		while (task_alive(pid))
			msleep(SHELL_RESPAWN_POLL_MS);
		pr_info("init: shell (pid %d) exited, starting a new one\n", pid);
	}
}

void start_kernel(void)
{
	uintptr_t heap_start, heap_end;

	arch_setup();
	set_cpu_online(smp_processor_id(), true);
	pr_info("kgdb-demo kernel, %d-bit, built with gcc " __VERSION__ "\n",
		(int)sizeof(long) * 8);
	pr_info("Command line: %s\n", boot_command_line);
	parse_early_params();
	do_initcalls(1);
	arch_heap_range(&heap_start, &heap_end);
	kmalloc_init(heap_start, heap_end);
	sched_init();
	parse_boot_params();
	do_initcalls(2);
	arch_timer_init();
	local_irq_enable();
	arch_smp_init();
	do_initcalls(3);
	pr_info("%u CPU(s) online\n", num_online_cpus());
	if (!kthread_run(init_thread, NULL, "init"))
		panic("cannot start init");
	cpu_idle_loop();
}
