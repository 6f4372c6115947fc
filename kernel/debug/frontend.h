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

/* How the machine came into the debugger, for a front end that says so. */
enum kgdb_entry {
	KGDB_ENTRY_TRAP,	/* a breakpoint, watchpoint or step of the debugger's */
	KGDB_ENTRY_BREAK,	/* kgdb_breakpoint(): kgdbwait, or code that asked */
	KGDB_ENTRY_KEYBOARD,	/* SysRq-G, a BREAK, the line's interrupt byte */
	KGDB_ENTRY_OOPS,
	KGDB_ENTRY_PANIC,
};

/* Per-CPU debugger state. */
struct kgdb_cpu {
	struct pt_regs *regs;	/* trap frame while held or master, else NULL */
	struct task *task;	/* current task when it stopped */
	uintptr_t skip_pc;	/* a compiled-in breakpoint to step over on resume */
	unsigned int skip_len;	/* ... and its length */
	int break_signo;	/* signal for the next kgdb_breakpoint() on this CPU */
	enum kgdb_entry break_entry;	/* ... and what kind of entry it is */
	const char *break_why;	/* ... and why, in words */
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
	enum kgdb_entry entry;
	const char *why;	/* the entry in words ("Oops: ...", "Keyboard Entry"), or NULL */
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
	 * The master waits for one to end before it holds the others, but a
	 * write its own trap cut short (or a CPU still writing after a
	 * second) is the front end's to close before it sends anything else.
	 */
	void (*console_write)(const char *s, size_t len);
	/* Optional: the transport went away, in normal context: forget the session. */
	void (*reset)(void);
	/*
	 * Optional: once, in normal context, as the first transport
	 * registers: take what it keeps from the heap (the debugger never
	 * allocates).
	 */
	void (*boot)(void);
	/*
	 * Optional (CONFIG_KGDB_AGENT): on the master, while breakpoint hits
	 * run on without a stop and so starve the line's own interrupt: did
	 * the client ask for a stop meanwhile (gdb's Ctrl-C)?
	 */
	bool (*break_pending)(void);
	/* CONFIG_KGDB_PACKET_IO: the frames a packet transport hands this front end. */
	const struct kgdb_framing *framing;
};

#define KGDB_FRONTEND(n, fe) \
	static const struct kgdb_frontend *const __kgdb_frontend_##n __used \
	__section("kgdb_frontends") __aligned(sizeof(void *)) = (fe)

/* The front end registered as @name, or NULL. */
const struct kgdb_frontend *kgdb_frontend_find(const char *name);
/* The front end that serves the line now. */
const struct kgdb_frontend *kgdb_frontend_current(void);
/* A new client's first packet: the core forgets what an earlier client owned. */
void kgdb_session_begin(void);

/*
 * gdbstub_frame.c: GDB's frames ("$payload#cs", run-length encoded), for
 * the front ends that see them on the line (the GDB front end, kdb) and,
 * through gdb_framing, for packet transports.
 */
extern const struct kgdb_framing gdb_framing;
enum kgdb_frame gdb_frame_scan(const u8 *data, size_t len, const u8 **body, size_t *body_len,
			       size_t *end);
/* gdb's qSupported, or LLDB's QStartNoAckMode. */
bool gdb_session_opener(const u8 *body, size_t len);
u32 gdb_packet_hash(const char *p, size_t len);
void gdb_frame_emit(const char *payload, size_t len, void (*put)(u8 c, void *ctx), void *ctx);

/* The transport in use (NULL: none). */
extern struct kgdb_io *kgdb_io_ops;
/*
 * A stream transport's next byte: first those a front end handed on
 * (kgdb_io_replay(): the gdb packet that reached kdb's prompt), then the
 * line's. KGDB_NO_CHAR when none is waiting.
 */
int kgdb_io_read_char(void);
/* The next byte, waiting as long as it takes (napping, see kgdb_io_pause()). */
int kgdb_io_getc(void);
/* Bytes the next front end reads first; -E2BIG if they do not fit. */
int kgdb_io_replay(const char *s, size_t len);
/* A front end says a client is attached (from its first packet to its end). */
void kgdb_set_connected(bool connected);
/* kgdb.ro=1 / CONFIG_KGDB_READ_ONLY: look, don't touch. */
extern bool kgdb_read_only;

/* debug_field.c: an integer of @size bytes (1, 2, 4 or 8) at @p, in target byte order ... */
u64 kgdb_load(const void *p, size_t size);
/* ... and storing one, cut to size. */
void kgdb_store(void *p, size_t size, u64 v);

/* debug_mem.c: fault-safe memory access. */
long kgdb_mem_read(void *dst, uintptr_t addr, size_t len);
long kgdb_mem_write(uintptr_t addr, const void *src, size_t len);

/*
 * debug_bp.c: the software breakpoint table, one entry per address with
 * who wants it (its owners); it is planted while any owner does.
 */
enum kgdb_bp_owner {
	KGDB_BP_GDB = 1 << 0,		/* gdb's Z0, until z0 or the session's end */
	KGDB_BP_AGENT = 1 << 1,		/* gdb's dprintf that outlives the session */
	KGDB_BP_KDB = 1 << 2,		/* kdb's bp */
	KGDB_BP_TRACE = 1 << 3,		/* a running trace's tracepoint */
};
/* @owner wants a breakpoint at @addr (while stopped); -EFAULT where none can go. */
int kgdb_bp_own(uintptr_t addr, unsigned int owner);
/* @owners let go of @addr's, or of every address's: only their bits go. */
void kgdb_bp_disown(uintptr_t addr, unsigned int owners);
void kgdb_bp_disown_all(unsigned int owners);
/* Who wants the breakpoint at @addr (0: none is there). */
unsigned int kgdb_bp_owners(uintptr_t addr);
/* Table entry @i, if a breakpoint is there: its address and owners. */
bool kgdb_bp_nth(unsigned int i, uintptr_t *addr, unsigned int *owners);
/*
 * gdb's side: Z0 (@persist: a dprintf that stays at detach), z0, and the
 * session's end (@keep_persistent) or start, which take only gdb's bits
 * and its hardware slots.
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

/*
 * debug_trace.c (CONFIG_KGDB_TRACE): tracepoints, whose hits collect into
 * the trace buffer and run on, and the frames they left. A tracepoint is
 * known by its number and address (a number may have several locations).
 * Everything here runs while the target is stopped.
 */
#define KGDB_TRACE_MAX_TPS	32	/* tracepoint locations */
enum kgdb_trace_reason {
	KGDB_TRACE_NOTRUN,	/* never started since the last reset */
	KGDB_TRACE_RUNNING,
	KGDB_TRACE_STOPPED,	/* the user stopped it */
	KGDB_TRACE_FULL,	/* a linear buffer filled up */
	KGDB_TRACE_DISCONNECTED,	/* the client went, tracing stopped with it */
	KGDB_TRACE_PASSCOUNT,	/* a tracepoint's pass count: @stop_tp */
};
struct kgdb_trace_status {
	bool running, circular, disconnected;
	enum kgdb_trace_reason reason;
	u32 stop_tp;
	unsigned long frames;		/* in the buffer */
	unsigned long created;		/* since the trace started */
	size_t size, free;		/* the buffer's, bytes */
	u64 start_us, stop_us;		/* uptime */
};
struct kgdb_trace_tp {
	u32 num;
	uintptr_t addr;
	bool enabled;
	u64 pass, hits, bytes;
	const u8 *cond;
	size_t cond_len;
};
struct kgdb_trace_var {
	bool used, builtin;
	u16 id;
	u8 name_len;
	s64 init;
	char name[64];
};
/* A frame: the tracepoint's, and its blocks (kgdb_trace_block()). */
struct kgdb_trace_frame {
	u32 tpnum;
	uintptr_t addr;
	unsigned int cpu;
	const u8 *data;
	size_t len;
};
/* 'R': every register, gdb's order, @len bytes; 'M': @len bytes at @addr; 'V': variable @addr's @value. */
struct kgdb_trace_block {
	char type;
	u64 addr, value;
	size_t len;
	const u8 *data;
};
#ifdef CONFIG_KGDB_TRACE
void kgdb_trace_reset(void);
int kgdb_trace_define(u32 num, uintptr_t addr, bool enabled, u64 pass, const u8 *cond,
		      size_t cond_len);
int kgdb_trace_add_regs(u32 num, uintptr_t addr);
/* @basereg -1: @off is an absolute address. */
int kgdb_trace_add_mem(u32 num, uintptr_t addr, int basereg, s64 off, u32 len);
int kgdb_trace_add_expr(u32 num, uintptr_t addr, const u8 *code, size_t len);
/* Text kept for a client that connects later: an action ('A') or a source ('Z') as sent. */
int kgdb_trace_add_text(u32 num, uintptr_t addr, char kind, const char *s, size_t len);
int kgdb_trace_define_var(u16 id, s64 init, bool builtin, const char *name, size_t len);
int kgdb_trace_enable(u32 num, uintptr_t addr, bool on);
/* @circular and @size -2: unchanged; @size -1: the whole buffer allocated at boot. */
int kgdb_trace_set_buffer(int circular, long size);
void kgdb_trace_set_disconnected(bool on);
int kgdb_trace_start(void);
void kgdb_trace_stop(enum kgdb_trace_reason why, u32 tpnum);
const struct kgdb_trace_status *kgdb_trace_status(void);
/* Location @i (0..), or NULL where there is none; filled into @out. */
const struct kgdb_trace_tp *kgdb_trace_tp(unsigned int i, struct kgdb_trace_tp *out);
const struct kgdb_trace_tp *kgdb_trace_tp_find(u32 num, uintptr_t addr, struct kgdb_trace_tp *out);
/* The text record at @off (first 0): the offset of the next, 0 past the last. */
size_t kgdb_trace_text(size_t off, unsigned int *tp, char *kind, const char **s, size_t *len);
/* Variable slot @i (0..KGDB_AX_MAX_VARS-1), NULL where unused. */
const struct kgdb_trace_var *kgdb_trace_var(unsigned int i);
/* Frame @n, 0 the oldest kept; false past the last. */
bool kgdb_trace_frame(unsigned int n, struct kgdb_trace_frame *f);
/* The block at @off of @f (first 0): the offset of the next, 0 past the last. */
size_t kgdb_trace_block(const struct kgdb_trace_frame *f, size_t off, struct kgdb_trace_block *b);
/* Register @regno as @f has it (gdb's byte order); false if not collected. */
bool kgdb_trace_frame_reg(const struct kgdb_trace_frame *f, unsigned int regno, u8 *val);
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
/* A sleeping task's registers as a trap frame (the rest zero), to start its backtrace. */
void kgdb_task_frame(struct task *t, struct pt_regs *regs);

/* kgdb_monitor.c: run one command line, printing to @out; reboot if asked. */
int kgdb_monitor_run(struct printer *out, char *line);
void kgdb_monitor_done(void);
/* The command table, for kdb: find (@at_kdb: its own commands too), split a line, check rights, list. */
const struct kgdb_monitor_cmd *kgdb_command_find(const char *name, bool at_kdb);
int kgdb_command_split(char *line, char **argv);
int kgdb_command_allowed(struct printer *out, const struct kgdb_monitor_cmd *c);
/* Whether kdb.cmd_enable grants one of @perm (KGDB_CMD_*), for a command whose arguments need more. */
bool kgdb_command_may(u16 perm);
void kgdb_command_help(struct printer *out, bool at_kdb);

#endif
