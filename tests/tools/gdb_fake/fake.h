/* SPDX-License-Identifier: MIT */
#ifndef FAKE_H
#define FAKE_H

#define FAKE_NR_CPUS	4
#define FAKE_LOG_LEN	256

struct arch_context {
	unsigned long added_reg;
	unsigned long sp, pc;
};

enum task_state {
	TASK_RUNNING,
	TASK_SLEEPING,
	TASK_DEAD,
	TASK_STOPPED,		/* a state the kernel does not have (yet) */
};

struct task {
	long added_first[3];
	char comm[16];
	struct arch_context ctx;
	int pid;
	enum task_state state;
	int cpu;
	int on_cpu;
	struct task *next;
	double added_last;
};

struct cpu_rq {
	long added;
	struct task *idle;
	struct task *curr;
};

extern struct task *task_list;
extern struct cpu_rq cpu_rq[FAKE_NR_CPUS];
extern struct task idle_tasks[FAKE_NR_CPUS];
extern _Bool online[FAKE_NR_CPUS];
void log_store(const char *s, unsigned long len);

#endif
