/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_DEBUG_RSP_H
#define _KERNEL_DEBUG_RSP_H

/*
 * What the GDB protocol front end (gdbstub*.c) keeps to itself: the
 * session, thread ids, the documents gdb reads with qXfer, and the
 * framing layer's receive and transmit helpers.
 */

#include "frontend.h"

#ifndef CONFIG_KGDB_PACKET_SIZE
#define CONFIG_KGDB_PACKET_SIZE	4096
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

/*
 * What one gdb connection has set up (gdbstub*.c), in one place so that
 * a session can be forgotten whole.
 */
struct gdb_session {
	bool attached;		/* from gdb's first packet to detach or kill */
	long g_tid, c_tid;	/* Hg, Hc: the threads for registers and resuming */
	unsigned int thread_cursor;	/* where qsThreadInfo goes on */
	bool stopped_unlisted;	/* a stop reply went out; no thread list read since */
	bool list_terse;	/* the thread list being read has no texts */
	/* qSupported: gdb reads these stop reasons (older clients do not). */
	bool swbreak, hwbreak;
	/* The thread gdb's last resume ran alone (vCont;c:tid), 0: none. */
	long lone_tid;
};
extern struct gdb_session gdb_session;

/* gdbstub_session.c: the stop being served, the resume gdb asks for. */
extern const struct kgdb_stop *gdb_stop;
extern struct kgdb_resume *gdb_res;
/* What a packet needs of the arch or the transport. */
enum gdb_need { NEED_NONE, NEED_STEP, NEED_HW, NEED_XML, NEED_STREAM };
bool gdb_have(enum gdb_need need);
/* Read-only mode (kgdb.ro): refuse the packet @what; true if refused. */
bool gdb_ro_refuse(const char *what, size_t len);

/* gdbstub_packet.c: console text to gdb as O packets (target running). */
void gdbstub_console_write(const char *s, size_t len);
/* ... and gdb's Ctrl-C (or a new gdb's packet) waiting while hits run on. */
bool gdbstub_break_pending(void);

/* gdbstub_threads.c: gdb's threads (CPU shadows, then tasks). */
#define GDB_THREAD_TEXT	64	/* the longest text shown after a thread */
long gdb_cpu_tid(unsigned int cpu);
/* @tid, or for "any"/"all" the thread of @stopped_cpu. */
bool gdb_thread_lookup(long tid, unsigned int stopped_cpu, struct kgdb_thread *th);
/*
 * The stop as gdb is told of it: @stop, or a Ctrl-C's in the thread vCont
 * ran alone (only vCont names one).
 */
#ifdef CONFIG_KGDB_VCONT
const struct kgdb_stop *gdb_reported_stop(const struct kgdb_stop *stop);
#else
static inline const struct kgdb_stop *gdb_reported_stop(const struct kgdb_stop *stop)
{
	return stop;
}
#endif
/*
 * Into the reply: the [off, end) window of the thread list's XML, with
 * each thread's text unless @terse; true if it ends there.
 */
bool gdb_threads_xml(size_t off, size_t end, bool terse);

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
 * there; the qRegisterInfo reply for a register, and qHostInfo's.
 */
bool gdb_tdesc_xml(size_t off, size_t end);
void gdb_reg_info(unsigned long regno);		/* CONFIG_KGDB_FULL_REGS */
void gdb_host_info(void);			/* CONFIG_KGDB_FULL_REGS */

/* gdbstub_packet.c: the framing layer and the rx/tx helpers. */
int gdb_get_packet(void);	/* payload length, or -E2BIG if it was too long */
void gdb_noack_begin(void);	/* QStartNoAckMode answered: no acks from now on */
void gdb_framing_reset(void);	/* the transport went away */

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

/* A packet's arguments, parsed by its table entry's schema (gdbstub.c). */
struct gdb_args {
	const char *name;	/* the table entry's name */
	uintptr_t num[3];
	unsigned int nnum;
	long tid;
	char op;
	const char *str;
	size_t str_len;
	struct gdb_rx rest;
};

/* A handler replies itself; returns true when gdb let the target go. */
typedef bool (*gdb_handler_t)(struct gdb_args *a);

/* The packet families gdbstub.c's table names (gdbstub_<family>.c). */
bool h_read_regs(struct gdb_args *a);
bool h_read_reg(struct gdb_args *a);
bool h_write_reg(struct gdb_args *a);
bool h_read_mem(struct gdb_args *a);
bool h_write_mem(struct gdb_args *a);
#ifdef CONFIG_KGDB_FAST_TRANSFERS
bool h_write_regs(struct gdb_args *a);
bool h_read_bin(struct gdb_args *a);
bool h_write_bin(struct gdb_args *a);
bool h_xfer_threads(struct gdb_args *a);
#endif
bool h_continue(struct gdb_args *a);
bool h_step(struct gdb_args *a);
#ifdef CONFIG_KGDB_VCONT
bool h_vcont_query(struct gdb_args *a);
bool h_vcont(struct gdb_args *a);
#endif
bool h_detach(struct gdb_args *a);
bool h_kill(struct gdb_args *a);
bool h_insert_break(struct gdb_args *a);
bool h_remove_break(struct gdb_args *a);
bool h_set_thread(struct gdb_args *a);
bool h_thread_alive(struct gdb_args *a);
bool h_thread_info(struct gdb_args *a);
bool h_current_thread(struct gdb_args *a);
bool h_thread_extra(struct gdb_args *a);

/* gdbstub_trace.c (CONFIG_KGDB_TRACE): tracepoint packets, and the frame gdb looks at. */
#ifdef CONFIG_KGDB_TRACE
bool h_qtinit(struct gdb_args *a);
bool h_qtdp(struct gdb_args *a);
bool h_qtdpsrc(struct gdb_args *a);
bool h_qtdv(struct gdb_args *a);
bool h_qtro(struct gdb_args *a);
bool h_qtdisconnected(struct gdb_args *a);
bool h_qtbuffer(struct gdb_args *a);
bool h_qtnotes(struct gdb_args *a);
bool h_qtstart(struct gdb_args *a);
bool h_qtstop(struct gdb_args *a);
bool h_qtenable(struct gdb_args *a);
bool h_qtstatus(struct gdb_args *a);
bool h_qtp(struct gdb_args *a);
bool h_qtv(struct gdb_args *a);
bool h_qtp_list(struct gdb_args *a);
bool h_qtv_list(struct gdb_args *a);
bool h_qtframe(struct gdb_args *a);
bool h_xfer_traceframe(struct gdb_args *a);
/* What the tracepoint packets keep (gdbstub_trace.c, gdbstub_trace_frames.c). */
#define GDB_QTRO_MAX	16	/* read-only ranges gdb may read live in a frame */
#define GDB_NOTE_MAX	128	/* hex digits of one QTNotes note */

struct gdb_trace {
	long frame;		/* the frame selected, -1: none (the live target) */
	unsigned int up_tp;	/* qTsP: the location ... */
	size_t up_text;		/* ... and its text record next (0: its T line) */
	bool up_done_tp;
	unsigned int up_var;	/* qTsV: the variable next */
	unsigned int nro;
	struct {
		u64 start, end;
	} ro[GDB_QTRO_MAX];
	char user[GDB_NOTE_MAX + 1], notes[GDB_NOTE_MAX + 1], stop_note[GDB_NOTE_MAX + 1];
	/* gdb sends addresses sign-extended (MIPS), and expects them so back. */
	bool sign_extends;
};
extern struct gdb_trace gdb_tr;
bool gdb_rx_hex64(struct gdb_rx *rx, u64 *v);
void gdb_tx_hex64(u64 v);
/* An address as gdb writes it on this target. */
u64 gdb_trace_addr(u64 addr);
/* The frame gdb selected, into @f; false if none. */
bool gdb_trace_selected(struct kgdb_trace_frame *f);
/* A new gdb looks at the live target; a detach may end the trace. */
void gdb_trace_session_start(void);
void gdb_trace_detach(void);
/* gdb looks at a trace frame: registers and memory are the frame's. */
bool gdb_trace_frame_selected(void);
bool gdb_trace_reg(unsigned int regno, u8 *val);
long gdb_trace_mem(u8 *dst, u64 addr, size_t len);
#else
static inline void gdb_trace_session_start(void)
{
}

static inline void gdb_trace_detach(void)
{
}

static inline bool gdb_trace_frame_selected(void)
{
	return false;
}

static inline bool gdb_trace_reg(unsigned int regno, u8 *val)
{
	return false;
}

static inline long gdb_trace_mem(u8 *dst, u64 addr, size_t len)
{
	return -EFAULT;
}
#endif

/* gdbstub_frame.c: the frame format's characters, and its checksum. */
#define GDB_ESCAPE	'}'
#define GDB_ESCAPE_XOR	0x20
#define GDB_RLE		'*'
bool gdb_sum_matches(u8 sum, u8 hi, u8 lo);

/* The packet buffer: the request, then the reply built over it. */
extern char gdb_buf[KGDB_PACKET_SIZE + 1];

void tx_begin(void);
size_t tx_room(void);
void tx_char(char c);
void tx_patch(size_t pos, char c);
void tx_str(const char *s);
void tx_hex(unsigned long v);
void tx_hexbytes(const u8 *buf, size_t len);
size_t tx_binary(const u8 *buf, size_t len);	/* CONFIG_KGDB_XML */
/* What a reply is to the framing: how long its ack is waited for. */
enum gdb_reply {
	GDB_REPLY,		/* as long as it takes */
	GDB_REPLY_STOP,		/* ... resent after long silence */
	GDB_REPLY_LAST,		/* until silence: the session ends with it */
};

void tx_end(void);
/* ... the stop reply gdb waits for after a resume: resent after long silence */
void tx_end_awaited(void);
void tx_reply(const char *s);
/* The session's last reply: the target runs even if it is never acked. */
void tx_reply_last(const char *s);
void tx_err(int err);

#endif
