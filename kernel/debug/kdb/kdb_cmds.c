// SPDX-License-Identifier: MIT
/*
 * kdb's commands about tasks and CPUs: ps, pid, bt, btp, btc, bta,
 * summary; shaped as Linux's kdb prints them. Tasks are
 * walked without the scheduler's lock: every other CPU is held.
 */

#include <kernel/arch.h>
#include <kernel/errno.h>
#include <kernel/jiffies.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <asm/ptrace.h>
#include "kdb.h"

#define PTR_DIGITS	((int)(2 * sizeof(void *)))

/* A task on a CPU that is stopped in the debugger: its frame is that CPU's. */
static bool on_stopped_cpu(const struct task *t)
{
	return t->on_cpu >= 0 && kgdb_cpus[t->on_cpu].regs && kgdb_cpus[t->on_cpu].task == t;
}

static char state_letter(const struct task *t)
{
	if (t->state == TASK_DEAD)
		return 'Z';
	if (task_is_idle(t))
		return 'I';
	return t->state == TASK_SLEEPING ? 'S' : 'R';
}

static void ps_header(struct printer *out)
{
	pprintf(out, "%-*s Pid   Parent [*] cpu State %-*s Command\n", PTR_DIGITS + 2, "Task Addr",
		PTR_DIGITS + 2, "Thread");
}

static void ps_line(struct printer *out, const struct task *t)
{
	pprintf(out, "0x%0*lx %5d %8d  %c  %3d   %c   0x%0*lx %s\n", PTR_DIGITS, (unsigned long)t,
		t->pid, 0, t == kdb.task ? '*' : ' ', t->on_cpu >= 0 ? t->on_cpu : t->cpu,
		state_letter(t), PTR_DIGITS, (unsigned long)t->stack, t->comm);
}

/* ps: running and runnable tasks; ps A: every task. */
static int kdb_ps(struct printer *out, int argc, char **argv)
{
	bool all = argc > 1 && !strcmp(argv[1], "A");
	unsigned int idle = 0, sleeping = 0;
	struct task *t;

	for_each_task(t) {
		if (task_is_idle(t))
			idle++;
		else if (t->state != TASK_RUNNING)
			sleeping++;
	}
	if (!all && (idle || sleeping))
		pprintf(out, "%u idle process(es) and %u sleeping process(es) suppressed,\n"
			"use 'ps A' to show all.\n", idle, sleeping);
	ps_header(out);
	for_each_task(t) {
		if (kdb_interrupted())
			break;
		if (all || (!task_is_idle(t) && t->state == TASK_RUNNING))
			ps_line(out, t);
	}
	return 0;
}

static int task_arg(struct printer *out, const char *s, struct task **t)
{
	unsigned long pid;

	if (kstrtoul(s, 10, &pid) || pid > 0x7fffffff || !(*t = task_find((int)pid))) {
		pprintf(out, "No task with pid=%s\n", s);
		return -EINVAL;
	}
	return 0;
}

/* pid <n>: look at that task (rd, bt); pid R: the stop's own again. */
static int kdb_pid(struct printer *out, int argc, char **argv)
{
	struct task *t;
	int err;

	if (argc > 1 && !strcmp(argv[1], "R")) {
		kdb_select_cpu(kdb.stop->cpu);
	} else if (argc > 1) {
		err = task_arg(out, argv[1], &t);
		if (err)
			return err;
		kdb_select_task(t);
	}
	pprintf(out, "KDB current process is %s(pid=%d)\n", kdb.task ? kdb.task->comm : "?",
		kdb.task ? kdb.task->pid : -1);
	return 0;
}

/* A task's backtrace: its CPU's trapped frame if it runs there, else where it sleeps. */
static void task_backtrace(struct printer *out, struct task *t)
{
	struct pt_regs regs;

	pprintf(out, "Stack traceback for pid %d\n", t->pid);
	ps_line(out, t);
	if (on_stopped_cpu(t)) {
		show_backtrace(out, kgdb_cpus[t->on_cpu].regs);
	} else if (t->on_cpu >= 0) {
		pprintf(out, "  running on CPU %d, which did not stop\n", t->on_cpu);
	} else {
		kgdb_task_frame(t, &regs);
		show_backtrace(out, &regs);
	}
}

/* bt: the task looked at, from the frame looked at (cpu, pid). */
static int kdb_bt(struct printer *out, int argc, char **argv)
{
	if (argc > 1) {
		pprintf(out, "bt takes no argument: btp <pid> for a task\n");
		return -EINVAL;
	}
	if (kdb.regs) {
		pprintf(out, "Stack traceback for pid %d\n", kdb.task ? kdb.task->pid : -1);
		if (kdb.task)
			ps_line(out, kdb.task);
		show_backtrace(out, kdb.regs);
	} else if (kdb.task) {
		task_backtrace(out, kdb.task);
	}
	return 0;
}

static int kdb_btp(struct printer *out, int argc, char **argv)
{
	struct task *t;
	int err;

	if (argc != 2) {
		pprintf(out, "usage: btp <pid>\n");
		return -EINVAL;
	}
	err = task_arg(out, argv[1], &t);
	if (!err)
		task_backtrace(out, t);
	return err;
}

/* btc [cpu]: each stopped CPU's trapped frame, or one CPU's. */
static int kdb_btc(struct printer *out, int argc, char **argv)
{
	unsigned long want = NR_CPUS;
	unsigned int cpu;

	if (argc > 1 && (kdb_parse_ulong(argv[1], &want) || want >= NR_CPUS || !cpu_online(want))) {
		pprintf(out, "Invalid cpu number\n");
		return -EINVAL;
	}
	pprintf(out, "btc: cpu status: Currently on cpu %u\n", kdb.stop->cpu);
	for_each_online_cpu(cpu) {
		if (kdb_interrupted())
			break;
		if (want != NR_CPUS && cpu != want)
			continue;
		if (!kgdb_cpus[cpu].regs) {
			pprintf(out, "\nCPU %u did not stop (interrupts off?): no frame\n", cpu);
			continue;
		}
		pprintf(out, "\nStack traceback for cpu %u, pid %d\n", cpu,
			kgdb_cpus[cpu].task ? kgdb_cpus[cpu].task->pid : -1);
		show_backtrace(out, kgdb_cpus[cpu].regs);
	}
	return 0;
}

/* bta: every task's backtrace. */
static int kdb_bta(struct printer *out, int argc, char **argv)
{
	struct task *t;

	for_each_task(t) {
		if (kdb_interrupted())
			break;
		task_backtrace(out, t);
		pprintf(out, "\n");
	}
	return 0;
}

static int kdb_summary(struct printer *out, int argc, char **argv)
{
	unsigned long secs = jiffies / HZ;
	unsigned int cpu, n = 0;
	struct task *t;

	for_each_task(t)
		n++;
	pprintf(out, "sysname    kgdb-demo\n");
	pprintf(out, "uptime     %lu:%02lu:%02lu (%lu jiffies, HZ %d)\n", secs / 3600,
		secs / 60 % 60, secs % 60, (unsigned long)jiffies, HZ);
	pprintf(out, "cpus       %u online, entered on cpu %u\n", num_online_cpus(), kdb.stop->cpu);
	for_each_online_cpu(cpu)
		pprintf(out, "cpu %-6u %s\n", cpu, kgdb_cpus[cpu].in_debugger ? "in kdb" :
			kgdb_cpus[cpu].held ? "stopped" : "did not stop");
	pprintf(out, "tasks      %u\n", n);
	return 0;
}

/* kdb's ps is Linux's kdb's; gdb's monitor keeps the kernel's own (kgdb_monitor.c). */
KGDB_COMMAND(ps, "[A]", "list tasks (A: all, idle and sleeping too)", kdb_ps, KGDB_CMD_INSPECT,
	     KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(pid, "<pid>|R", "look at task <pid> (R: the one that stopped)", kdb_pid,
	     KGDB_CMD_INSPECT, KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(bt, "", "backtrace of the task looked at", kdb_bt, KGDB_CMD_MEM_READ | KGDB_CMD_INSPECT,
	     KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(btp, "<pid>", "backtrace of a task", kdb_btp, KGDB_CMD_MEM_READ | KGDB_CMD_INSPECT, 0);
KGDB_COMMAND(btc, "[cpu]", "backtrace of each CPU's frame", kdb_btc,
	     KGDB_CMD_MEM_READ | KGDB_CMD_INSPECT, 0);
KGDB_COMMAND(bta, "", "backtrace of every task", kdb_bta, KGDB_CMD_MEM_READ | KGDB_CMD_INSPECT, 0);
KGDB_COMMAND(summary, "", "summarize the machine", kdb_summary, KGDB_CMD_INSPECT, 0);
