// SPDX-License-Identifier: MIT
/*
 * The GDB remote protocol: one table maps each packet to an argument
 * schema, a handler and the arch capability it needs. Arguments are parsed
 * and checked before a handler runs; a packet whose capability the arch
 * lacks gets the empty reply and its qSupported feature disappears. The
 * stop reply, qSupported and the queries live here; each packet family
 * has its file (gdbstub_regs.c, _mem.c, _resume.c, _break.c, _threads.c,
 * _trace.c).
 */

#include <kernel/errno.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/string.h>
#include <asm/ptrace.h>	/* instruction_pointer() */
#include "rsp.h"

/* The longest monitor command line. */
#define GDB_MONITOR_LINE	256

/*
 * The stop is at a breakpoint that others have but gdb has not (kdb's):
 * reported as swbreak, gdb would take it for one it had removed and resume.
 */
static bool others_breakpoint(const struct kgdb_stop *stop)
{
	unsigned int owners = kgdb_bp_owners(instruction_pointer(kgdb_cpus[stop->cpu].regs));

	return owners && !(owners & KGDB_BP_GDB);
}

/* @awaited: gdb resumed the target and waits for this, with no timeout. */
static void tx_stop_reply(bool awaited)
{
	static const char *const kinds[] = {
		[KGDB_STOP_SWBREAK] = "swbreak:",
		[KGDB_STOP_HWBREAK] = "hwbreak:",
		[KGDB_STOP_WATCH] = "watch:",
		[KGDB_STOP_RWATCH] = "rwatch:",
		[KGDB_STOP_AWATCH] = "awatch:",
	};
	const int expedite[] = { arch_kgdb_ops.pc_regno, arch_kgdb_ops.sp_regno, arch_kgdb_ops.fp_regno };
	const struct kgdb_thread th = { .cpu = (int)gdb_stop->cpu };
	u8 sig = (u8)gdb_stop->signo, val[sizeof(uintptr_t)];
	enum kgdb_stop_kind kind = gdb_stop->kind;
	unsigned int i;

	/* A client that did not ask for these finds the breakpoint itself. */
	if ((kind == KGDB_STOP_SWBREAK && (!gdb_session.swbreak || others_breakpoint(gdb_stop))) ||
	    (kind == KGDB_STOP_HWBREAK && !gdb_session.hwbreak))
		kind = KGDB_STOP_SIGNAL;
	gdb_session.stopped_unlisted = true;
	tx_begin();
	tx_char('T');
	tx_hexbytes(&sig, 1);
	if (kind != KGDB_STOP_SIGNAL) {
		tx_str(kinds[kind]);
		if (kind >= KGDB_STOP_WATCH)
			tx_hex(gdb_stop->addr);
		tx_char(';');
	}
	tx_str("thread:");
	tx_hex((unsigned long)gdb_cpu_tid(gdb_stop->cpu));
	tx_char(';');
	for (i = 0; i < ARRAY_SIZE(expedite); i++) {
		if (expedite[i] < 0)
			continue;
		kgdb_reg_read(&th, (unsigned int)expedite[i], val);
		tx_hex((unsigned long)expedite[i]);
		tx_char(':');
		tx_hexbytes(val, kgdb_reg_size((unsigned int)expedite[i]));
		tx_char(';');
	}
	if (awaited)
		tx_end_awaited();
	else
		tx_end();
}

static bool h_status(struct gdb_args *a)
{
	tx_stop_reply(false);
	return false;
}

static bool h_supported(struct gdb_args *a);

static bool h_xfer_features(struct gdb_args *a)
{
	size_t off = a->num[0], end = off + MIN(a->num[1], KGDB_PACKET_SIZE);

	if (a->str_len != 10 || memcmp(a->str, "target.xml", 10)) {
		tx_err(-ENOENT);
		return false;
	}
	tx_begin();
	tx_char('m');
	if (gdb_tdesc_xml(off, end < off ? (size_t)-1 : end))
		tx_patch(0, 'l');
	tx_end();
	return false;
}

#ifdef CONFIG_KGDB_FULL_REGS
static bool h_reg_info(struct gdb_args *a)
{
	gdb_reg_info(a->num[0]);
	return false;
}

static bool h_host_info(struct gdb_args *a)
{
	gdb_host_info();
	return false;
}
#endif
static bool h_attached(struct gdb_args *a)
{
	tx_reply("1");
	return false;
}

#ifdef CONFIG_KGDB_MONITOR
/* Monitor output goes out as O packets as it is produced. */
static bool rcmd_output;

static void rcmd_write(struct printer *p, const char *s, size_t len)
{
	while (len--) {
		if (tx_room() < 2) {
			tx_end();
			tx_begin();
			tx_char('O');
			rcmd_output = false;
		}
		tx_hexbytes((const u8 *)s++, 1);
		rcmd_output = true;
	}
}

/* The command line is copied out first: the output is built where it came. */
static bool h_rcmd(struct gdb_args *a)
{
	struct printer out = { .write = rcmd_write };
	char line[GDB_MONITOR_LINE + 1];
	size_t n;
	int err;

	if (a->rest.end - a->rest.p > 2 * GDB_MONITOR_LINE) {
		tx_err(-E2BIG);
		return false;
	}
	n = rx_hexbytes(&a->rest, (u8 *)line, GDB_MONITOR_LINE);
	if (!rx_eof(&a->rest)) {
		tx_err(-EINVAL);
		return false;
	}
	line[n] = '\0';
	tx_begin();
	tx_char('O');
	rcmd_output = false;
	err = kgdb_monitor_run(&out, line);
	if (rcmd_output)
		tx_end();
	if (err)
		tx_err(err);
	else
		tx_reply("OK");
	kgdb_monitor_done();
	return false;
}
#endif

static bool h_noack(struct gdb_args *a)
{
	tx_reply("OK");
	gdb_noack_begin();
	return false;
}

struct gdb_cmd {
	const char *name;
	gdb_handler_t handler;
	char schema[6];		/* x hex, t thread id, a char, s string, r rest, ? optional */
	u8 need;		/* enum gdb_need */
	bool writes;		/* changes the machine: refused when read-only */
};

static const struct gdb_cmd gdb_cmds[] = {
	{ "?", h_status, "", NEED_NONE, false },
	{ "g", h_read_regs, "", NEED_NONE, false },
	{ "p", h_read_reg, "x", NEED_NONE, false },
	{ "P", h_write_reg, "x=r", NEED_NONE, true },
	{ "m", h_read_mem, "x,x", NEED_NONE, false },
	{ "M", h_write_mem, "x,x:r", NEED_NONE, true },
#ifdef CONFIG_KGDB_FAST_TRANSFERS
	{ "G", h_write_regs, "r", NEED_NONE, true },
	{ "x", h_read_bin, "x,x", NEED_NONE, false },
	{ "X", h_write_bin, "x,x:r", NEED_NONE, true },
#endif
	{ "c", h_continue, "?x", NEED_NONE, false },
	{ "C", h_continue, "x?;x", NEED_NONE, false },
	{ "s", h_step, "?x", NEED_STEP, false },
	{ "S", h_step, "x?;x", NEED_STEP, false },
#ifdef CONFIG_KGDB_VCONT
	{ "vCont?", h_vcont_query, "", NEED_NONE, false },
	{ "vCont;", h_vcont, "r", NEED_NONE, false },
#endif
	{ "D", h_detach, "?;x", NEED_NONE, false },
	{ "k", h_kill, "", NEED_NONE, true },
	{ "H", h_set_thread, "at", NEED_NONE, false },
	{ "T", h_thread_alive, "t", NEED_NONE, false },
	{ "Z", h_insert_break, "x,x,r", NEED_NONE, false },	/* refuses by type */
	{ "z", h_remove_break, "x,x,r", NEED_NONE, false },
	{ "qSupported", h_supported, "?:r", NEED_NONE, false },
	{ "qXfer:features:read:", h_xfer_features, "s:x,x", NEED_XML, false },
#ifdef CONFIG_KGDB_FAST_TRANSFERS
	{ "qXfer:threads:read:", h_xfer_threads, "s:x,x", NEED_NONE, false },
#endif
#ifdef CONFIG_KGDB_FULL_REGS
	{ "qRegisterInfo", h_reg_info, "x", NEED_NONE, false },
	{ "qHostInfo", h_host_info, "", NEED_XML, false },
#endif
	{ "qfThreadInfo", h_thread_info, "", NEED_NONE, false },
	{ "qsThreadInfo", h_thread_info, "", NEED_NONE, false },
	{ "qC", h_current_thread, "", NEED_NONE, false },
	{ "qThreadExtraInfo,", h_thread_extra, "t", NEED_NONE, false },
	{ "qAttached", h_attached, "?:x", NEED_NONE, false },
#ifdef CONFIG_KGDB_MONITOR
	{ "qRcmd,", h_rcmd, "r", NEED_NONE, false },
#endif
	{ "QStartNoAckMode", h_noack, "", NEED_STREAM, false },
#ifdef CONFIG_KGDB_TRACE
	/* Tracepoints run on past their hits as conditional breakpoints do. */
	{ "QTinit", h_qtinit, "", NEED_STEP, false },
	{ "QTDP:", h_qtdp, "r", NEED_STEP, false },
	{ "QTDPsrc:", h_qtdpsrc, "r", NEED_STEP, false },
	{ "QTDV:", h_qtdv, "r", NEED_STEP, false },
	{ "QTro:", h_qtro, "r", NEED_STEP, false },
	{ "QTDisconnected:", h_qtdisconnected, "x", NEED_STEP, false },
	{ "QTBuffer:", h_qtbuffer, "r", NEED_STEP, false },
	{ "QTNotes:", h_qtnotes, "r", NEED_STEP, false },
	{ "QTStart", h_qtstart, "", NEED_STEP, false },
	{ "QTStop", h_qtstop, "", NEED_STEP, false },
	{ "QTEnable:", h_qtenable, "r", NEED_STEP, false },
	{ "QTDisable:", h_qtenable, "r", NEED_STEP, false },
	{ "QTFrame:", h_qtframe, "r", NEED_STEP, false },
	{ "qTStatus", h_qtstatus, "", NEED_STEP, false },
	{ "qTP:", h_qtp, "r", NEED_STEP, false },
	{ "qTV:", h_qtv, "x", NEED_STEP, false },
	{ "qTfP", h_qtp_list, "", NEED_STEP, false },
	{ "qTsP", h_qtp_list, "", NEED_STEP, false },
	{ "qTfV", h_qtv_list, "", NEED_STEP, false },
	{ "qTsV", h_qtv_list, "", NEED_STEP, false },
	{ "qXfer:traceframe-info:read:", h_xfer_traceframe, "s:x,x", NEED_STEP, false },
#endif
};

/* qSupported features, each announced with the capability it needs. */
static const struct {
	const char *name;
	enum gdb_need need;
} gdb_features[] = {
#ifdef CONFIG_KGDB_FAST_TRANSFERS
	{ "binary-upload+", NEED_NONE },
#endif
#ifdef CONFIG_KGDB_VCONT
	/* Trust vCont? (else gdb never uses 's' on an arch it can step in
	 * software itself, and steps with breakpoints instead). */
	{ "vContSupported+", NEED_NONE },
#endif
	{ "swbreak+", NEED_NONE },
#ifdef CONFIG_KGDB_AGENT
	/* Conditions and dprintf run in the kernel, stepping past a hit. */
	{ "ConditionalBreakpoints+", NEED_STEP },
	{ "BreakpointCommands+", NEED_STEP },
#endif
	/* Hardware stops are reported only with the slots to cause them. */
	{ "hwbreak+", NEED_HW },
	{ "qXfer:features:read+", NEED_XML },
#ifdef CONFIG_KGDB_FAST_TRANSFERS
	{ "qXfer:threads:read+", NEED_NONE },
#endif
	{ "QStartNoAckMode+", NEED_STREAM },
#ifdef CONFIG_KGDB_TRACE
	{ "ConditionalTracepoints+", NEED_STEP },
	{ "TracepointSource+", NEED_STEP },
	{ "DisconnectedTracing+", NEED_STEP },
	{ "EnableDisableTracepoints+", NEED_STEP },
	{ "InstallInTrace+", NEED_STEP },
	{ "tracenz+", NEED_STEP },
	{ "QTBuffer:size+", NEED_STEP },	/* else gdb never sends set trace-buffer-size */
	{ "qXfer:traceframe-info:read+", NEED_STEP },
#endif
};

/* Whether gdb's qSupported list (@list, "feature;feature...") has @feature. */
static bool gdb_offers(const struct gdb_rx *list, const char *feature)
{
	size_t n = strlen(feature);
	const char *p = list->p, *end;

	while (p && p < list->end) {
		for (end = p; end < list->end && *end != ';'; end++)
			;
		if ((size_t)(end - p) == n && !strncmp(p, feature, n))
			return true;
		p = end + 1;
	}
	return false;
}

static bool h_supported(struct gdb_args *a)
{
	unsigned int i;

	gdb_session.swbreak = gdb_offers(&a->rest, "swbreak+");
	gdb_session.hwbreak = gdb_offers(&a->rest, "hwbreak+");
	gdb_trace_session_start();
	tx_begin();
	tx_str("PacketSize=");
	tx_hex(KGDB_PACKET_SIZE);
	for (i = 0; i < ARRAY_SIZE(gdb_features); i++) {
		if (gdb_have(gdb_features[i].need)) {
			tx_char(';');
			tx_str(gdb_features[i].name);
		}
	}
	tx_end();
	return false;
}

static bool gdb_parse_args(const char *schema, struct gdb_rx *rx, struct gdb_args *a)
{
	int c;

	for (; *schema; schema++) {
		switch (*schema) {
		case '?':
			if (rx_eof(rx))
				return true;
			break;
		case 'x':
			if (a->nnum == ARRAY_SIZE(a->num) || !rx_hex(rx, &a->num[a->nnum++]))
				return false;
			break;
		case 't':
			if (!rx_tid(rx, &a->tid))
				return false;
			break;
		case 'a':
			c = rx_char(rx);
			if (c < 0)
				return false;
			a->op = (char)c;
			break;
		case 's':
			a->str = rx->p;
			while (!rx_eof(rx) && *rx->p != schema[1])
				rx->p++;
			a->str_len = (size_t)(rx->p - a->str);
			break;
		case 'r':
			a->rest = *rx;
			rx->p = rx->end;
			break;
		default:
			if (!rx_lit(rx, *schema))
				return false;
		}
	}
	return rx_eof(rx);
}

/* A table name without its separator ("Z0," is packet Z0). */
static size_t packet_name_len(const char *name)
{
	size_t n = strlen(name);
	char last = name[n - 1];

	return n > 1 && (last == ',' || last == ';' || last == ':') ? n - 1 : n;
}

/*
 * Whether @pkt is packet @c: its name, then the end, a separator, or (for
 * a name that a number follows directly, like qRegisterInfo0) a hex digit.
 */
static bool name_matches(const struct gdb_cmd *c, const char *pkt, size_t len)
{
	size_t n = strlen(c->name);
	char last = c->name[n - 1], next;

	if (n > len || memcmp(c->name, pkt, n))
		return false;
	next = n < len ? pkt[n] : '\0';
	return n == 1 || last == ',' || last == ':' || last == ';' || next == '\0' ||
	       next == ':' || (c->schema[0] == 'x' && hex_to_bin(next) >= 0);
}

/* Handle one packet; true when the target is to run. */
static bool gdb_dispatch(size_t len)
{
	const struct gdb_cmd *c;
	struct gdb_args a;
	struct gdb_rx rx;

	for (c = gdb_cmds; c < gdb_cmds + ARRAY_SIZE(gdb_cmds); c++)
		if (name_matches(c, gdb_buf, len))
			break;
	if (c == gdb_cmds + ARRAY_SIZE(gdb_cmds) || !gdb_have(c->need)) {
		tx_reply("");
		return false;
	}
	if (c->writes && gdb_ro_refuse(c->name, packet_name_len(c->name)))
		return false;
	/*
	 * A trace frame is looked at, not changed; but gdb's kill, which
	 * waits for no reply, still lets the kernel go.
	 */
	if (c->writes && c->handler != h_kill && gdb_trace_frame_selected()) {
		tx_err(-EPERM);
		return false;
	}
	memset(&a, 0, sizeof(a));
	a.name = c->name;
	rx_init(&rx, gdb_buf + strlen(c->name), len - strlen(c->name));
	if (!gdb_parse_args(c->schema, &rx, &a)) {
		tx_err(-EINVAL);
		return false;
	}
	return c->handler(&a);
}

static void gdb_run(const struct kgdb_stop *stop, struct kgdb_resume *res)
{
	int len;

	gdb_stop = gdb_reported_stop(stop);
	gdb_res = res;
	gdb_session.g_tid = KGDB_TID_ANY;
	gdb_session.c_tid = KGDB_TID_ANY;
	/* gdb is waiting for this stop; a new gdb asks with '?' instead. */
	if (gdb_session.attached)
		tx_stop_reply(true);
	for (;;) {
		len = gdb_get_packet();
		gdb_session.attached = true;
		kgdb_set_connected(true);
		if (len < 0)
			tx_err(len);
		else if (gdb_dispatch((size_t)len))
			break;
	}
	if (res->action != KGDB_DETACH && res->action != KGDB_KILL)
		return;
	gdb_session.attached = false;
	gdb_session.swbreak = gdb_session.hwbreak = false;
	kgdb_set_connected(false);
	/* After the last reply: a one-client transport may take another. */
	if (kgdb_io_ops->session_end)
		kgdb_io_ops->session_end();
}

/* The transport went away: forget the session whole. */
static void gdb_reset(void)
{
	memset(&gdb_session, 0, sizeof(gdb_session));
	gdb_trace_session_start();
	gdb_framing_reset();
}

static const struct kgdb_frontend gdb_frontend = {
	.name = "gdb",
	.priority = 0,
	.run = gdb_run,
#ifdef CONFIG_KGDB_CONSOLE
	.console_write = gdbstub_console_write,
#endif
	.reset = gdb_reset,
#ifdef CONFIG_KGDB_AGENT
	.break_pending = gdbstub_break_pending,
#endif
#ifdef CONFIG_KGDB_PACKET_IO
	.framing = &gdb_framing,
#endif
};
KGDB_FRONTEND(gdb, &gdb_frontend);
