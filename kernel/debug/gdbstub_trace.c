// SPDX-License-Identifier: MIT
/*
 * gdb's tracepoint packets (gdb manual, "Tracepoint Packets") over the
 * core's trace (debug_trace.c): setting tracepoints up (QTinit, QTDP,
 * QTDPsrc, QTDV, QTro, QTBuffer, QTNotes, QTDisconnected), running the
 * trace (QTStart, QTStop, QTEnable, QTDisable), its status (qTStatus,
 * qTP, qTV); uploading it to a gdb that connects later and looking at
 * its frames are gdbstub_trace_frames.c's.
 */

#include <kernel/string.h>
#include "rsp.h"

struct gdb_trace gdb_tr = { .frame = -1 };

/* Hex, 64 bits on any CPU, with an optional '-' (M offsets, "-1"). */
bool gdb_rx_hex64(struct gdb_rx *rx, u64 *v)
{
	bool neg = rx_lit(rx, '-');
	int d, digits = 0;
	u64 n = 0;

	while (!rx_eof(rx) && (d = hex_to_bin(*rx->p)) >= 0) {
		if (n >> 60)
			return false;
		n = n << 4 | (u64)d;
		rx->p++;
		digits++;
	}
	*v = neg ? -n : n;
	return digits > 0;
}

/* An address: gdb sends MIPS's sign-extended to 64 bits. */
static bool rx_addr(struct gdb_rx *rx, uintptr_t *addr)
{
	u64 v;

	if (!gdb_rx_hex64(rx, &v) || !kgdb_ax_addr_fits(v))
		return false;
	*addr = (uintptr_t)v;
	if (*addr != v)
		gdb_tr.sign_extends = true;
	return true;
}

/* An address as gdb writes it on this target. */
u64 gdb_trace_addr(u64 addr)
{
	return gdb_tr.sign_extends ? (u64)(s64)(intptr_t)(uintptr_t)addr : (uintptr_t)addr;
}

void gdb_tx_hex64(u64 v)
{
	char s[17];
	int i = 16;

	s[i] = '\0';
	do {
		s[--i] = hex_asc[v & 15];
		v >>= 4;
	} while (v);
	tx_str(s + i);
}

static void tx_result(int err)
{
	if (err)
		tx_err(err);
	else
		tx_reply("OK");
}

bool gdb_trace_frame_selected(void)
{
	return gdb_tr.frame >= 0;
}

bool gdb_trace_selected(struct kgdb_trace_frame *f)
{
	return gdb_tr.frame >= 0 && kgdb_trace_frame((unsigned int)gdb_tr.frame, f);
}

void gdb_trace_session_start(void)
{
	gdb_tr.frame = -1;
}

/* ---------------------------------------------------------------- setup */

bool h_qtinit(struct gdb_args *a)
{
	kgdb_trace_reset();
	gdb_tr.frame = -1;
	gdb_tr.nro = 0;
	gdb_tr.user[0] = gdb_tr.notes[0] = gdb_tr.stop_note[0] = '\0';
	tx_reply("OK");
	return false;
}

/* X<len>,<hex>: decoded in place in the packet buffer. */
static bool rx_bytecode(struct gdb_rx *rx, const u8 **code, size_t *len)
{
	uintptr_t n;
	u8 *dst;

	if (!rx_lit(rx, 'X') || !rx_hex(rx, &n) || !rx_lit(rx, ',') || !n ||
	    n > KGDB_AX_MAX_LEN)
		return false;
	dst = (u8 *)gdb_buf + (rx->p - gdb_buf);
	if (rx_hexbytes(rx, dst, n) != n)
		return false;
	*code = dst;
	*len = n;
	return true;
}

/* An action's bytecode, decoded out of the packet, whose text is kept as sent. */
static u8 ax_code[KGDB_AX_MAX_LEN];

/*
 * One action of a tracepoint's: R<mask>, M<basereg>,<offset>,<len>,
 * X<len>,<hex>. Only checked (@apply false), or added to the tracepoint.
 */
static int rx_action(struct gdb_rx *rx, u32 num, uintptr_t addr, bool apply)
{
	const char *start = rx->p;
	u64 basereg, off, len;
	uintptr_t n;
	int err = 0;

	switch (rx_char(rx)) {
	case 'R':
		while (!rx_eof(rx) && hex_to_bin(*rx->p) >= 0)
			rx->p++;
		if (apply)
			err = kgdb_trace_add_regs(num, addr);
		break;
	case 'M':
		/* The absolute "register": gdb 13 sends -1, older ones %X of it, FFFFFFFF. */
		if (!gdb_rx_hex64(rx, &basereg) || !rx_lit(rx, ',') || !gdb_rx_hex64(rx, &off) ||
		    !rx_lit(rx, ',') || !gdb_rx_hex64(rx, &len) || len > 0xffffffffu ||
		    (basereg > 0xffffffffu && (s64)basereg != -1))
			return -EINVAL;
		if (apply)
			err = kgdb_trace_add_mem(num, addr, (int)(s32)(u32)basereg, (s64)off,
						 (u32)len);
		break;
	case 'X':
		if (!rx_hex(rx, &n) || !rx_lit(rx, ',') || !n || n > KGDB_AX_MAX_LEN ||
		    rx_hexbytes(rx, ax_code, n) != n)
			return -EINVAL;
		if (apply)
			err = kgdb_trace_add_expr(num, addr, ax_code, n);
		else if (kgdb_ax_verify(ax_code, n, KGDB_AX_ALLOW_TRACE | KGDB_AX_ALLOW_SETV))
			err = -EINVAL;
		break;
	default:
		return -EINVAL;
	}
	if (err || !apply)
		return err;
	return kgdb_trace_add_text(num, addr, 'A', start, (size_t)(rx->p - start));
}

/*
 * QTDP:<n>:<addr>:<E|D>:<step>:<pass>[:X<len>,<cond>][-], and its
 * continuations QTDP:-<n>:<addr>:<actions>[-]. while-stepping (a step
 * count, or S actions) and fast tracepoints (F) are not served.
 */
bool h_qtdp(struct gdb_args *a)
{
	struct gdb_rx *rx = &a->rest;
	bool more_of = rx_lit(rx, '-'), enabled;
	struct gdb_rx actions;
	const u8 *cond = NULL;
	uintptr_t num, addr, step;
	size_t cond_len = 0;
	u64 pass;
	int err = -EINVAL, c;

	if (!rx_hex(rx, &num) || num > 0xffffffffu || !rx_lit(rx, ':') || !rx_addr(rx, &addr) ||
	    !rx_lit(rx, ':'))
		goto out;
	if (rx->end > rx->p && rx->end[-1] == '-')
		rx->end--;		/* more to come */
	if (more_of) {
		err = -ENOTSUP;
		if (!rx_eof(rx) && *rx->p == 'S')
			goto out;
		/*
		 * gdb sends memory ranges and expressions together: all of
		 * them are checked before any is kept, so that a bad one
		 * leaves the tracepoint as it was.
		 */
		actions = *rx;
		do
			err = rx_action(rx, (u32)num, addr, false);
		while (!err && !rx_eof(rx));
		*rx = actions;
		while (!err && !rx_eof(rx))
			err = rx_action(rx, (u32)num, addr, true);
		goto out;
	}
	c = rx_char(rx);
	if ((c != 'E' && c != 'D') || !rx_lit(rx, ':') || !rx_hex(rx, &step) || !rx_lit(rx, ':') ||
	    !gdb_rx_hex64(rx, &pass))
		goto out;
	enabled = c == 'E';
	err = -ENOTSUP;
	if (step)
		goto out;
	err = -EINVAL;
	if (rx_lit(rx, ':')) {
		if (!rx_eof(rx) && *rx->p == 'F') {
			err = -ENOTSUP;
			goto out;
		}
		if (!rx_bytecode(rx, &cond, &cond_len))
			goto out;
	}
	if (!rx_eof(rx))
		goto out;
	err = kgdb_trace_define((u32)num, addr, enabled, pass, cond, cond_len);
out:
	tx_result(err);
	return false;
}

/* QTDPsrc:<n>:<addr>:<type>:<start>:<slen>:<hex>: kept for qTsP. */
bool h_qtdpsrc(struct gdb_args *a)
{
	struct gdb_rx *rx = &a->rest;
	uintptr_t num, addr;

	if (!rx_hex(rx, &num) || !rx_lit(rx, ':') || !rx_addr(rx, &addr) || !rx_lit(rx, ':')) {
		tx_err(-EINVAL);
		return false;
	}
	tx_result(kgdb_trace_add_text((u32)num, addr, 'Z', rx->p, (size_t)(rx->end - rx->p)));
	return false;
}

/* QTDV:<n>:<value>:<builtin>:<name hex> */
bool h_qtdv(struct gdb_args *a)
{
	struct gdb_rx *rx = &a->rest;
	char name[sizeof(((struct kgdb_trace_var *)0)->name)];
	uintptr_t id, builtin;
	size_t len;
	u64 init;

	if (!rx_hex(rx, &id) || id > 0xffff || !rx_lit(rx, ':') || !gdb_rx_hex64(rx, &init) ||
	    !rx_lit(rx, ':') || !rx_hex(rx, &builtin) || !rx_lit(rx, ':')) {
		tx_err(-EINVAL);
		return false;
	}
	len = rx_hexbytes(rx, (u8 *)name, sizeof(name));
	if (!rx_eof(rx)) {
		tx_err(-EINVAL);
		return false;
	}
	tx_result(kgdb_trace_define_var((u16)id, (s64)init, builtin, name, len));
	return false;
}

/* QTro:<start>,<end>[:<start>,<end>]...: what a frame reads live. */
bool h_qtro(struct gdb_args *a)
{
	struct gdb_rx *rx = &a->rest;

	uintptr_t start, end;

	gdb_tr.nro = 0;
	while (!rx_eof(rx)) {
		if (gdb_tr.nro == GDB_QTRO_MAX || !rx_addr(rx, &start) || !rx_lit(rx, ',') ||
		    !rx_addr(rx, &end) || (!rx_eof(rx) && !rx_lit(rx, ':'))) {
			gdb_tr.nro = 0;
			tx_err(-EINVAL);
			return false;
		}
		gdb_tr.ro[gdb_tr.nro].start = start;
		gdb_tr.ro[gdb_tr.nro++].end = end;
	}
	tx_reply("OK");
	return false;
}

bool h_qtdisconnected(struct gdb_args *a)
{
	kgdb_trace_set_disconnected(a->num[0]);
	tx_reply("OK");
	return false;
}

/* QTBuffer:circular:<0|1>, QTBuffer:size:<n|-1> */
bool h_qtbuffer(struct gdb_args *a)
{
	struct gdb_rx *rx = &a->rest;
	u64 v;
	int err = -EINVAL;

	if (rx->end - rx->p > 9 && !memcmp(rx->p, "circular:", 9)) {
		rx->p += 9;
		if (gdb_rx_hex64(rx, &v) && rx_eof(rx))
			err = kgdb_trace_set_buffer(!!v, -2);
	} else if (rx->end - rx->p > 5 && !memcmp(rx->p, "size:", 5)) {
		rx->p += 5;
		if (gdb_rx_hex64(rx, &v) && rx_eof(rx) && ((s64)v == -1 || v <= 0x7fffffff))
			err = kgdb_trace_set_buffer(-1, (long)(s64)v);
	}
	tx_result(err);
	return false;
}

/* QTNotes:user:<hex>;notes:<hex>;tstop:<hex>... (tstart's is not kept) */
bool h_qtnotes(struct gdb_args *a)
{
	static const struct {
		const char *name;
		size_t off;
	} kinds[] = {
		{ "user:", __builtin_offsetof(struct gdb_trace, user) },
		{ "notes:", __builtin_offsetof(struct gdb_trace, notes) },
		{ "tstop:", __builtin_offsetof(struct gdb_trace, stop_note) },
	};
	struct gdb_rx *rx = &a->rest;
	const char *end;
	unsigned int i;
	size_t n;

	while (!rx_eof(rx)) {
		for (end = rx->p; end < rx->end && *end != ';'; end++)
			;
		for (i = 0; i < ARRAY_SIZE(kinds); i++) {
			n = strlen(kinds[i].name);
			if ((size_t)(end - rx->p) >= n && !memcmp(rx->p, kinds[i].name, n)) {
				strlcpy((char *)&gdb_tr + kinds[i].off, rx->p + n,
					MIN((size_t)(end - rx->p) - n + 1, GDB_NOTE_MAX + 1));
			}
		}
		rx->p = end < rx->end ? end + 1 : end;
	}
	tx_reply("OK");
	return false;
}

bool h_qtstart(struct gdb_args *a)
{
	int err = kgdb_trace_start();

	if (!err)
		gdb_tr.frame = -1;
	tx_result(err);
	return false;
}

bool h_qtstop(struct gdb_args *a)
{
	kgdb_trace_stop(KGDB_TRACE_STOPPED, 0);
	tx_reply("OK");
	return false;
}

/* QTEnable:<n>:<addr>, QTDisable:<n>:<addr> */
bool h_qtenable(struct gdb_args *a)
{
	struct gdb_rx *rx = &a->rest;
	uintptr_t num, addr;

	if (!rx_hex(rx, &num) || !rx_lit(rx, ':') || !rx_addr(rx, &addr) || !rx_eof(rx)) {
		tx_err(-EINVAL);
		return false;
	}
	tx_result(kgdb_trace_enable((u32)num, addr, a->name[2] == 'E'));
	return false;
}

/* The detach of a gdb that did not ask for disconnected tracing ends it. */
void gdb_trace_detach(void)
{
	if (!kgdb_trace_status()->disconnected)
		kgdb_trace_stop(KGDB_TRACE_DISCONNECTED, 0);
	gdb_tr.frame = -1;
}

/* ---------------------------------------------------------------- status */

static void tx_field(const char *name, u64 v)
{
	tx_char(';');
	tx_str(name);
	tx_char(':');
	gdb_tx_hex64(v);
}

bool h_qtstatus(struct gdb_args *a)
{
	static const char *const reason[] = {
		[KGDB_TRACE_NOTRUN] = "tnotrun", [KGDB_TRACE_RUNNING] = "tnotrun",
		[KGDB_TRACE_STOPPED] = "tstop", [KGDB_TRACE_FULL] = "tfull",
		[KGDB_TRACE_DISCONNECTED] = "tdisconnected",
		[KGDB_TRACE_PASSCOUNT] = "tpasscount",
	};
	const struct kgdb_trace_status *st = kgdb_trace_status();

	tx_begin();
	tx_char('T');
	tx_char(st->running ? '1' : '0');
	tx_char(';');
	tx_str(reason[st->reason]);
	if (st->reason == KGDB_TRACE_STOPPED) {
		tx_char(':');
		tx_str(gdb_tr.stop_note);
	}
	tx_char(':');
	tx_hex(st->stop_tp);
	tx_field("tframes", st->frames);
	tx_field("tcreated", st->created);
	tx_field("tfree", st->free);
	tx_field("tsize", st->size);
	tx_field("circular", st->circular);
	tx_field("disconn", st->disconnected);
	tx_field("starttime", st->start_us);
	tx_field("stoptime", st->stop_us);
	if (gdb_tr.user[0]) {
		tx_str(";username:");
		tx_str(gdb_tr.user);
	}
	if (gdb_tr.notes[0]) {
		tx_str(";notes:");
		tx_str(gdb_tr.notes);
	}
	tx_end();
	return false;
}

/* qTP:<n>:<addr> -> V<hits>:<bytes> */
bool h_qtp(struct gdb_args *a)
{
	struct gdb_rx *rx = &a->rest;
	struct kgdb_trace_tp t;
	uintptr_t num, addr;

	if (!rx_hex(rx, &num) || !rx_lit(rx, ':') || !rx_addr(rx, &addr) || !rx_eof(rx) ||
	    !kgdb_trace_tp_find((u32)num, addr, &t)) {
		tx_err(-EINVAL);
		return false;
	}
	tx_begin();
	tx_char('V');
	gdb_tx_hex64(t.hits);
	tx_char(':');
	gdb_tx_hex64(t.bytes);
	tx_end();
	return false;
}

/*
 * qTV:<n> -> V<value>, or U when it has none: in the frame selected, the
 * value its last tracev of it collected, as gdb's print $var there wants.
 */
bool h_qtv(struct gdb_args *a)
{
	struct kgdb_trace_frame f;
	struct kgdb_trace_block b;
	bool known = false;
	size_t off = 0;
	u64 v = 0;

	if (gdb_trace_selected(&f)) {
		while ((off = kgdb_trace_block(&f, off, &b))) {
			if (b.type == 'V' && b.addr == a->num[0]) {
				v = b.value;
				known = true;
			}
		}
	} else {
		known = a->num[0] <= 0xffff && kgdb_ax_var_get((u16)a->num[0], &v);
	}
	if (!known) {
		tx_reply("U");
		return false;
	}
	tx_begin();
	tx_char('V');
	gdb_tx_hex64(v);
	tx_end();
	return false;
}
