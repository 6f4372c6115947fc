/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_KGDB_INTERNAL_H
#define _KERNEL_KGDB_INTERNAL_H

/*
 * Shared between the debug core (kgdb.c, kgdb_monitor.c), the protocol
 * (gdbstub.c) and the framing layer (gdbstub_packet.c). Not an API.
 */

#include <kgdb.h>
#include <kernel/smp.h>

#ifndef CONFIG_KGDB_PACKET_SIZE
#define CONFIG_KGDB_PACKET_SIZE	4096
#endif
#ifndef CONFIG_KGDB_MAX_BREAKPOINTS
#define CONFIG_KGDB_MAX_BREAKPOINTS 64
#endif
/* Largest packet payload accepted and sent, and announced as PacketSize. */
#define KGDB_PACKET_SIZE	CONFIG_KGDB_PACKET_SIZE

/*
 * Thread ids on the wire: a task is its pid + 1 (gdb reserves 0), and each
 * CPU has a shadow thread KGDB_TID_CPU_BASE + cpu showing what that CPU was
 * doing when it stopped (gdb prints it as "Thread 1000000" and up).
 */
#define KGDB_TID_CPU_BASE	1000000L
#define KGDB_TID_ANY		0L
#define KGDB_TID_ALL		(-1L)

/* Per-CPU debugger state. */
struct kgdb_cpu {
	struct pt_regs *regs;	/* trap frame while held or master, else NULL */
	struct task *task;	/* current task when it stopped */
	uintptr_t skip_pc;	/* a compiled-in breakpoint to step over on resume */
	int break_signo;	/* signal for the next kgdb_breakpoint() on this CPU */
	bool in_debugger;	/* master, inside the protocol */
	bool held;		/* parked in the holding loop */
	bool holding;		/* in hold(), from before held is set to after it clears */
	bool release;		/* set by the master to let a held CPU go */
	bool kicked;		/* a wake-up NMI is on its way to this CPU */
};
extern struct kgdb_cpu kgdb_cpus[NR_CPUS];

/* Why the target stopped, for the stop reply. */
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

/* What gdb asked for when it let the target go. */
enum kgdb_action {
	KGDB_CONTINUE,
	KGDB_STEP,
	KGDB_DETACH,
	KGDB_KILL,
};

struct kgdb_resume {
	enum kgdb_action action;
	unsigned int cpu;	/* the CPU to step, or whose PC to set */
	bool alone;		/* KGDB_CONTINUE of @cpu only: the others stay held */
	bool has_addr;
	uintptr_t addr;
	int signo;		/* signal gdb passes on (0: none) */
};

/*
 * What one gdb connection has set up (gdbstub*.c), in one place so that
 * a session can be forgotten whole.
 */
struct gdb_session {
	bool attached;		/* from gdb's first packet to detach or kill */
	bool noack;		/* QStartNoAckMode: no '+'/'-' either way */
	long g_tid, c_tid;	/* Hg, Hc: the threads for registers and resuming */
	unsigned int thread_cursor;	/* where qsThreadInfo goes on */
	bool stopped_unlisted;	/* a stop reply went out; no thread list read since */
	bool list_terse;	/* the thread list being read has no texts */
};
extern struct gdb_session gdb_session;
/* gdbstub.c: forget the session (the transport goes away). */
void gdb_session_reset(void);

/* The transport in use (NULL: none). */
extern struct kgdb_io *kgdb_io_ops;

/* gdbstub.c: talk to gdb until it resumes the target. */
void gdbstub_run(const struct kgdb_stop *stop, struct kgdb_resume *res);
/* gdbstub.c: copy console text to gdb as O packets (target running). */
void gdbstub_console_write(const char *s, size_t len);
/* gdbstub.c: kgdb.ro=1 / CONFIG_KGDB_READ_ONLY, gdb may look but not touch. */
extern bool kgdb_read_only;

/* gdbstub_threads.c: gdb's threads (CPU shadows, then tasks). */
struct gdb_thread {
	int cpu;		/* the CPU whose frame it shows, or -1: sleeping */
	struct task *task;	/* NULL for a CPU's shadow thread */
};
#define GDB_THREAD_TEXT	64	/* the longest text shown after a thread */
long gdb_cpu_tid(unsigned int cpu);
/* @tid, or for "any"/"all" the thread of @stopped_cpu. */
bool gdb_thread_lookup(long tid, unsigned int stopped_cpu, struct gdb_thread *th);
/* The @n-th thread of the list: online CPUs' shadows, then live tasks. */
bool gdb_thread_nth(unsigned int n, long *tid);
/* What gdb shows in parentheses after a thread. */
void gdb_thread_text(const struct gdb_thread *th, char *s, size_t size);
/*
 * Into the reply: the [off, end) window of the thread list's XML, with
 * each thread's text unless @terse; true if it ends there.
 */
bool gdb_threads_xml(size_t off, size_t end, bool terse);

/* gdbstub_regs.c: registers through the arch's table. */
size_t gdbstub_regs_size(void);		/* bytes in the 'g' block */
size_t gdb_reg_size(unsigned int regno);
size_t gdb_reg_offset(unsigned int regno);
bool gdb_regs_valid(void);
/* A sleeping task's registers read only (@th->cpu < 0); writes need a CPU. */
void gdb_reg_read(const struct gdb_thread *th, unsigned int regno, u8 *val);
void gdb_reg_write(const struct gdb_thread *th, unsigned int regno, const u8 *val);
void gdb_regs_read(const struct gdb_thread *th, u8 *block);
void gdb_regs_write(const struct gdb_thread *th, const u8 *block);

/* gdbstub_xml.c: a qXfer document, generated whole, of which the window
 * [off, end) goes into the reply being built. */
struct xml_window {
	size_t pos;		/* document bytes generated so far */
	size_t off, end;	/* the window asked for */
	size_t sent;		/* bytes of the window in the reply */
	bool full;		/* the reply ran out of room */
};
#define XML_WINDOW(o, e)	((struct xml_window){ .off = (o), .end = (e) })
void xml_put(struct xml_window *w, const char *s, size_t len);
void xml_str(struct xml_window *w, const char *s);
void xml_text(struct xml_window *w, const char *s);	/* escaped */
void xml_attr(struct xml_window *w, const char *name, const char *value);
bool xml_window_done(const struct xml_window *w);	/* the document ends in it */

/*
 * gdbstub_tdesc.c: the [off, end) window of target.xml, true if it ends
 * there; and the qRegisterInfo reply for a register.
 */
bool gdb_tdesc_xml(size_t off, size_t end);
void gdb_reg_info(unsigned long regno);

/* kgdb.c: fault-safe memory access for the protocol. */
long kgdb_mem_read(void *dst, uintptr_t addr, size_t len);
long kgdb_mem_write(uintptr_t addr, const void *src, size_t len);

/* kgdb.c: the software breakpoint table (Z0/z0), and forgetting all. */
int kgdb_set_sw_break(uintptr_t addr);
int kgdb_remove_sw_break(uintptr_t addr);
void kgdb_remove_all_breaks(void);

/* kgdb_hw.c: hardware breakpoints and watchpoints (Z1-Z4). */
struct kgdb_hw_hit {
	struct kgdb_hw_slot slot;	/* the slot that fired, as installed */
	uintptr_t addr;			/* the address to report */
};
bool kgdb_hw_supported(void);
int kgdb_set_hw_break(uintptr_t addr, size_t len, enum kgdb_bptype type);
int kgdb_remove_hw_break(uintptr_t addr, size_t len, enum kgdb_bptype type);
void kgdb_remove_all_hw_breaks(void);
void kgdb_hw_cpu_stop(unsigned int cpu);
void kgdb_hw_cpu_resume(unsigned int cpu);
/* On the trapping CPU: did one of its slots fire? */
enum kgdb_hw_event {
	KGDB_HW_NONE,		/* no slot fired: a step, or not ours */
	KGDB_HW_FIRED,		/* *hit fired */
	KGDB_HW_GONE,		/* a slot fired that this CPU no longer has */
};
enum kgdb_hw_event kgdb_hw_decode(unsigned int cpu, struct pt_regs *regs, long err,
				   struct kgdb_hw_hit *hit);
bool kgdb_hw_hit_current(const struct kgdb_hw_hit *hit);

/* kgdb_step.c: single-step in hardware, or in software (next_pcs). */
bool kgdb_can_step(void);
/* 0: armed; KGDB_STEP_DONE: the arch carried the instruction out; or -errno. */
#define KGDB_STEP_DONE	1
int kgdb_step_arm(struct pt_regs *regs);
void kgdb_step_disarm(struct pt_regs *regs);
/* Whether a breakpoint trap at @addr is a software step's end. */
bool kgdb_step_target(uintptr_t addr);

/* kgdb_monitor.c: run one qRcmd line, printing to @out; reboot if asked. */
int kgdb_monitor_run(struct printer *out, char *line);
void kgdb_monitor_done(void);

/* gdbstub_packet.c: the framing layer and the rx/tx helpers. */
int gdb_get_packet(void);	/* payload length, or -E2BIG if it was too long */

struct gdb_rx {
	const char *p;
	const char *end;
};
void rx_init(struct gdb_rx *rx, const char *p, size_t len);
bool rx_eof(const struct gdb_rx *rx);
int rx_char(struct gdb_rx *rx);
bool rx_lit(struct gdb_rx *rx, char c);
bool rx_hex(struct gdb_rx *rx, uintptr_t *v);
bool rx_tid(struct gdb_rx *rx, long *tid);
size_t rx_hexbytes(struct gdb_rx *rx, u8 *dst, size_t max);
long rx_binary(struct gdb_rx *rx, u8 *dst, size_t max);

extern char gdb_rx_buf[KGDB_PACKET_SIZE + 1];

void tx_begin(void);
size_t tx_room(void);
void tx_char(char c);
void tx_patch(size_t pos, char c);
void tx_str(const char *s);
void tx_hex(unsigned long v);
void tx_hexbytes(const u8 *buf, size_t len);
size_t tx_binary(const u8 *buf, size_t len);
void tx_end(void);
/* ... the stop reply gdb waits for after a resume: resent after long silence */
void tx_end_awaited(void);
void tx_reply(const char *s);
void tx_err(int err);

#endif
