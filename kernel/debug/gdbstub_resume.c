// SPDX-License-Identifier: MIT
/*
 * GDB's packets that let the target go: c, C, s, S, vCont (which CPU
 * runs, steps, or runs alone), D and k.
 */

#include <kernel/errno.h>
#include "rsp.h"

/* Signals travel as one byte (C, S, stop replies). */
#define GDB_MAX_SIGNAL	0xff

/* The CPU that c/s without a vCont thread act on: Hc's, else the one that stopped. */
static unsigned int resume_cpu(void)
{
	struct kgdb_thread th;

	if (gdb_thread_lookup(gdb_session.c_tid, gdb_stop->cpu, &th) && th.cpu >= 0 && kgdb_cpus[th.cpu].regs)
		return (unsigned int)th.cpu;
	return gdb_stop->cpu;
}

/* c [addr], C sig[;addr], s [addr], S sig[;addr]. */
static bool resume(struct gdb_args *a, enum kgdb_action action)
{
	bool with_sig = a->name[0] == 'C' || a->name[0] == 'S';

	if (with_sig && a->num[0] > GDB_MAX_SIGNAL) {
		tx_err(-EINVAL);
		return false;
	}
	/* Resuming elsewhere is a write to the PC. */
	if (a->nnum > (with_sig ? 1u : 0u) && gdb_ro_refuse(a->name, 1))
		return false;
	gdb_res->action = action;
	gdb_res->cpu = resume_cpu();
	gdb_res->alone = false;
	gdb_res->signo = with_sig ? (int)a->num[0] : 0;
	gdb_res->has_addr = a->nnum > (with_sig ? 1u : 0u);
	gdb_res->addr = a->num[a->nnum ? a->nnum - 1 : 0];
	return true;
}

bool h_continue(struct gdb_args *a)
{
	return resume(a, KGDB_CONTINUE);
}

bool h_step(struct gdb_args *a)
{
	return resume(a, KGDB_STEP);
}

#ifdef CONFIG_KGDB_VCONT
bool h_vcont_query(struct gdb_args *a)
{
	tx_reply(gdb_have(NEED_STEP) ? "vCont;c;C;s;S" : "vCont;c;C");
	return false;
}

/*
 * vCont;action[:tid]... The CPUs are one machine: a step action steps its
 * thread's CPU while the others stay stopped. Continue actions that all
 * name one thread on a stopped CPU, with no action for the rest, run that
 * CPU alone, as the protocol says (gdb steps over a breakpoint so on an
 * arch it steps itself: another CPU must not take the breakpoint it
 * planted, nor pass the one it took out). Otherwise everything continues.
 * A signal is taken from the action that covers the stepped (or the
 * stopped) CPU.
 */
bool h_vcont(struct gdb_args *a)
{
	struct gdb_rx *rx = &a->rest;
	struct kgdb_thread th;
	int step_cpu = -1, signo = -1, lone_cpu = -1, op, cpu;
	bool all = false;
	uintptr_t sig;
	long tid, lone_tid = 0;

	do {
		op = rx_char(rx);
		sig = 0;
		if ((op == 'C' || op == 'S') && (!rx_hex(rx, &sig) || sig > GDB_MAX_SIGNAL))
			goto bad;
		if (op != 'c' && op != 'C' && !((op == 's' || op == 'S') && gdb_have(NEED_STEP)))
			goto bad;
		cpu = (int)gdb_stop->cpu;
		if (rx_lit(rx, ':')) {
			if (!rx_tid(rx, &tid) || !gdb_thread_lookup(tid, gdb_stop->cpu, &th))
				goto bad;
			cpu = th.cpu;
			all |= tid == KGDB_TID_ALL;	/* ":-1" is every thread */
			if (op == 'c' || op == 'C')
				lone_tid = tid;
		} else {
			all = true;
		}
		if (op == 's' || op == 'S') {
			if (cpu < 0 || !kgdb_cpus[cpu].regs)
				goto bad;
			if (step_cpu < 0) {
				step_cpu = cpu;
				signo = (int)sig;
			}
			continue;
		}
		/* -2: a sleeping thread, or more than one CPU, is to run. */
		if (cpu < 0 || !kgdb_cpus[cpu].regs || (lone_cpu != -1 && lone_cpu != cpu))
			lone_cpu = -2;
		else
			lone_cpu = cpu;
		if (cpu == (int)gdb_stop->cpu && signo < 0)
			signo = (int)sig;
	} while (rx_lit(rx, ';'));
	if (!rx_eof(rx))
		goto bad;
	gdb_res->alone = step_cpu < 0 && !all && lone_cpu >= 0;
	gdb_session.lone_tid = gdb_res->alone ? lone_tid : 0;
	gdb_res->action = step_cpu >= 0 ? KGDB_STEP : KGDB_CONTINUE;
	gdb_res->cpu = step_cpu >= 0 ? (unsigned int)step_cpu :
		       gdb_res->alone ? (unsigned int)lone_cpu : gdb_stop->cpu;
	gdb_res->signo = signo > 0 ? signo : 0;
	gdb_res->has_addr = false;
	return true;
bad:
	tx_err(-EINVAL);
	return false;
}
#endif

bool h_detach(struct gdb_args *a)
{
	gdb_trace_detach();
	tx_reply_last("OK");
	gdb_res->action = KGDB_DETACH;
	gdb_res->alone = false;
	gdb_res->signo = 0;
	return true;
}

bool h_kill(struct gdb_args *a)
{
	gdb_trace_detach();
	gdb_res->action = KGDB_KILL;
	gdb_res->alone = false;
	gdb_res->signo = 0;
	return true;
}
