// SPDX-License-Identifier: MIT
/*
 * The debug core: entry from the die and panic notifier chains, what a
 * trap means (trap classification), and the CPU rendezvous: one master
 * CPU hands the stop to a front end (struct kgdb_frontend) while the
 * others wait in a holding loop. It knows no hardware (struct kgdb_arch,
 * struct kgdb_io) and no front end by name.
 *
 * __noinline marks a helper that several callers would otherwise each
 * carry a copy of: bytes the debugger's footprint keeps (make bench).
 */

#include <kernel/die.h>
#include <kernel/errno.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/panic.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/string.h>
#include <kernel/sysrq.h>
#include <asm/processor.h>	/* cpu_relax() */
#include <asm/ptrace.h>		/* instruction_pointer() */
#include <asm-generic/sections.h>
#include "debug_internal.h"

/* Wait this long for the other CPUs to answer a roundup. */
#define ROUNDUP_TIMEOUT_US	1000000
#define ROUNDUP_POLL_US		10
/* Run after every other die notifier: the debugger is the last resort. */
#define KGDB_NOTIFIER_PRIORITY	(-0x7fffffff - 1)

struct kgdb_io *kgdb_io_ops;

static int kgdb_master = -1;	/* the CPU that owns the debugger, -1: none */
static bool kgdb_roundup;	/* the master wants the other CPUs held */
/* One CPU runs, the others stay held: a step, or a thread gdb continued alone. */
static bool kgdb_others_held;
static bool kgdb_stepping;	/* ... and that CPU runs one step */
/* The others are held only while a breakpoint is stepped over: they spin. */
static bool kgdb_hold_brief;

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

static bool kgdb_hooked;	/* the die and panic notifiers are in */
static bool kgdb_client;	/* a front end's client is attached */
/* The front end that took the line over until its session ends; NULL: the default. */
static const struct kgdb_frontend *kgdb_fe;

/* ---------------------------------------------------------------- CPUs */

/* A CPU stops: the arch keeps its per-CPU state, and no slot fires. */
static __noinline void cpu_stop(unsigned int cpu)
{
	if (arch_kgdb_ops.cpu.enter)
		arch_kgdb_ops.cpu.enter(&kgdb_cpus[cpu].arch);
	kgdb_hw_cpu_stop(cpu);
}

/* A CPU resumes with gdb's changes and exactly gdb's current slots. */
static void cpu_resume(unsigned int cpu)
{
	if (arch_kgdb_ops.cpu.leave)
		arch_kgdb_ops.cpu.leave(&kgdb_cpus[cpu].arch);
	kgdb_hw_cpu_resume(cpu);
}

/* Whether a held CPU spins rather than sleeps now. */
static bool hold_spins(void)
{
	return !arch_kgdb_ops.hold.wait ||
	       (__atomic_load_n(&kgdb_hold_brief, __ATOMIC_ACQUIRE) && !arch_kgdb_ops.hold.sleep_always);
}

/*
 * Wait, as held CPU @cpu, until the master lets this one go. It says when
 * it spins, so that the master's release needs no kick; it stops
 * spinning before it sleeps, and a sleep tests the release flag first.
 */
static void hold_loop(unsigned int cpu, struct kgdb_cpu *c)
{
	while (!__atomic_load_n(&c->release, __ATOMIC_ACQUIRE)) {
		if (hold_spins()) {
			__atomic_store_n(&c->spinning, true, __ATOMIC_SEQ_CST);
			cpu_relax();
			continue;
		}
		__atomic_store_n(&c->spinning, false, __ATOMIC_SEQ_CST);
		arch_kgdb_ops.hold.wait(&c->release);
	}
	c->spinning = false;
	c->release = false;
	c->regs = NULL;
	cpu_resume(cpu);
	__atomic_store_n(&c->held, false, __ATOMIC_RELEASE);
}

/* Let held CPU @cpu go, waking it if the arch's held CPUs sleep. */
static void release_cpu(unsigned int cpu)
{
	__atomic_store_n(&kgdb_cpus[cpu].release, true, __ATOMIC_SEQ_CST);
	if (!arch_kgdb_ops.hold.wait || __atomic_load_n(&kgdb_cpus[cpu].spinning, __ATOMIC_SEQ_CST))
		return;
	__atomic_store_n(&kgdb_cpus[cpu].kicked, true, __ATOMIC_SEQ_CST);
	if (arch_kgdb_ops.hold.kick)
		arch_kgdb_ops.hold.kick(cpu);
	else
		smp_send_nmi(cpu);
}

/* An NMI that lands between a hold's release test and its sleep skips the sleep. */
static void hold_woken(struct pt_regs *regs)
{
	uintptr_t pc = instruction_pointer(regs);

	if (pc >= (uintptr_t)arch_kgdb_ops.hold.window_start &&
	    pc < (uintptr_t)arch_kgdb_ops.hold.window_end)
		instruction_pointer_set(regs, (uintptr_t)arch_kgdb_ops.hold.window_end);
}

/* An NMI that is the wake-up kick: nothing else to do for it. */
static bool kick_absorbed(unsigned int cpu)
{
	return __atomic_exchange_n(&kgdb_cpus[cpu].kicked, false, __ATOMIC_ACQ_REL);
}

static void hold_once(unsigned int cpu, struct pt_regs *regs)
{
	struct kgdb_cpu *c = &kgdb_cpus[cpu];

	kgdb_xol_leave(regs);
	c->regs = regs;
	c->task = current_task();
	c->release = false;	/* a late release from the last round */
	cpu_stop(cpu);
	__atomic_store_n(&c->held, true, __ATOMIC_SEQ_CST);
	/*
	 * The master may have ended the roundup after our caller looked, and
	 * then never sees us held: do not wait for a release that won't come.
	 */
	if (!__atomic_load_n(&kgdb_roundup, __ATOMIC_SEQ_CST)) {
		c->regs = NULL;
		cpu_resume(cpu);
		__atomic_store_n(&c->held, false, __ATOMIC_RELEASE);
		return;
	}
	hold_loop(cpu, c);
}

/* Another CPU is master and wants this one held. */
static bool roundup_wants(unsigned int cpu)
{
	int master = __atomic_load_n(&kgdb_master, __ATOMIC_SEQ_CST);

	return __atomic_load_n(&kgdb_roundup, __ATOMIC_SEQ_CST) && master >= 0 &&
	       master != (int)cpu;
}

/*
 * Hold this CPU for the master. A roundup NMI that lands anywhere inside
 * (even before the CPU shows as held, or on its way out) is absorbed:
 * holding again from a nested NMI would take the outer hold's release and
 * leave it waiting for good, its CPU never running again. An NMI absorbed
 * on the way out came from a new master's roundup, so the CPU holds again.
 */
static void hold(unsigned int cpu, struct pt_regs *regs)
{
	struct kgdb_cpu *c = &kgdb_cpus[cpu];

	do {
		__atomic_store_n(&c->holding, true, __ATOMIC_SEQ_CST);
		hold_once(cpu, regs);
		__atomic_store_n(&c->holding, false, __ATOMIC_SEQ_CST);
	} while (roundup_wants(cpu));
}

bool kgdb_nmicallback(unsigned int cpu, struct pt_regs *regs)
{
	int master = __atomic_load_n(&kgdb_master, __ATOMIC_ACQUIRE);

	if (master < 0 || master == (int)cpu || !READ_ONCE(kgdb_roundup))
		return false;
	/*
	 * A second roundup NMI for a CPU already holding is simply absorbed;
	 * so is one for a CPU on its way in, which holds itself with its own
	 * trap's frame: held with the NMI's, gdb would show (and step) the
	 * debugger's code.
	 */
	if (!__atomic_load_n(&kgdb_cpus[cpu].holding, __ATOMIC_SEQ_CST) &&
	    !__atomic_load_n(&kgdb_cpus[cpu].entering, __ATOMIC_SEQ_CST))
		hold(cpu, regs);
	return true;
}

bool kgdb_active(void)
{
	return __atomic_load_n(&kgdb_master, __ATOMIC_RELAXED) >= 0;
}

bool kgdb_connected(void)
{
	return READ_ONCE(kgdb_client);
}

void kgdb_set_connected(bool connected)
{
	WRITE_ONCE(kgdb_client, connected);
}

/* CPUs that found another master in take_master() and wait for their turn. */
static unsigned int kgdb_waiting;

/*
 * Become the master. Another CPU may be master already: it will round this
 * one up (possibly right here), and once it lets go we take over and report
 * our own event. A stepping master that trapped already owns the debugger:
 * returns true for it. A CPU that waits already goes before a newcomer:
 * one whose breakpoint hits run on could otherwise trap again and win
 * every time (where vCPUs take turns, always), and a stop another CPU has
 * (a Ctrl-C) would never be reported.
 */
static bool take_master(unsigned int cpu, struct pt_regs *regs)
{
	bool waiting = false;
	int expected;

	for (;;) {
		expected = __atomic_load_n(&kgdb_master, __ATOMIC_ACQUIRE);
		if (expected == (int)cpu)
			return true;
		if (expected < 0 && (waiting || !__atomic_load_n(&kgdb_waiting, __ATOMIC_ACQUIRE)) &&
		    __atomic_compare_exchange_n(&kgdb_master, &expected, (int)cpu, false,
						__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			break;
		if (expected >= 0 && !waiting) {
			waiting = true;
			__atomic_fetch_add(&kgdb_waiting, 1, __ATOMIC_ACQ_REL);
		}
		if (READ_ONCE(kgdb_roundup) && !kgdb_cpus[cpu].holding)
			hold(cpu, regs);
		else
			cpu_relax();
	}
	if (waiting)
		__atomic_fetch_sub(&kgdb_waiting, 1, __ATOMIC_ACQ_REL);
	return false;
}

static __noinline unsigned int others_held(unsigned int self)
{
	unsigned int cpu, n = 0;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpu != self && __atomic_load_n(&kgdb_cpus[cpu].held, __ATOMIC_ACQUIRE))
			n++;
	return n;
}

static void roundup_others(unsigned int self)
{
	unsigned int want = num_online_cpus() - 1, waited;

	WRITE_ONCE(kgdb_roundup, true);
	if (!want || others_held(self) == want)
		return;
	if (arch_kgdb_ops.roundup_cpus)
		arch_kgdb_ops.roundup_cpus();
	else
		smp_send_nmi_allbutself();
	for (waited = 0; others_held(self) < want && waited < ROUNDUP_TIMEOUT_US;
	     waited += ROUNDUP_POLL_US)
		udelay(ROUNDUP_POLL_US);
}

/* Step over a compiled-in breakpoint that left the PC on itself. */
static __noinline void skip_compiled_break(struct kgdb_cpu *c)
{
	if (c->skip_pc && c->regs && instruction_pointer(c->regs) == c->skip_pc)
		instruction_pointer_set(c->regs, c->skip_pc + c->skip_len);
	c->skip_pc = 0;
}

static void release_held(unsigned int self)
{
	unsigned int cpu;

	__atomic_store_n(&kgdb_roundup, false, __ATOMIC_SEQ_CST);
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		if (cpu == self || !__atomic_load_n(&kgdb_cpus[cpu].held, __ATOMIC_SEQ_CST))
			continue;
		skip_compiled_break(&kgdb_cpus[cpu]);
		release_cpu(cpu);
	}
	/* The next entry must not see CPUs on their way out as held. */
	while (others_held(self))
		cpu_relax();
}

/* ---------------------------------------------------------------- entry */

static bool line_claimed;	/* the transport's pre_exception ran for this entry */

/* The master is to use the line: the transport's device, and the client, are its alone. */
static void kgdb_line_claim(void)
{
	if (line_claimed)
		return;
	kgdb_line_writers_wait();
	if (kgdb_io_ops->pre_exception)
		kgdb_io_ops->pre_exception();
	line_claimed = true;
}

/* What a hardware slot of each type stops as. */
static const enum kgdb_stop_kind hw_kind[] = {
	[KGDB_BP_HARDWARE] = KGDB_STOP_HWBREAK,
	[KGDB_WATCH_WRITE] = KGDB_STOP_WATCH,
	[KGDB_WATCH_READ] = KGDB_STOP_RWATCH,
	[KGDB_WATCH_ACCESS] = KGDB_STOP_AWATCH,
};

/*
 * The client asked for a stop (Ctrl-C, a new gdb's first packet) and no
 * stop has been reported since: the CPU that took the request reports
 * it, unless another stop answered it while that CPU waited its turn.
 */
static bool kgdb_interrupt_pending;

/* Whether a trap is reported to gdb, dropped, or left to the kernel. */
enum trap_verdict { TRAP_REPORT, TRAP_STALE, TRAP_NOT_OURS };

/*
 * Fill in why we stopped. TRAP_STALE for a stale trap, which the CPU took on a
 * breakpoint or hardware slot that gdb removed while the CPU waited for
 * the debugger, or on a word a software step planted (@step_word, seen
 * when it trapped): it resumes as if nothing happened. @hw and @hit say
 * which hardware slot a DIE_DEBUG trap fired on, decoded when it trapped;
 * @stepped, that this CPU was stepping for gdb.
 */
static enum trap_verdict classify(enum die_val val, const struct die_args *args, struct kgdb_stop *stop,
		     struct kgdb_cpu *c, enum kgdb_hw_event hw, const struct kgdb_hw_hit *hit,
		     bool stepped, bool step_word)
{
	const struct kgdb_arch *arch = &arch_kgdb_ops;
	struct pt_regs *regs = args->regs;
	uintptr_t pc = instruction_pointer(regs), addr = pc - arch->bp_pc_offset;
	enum kgdb_bp_at bp;
	unsigned int len;

	stop->signo = SIGTRAP;
	if (val == DIE_BREAKPOINT) {
		bp = kgdb_bp_at(addr);
		if (stepped && kgdb_step_target(addr)) {
			instruction_pointer_set(regs, addr);	/* the step's end, gdb's breakpoint or not */
		} else if (bp == KGDB_BP_PLANTED) {
			instruction_pointer_set(regs, addr);
			stop->kind = KGDB_STOP_SWBREAK;
		} else if (!(len = kgdb_bp_insn_at(addr))) {
			/*
			 * Only planted breakpoints go away; compiled-in ones
			 * stay. Where gdb never had one, an arch is asking
			 * about an instruction it does not know.
			 */
			if (bp == KGDB_BP_NONE && !stepped && !step_word)
				return TRAP_NOT_OURS;
			instruction_pointer_set(regs, addr);
			if (!stepped)
				return TRAP_STALE;
			stop->kind = KGDB_STOP_SWBREAK;
		} else if (c->break_signo == SIGINT &&
			   !__atomic_load_n(&kgdb_interrupt_pending, __ATOMIC_ACQUIRE)) {
			/* An interrupt a stop answered while this CPU waited for the debugger. */
			c->break_signo = 0;
			if (!arch->bp_pc_offset)
				instruction_pointer_set(regs, pc + len);
			return TRAP_STALE;
		} else {
			if (c->break_signo)
				stop->signo = c->break_signo;
			stop->entry = c->break_signo ? c->break_entry : KGDB_ENTRY_BREAK;
			stop->why = c->break_signo ? c->break_why : "KDB_ENTER()";
			if (!arch->bp_pc_offset) {
				c->skip_pc = pc;
				c->skip_len = len;
			}
		}
		c->break_signo = 0;
	} else if (val == DIE_DEBUG) {
		if (hw == KGDB_HW_FIRED && kgdb_hw_hit_current(hit)) {
			stop->kind = hw_kind[hit->slot.type];
			stop->addr = hit->addr;
		} else if (!stepped) {
			/*
			 * Neither a slot gdb has nor a step gdb asked for: a
			 * stale hit, or a debug trap the emulator repeated.
			 */
			if (arch->step.single)
				arch->step.single(regs, false);	/* a stray trap flag */
			return TRAP_STALE;
		}
	} else if (args->signo) {
		stop->signo = args->signo;
		stop->entry = KGDB_ENTRY_OOPS;
		stop->why = args->str;
	}
	return TRAP_REPORT;
}

/*
 * Make memory and the resuming frame what gdb asked for: its PC, gdb's
 * breakpoints but the one at @except (being stepped over), and for a step
 * the step armed (after the breakpoints, so that a step's planted word
 * over one of them nests inside it). Nonzero, leaving memory as it was,
 * when there is nothing to run: the step could not be armed, or the arch
 * carried the instruction out itself.
 */
static int prepare_resume(const struct kgdb_resume *res, uintptr_t except)
{
	struct kgdb_cpu *t = &kgdb_cpus[res->cpu];
	int err;

	if (res->has_addr)
		instruction_pointer_set(t->regs, res->addr);
	kgdb_trace_settle();
	kgdb_bp_plant_all(except);
	/* Stepped, run alone or with the others: past a compiled-in breakpoint. */
	skip_compiled_break(t);
	if (res->action != KGDB_STEP)
		return 0;
	err = kgdb_step_arm(t->regs);
	if (err)
		kgdb_bp_lift_all(false);
	return err;
}

/* Let the target run as gdb asked; returns with this CPU's part done. */
static void leave(unsigned int cpu, const struct kgdb_resume *res)
{
	struct kgdb_cpu *c = &kgdb_cpus[cpu], *t = &kgdb_cpus[res->cpu];
	struct pt_regs *regs;

	if (res->action == KGDB_STEP || res->alone) {
		WRITE_ONCE(kgdb_stepping, res->action == KGDB_STEP);
		WRITE_ONCE(kgdb_others_held, true);
		if (!kgdb_stepping)
			kgdb_lone_arm(t->regs);
		c->in_debugger = false;
		if (t == c) {
			cpu_resume(cpu);
			return;
		}
		/* Hand the debugger to the running CPU and wait like the others. */
		regs = c->regs;
		__atomic_store_n(&c->holding, true, __ATOMIC_SEQ_CST);
		__atomic_store_n(&c->held, true, __ATOMIC_RELEASE);
		__atomic_store_n(&kgdb_master, (int)res->cpu, __ATOMIC_RELEASE);
		release_cpu(res->cpu);
		hold_loop(cpu, c);
		__atomic_store_n(&c->holding, false, __ATOMIC_SEQ_CST);
		if (roundup_wants(cpu))
			hold(cpu, regs);
		return;
	}
	release_held(cpu);
	skip_compiled_break(c);
	c->regs = NULL;
	cpu_resume(cpu);
	c->in_debugger = false;
	__atomic_store_n(&kgdb_master, -1, __ATOMIC_RELEASE);
}

static bool session_over(const struct kgdb_resume *res)
{
	return res->action == KGDB_DETACH || res->action == KGDB_KILL;
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
static int resume(struct kgdb_resume *res)
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
 * Hand the stop to the front end that serves the line until the user lets
 * the target go, and make memory and the frame what they asked for.
 */
static void serve(struct kgdb_stop *stop, struct kgdb_resume *res)
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
		if (session_over(res)) {
			kgdb_fe = NULL;		/* the next stop goes to the default */
			return;
		}
		if (!resume(res))
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
static bool run_on(struct kgdb_stop *stop, bool stepped, bool step_end, bool alone,
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

/* How far run_on_out_of_line() took a hit. */
enum hit_done { HIT_SLOW, HIT_STOPS, HIT_RAN_ON };

/*
 * A hit on a breakpoint whose conditions may be false, or that only
 * prints, evaluated at once by the CPU that trapped: master, with nothing
 * else held and every breakpoint in memory (one the expressions run into
 * is counted as missed and run out of line too). If it does not stop,
 * the CPU resumes in the breakpoint's out-of-line slot. HIT_SLOW where
 * the breakpoint has no slot, or its hit may use the line (a dprintf to
 * an attached client): run_on() then does it with the others held.
 */
static enum hit_done run_on_out_of_line(unsigned int cpu, const struct kgdb_stop *stop, bool alone)
{
	struct kgdb_cpu *c = &kgdb_cpus[cpu];
	uintptr_t addr = instruction_pointer(c->regs);
	bool armed, stops;
	int slot;

	if (alone || step_over.active || stop->kind != KGDB_STOP_SWBREAK || !hit_actions(addr))
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

/* Returns true when the exception was dealt with (the chain stops). */
static bool kgdb_enter(enum die_val val, const struct die_args *args)
{
	unsigned int cpu = smp_processor_id();
	struct kgdb_cpu *c = &kgdb_cpus[cpu];
	struct kgdb_stop stop = { .cpu = cpu, .kind = KGDB_STOP_SIGNAL };
	struct kgdb_resume res = { .action = KGDB_CONTINUE, .cpu = cpu };
	enum kgdb_hw_event hw = KGDB_HW_NONE;
	enum trap_verdict verdict;
	struct kgdb_hw_hit hit;
	enum hit_done done;
	unsigned long flags;
	uintptr_t entry_pc;
	bool alone, stepped, step_word, step_end, brief;

	local_irq_save(flags);
	/* A trap (a watchpoint, a fault) in an out-of-line slot happened where the code is. */
	kgdb_xol_leave(args->regs);
	entry_pc = instruction_pointer(args->regs);
	__atomic_store_n(&c->entering, true, __ATOMIC_SEQ_CST);
	/* Before waiting: the slots this CPU has, and a step's words, may change meanwhile. */
	if (val == DIE_DEBUG)
		hw = kgdb_hw_decode(cpu, args->regs, args->err, &hit);
	step_word = val == DIE_BREAKPOINT && kgdb_step_word(entry_pc - arch_kgdb_ops.bp_pc_offset);
	alone = take_master(cpu, args->regs) && kgdb_others_held;
	__atomic_store_n(&c->entering, false, __ATOMIC_SEQ_CST);
	stepped = alone && kgdb_stepping;
	c->regs = args->regs;
	c->task = current_task();
	verdict = classify(val, args, &stop, c, hw, &hit, stepped, step_word);
	/* A step ends in a debug trap no slot explains, or on the word it planted. */
	step_end = stepped && (val == DIE_DEBUG ? stop.kind == KGDB_STOP_SIGNAL :
			       val == DIE_BREAKPOINT && kgdb_step_target(instruction_pointer(args->regs)));
	if (verdict != TRAP_REPORT) {
		c->regs = NULL;
		/* Not held on the way, it may still watch a removed slot. */
		kgdb_hw_cpu_resume(cpu);
		/* Running alone, it keeps the debugger: the others wait for it. */
		if (!alone)
			__atomic_store_n(&kgdb_master, -1, __ATOMIC_RELEASE);
		local_irq_restore(flags);
		return verdict == TRAP_STALE;
	}
	c->in_debugger = true;
	stop_hit.cpu = -1;
	done = run_on_out_of_line(cpu, &stop, alone);
	if (done == HIT_RAN_ON) {
		c->in_debugger = false;
		c->regs = NULL;
		__atomic_store_n(&kgdb_master, -1, __ATOMIC_RELEASE);
		local_irq_restore(flags);
		return true;
	}
	cpu_stop(cpu);
	/*
	 * Before the roundup: a CPU using the transport's device finishes
	 * first. A hit that may run on, or a step over one, takes the line
	 * only if it turns out to need it.
	 */
	brief = step_over.active || (done == HIT_SLOW && stop.kind == KGDB_STOP_SWBREAK &&
				     hit_actions(instruction_pointer(args->regs)));
	__atomic_store_n(&kgdb_hold_brief, brief, __ATOMIC_RELEASE);
	if (!brief)
		kgdb_line_claim();
	if (!kgdb_others_held)
		roundup_others(cpu);
	if (kgdb_stepping)
		kgdb_step_disarm(args->regs);
	else if (alone)
		kgdb_lone_disarm(args->regs);
	WRITE_ONCE(kgdb_stepping, false);
	WRITE_ONCE(kgdb_others_held, false);
	kgdb_bp_lift_all(false);

	if (done == HIT_STOPS || !run_on(&stop, stepped, step_end, alone, &res)) {
		/* A stop may last: the held CPUs sleep. */
		__atomic_store_n(&kgdb_hold_brief, false, __ATOMIC_RELEASE);
		kgdb_line_claim();
		serve(&stop, &res);
	}
	if (line_claimed && kgdb_io_ops->post_exception)
		kgdb_io_ops->post_exception();
	if (line_claimed)
		kgdb_line_writers_resume();
	line_claimed = false;
	if (session_over(&res)) {
		kgdb_remove_all_breaks(true);
		kgdb_bp_agent_reset(true);
		resume(&res);
	}
	leave(cpu, &res);
	/* Run on alone, the others are held for as long as it runs: they sleep. */
	if (res.alone && res.action == KGDB_CONTINUE)
		__atomic_store_n(&kgdb_hold_brief, false, __ATOMIC_RELEASE);
	local_irq_restore(flags);
	/*
	 * An oops goes on unless gdb moved the PC (to skip the faulting code)
	 * and resumed without passing the signal: retrying the same
	 * instruction would only fault again, and gdb does not pass SIGTRAP.
	 */
	return !(val == DIE_OOPS && (res.signo || res.action != KGDB_CONTINUE ||
				     instruction_pointer(args->regs) == entry_pc));
}

/*
 * The master trapped again while inside the debugger. A breakpoint of ours
 * (hit on the way in or out, or by a condition's code) is counted as
 * missed: run out of line where it can be, else taken out for good and the
 * instruction restarted. Anything else is left to the kernel's oops path
 * rather than re-entering the protocol.
 */
static bool kgdb_reenter(enum die_val val, struct pt_regs *regs)
{
	uintptr_t addr = instruction_pointer(regs) - arch_kgdb_ops.bp_pc_offset;
	int slot = val == DIE_BREAKPOINT ? kgdb_bp_xol_slot(addr) : -1;

	if (slot >= 0) {
		kgdb_bp_missed(addr);
		kgdb_xol_enter((unsigned int)slot, regs);
		return true;
	}
	if (val != DIE_BREAKPOINT || !kgdb_bp_lift(addr))
		return false;
	kgdb_bp_missed(addr);
	instruction_pointer_set(regs, addr);
	return true;
}

/*
 * With the transport gone (kgdboc off), a CPU may still trap on what the
 * debugger had set: a slot it had loaded, or a breakpoint taken out just
 * after it ran into it. Such a trap is ours: the CPU loads the (now empty)
 * slots and restarts the instruction, instead of an oops.
 */
static bool stale_without_debugger(enum die_val val, const struct die_args *args)
{
	unsigned int cpu = smp_processor_id();
	uintptr_t addr = instruction_pointer(args->regs) - arch_kgdb_ops.bp_pc_offset;
	struct kgdb_hw_hit hit;

	if (val == DIE_DEBUG && kgdb_hw_decode(cpu, args->regs, args->err, &hit) != KGDB_HW_NONE) {
		kgdb_hw_cpu_resume(cpu);
		return true;
	}
	if (val == DIE_BREAKPOINT && (kgdb_bp_at(addr) != KGDB_BP_NONE || kgdb_step_word(addr)) &&
	    !kgdb_bp_insn_at(addr)) {
		instruction_pointer_set(args->regs, addr);
		return true;
	}
	return false;
}

static int kgdb_die_notify(struct notifier_block *nb, unsigned long val, void *data)
{
	struct die_args *args = data;
	unsigned int cpu = smp_processor_id();
	bool kicked;

	if (!READ_ONCE(kgdb_io_ops))
		return stale_without_debugger(val, args) ? NOTIFY_STOP : NOTIFY_DONE;
	switch (val) {
	case DIE_NMI:
		/* Whatever NMI woke a held CPU, it must not sleep again. */
		hold_woken(args->regs);
		/* A kick and a new roundup's NMI may arrive as one. */
		kicked = kick_absorbed(cpu);
		return kgdb_nmicallback(cpu, args->regs) || kicked ? NOTIFY_STOP : NOTIFY_DONE;
	case DIE_OOPS:
	case DIE_BREAKPOINT:
	case DIE_DEBUG:
		if (kgdb_cpus[cpu].in_debugger)
			return kgdb_reenter(val, args->regs) ? NOTIFY_STOP : NOTIFY_DONE;
		return kgdb_enter(val, args) ? NOTIFY_STOP : NOTIFY_DONE;
	default:
		return NOTIFY_DONE;
	}
}

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

/* ---------------------------------------------------------------- front ends, transport */

#define frontends_first()	((const struct kgdb_frontend *const *)__start_kgdb_frontends)
#define frontends_last()	((const struct kgdb_frontend *const *)__stop_kgdb_frontends)

const struct kgdb_frontend *kgdb_frontend_find(const char *name)
{
	const struct kgdb_frontend *const *fe;

	for (fe = frontends_first(); fe < frontends_last(); fe++)
		if (!strcmp((*fe)->name, name))
			return *fe;
	return NULL;
}

const struct kgdb_frontend *kgdb_frontend_current(void)
{
	const struct kgdb_frontend *const *fe, *best = NULL;

	if (kgdb_fe)
		return kgdb_fe;
	for (fe = frontends_first(); fe < frontends_last(); fe++)
		if (!best || (*fe)->priority > best->priority)
			best = *fe;
	return best;
}

/*
 * Read-only mode (kgdb.ro=1, or CONFIG_KGDB_READ_ONLY): front ends refuse
 * what would change memory, registers or breakpoints, and commands that
 * change state; reading, stepping, continuing and detaching still work.
 */
#ifdef CONFIG_KGDB_READ_ONLY
bool kgdb_read_only = true;
#else
bool kgdb_read_only;
#endif

static int kgdb_ro_setup(const char *val)
{
	if (!val || !strcmp(val, "1"))
		kgdb_read_only = true;
	else if (!strcmp(val, "0"))
		kgdb_read_only = false;
	else
		return -EINVAL;
	return 0;
}
boot_param("kgdb.ro", kgdb_ro_setup);

/* The first transport hooks the die and panic notifier chains, for good. */
void kgdb_core_attach(struct kgdb_io *io)
{
	const struct kgdb_frontend *const *fe;

	if (!kgdb_hooked) {
		kgdb_hw_boot();
		kgdb_xol_boot();
		kgdb_agent_boot();
		kgdb_trace_boot();
		for (fe = frontends_first(); fe < frontends_last(); fe++)
			if ((*fe)->boot)
				(*fe)->boot();
		register_die_notifier(&kgdb_die_nb);
		notifier_chain_register(&panic_notifier_list, &kgdb_panic_nb);
		kgdb_hooked = true;
	}
	WRITE_ONCE(kgdb_io_ops, io);
}

/* Nothing of the debugger's is left to trap, and no session to resume. */
void kgdb_core_detach(void)
{
	const struct kgdb_frontend *const *fe;

	kgdb_trace_detach();
	kgdb_bp_lift_all(true);
	kgdb_bp_agent_reset(false);
	kgdb_remove_all_hw_breaks();
	kgdb_hw_cpu_resume(smp_processor_id());
	for (fe = frontends_first(); fe < frontends_last(); fe++)
		if ((*fe)->reset)
			(*fe)->reset();
	kgdb_fe = NULL;
	kgdb_set_connected(false);
	WRITE_ONCE(kgdb_io_ops, NULL);
}
