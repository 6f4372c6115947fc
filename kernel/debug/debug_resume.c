// SPDX-License-Identifier: MIT
/*
 * Resuming: the stop served by the front end, memory and the resuming
 * frame made what the user asked, and the run-on path of breakpoints that
 * run something (the agent's conditions and commands, a tracepoint's
 * collection, a dprintf): a hit that does not stop steps over its
 * breakpoint, or runs out of line, and the CPU runs on.
 */

#include <asm/ptrace.h>		/* instruction_pointer() */
#include "debug_internal.h"

/*
 * A CPU steps over a breakpoint whose hit did not stop (its conditions
 * were false, or it only prints), the others held; then it runs on, alone
 * again if it ran alone.
 */
static struct {
	bool active;
	bool alone;
} step_over;

/*
 * The stop's own hit: the CPU, the breakpoint's address, and which of its
 * actions ran as it stopped (KGDB_BP_TRACE: the trace collected;
 * KGDB_BP_AGENT: gdb's conditions or commands ran). A resume from there
 * runs only the others. cpu -1: the stop was no hit.
 */
static struct {
	int cpu;
	uintptr_t addr;
	unsigned int ran;
} stop_hit = { .cpu = -1 };

/* Each CPU's PC as the stop began: a resume from there steps over what is there. */
static uintptr_t stop_pc[NR_CPUS];

/* Step over a compiled-in breakpoint that left the PC on itself. */
__noinline void kgdb_skip_compiled_break(struct kgdb_cpu *c)
{
	if (c->skip_pc && c->regs && instruction_pointer(c->regs) == c->skip_pc)
		instruction_pointer_set(c->regs, c->skip_pc + c->skip_len);
	c->skip_pc = 0;
}

/*
 * Make memory and the resuming frame what gdb asked for: its PC, gdb's
 * breakpoints but the one at @except (being stepped over), and for a step
 * the step armed (after the breakpoints, so that a step's planted word
 * over one of them nests inside it). Nonzero, leaving memory as it was,
 * when there is nothing to run: the step could not be armed, or the arch
 * carried the instruction out itself.
 *
 * A CPU runs alone only for gdb's own step over its breakpoint, which
 * ends at once. Any other run of one thread (gdb's scheduler-locking,
 * LLDB's thread continue) runs every CPU: alone, it could wait for good
 * on a lock a held CPU has, and no Ctrl-C would reach it (the line's
 * interrupt may go to a held CPU).
 */
static int prepare_resume(struct kgdb_resume *res, uintptr_t except)
{
	struct kgdb_cpu *t = &kgdb_cpus[res->cpu];
	bool own;
	int err;

	if (res->has_addr)
		instruction_pointer_set(t->regs, res->addr);
	kgdb_trace_settle();
	kgdb_bp_plant_all(except);
	/* Stepped, run alone or with the others: past a compiled-in breakpoint. */
	kgdb_skip_compiled_break(t);
	if (res->action != KGDB_STEP) {
		res->alone = res->alone && kgdb_soft_step_over(t->regs, &own);
		return 0;
	}
	err = kgdb_step_arm(t->regs);
	if (err)
		kgdb_bp_lift_all(false);
	return err;
}

/* A dprintf's text to the client, if one is attached. */
static void hit_print(const char *s, size_t len)
{
	const struct kgdb_frontend *fe = kgdb_frontend_current();

	if (!kgdb_connected() || !fe->console_write)
		return;
	kgdb_line_claim();
	fe->console_write(s, len);
}

/*
 * What a hit at @addr runs besides stopping: the trace's collection
 * (KGDB_BP_TRACE), gdb's conditions and commands (KGDB_BP_AGENT). A hit
 * that runs something may run on.
 */
static unsigned int hit_actions(uintptr_t addr)
{
#ifdef CONFIG_KGDB_AGENT
	return (kgdb_bp_owners(addr) & KGDB_BP_TRACE) |
	       (kgdb_bp_runs_agent(addr) ? KGDB_BP_AGENT : 0);
#else
	/* Tracepoints need the agent too. */
	return 0;
#endif
}

/*
 * A hit at @addr on @cpu: its actions in @todo run, each once. Whether an
 * owner stops there: kdb always, gdb where its conditions hold.
 */
static bool hit_run(unsigned int cpu, uintptr_t addr, unsigned int todo,
		    void (*to_client)(const char *s, size_t len))
{
	unsigned int owners = kgdb_bp_owners(addr);
	bool gdb_stops = true;

	if (todo & KGDB_BP_TRACE)
		kgdb_trace_hit(cpu, addr);
	if (todo & KGDB_BP_AGENT)
		gdb_stops = kgdb_bp_hit_stops(cpu, addr, to_client);
	return (owners & KGDB_BP_KDB) || ((owners & KGDB_BP_GDB) && gdb_stops);
}

/* A hit at @addr runs all its actions; one that stops is the stop's own hit. */
static bool hit_stops(unsigned int cpu, uintptr_t addr,
		      void (*to_client)(const char *s, size_t len))
{
	unsigned int todo = hit_actions(addr);

	if (!hit_run(cpu, addr, todo, to_client))
		return false;
	stop_hit.cpu = (int)cpu;
	stop_hit.addr = addr;
	stop_hit.ran = todo;
	return true;
}

/*
 * A CPU resumed from where it stopped, on a breakpoint someone owns (the
 * one it stopped at, or one set there meanwhile: a tracepoint, kdb's,
 * gdb's dprintf), runs the actions there that its stop did not, then
 * steps over it: the instruction runs once, and the CPU goes on as asked
 * (gdb takes its own breakpoints out before it steps; kdb's go and ss,
 * and a detach, rely on this). Returns the address left out of memory for
 * the step, 0 if none.
 */
static uintptr_t resume_over_break(struct kgdb_resume *res)
{
	uintptr_t pc = res->has_addr ? res->addr : instruction_pointer(kgdb_cpus[res->cpu].regs);
	unsigned int todo;

	if (pc != stop_pc[res->cpu] || !kgdb_bp_owners(pc))
		return 0;
	todo = hit_actions(pc);
	if (stop_hit.cpu == (int)res->cpu && stop_hit.addr == pc)
		todo &= ~stop_hit.ran;
	hit_run(res->cpu, pc, todo, hit_print);
	/* All ran now: a resume that finds nothing to run comes back here. */
	stop_hit.cpu = (int)res->cpu;
	stop_hit.addr = pc;
	stop_hit.ran = hit_actions(pc);
	if (res->action != KGDB_STEP) {
		res->action = KGDB_STEP;
		step_over.active = true;
		step_over.alone = res->alone;
	}
	return pc;
}

/*
 * Resume as @res asks, over the breakpoint the CPU stopped on; nonzero as
 * prepare_resume() for a step the user asked for. A step over one for a
 * continue that the arch carried out itself, or that cannot be armed,
 * continues from there (into the breakpoint again, in the latter case).
 */
int kgdb_resume_target(struct kgdb_resume *res)
{
	int err = prepare_resume(res, resume_over_break(res));

	if (!err || !step_over.active)
		return err;
	step_over.active = false;
	res->action = KGDB_CONTINUE;
	res->alone = step_over.alone;
	return prepare_resume(res, 0);
}

/*
 * the target go, and make memory and the frame what they asked for.
 */
void kgdb_serve(struct kgdb_stop *stop, struct kgdb_resume *res)
{
	const struct kgdb_frontend *fe = kgdb_frontend_current();
	unsigned int cpu;

	__atomic_store_n(&kgdb_interrupt_pending, false, __ATOMIC_RELEASE);
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		stop_pc[cpu] = kgdb_cpus[cpu].regs ? instruction_pointer(kgdb_cpus[cpu].regs) : 0;
	for (;;) {
		fe->run(stop, res);
		if (res->action == KGDB_HANDOVER) {
			if (res->to)
				fe = kgdb_fe = res->to;
			continue;
		}
		if (kgdb_session_over(res)) {
			kgdb_fe = NULL;		/* the next stop goes to the default */
			return;
		}
		if (!kgdb_resume_target(res))
			return;
		/* Nothing to run for the step: it ends where the PC is now. */
		*stop = (struct kgdb_stop){ .cpu = res->cpu, .signo = SIGTRAP };
		stop_pc[res->cpu] = instruction_pointer(kgdb_cpus[res->cpu].regs);
	}
}

/* The client asked for a stop while hits ran on. */
static bool break_pending(void)
{
	const struct kgdb_frontend *fe = kgdb_frontend_current();

	return kgdb_connected() && fe->break_pending && fe->break_pending();
}

/*
 * Whether this entry ends without a stop, @res then made ready: a hit on a
 * breakpoint whose conditions are false or that only prints, stepped over
 * first (this CPU alone, the breakpoint out, the others held so that none
 * runs past it meanwhile); or that step's end (@step_end), after which the
 * CPU runs on as before. Where the step cannot be armed, the hit stops
 * and gdb, which evaluates conditions too, decides.
 */
bool kgdb_run_on(struct kgdb_stop *stop, bool stepped, bool step_end, bool alone,
		 struct kgdb_resume *res)
{
	uintptr_t addr = instruction_pointer(kgdb_cpus[stop->cpu].regs);
	int err;

	if (step_over.active) {
		step_over.active = false;
		/* Anything else that happened in the step stops, as it would have. */
		if (!step_end)
			return false;
		res->alone = step_over.alone;
		return !prepare_resume(res, 0);
	}
	/* gdb's own step always ends in a stop. */
	if (stepped || stop->kind != KGDB_STOP_SWBREAK)
		return false;
	/*
	 * Hits that run on may keep the line's interrupt from ever running.
	 * Asked before the hit runs anything: it runs when the CPU resumes
	 * there, and would otherwise print or collect twice.
	 */
	if (hit_actions(addr) && break_pending()) {
		*stop = (struct kgdb_stop){ .cpu = stop->cpu, .signo = SIGINT };
		return false;
	}
	if (hit_stops(stop->cpu, addr, hit_print))
		return false;
	res->action = KGDB_STEP;
	err = prepare_resume(res, addr);
	if (!err) {
		step_over.active = true;
		step_over.alone = alone;
		return true;
	}
	res->action = KGDB_CONTINUE;
	res->alone = alone;
	return err == KGDB_STEP_DONE && !prepare_resume(res, 0);
}

/*
 * A hit on a breakpoint whose conditions may be false, or that only
 * prints, evaluated at once by the CPU that trapped: master, with nothing
 * else held and every breakpoint in memory (one the expressions run into
 * is counted as missed and run out of line too). If it does not stop,
 * the CPU resumes in the breakpoint's out-of-line slot. HIT_SLOW where
 * the breakpoint has no slot, or its hit may use the line (a dprintf to
 * an attached client), and during a step over one: kgdb_run_on() then
 * does it with the others held, which need hold only briefly. HIT_NONE:
 * no hit that runs something.
 */
enum kgdb_hit_done kgdb_run_on_out_of_line(unsigned int cpu, const struct kgdb_stop *stop,
					    bool alone)
{
	struct kgdb_cpu *c = &kgdb_cpus[cpu];
	uintptr_t addr = instruction_pointer(c->regs);
	bool armed, stops;
	int slot;

	stop_hit.cpu = -1;
	if (step_over.active)
		return HIT_SLOW;
	if (stop->kind != KGDB_STOP_SWBREAK || !hit_actions(addr))
		return HIT_NONE;
	if (alone)
		return HIT_SLOW;
	slot = kgdb_bp_xol_slot(addr);
	if (slot < 0 || (kgdb_connected() && kgdb_bp_prints(addr)))
		return HIT_SLOW;
	/* What a condition may read of this CPU besides its frame; no slot fires on its reads. */
	if (arch_kgdb_ops.cpu.enter)
		arch_kgdb_ops.cpu.enter(&c->arch);
	armed = kgdb_hw_cpu_armed(cpu);
	if (armed)
		kgdb_hw_cpu_stop(cpu);
	stops = hit_stops(cpu, addr, NULL);
	if (armed)
		kgdb_hw_cpu_resume(cpu);
	if (stops)
		return HIT_STOPS;
	kgdb_xol_enter((unsigned int)slot, c->regs);
	return HIT_RAN_ON;
}
