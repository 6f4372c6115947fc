// SPDX-License-Identifier: MIT
/*
 * The debug core: a CPU's entry from the die notifier chain, and the CPU
 * rendezvous: one master CPU hands the stop to a front end (struct
 * kgdb_frontend) while the others wait in a holding loop. It knows no hardware (struct kgdb_arch,
 * struct kgdb_io) and no front end by name.
 *
 * __noinline marks a helper that several callers would otherwise each
 * carry a copy of: bytes the debugger's footprint keeps (make bench).
 */


#include <kernel/die.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/sched.h>
#include <asm/processor.h>	/* cpu_relax() */
#include <asm/ptrace.h>		/* instruction_pointer() */
#include "debug_internal.h"

/* Wait this long for the other CPUs to answer a roundup. */
#define ROUNDUP_TIMEOUT_US	1000000
#define ROUNDUP_POLL_US		10

static int kgdb_master = -1;	/* the CPU that owns the debugger, -1: none */
static bool kgdb_roundup;	/* the master wants the other CPUs held */
/* One CPU runs, the others stay held: a step, or a thread gdb continued alone. */
static bool kgdb_others_held;
static bool kgdb_stepping;	/* ... and that CPU runs one step */
/* The others are held only while a breakpoint is stepped over: they spin. */
static bool kgdb_hold_brief;

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

static void release_held(unsigned int self)
{
	unsigned int cpu;

	__atomic_store_n(&kgdb_roundup, false, __ATOMIC_SEQ_CST);
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		if (cpu == self || !__atomic_load_n(&kgdb_cpus[cpu].held, __ATOMIC_SEQ_CST))
			continue;
		kgdb_skip_compiled_break(&kgdb_cpus[cpu]);
		release_cpu(cpu);
	}
	/* The next entry must not see CPUs on their way out as held. */
	while (others_held(self))
		cpu_relax();
}

/* ---------------------------------------------------------------- entry */

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
	kgdb_skip_compiled_break(c);
	c->regs = NULL;
	cpu_resume(cpu);
	c->in_debugger = false;
	__atomic_store_n(&kgdb_master, -1, __ATOMIC_RELEASE);
}

/* Returns true when the exception was dealt with (the chain stops). */
static bool kgdb_enter(enum die_val val, const struct die_args *args)
{
	unsigned int cpu = smp_processor_id();
	struct kgdb_cpu *c = &kgdb_cpus[cpu];
	struct kgdb_stop stop = { .cpu = cpu, .kind = KGDB_STOP_SIGNAL };
	struct kgdb_resume res = { .action = KGDB_CONTINUE, .cpu = cpu };
	enum kgdb_hw_event hw = KGDB_HW_NONE;
	enum kgdb_trap_verdict verdict;
	struct kgdb_hw_hit hit;
	enum kgdb_hit_done done;
	unsigned long flags;
	uintptr_t entry_pc;
	bool alone, stepped, our_word, step_end, brief;

	local_irq_save(flags);
	/* A trap (a watchpoint, a fault) in an out-of-line slot happened where the code is. */
	kgdb_xol_leave(args->regs);
	entry_pc = instruction_pointer(args->regs);
	__atomic_store_n(&c->entering, true, __ATOMIC_SEQ_CST);
	/*
	 * Before waiting: the slots this CPU has, and the breakpoints and a
	 * step's words, may change meanwhile. A CPU that missed the roundup
	 * may wait here through several stops, and by its turn the table
	 * has long forgotten the breakpoint it ran into.
	 */
	if (val == DIE_DEBUG)
		hw = kgdb_hw_decode(cpu, args->regs, args->err, &hit);
	our_word = val == DIE_BREAKPOINT && kgdb_word_ours(entry_pc - arch_kgdb_ops.bp_pc_offset);
	alone = take_master(cpu, args->regs) && kgdb_others_held;
	__atomic_store_n(&c->entering, false, __ATOMIC_SEQ_CST);
	stepped = alone && kgdb_stepping;
	c->regs = args->regs;
	c->task = current_task();
	verdict = kgdb_classify(val, args, &stop, c, hw, &hit, stepped, our_word);
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
	done = kgdb_run_on_out_of_line(cpu, &stop, alone);
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
	brief = done == HIT_SLOW;
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

	if (done == HIT_STOPS || !kgdb_run_on(&stop, stepped, step_end, alone, &res)) {
		/* A stop may last: the held CPUs sleep. */
		__atomic_store_n(&kgdb_hold_brief, false, __ATOMIC_RELEASE);
		kgdb_line_claim();
		kgdb_serve(&stop, &res);
	}
	kgdb_line_release();
	if (kgdb_session_over(&res)) {
		kgdb_remove_all_breaks(true);
		kgdb_bp_agent_reset(true);
		kgdb_resume_target(&res);
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

/* The die chain's notifier: a roundup's NMI, or a trap. */
int kgdb_die_notify(struct notifier_block *nb, unsigned long val, void *data)
{
	struct die_args *args = data;
	unsigned int cpu = smp_processor_id();
	bool kicked;

	if (!READ_ONCE(kgdb_io_ops))
		return kgdb_stale_trap(val, args) ? NOTIFY_STOP : NOTIFY_DONE;
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
