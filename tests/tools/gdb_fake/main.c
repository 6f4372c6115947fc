// SPDX-License-Identifier: MIT
/* A host process laid out like the kernel, for tests/tools/test_gdb_helpers.py. */
#include <stdio.h>
#include <string.h>
#include "fake.h"

static struct task init_task = { .comm = "init", .pid = 2, .state = TASK_SLEEPING,
				 .cpu = 1, .on_cpu = -1 };
static struct task shell_task = { .comm = "shell", .pid = 3, .state = TASK_RUNNING,
				  .cpu = 1, .on_cpu = 1 };
static struct task stopped_task = { .comm = "stopped", .pid = 4, .state = TASK_STOPPED,
				    .cpu = 0, .on_cpu = -1 };

__attribute__((noinline)) void schedule(void)
{
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void ready(void)
{
	__asm__ volatile("" ::: "memory");
}

int main(void)
{
	char line[32];

	for (int cpu = 0; cpu < 2; cpu++) {
		struct task *idle = &idle_tasks[cpu];

		snprintf(idle->comm, sizeof(idle->comm), "idle/%d", cpu);
		idle->pid = cpu;
		idle->cpu = idle->on_cpu = cpu;
		cpu_rq[cpu].idle = cpu_rq[cpu].curr = idle;
		online[cpu] = 1;
	}
	cpu_rq[1].curr = &shell_task;
	idle_tasks[1].on_cpu = -1;
	init_task.ctx.pc = (unsigned long)schedule;
	stopped_task.ctx.pc = (unsigned long)schedule + 4;
	idle_tasks[1].ctx.pc = (unsigned long)schedule;
	idle_tasks[0].next = &idle_tasks[1];
	idle_tasks[1].next = &init_task;
	init_task.next = &shell_task;
	shell_task.next = &stopped_task;
	task_list = &idle_tasks[0];
	/* More than the ring holds: the oldest lines are overwritten. */
	for (int n = 0; n < 100; n++) {
		snprintf(line, sizeof(line), "line %d\n", n);
		log_store(line, strlen(line));
	}
	ready();
	return 0;
}
