// SPDX-License-Identifier: MIT
/*
 * gdb's threads: every online CPU has a shadow thread (what that CPU was
 * doing when it stopped, or its current task), every live task is a thread
 * (pid + 1). Their ids, lookup, the list in order, the text gdb shows
 * after each, the list as qXfer:threads' XML document, and the thread
 * packets: H, T, qfThreadInfo and qsThreadInfo, qC, qThreadExtraInfo and
 * qXfer:threads:read.
 *
 * The list leaves out a CPU that did not answer the roundup (spinning with
 * interrupts off where there is no NMI) and the task on it: they run, and
 * gdb in all-stop mode can show no running thread (asked for its
 * registers, it would give up on `info threads` altogether). `monitor
 * cpus` names such a CPU; its ids still answer qThreadExtraInfo.
 */

#include <kernel/die.h>		/* SIGINT */
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/string.h>
#include "rsp.h"

/* Longest thread id on the wire, plus its separator. */
#define GDB_TID_CHARS	(sizeof(long) * 2 + 1)

static long task_tid(const struct task *t)
{
	return t->pid + 1L;
}

long gdb_cpu_tid(unsigned int cpu)
{
	struct task *t = kgdb_cpus[cpu].task;

	return t ? task_tid(t) : KGDB_TID_CPU_BASE + (long)cpu;
}

/* The CPU task @t runs on, or -1. */
static int task_cpu(const struct task *t)
{
	return t->on_cpu >= 0 && t->on_cpu < NR_CPUS ? t->on_cpu : -1;
}

/* Whether a thread on @cpu (-1: none) is in the list: its CPU stopped. */
static bool listed(int cpu)
{
	return cpu < 0 || kgdb_cpus[cpu].regs;
}

bool gdb_thread_lookup(long tid, unsigned int stopped_cpu, struct kgdb_thread *th)
{
	struct task *t;

	if (tid == KGDB_TID_ANY || tid == KGDB_TID_ALL) {
		th->cpu = (int)stopped_cpu;
		th->task = kgdb_cpus[stopped_cpu].task;
		return true;
	}
	if (tid >= KGDB_TID_CPU_BASE) {
		tid -= KGDB_TID_CPU_BASE;
		if (tid >= NR_CPUS || !cpu_online((unsigned int)tid))
			return false;
		th->cpu = (int)tid;
		th->task = NULL;
		return true;
	}
	t = task_find((int)tid - 1);
	if (!t || t->state == TASK_DEAD)
		return false;
	th->task = t;
	th->cpu = task_cpu(t);
	return true;
}

#ifdef CONFIG_KGDB_VCONT
/*
 * gdb lets one thread run (vCont;c:tid, its scheduler-locking; LLDB's
 * thread continue), and the core runs every CPU unless that is gdb's own
 * step over a breakpoint (debug_resume.c). A Ctrl-C that stops the machine
 * then is told as a stop of that thread, where it is on a CPU: gdb, which
 * let no other thread run, fails on a stop in one of those (gdb 13: an
 * internal error in skip_inline_frames).
 */
const struct kgdb_stop *gdb_reported_stop(const struct kgdb_stop *stop)
{
	static struct kgdb_stop moved;
	long tid = gdb_session.lone_tid;
	struct kgdb_thread th;

	gdb_session.lone_tid = 0;
	if (!tid || stop->signo != SIGINT || !gdb_thread_lookup(tid, stop->cpu, &th) ||
	    th.cpu < 0 || !kgdb_cpus[th.cpu].regs)
		return stop;
	moved = *stop;
	moved.cpu = (unsigned int)th.cpu;
	return &moved;
}
#endif

static bool gdb_thread_nth(unsigned int n, long *tid)
{
	unsigned int cpu;
	struct task *t;

	for_each_online_cpu(cpu) {
		if (listed((int)cpu) && !n--) {
			*tid = KGDB_TID_CPU_BASE + (long)cpu;
			return true;
		}
	}
	for_each_task(t) {
		if (t->state != TASK_DEAD && listed(task_cpu(t)) && !n--) {
			*tid = task_tid(t);
			return true;
		}
	}
	return false;
}

static void gdb_thread_text(const struct kgdb_thread *th, char *s, size_t size)
{
	if (!th->task)
		snprintf(s, size, "CPU%d%s", th->cpu, kgdb_cpus[th->cpu].regs ? "" : " (running)");
	else if (th->cpu >= 0)
		snprintf(s, size, "%s, pid %d, on CPU%d", th->task->comm, th->task->pid, th->cpu);
	else
		snprintf(s, size, "%s, pid %d, %s", th->task->comm, th->task->pid,
			 th->task->preempted ? "preempted" : task_state_name(th->task));
}

#ifdef CONFIG_KGDB_FAST_TRANSFERS
/*
 * qXfer:threads:read: the thread list as an XML document, generated anew
 * for each read and cut to the window [off, end) that gdb asked for,
 * so that gdb 13 learns every thread and its text in one or two packets
 * instead of qfThreadInfo plus one qThreadExtraInfo per thread. Threads
 * carry no name attribute: gdb would print it next to the same text. No
 * XML declaration, no newlines: gdb reads the list at every stop. A
 * terse list leaves the texts out (<thread id="4"/>).
 */
static void xml_thread(struct xml_window *w, long tid, const struct kgdb_thread *th, bool terse)
{
	char s[GDB_THREAD_TEXT];

	snprintf(s, GDB_THREAD_TEXT, "<thread id=\"%lx\"", tid);
	xml_str(w, s);
	if (th->cpu >= 0) {
		snprintf(s, GDB_THREAD_TEXT, " core=\"%d\"", th->cpu);
		xml_str(w, s);
	}
	if (terse) {
		xml_str(w, "/>");
		return;
	}
	xml_str(w, ">");
	gdb_thread_text(th, s, GDB_THREAD_TEXT);
	xml_text(w, s);
	xml_str(w, "</thread>");
}

bool gdb_threads_xml(size_t off, size_t end, bool terse)
{
	struct xml_window w = XML_WINDOW(off, end);
	struct kgdb_thread th;
	unsigned int cpu;
	struct task *t;

	xml_str(&w, "<threads>");
	for_each_online_cpu(cpu) {
		if (!listed((int)cpu))
			continue;
		th.cpu = (int)cpu;
		th.task = NULL;
		xml_thread(&w, KGDB_TID_CPU_BASE + (long)cpu, &th, terse);
	}
	for_each_task(t) {
		th.task = t;
		th.cpu = task_cpu(t);
		if (t->state != TASK_DEAD && listed(th.cpu))
			xml_thread(&w, task_tid(t), &th, terse);
	}
	xml_str(&w, "</threads>");
	return xml_window_done(&w);
}
#endif

bool h_set_thread(struct gdb_args *a)
{
	struct kgdb_thread th;

	if ((a->op != 'g' && a->op != 'c') || !gdb_thread_lookup(a->tid, gdb_stop->cpu, &th)) {
		tx_err(a->op == 'g' || a->op == 'c' ? -ESRCH : -EINVAL);
		return false;
	}
	*(a->op == 'g' ? &gdb_session.g_tid : &gdb_session.c_tid) = a->tid;
	tx_reply("OK");
	return false;
}

bool h_thread_alive(struct gdb_args *a)
{
	struct kgdb_thread th;

	if (gdb_thread_lookup(a->tid, gdb_stop->cpu, &th))
		tx_reply("OK");
	else
		tx_err(-ESRCH);
	return false;
}

bool h_thread_info(struct gdb_args *a)
{
	long tid;
	bool first = true;

	if (a->name[1] == 'f')
		gdb_session.thread_cursor = 0;
	tx_begin();
	while (tx_room() > GDB_TID_CHARS && gdb_thread_nth(gdb_session.thread_cursor, &tid)) {
		tx_char(first ? 'm' : ',');
		tx_hex((unsigned long)tid);
		gdb_session.thread_cursor++;
		first = false;
	}
	if (first)
		tx_char('l');
	tx_end();
	return false;
}

bool h_current_thread(struct gdb_args *a)
{
	tx_begin();
	tx_str("QC");
	tx_hex((unsigned long)gdb_cpu_tid(gdb_stop->cpu));
	tx_end();
	return false;
}

bool h_thread_extra(struct gdb_args *a)
{
	struct kgdb_thread th;
	char s[GDB_THREAD_TEXT];

	if (!gdb_thread_lookup(a->tid, gdb_stop->cpu, &th)) {
		tx_err(-ESRCH);
		return false;
	}
	gdb_thread_text(&th, s, GDB_THREAD_TEXT);
	tx_begin();
	tx_hexbytes((const u8 *)s, strlen(s));
	tx_end();
	return false;
}

#ifdef CONFIG_KGDB_FAST_TRANSFERS
/*
 * gdb 13 in all-stop mode reads the whole thread list after every stop
 * (normal_stop -> update_thread_list) but shows the texts only in `info
 * threads` and `thread apply`, which read the list again first. So the
 * first list read after a stop reply is terse, and costs the line 16
 * bytes a thread instead of about 54; any later read has the texts. A
 * read past offset 0 continues the document its offset-0 read began.
 */
bool h_xfer_threads(struct gdb_args *a)
{
	size_t off = a->num[0], end = off + MIN(a->num[1], KGDB_PACKET_SIZE);

	if (a->str_len) {
		tx_err(-ENOENT);
		return false;
	}
	if (!off) {
		gdb_session.list_terse = gdb_session.stopped_unlisted;
		gdb_session.stopped_unlisted = false;
	}
	tx_begin();
	tx_char('m');
	if (gdb_threads_xml(off, end < off ? (size_t)-1 : end, gdb_session.list_terse))
		tx_patch(0, 'l');
	tx_end();
	return false;
}
#endif
