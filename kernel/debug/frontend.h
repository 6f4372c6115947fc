/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_DEBUG_FRONTEND_H
#define _KERNEL_DEBUG_FRONTEND_H

/*
 * What the debug core offers its front ends (the GDB protocol in
 * gdbstub*.c; kdb next): the stop they are handed and the resume they
 * hand back, the CPUs' state, registers, memory, breakpoints, hardware
 * slots, monitor commands and the transport. A front end registers a
 * struct kgdb_frontend (KGDB_FRONTEND()); the core calls it only through
 * that table. Everything here runs in debugger context unless it says
 * otherwise. See docs/porting.md for the picture of the layers.
 */

#include <kgdb.h>
#include <kernel/errno.h>
#include <kernel/smp.h>
#include "agent.h"

#ifndef CONFIG_KGDB_MAX_BREAKPOINTS
#define CONFIG_KGDB_MAX_BREAKPOINTS 64
#endif

/* Per-CPU debugger state. */
struct kgdb_cpu {
	struct pt_regs *regs;	/* trap frame while held or master, else NULL */
	struct task *task;	/* current task when it stopped */
	uintptr_t skip_pc;	/* a compiled-in breakpoint to step over on resume */
	int break_signo;	/* signal for the next kgdb_breakpoint() on this CPU */
	bool in_debugger;	/* master, inside a front end */
	bool held;		/* parked in the holding loop */
	bool holding;		/* in hold(), from before held is set to after it clears */
	bool release;		/* set by the master to let a held CPU go */
	bool kicked;		/* a wake-up NMI is on its way to this CPU */
	bool spinning;		/* held and spinning: a release needs no kick */
	bool entering;		/* in take_master(), with a trap of its own */
	struct kgdb_arch_cpu arch;	/* what the arch keeps of it meanwhile */
};
extern struct kgdb_cpu kgdb_cpus[NR_CPUS];

/* Why the target stopped. */
enum kgdb_stop_kind {
	KGDB_STOP_SIGNAL,
	KGDB_STOP_SWBREAK,
	KGDB_STOP_HWBREAK,
	KGDB_STOP_WATCH,
	KGDB_STOP_RWATCH,
	KGDB_STOP_AWATCH,
};

struct kgdb_stop {
	unsigned int cpu;
	int signo;
	enum kgdb_stop_kind kind;
	uintptr_t addr;		/* data address of a watchpoint hit */
};

/* What the user asked for when they let the target go. */
enum kgdb_action {
	KGDB_CONTINUE,
	KGDB_STEP,
	KGDB_DETACH,		/* the session ends: breakpoints out, target runs */
	KGDB_KILL,		/* ... the same, the client asked to kill */
	KGDB_HANDOVER,		/* another front end takes the line (@to) */
};

struct kgdb_frontend;

struct kgdb_resume {
	enum kgdb_action action;
	unsigned int cpu;	/* the CPU to step, or whose PC to set */
	bool alone;		/* KGDB_CONTINUE of @cpu only: the others stay held */
	bool has_addr;
	uintptr_t addr;
	int signo;		/* signal the client passes on (0: none) */
	const struct kgdb_frontend *to;	/* KGDB_HANDOVER */
};

/*
 * A front end: what the core hands each stop to. The one with the
 * highest priority serves every entry until one hands over to another
 * (KGDB_HANDOVER), which then serves until its session ends (detach or
 * kill).
 */
struct kgdb_frontend {
	const char *name;
	int priority;
	/*
	 * Talk to the user about @stop, on the master in debugger context,
	 * until they let the target go; fill in @res. May be called again
	 * for the same stop (a step with nothing to run ends at once).
	 */
	void (*run)(const struct kgdb_stop *stop, struct kgdb_resume *res);
	/*
	 * Optional: kernel messages while the target runs and a client is
	 * attached (kgdbcon), on any CPU, interrupts off, one CPU at a time.
	 */
	void (*console_write)(const char *s, size_t len);
	/* Optional: the transport went away, in normal context: forget the session. */
	void (*reset)(void);
	/*
	 * Optional (CONFIG_KGDB_AGENT): on the master, while breakpoint hits
	 * run on without a stop and so starve the line's own interrupt: did
	 * the client ask for a stop meanwhile (gdb's Ctrl-C)?
	 */
	bool (*break_pending)(void);
};

#define KGDB_FRONTEND(n, fe) \
	static const struct kgdb_frontend *const __kgdb_frontend_##n __used \
	__section("kgdb_frontends") __aligned(sizeof(void *)) = (fe)

/* The front end registered as @name, or NULL. */
const struct kgdb_frontend *kgdb_frontend_find(const char *name);
/* The front end that serves the line now. */
const struct kgdb_frontend *kgdb_frontend_current(void);

/* The transport in use (NULL: none). */
extern struct kgdb_io *kgdb_io_ops;
/* A front end says a client is attached (from its first packet to its end). */
void kgdb_set_connected(bool connected);
/* kgdb.ro=1 / CONFIG_KGDB_READ_ONLY: look, don't touch. */
extern bool kgdb_read_only;

/* debug_bp.c: fault-safe memory access. */
long kgdb_mem_read(void *dst, uintptr_t addr, size_t len);
long kgdb_mem_write(uintptr_t addr, const void *src, size_t len);

/*
 * debug_bp.c: the software breakpoint table (@persist: it stays at
 * detach); forgetting all, hardware too, except (@keep_persistent, at
 * detach) those that stay.
 */
int kgdb_set_sw_break(uintptr_t addr, bool persist);
int kgdb_remove_sw_break(uintptr_t addr);
void kgdb_remove_all_breaks(bool keep_persistent);

/*
 * debug_cond.c (CONFIG_KGDB_AGENT): what a software breakpoint's hit runs
 * in the kernel instead of stopping, as gdb's agent expressions
 * (agent.h): conditions (OR'ed) and commands (dprintf). Set with the
 * breakpoint (Z0) and replaced whole when it is set again; an empty pair
 * of lists takes them away. -EINVAL: an expression failed verification;
 * -ENOSPC: no room. @persist: the commands outlive the session (gdb's
 * disconnected-dprintf).
 */
#define KGDB_AX_MAX_EXPRS	16	/* expressions of one list */
struct kgdb_ax_list {
	unsigned int n;
	const u8 *code[KGDB_AX_MAX_EXPRS];
	u16 len[KGDB_AX_MAX_EXPRS];
};
/* What a breakpoint's expressions did, for `monitor bpstat`. */
struct kgdb_bp_counts {
	unsigned long hits;		/* conditions held (or none) */
	unsigned long false_hits;	/* ... and did not: ran on */
	unsigned long missed;		/* hit where nothing could run (in the debugger) */
	unsigned long errors;		/* an expression failed at run time */
	unsigned long unlogged;		/* dprintf text the kernel log was too busy for */
};
#ifdef CONFIG_KGDB_AGENT
int kgdb_bp_set_agent(uintptr_t addr, const struct kgdb_ax_list *conds,
		      const struct kgdb_ax_list *cmds, bool persist);
/* The breakpoint at @addr is gone (z0): its expressions too; its counts stay. */
void kgdb_bp_clear_agent(uintptr_t addr);
/* Forget every breakpoint's expressions but, if @keep_persistent, lasting dprintfs. */
void kgdb_bp_agent_reset(bool keep_persistent);
#else
static inline int kgdb_bp_set_agent(uintptr_t addr, const struct kgdb_ax_list *conds,
				    const struct kgdb_ax_list *cmds, bool persist)
{
	return conds->n || cmds->n ? -EINVAL : 0;
}

static inline void kgdb_bp_clear_agent(uintptr_t addr)
{
}

static inline void kgdb_bp_agent_reset(bool keep_persistent)
{
}
#endif

/* debug_hw.c: hardware breakpoints and watchpoints (CONFIG_KGDB_HW_BREAKPOINTS). */
#ifdef CONFIG_KGDB_HW_BREAKPOINTS
bool kgdb_hw_supported(void);
int kgdb_set_hw_break(uintptr_t addr, size_t len, enum kgdb_bptype type);
int kgdb_remove_hw_break(uintptr_t addr, size_t len, enum kgdb_bptype type);
#else
static inline bool kgdb_hw_supported(void)
{
	return false;
}

static inline int kgdb_set_hw_break(uintptr_t addr, size_t len, enum kgdb_bptype type)
{
	return -ENOTSUP;
}

static inline int kgdb_remove_hw_break(uintptr_t addr, size_t len, enum kgdb_bptype type)
{
	return -ENOTSUP;
}
#endif

/* debug_step.c: whether the core can step (in hardware or in software). */
bool kgdb_can_step(void);

/*
 * debug_regs.c: registers through the arch's table. A thread is a CPU's
 * trap frame (@cpu >= 0, stopped) or a sleeping task's saved context;
 * only a stopped CPU's registers are written.
 */
struct kgdb_thread {
	int cpu;		/* the CPU whose frame it shows, or -1: sleeping */
	struct task *task;	/* NULL for a CPU itself */
};
#define KGDB_REG_MAX_BYTES	64	/* the widest register a row may describe */
size_t kgdb_reg_size(unsigned int regno);
size_t kgdb_reg_offset(unsigned int regno);	/* CONFIG_KGDB_FULL_REGS */
void kgdb_reg_read(const struct kgdb_thread *th, unsigned int regno, u8 *val);
void kgdb_reg_write(const struct kgdb_thread *th, unsigned int regno, const u8 *val);

/* kgdb_monitor.c: run one command line, printing to @out; reboot if asked. */
int kgdb_monitor_run(struct printer *out, char *line);
void kgdb_monitor_done(void);

#endif
