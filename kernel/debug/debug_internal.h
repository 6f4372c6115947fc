/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_DEBUG_DEBUG_INTERNAL_H
#define _KERNEL_DEBUG_DEBUG_INTERNAL_H

/*
 * Shared by the debug core's own files (debug_core.c, debug_io.c,
 * debug_bp.c, debug_hw.c, debug_step.c); front ends use frontend.h.
 */

#include <kernel/errno.h>
#include <kernel/string.h>
#include <kernel/die.h>
#include "frontend.h"

/* debug_bp.c: what the core does with the breakpoint table. */
enum kgdb_bp_at {
	KGDB_BP_NONE,		/* no breakpoint of the table's */
	KGDB_BP_PLANTED,	/* one, and its instruction is in memory */
	KGDB_BP_LIFTED,		/* one (or was), not in memory */
};
enum kgdb_bp_at kgdb_bp_at(uintptr_t addr);
/* The arch's breakpoint instruction, bp_len bytes in memory order. */
void kgdb_bp_insn(u8 *insn);
/* The length of the arch's breakpoint instruction (either one) in memory
 * at @addr, 0 if there is none. */
unsigned int kgdb_bp_insn_at(uintptr_t addr);
/*
 * Put every breakpoint anyone wants into memory (the target is to run),
 * but the one at @except (0: none), which a CPU is stepping over.
 */
void kgdb_bp_plant_all(uintptr_t except);
/* Take them all out of memory; @forget: their owners no longer have them either. */
void kgdb_bp_lift_all(bool forget);
/* Take the one planted at @addr out for good; false if none was. */
bool kgdb_bp_lift(uintptr_t addr);

/*
 * The out-of-line slot of the breakpoint planted at @addr, which holds its
 * instruction; -1 if it has none (no CONFIG_KGDB_XOL, or it cannot move).
 */
#ifdef CONFIG_KGDB_XOL
int kgdb_bp_xol_slot(uintptr_t addr);
#else
static inline int kgdb_bp_xol_slot(uintptr_t addr)
{
	return -1;
}
#endif

/* debug_trace.c (CONFIG_KGDB_TRACE): the trace's side of a hit. */
#ifdef CONFIG_KGDB_TRACE
/* In normal context: the trace buffer (kgdb.trace_buf=). */
int kgdb_trace_boot(void);
/* A hit at @addr on @cpu (master): a running trace collects there. */
void kgdb_trace_hit(unsigned int cpu, uintptr_t addr);
/* While stopped, before the breakpoints go in: a trace that stopped wants none. */
void kgdb_trace_settle(void);
/* The transport went, the breakpoints with it: a running trace stops. */
void kgdb_trace_detach(void);
#else
static inline int kgdb_trace_boot(void)
{
	return 0;
}

static inline void kgdb_trace_hit(unsigned int cpu, uintptr_t addr)
{
}

static inline void kgdb_trace_settle(void)
{
}

static inline void kgdb_trace_detach(void)
{
}
#endif

/* debug_xol.c (CONFIG_KGDB_XOL): out-of-line slot i, breakpoint table entry i's. */
#ifdef CONFIG_KGDB_XOL
/* The slots' pages from the heap, as the debugger starts. */
int kgdb_xol_boot(void);
/* Fill slot @i for the instruction at @addr, out of memory now; false if it cannot move. */
bool kgdb_xol_prepare(unsigned int i, uintptr_t addr);
void kgdb_xol_enter(unsigned int i, struct pt_regs *regs);
/* A CPU stopping with its PC in a slot: back to the original code. */
void kgdb_xol_leave(struct pt_regs *regs);
#else
static inline int kgdb_xol_boot(void)
{
	return 0;
}

static inline bool kgdb_xol_prepare(unsigned int i, uintptr_t addr)
{
	return false;
}

static inline void kgdb_xol_enter(unsigned int i, struct pt_regs *regs)
{
}

static inline void kgdb_xol_leave(struct pt_regs *regs)
{
}
#endif

/* debug_cond.c (CONFIG_KGDB_AGENT): a breakpoint's conditions and commands. */
#ifdef CONFIG_KGDB_AGENT
/* Their tables and bytecode from the heap, as the debugger starts. */
int kgdb_agent_boot(void);
/*
 * At a hit on @cpu, as master: stop, or run on? A dprintf's text goes to
 * the kernel log and to @to_client (NULL: none). Breakpoints hit inside
 * are the caller's to count as missed.
 */
bool kgdb_bp_hit_stops(unsigned int cpu, uintptr_t addr,
		       void (*to_client)(const char *s, size_t len));
/* Whether a hit at @addr runs conditions or commands (and may not stop). */
bool kgdb_bp_runs_agent(uintptr_t addr);
/* ... commands, which print (to the client too, if one is attached). */
bool kgdb_bp_prints(uintptr_t addr);
/* A hit where nothing could run (inside the debugger): counted. */
void kgdb_bp_missed(uintptr_t addr);
#else
static inline int kgdb_agent_boot(void)
{
	return 0;
}

static inline bool kgdb_bp_hit_stops(unsigned int cpu, uintptr_t addr,
				     void (*to_client)(const char *s, size_t len))
{
	return true;
}

static inline bool kgdb_bp_runs_agent(uintptr_t addr)
{
	return false;
}

static inline bool kgdb_bp_prints(uintptr_t addr)
{
	return false;
}

static inline void kgdb_bp_missed(uintptr_t addr)
{
}

#endif

/* debug_hw.c: each CPU's debug registers, and decoding a hit. */
struct kgdb_hw_hit {
	struct kgdb_hw_slot slot;	/* the slot that fired, as installed */
	uintptr_t addr;			/* the address to report */
};
/* On the trapping CPU: did one of its slots fire? */
enum kgdb_hw_event {
	KGDB_HW_NONE,		/* no slot fired: a step, or not ours */
	KGDB_HW_FIRED,		/* *hit fired */
	KGDB_HW_GONE,		/* a slot fired that this CPU no longer has */
};
#ifdef CONFIG_KGDB_HW_BREAKPOINTS
/* Each CPU's record from the heap, as the debugger starts. */
int kgdb_hw_boot(void);
void kgdb_remove_all_hw_breaks(void);
void kgdb_hw_cpu_stop(unsigned int cpu);
void kgdb_hw_cpu_resume(unsigned int cpu);
/* Whether this CPU has a slot loaded, which fires on the debugger's own reads. */
bool kgdb_hw_cpu_armed(unsigned int cpu);
enum kgdb_hw_event kgdb_hw_decode(unsigned int cpu, struct pt_regs *regs, long err,
				   struct kgdb_hw_hit *hit);
bool kgdb_hw_hit_current(const struct kgdb_hw_hit *hit);
#else
static inline int kgdb_hw_boot(void)
{
	return 0;
}

static inline void kgdb_remove_all_hw_breaks(void)
{
}

static inline void kgdb_hw_cpu_stop(unsigned int cpu)
{
}

static inline void kgdb_hw_cpu_resume(unsigned int cpu)
{
}

static inline bool kgdb_hw_cpu_armed(unsigned int cpu)
{
	return false;
}

static inline enum kgdb_hw_event kgdb_hw_decode(unsigned int cpu, struct pt_regs *regs, long err,
						 struct kgdb_hw_hit *hit)
{
	return KGDB_HW_NONE;
}

static inline bool kgdb_hw_hit_current(const struct kgdb_hw_hit *hit)
{
	return false;
}
#endif

/* debug_step.c: 0: armed; KGDB_STEP_DONE: the arch carried the instruction out; or -errno. */
#define KGDB_STEP_DONE	1
int kgdb_step_arm(struct pt_regs *regs);
void kgdb_step_disarm(struct pt_regs *regs);
/*
 * A CPU continues alone (gdb's own step over its breakpoint): interrupts
 * masked in @regs as for a step, until its next trap. Only vCont asks for
 * it, and a hit that runs on from such a run (the agent's).
 */
#if defined(CONFIG_KGDB_VCONT) || defined(CONFIG_KGDB_AGENT)
void kgdb_lone_arm(struct pt_regs *regs);
void kgdb_lone_disarm(struct pt_regs *regs);
#else
static inline void kgdb_lone_arm(struct pt_regs *regs)
{
}

static inline void kgdb_lone_disarm(struct pt_regs *regs)
{
}
#endif

/*
 * debug_softstep.c (CONFIG_KGDB_SOFT_STEP): arm returns as kgdb_step_arm(),
 * or KGDB_STEP_IRQ_INSN when armed over an instruction that sets the
 * interrupt enable itself.
 */
#ifdef CONFIG_KGDB_SOFT_STEP
bool kgdb_soft_step_can(void);
int kgdb_soft_step_arm(struct pt_regs *regs);
void kgdb_soft_step_disarm(void);
/*
 * Whether a CPU that runs alone from @regs steps over gdb's breakpoint for
 * gdb (gdb's breakpoints where it goes next); *@own: the instruction sets
 * the interrupt enable itself (the decoder says).
 */
bool kgdb_soft_step_over(const struct pt_regs *regs, bool *own);
/* Whether a breakpoint trap at @addr is a software step's end. */
bool kgdb_step_target(uintptr_t addr);
/* ... or a word a step planted there, now or lately (any CPU may ask). */
bool kgdb_step_word(uintptr_t addr);
#else
static inline bool kgdb_soft_step_can(void)
{
	return false;
}

static inline int kgdb_soft_step_arm(struct pt_regs *regs)
{
	return -ENOTSUP;
}

static inline void kgdb_soft_step_disarm(void)
{
}

static inline bool kgdb_soft_step_over(const struct pt_regs *regs, bool *own)
{
	*own = false;
	return false;
}

static inline bool kgdb_step_target(uintptr_t addr)
{
	return false;
}

static inline bool kgdb_step_word(uintptr_t addr)
{
	return false;
}
#endif

/* debug_arch_check.c: whether an arch's tables make sense (its registers above all). */
#ifdef CONFIG_KGDB_ARCH_CHECK
bool kgdb_arch_valid(const struct kgdb_arch *a);
#else
static inline bool kgdb_arch_valid(const struct kgdb_arch *a)
{
	return true;
}
#endif

/*
 * debug_console.c (CONFIG_KGDB_CONSOLE, kgdbcon), for debug_io.c: the
 * transport comes and goes. debug_line.c, for kgdbcon: a packet of
 * kernel messages; for debug_core.c: the master takes the line.
 */
#ifdef CONFIG_KGDB_CONSOLE
void kgdbcon_attach(struct kgdb_io *io);
void kgdbcon_detach(void);
bool kgdb_line_write_begin(void);
void kgdb_line_write_end(void);
void kgdb_line_writers_wait(void);
void kgdb_line_writers_resume(void);
#else
static inline void kgdbcon_attach(struct kgdb_io *io)
{
}

static inline void kgdbcon_detach(void)
{
}

static inline void kgdb_line_writers_wait(void)
{
}

static inline void kgdb_line_writers_resume(void)
{
}
#endif

/*
 * debug_frontend.c: the front end that took the line over, the line's
 * claim, and the front ends' buffers taken at boot.
 */
extern const struct kgdb_frontend *kgdb_fe;
void kgdb_frontends_boot(void);
void kgdb_line_claim(void);
void kgdb_line_release(void);

/* debug_trap.c: whether a trap is reported, dropped, or left to the kernel. */
enum kgdb_trap_verdict { TRAP_REPORT, TRAP_STALE, TRAP_NOT_OURS };
/* The client asked for a stop (Ctrl-C, a new client) that no stop answered yet. */
extern bool kgdb_interrupt_pending;
enum kgdb_trap_verdict kgdb_classify(enum die_val val, const struct die_args *args,
				     struct kgdb_stop *stop, struct kgdb_cpu *c, enum kgdb_hw_event hw,
				     const struct kgdb_hw_hit *hit, bool stepped, bool our_word);
bool kgdb_word_ours(uintptr_t addr);
bool kgdb_reenter(enum die_val val, struct pt_regs *regs);
bool kgdb_stale_trap(enum die_val val, const struct die_args *args);

/* debug_resume.c: how far kgdb_run_on_out_of_line() took a hit. */
enum kgdb_hit_done { HIT_NONE, HIT_SLOW, HIT_STOPS, HIT_RAN_ON };

static inline bool kgdb_session_over(const struct kgdb_resume *res)
{
	return res->action == KGDB_DETACH || res->action == KGDB_KILL;
}

void kgdb_skip_compiled_break(struct kgdb_cpu *c);
int kgdb_resume_target(struct kgdb_resume *res);
void kgdb_serve(struct kgdb_stop *stop, struct kgdb_resume *res);
bool kgdb_run_on(struct kgdb_stop *stop, bool stepped, bool step_end, bool alone,
		 struct kgdb_resume *res);
enum kgdb_hit_done kgdb_run_on_out_of_line(unsigned int cpu, const struct kgdb_stop *stop,
					    bool alone);

/* debug_core.c: the die chain's notifier. */
int kgdb_die_notify(struct notifier_block *nb, unsigned long val, void *data);

/* For debug_io.c: the transport comes (debug_notify.c) and goes (debug_frontend.c). */
void kgdb_core_attach(struct kgdb_io *io);
void kgdb_core_detach(void);

#endif
