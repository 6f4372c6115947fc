// SPDX-License-Identifier: MIT
/*
 * gdb's tracepoint packets for a trace that ran: uploading its
 * tracepoints and variables to a gdb that connects later (qTfP, qTsP,
 * qTfV, qTsV), and looking at its frames (QTFrame, then g, p, m and x
 * answered from the frame selected, qXfer:traceframe-info:read).
 */

#include <kernel/string.h>
#include "rsp.h"

/* ---------------------------------------------------------------- upload */

static void tx_tp_head(char kind, const struct kgdb_trace_tp *t)
{
	tx_char(kind);
	tx_hex(t->num);
	tx_char(':');
	gdb_tx_hex64(t->addr);
	tx_char(':');
}

/* The next text record of location gdb_tr.up_tp after gdb_tr.up_text, sent; false: none. */
static bool tx_next_text(const struct kgdb_trace_tp *t)
{
	unsigned int tp;
	const char *s;
	size_t len, next;
	char kind;

	while ((next = kgdb_trace_text(gdb_tr.up_text, &tp, &kind, &s, &len))) {
		gdb_tr.up_text = next;
		if (tp != gdb_tr.up_tp || len + 40 > KGDB_PACKET_SIZE)
			continue;
		tx_begin();
		tx_tp_head(kind, t);
		while (len--)
			tx_char(*s++);
		tx_end();
		return true;
	}
	return false;
}

/* qTfP, then qTsP until 'l': each location's T line, then its actions and sources. */
bool h_qtp_list(struct gdb_args *a)
{
	struct kgdb_trace_tp t;

	if (a->name[2] == 'f') {
		gdb_tr.up_tp = 0;
		gdb_tr.up_done_tp = false;
	}
	for (; gdb_tr.up_tp < KGDB_TRACE_MAX_TPS; gdb_tr.up_tp++, gdb_tr.up_done_tp = false) {
		if (!kgdb_trace_tp(gdb_tr.up_tp, &t))
			continue;
		if (gdb_tr.up_done_tp) {
			if (tx_next_text(&t))
				return false;
			continue;
		}
		gdb_tr.up_done_tp = true;
		gdb_tr.up_text = 0;
		tx_begin();
		tx_tp_head('T', &t);
		tx_char(t.enabled ? 'E' : 'D');
		tx_str(":0:");
		gdb_tx_hex64(t.pass);
		if (t.cond_len) {
			tx_str(":X");
			tx_hex(t.cond_len);
			tx_char(',');
			tx_hexbytes(t.cond, t.cond_len);
		}
		tx_end();
		return false;
	}
	tx_reply("l");
	return false;
}

/*
 * qTfV, then qTsV until 'l': <n>:<value>:<builtin>:<name hex>, each as
 * QTDV defined it, its initial value too (gdb sends that back with the
 * next tstart; it reads the current one with qTV).
 */
bool h_qtv_list(struct gdb_args *a)
{
	const struct kgdb_trace_var *v = NULL;

	if (a->name[2] == 'f')
		gdb_tr.up_var = 0;
	while (gdb_tr.up_var < KGDB_AX_MAX_VARS && !(v = kgdb_trace_var(gdb_tr.up_var)))
		gdb_tr.up_var++;
	if (!v) {
		tx_reply("l");
		return false;
	}
	gdb_tr.up_var++;
	tx_begin();
	tx_hex(v->id);
	tx_char(':');
	gdb_tx_hex64((u64)v->init);
	tx_char(':');
	tx_hex(v->builtin);
	tx_char(':');
	tx_hexbytes((const u8 *)v->name, v->name_len);
	tx_end();
	return false;
}

/* ---------------------------------------------------------------- frames */

/* Whether frame @f is what QTFrame's @kind asks for. */
static bool frame_matches(const struct kgdb_trace_frame *f, char kind, u64 lo, u64 hi)
{
	switch (kind) {
	case 'p':
		return f->addr == lo;
	case 't':
		return f->tpnum == lo;
	case 'r':
		return f->addr >= lo && f->addr <= hi;
	default:
		return f->addr < lo || f->addr > hi;
	}
}

/*
 * QTFrame:<n> (ffffffff: none), QTFrame:pc:<a>, QTFrame:tdp:<t>,
 * QTFrame:range:<lo>:<hi>, QTFrame:outside:<lo>:<hi>: the first such
 * frame after the one selected. F<frame>T<tracepoint>, or F-1.
 */
bool h_qtframe(struct gdb_args *a)
{
	static const char *const kinds[] = { "pc:", "tdp:", "range:", "outside:" };
	struct gdb_rx *rx = &a->rest;
	struct kgdb_trace_frame f;
	char kind = 'n';
	unsigned int i;
	long n;
	u64 lo = 0, hi = 0;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		if ((size_t)(rx->end - rx->p) > strlen(kinds[i]) &&
		    !memcmp(rx->p, kinds[i], strlen(kinds[i]))) {
			kind = kinds[i][0];
			rx->p += strlen(kinds[i]);
		}
	}
	if (!gdb_rx_hex64(rx, &lo) || ((kind == 'r' || kind == 'o') &&
				    (!rx_lit(rx, ':') || !gdb_rx_hex64(rx, &hi))) || !rx_eof(rx)) {
		tx_err(-EINVAL);
		return false;
	}
	if (kgdb_trace_status()->running && !(kind == 'n' && lo == 0xffffffff)) {
		tx_err(-EBUSY);
		return false;
	}
	if (kind == 'p' || kind == 'r' || kind == 'o') {
		if (!kgdb_ax_addr_fits(lo) || !kgdb_ax_addr_fits(hi)) {
			tx_err(-EINVAL);
			return false;
		}
		lo = (uintptr_t)lo;
		hi = (uintptr_t)hi;
	}
	/* tfind none: the live target again. */
	if (kind == 'n' && lo == 0xffffffff) {
		gdb_tr.frame = -1;
		tx_reply("OK");
		return false;
	}
	if (kind == 'n') {
		n = lo < kgdb_trace_status()->frames && kgdb_trace_frame((unsigned int)lo, &f) ?
		    (long)lo : -1;
	} else {
		for (n = gdb_tr.frame + 1; kgdb_trace_frame((unsigned int)n, &f); n++)
			if (frame_matches(&f, kind, lo, hi))
				break;
		if (!kgdb_trace_frame((unsigned int)n, &f))
			n = -1;
	}
	/* Not found: gdb keeps the frame it had, and so do we. */
	tx_begin();
	if (n < 0) {
		tx_str("F-1");
	} else {
		gdb_tr.frame = n;
		tx_char('F');
		tx_hex((unsigned long)n);
		tx_char('T');
		tx_hex(f.tpnum);
	}
	tx_end();
	return false;
}

/* Register @regno of the frame selected into @val; false if it has none. */
bool gdb_trace_reg(unsigned int regno, u8 *val)
{
	struct kgdb_trace_frame f;

	return gdb_trace_selected(&f) && kgdb_trace_frame_reg(&f, regno, val);
}

/*
 * Memory of the frame selected at @addr, up to @len bytes into @dst: from
 * the block that has @addr, else live where gdb said memory is read-only
 * (QTro). How many bytes, or -EFAULT where the frame has none.
 */
long gdb_trace_mem(u8 *dst, u64 addr, size_t len)
{
	struct kgdb_trace_frame f;
	struct kgdb_trace_block b;
	size_t off = 0, n;
	u64 start;
	unsigned int i;

	if (!gdb_trace_selected(&f))
		return -EFAULT;
	while ((off = kgdb_trace_block(&f, off, &b))) {
		/* Blocks keep gdb's addresses, MIPS's sign-extended; 'm' has the CPU's. */
		start = (uintptr_t)b.addr;
		if (b.type == 'M' && addr >= start && addr < start + b.len) {
			n = MIN(len, (size_t)(start + b.len - addr));
			memcpy(dst, b.data + (addr - start), n);
			return (long)n;
		}
	}
	for (i = 0; i < gdb_tr.nro; i++) {
		if (addr >= gdb_tr.ro[i].start && addr < gdb_tr.ro[i].end && kgdb_ax_addr_fits(addr)) {
			n = MIN(len, (size_t)(gdb_tr.ro[i].end - addr));
			return kgdb_mem_read(dst, (uintptr_t)addr, n) ? -EFAULT : (long)n;
		}
	}
	return -EFAULT;
}

/* qXfer:traceframe-info:read::<off>,<len>: the blocks of the frame selected. */
bool h_xfer_traceframe(struct gdb_args *a)
{
	size_t off = a->num[0], end = off + MIN(a->num[1], KGDB_PACKET_SIZE);
	struct xml_window w = XML_WINDOW(off, end < off ? (size_t)-1 : end);
	struct kgdb_trace_frame f;
	struct kgdb_trace_block b;
	size_t boff = 0;
	char num[24];

	if (a->str_len || !gdb_trace_selected(&f)) {
		tx_err(-ENOENT);
		return false;
	}
	tx_begin();
	tx_char('m');
	xml_str(&w, "<traceframe-info>");
	while ((boff = kgdb_trace_block(&f, boff, &b))) {
		if (b.type == 'M') {
			xml_str(&w, "<memory");
			snprintf(num, sizeof(num), "0x%llx", (unsigned long long)gdb_trace_addr(b.addr));
			xml_attr(&w, "start", num);
			snprintf(num, sizeof(num), "0x%zx", b.len);
			xml_attr(&w, "length", num);
			xml_str(&w, "/>");
		} else if (b.type == 'V') {
			snprintf(num, sizeof(num), "%llu", (unsigned long long)b.addr);
			xml_str(&w, "<tvar");
			xml_attr(&w, "id", num);
			xml_str(&w, "/>");
		}
	}
	xml_str(&w, "</traceframe-info>");
	if (xml_window_done(&w))
		tx_patch(0, 'l');
	tx_end();
	return false;
}
