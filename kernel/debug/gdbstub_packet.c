// SPDX-License-Identifier: MIT
/*
 * GDB remote protocol framing: packets ($data#cs), run-length encoding,
 * and on a stream transport (a serial line) the acknowledgements, the
 * no-ack mode and the retransmissions. A packet transport (datagrams)
 * gets whole payloads and does its own loss and duplicate handling with
 * the frame scanner and encoder (gdbstub_frame.c). One place tells a new
 * client's session from the packets: ack mode starts over, and the core
 * resets what a client owns (kgdb_session_begin()). The reply builders
 * (tx_*) write into the packet buffer.
 *
 * __noinline marks a helper that several callers would otherwise each
 * carry a copy of: bytes the debugger's footprint keeps (make bench).
 */

#include <kernel/errno.h>
#include <kernel/jiffies.h>
#include <kernel/string.h>
#include "rsp.h"

#define GDB_BREAK_CHAR	0x03	/* gdb's interrupt (Ctrl-C) */

/*
 * gdb waits for the stop reply after a resume with no timeout: if the line
 * loses its '$', gdb waits for good, and so does the stub for the ack. So
 * that reply alone is sent again after this much silence, and after twice
 * as much each time it is still not acked, up to a cap. For any other
 * reply gdb's own timeout (remotetimeout, 2 s by default) NAKs first; and
 * a copy sent before gdb's timeout could land where gdb waits for a
 * checksum digit that was lost, which gdb 13 fails the command on.
 */
/*
 * gdb acks a reply it got within this much (its copies of a request come
 * a remotetimeout apart, 1 s or more).
 */
#define GDB_COPY_ACK_US		500000UL
#define GDB_RESEND_US		10000000UL
#define GDB_RESEND_MAX_US	60000000UL
/*
 * The session's last reply (the detach's OK) is acked, or NAKed by a gdb
 * that lost it, within gdb's remotetimeout; after this much silence the
 * kernel runs on without the ack: a client that closed the line at the
 * OK, or whose '+' was lost, must not leave the kernel stopped for good.
 */
#define GDB_LAST_ACK_US		3000000UL
/* Console text goes out in O packets of at most this much text. */
#define GDB_NOTICE_TEXT		128

/*
 * The packet buffer: a request comes in here (NUL-terminated), and its
 * reply is built here once the handler has read what it needs (gdbstub-rs
 * and Zephyr share theirs too). Memory a reply carries is read into its
 * end; tx_hexbytes() and tx_binary() stop before the reply reaches bytes
 * they have not read.
 */
char gdb_buf[KGDB_PACKET_SIZE + 1] __aligned(8);
static size_t tx_len;
static bool tx_overflow;
/* QStartNoAckMode: no '+'/'-' either way (stream transports only). */
static bool gdb_noack;
/* A '$' arrived while we waited for an ack: the next packet has begun. */
static bool rx_started;
/* ... where gdb's ack of our reply was due: perhaps a copy of its request. */
static bool rx_unacked;
/* The last request, to tell a copy of it. */
static u32 req_hash;
static int req_len = -1;
/*
 * An O packet is going out on a stream: if its CPU stops halfway (its
 * trap, or held after the master waited for it long), the packet is
 * closed before the debugger's next one, which gdb would otherwise read
 * as its rest; what the CPU had still to send of it is dropped when it
 * runs again.
 */
static bool o_open;
/*
 * The O packets sent while the target ran that gdb has not acked yet: a
 * '+' gdb sends late for one of them is not the ack of a reply. gdb acks
 * all of them before it sends its next packet.
 */
static unsigned long acks_owed;

static bool packet_transport(void)
{
#ifdef CONFIG_KGDB_PACKET_IO
	return kgdb_io_ops->get_packet;
#else
	return false;
#endif
}

/* ---------------------------------------------------------------- sessions */

/*
 * A new client: acks on (after one that died in no-ack mode), and the
 * core's session policy. LLDB's qSupported that follows its
 * QStartNoAckMode belongs to the session that packet began, and keeps its
 * no-ack mode.
 */
static void gdb_session_event(size_t len)
{
	static bool noack_just_asked;
	bool asks = len == 15 && !memcmp(gdb_buf, "QStartNoAckMode", 15);
	bool opens = gdb_session_opener((const u8 *)gdb_buf, len) && !noack_just_asked;

	noack_just_asked = asks;
	if (!opens)
		return;
	gdb_noack = false;
	kgdb_session_begin();
}

/* QStartNoAckMode was answered (and, in ack mode still, acked). */
void gdb_noack_begin(void)
{
	gdb_noack = true;
}

/* The transport went away: the next one starts in ack mode, between frames. */
void gdb_framing_reset(void)
{
	gdb_noack = false;
	rx_started = false;
	rx_unacked = false;
	req_len = -1;
	acks_owed = 0;
}

/* ---------------------------------------------------------------- streams */

static u8 gdb_getc(void)
{
	return (u8)kgdb_io_getc();
}

/*
 * The next character, or KGDB_NO_CHAR after @us of silence, counted in
 * the master's naps: under QEMU a poll of the emulated UART costs more
 * than a 10 us pause, and silence counted in such polls lasts 3x longer.
 */
static int gdb_getc_within(unsigned long us)
{
	unsigned long waited = 0;
	int c;

	while ((c = kgdb_io_read_char()) == KGDB_NO_CHAR && waited < us)
		waited += kgdb_io_pause(waited);
	return c;
}

static void gdb_putc(u8 c, void *ctx)
{
	kgdb_io_ops->write_char(c);
}

static void gdb_flush(void)
{
	if (kgdb_io_ops->flush)
		kgdb_io_ops->flush();
}

/*
 * Read one "$data#cs" into gdb_buf, NUL-terminated. Returns its
 * length, -E2BIG if it did not fit (the rest is read and dropped) or
 * -EBADMSG if its checksum is wrong. Bytes outside frames (acks, 0x03,
 * line noise) are skipped; a '$' inside one starts it over: gdb gave up on
 * a truncated packet and sent it again.
 */
static int gdb_read_frame(void)
{
	size_t len = 0;
	bool overflow = false;
	u8 sum = 0, c, hi;

	if (!rx_started)
		while (gdb_getc() != '$')
			;
	rx_started = false;
	acks_owed = 0;
	while ((c = gdb_getc()) != '#') {
		if (c == '$') {
			len = 0;
			sum = 0;
			overflow = false;
		} else if (len < KGDB_PACKET_SIZE) {
			gdb_buf[len++] = (char)c;
			sum += c;
		} else {
			overflow = true;
			sum += c;
		}
	}
	hi = gdb_getc();
	if (!gdb_sum_matches(sum, hi, gdb_getc()))
		return -EBADMSG;
	gdb_buf[len] = '\0';
	return overflow ? -E2BIG : (int)len;
}

static void gdb_ack(u8 c)
{
	if (gdb_noack)
		return;
	gdb_putc(c, NULL);
	gdb_flush();
}

/*
 * gdb's answer to a reply: '+', '-', '$' (its next packet), or silence
 * for @silence_us (0: wait as long as it takes).
 */
static int gdb_await_ack(unsigned long silence_us)
{
	int c;

	for (;;) {
		c = silence_us ? gdb_getc_within(silence_us) : gdb_getc();
		if (c == '+' && acks_owed) {
			acks_owed--;
			continue;
		}
		if (c == '+' || c == '-' || c == '$' || c == KGDB_NO_CHAR)
			return c;
	}
}

/*
 * A packet that came where gdb's ack of our reply was due (@unacked), the
 * same as the request that reply answers, is a copy gdb sent before the
 * reply reached it: it timed out waiting for our ack, because the machine
 * stalled or the ack was lost. If gdb's ack follows, it got the reply,
 * and the copy gets none (gdb would take a second one for the answer to
 * its next packet); if not, the copy is answered.
 */
static bool gdb_stale_copy(int len, bool unacked)
{
	int c;

	if (!unacked || len != req_len || gdb_packet_hash(gdb_buf, (size_t)len) != req_hash)
		return false;
	c = gdb_await_ack(GDB_COPY_ACK_US);
	if (c == '$')
		rx_started = rx_unacked = true;
	return c == '+';
}

/*
 * A damaged packet is NAKed, so that gdb sends it again, or in no-ack mode
 * dropped; a whole one is acked (a too long one too: its handler answers
 * with an error), in the ack mode its own session event left.
 */
static int gdb_stream_get(void)
{
	bool unacked;
	int len;

	do {
		unacked = rx_unacked;
		rx_unacked = false;
		while ((len = gdb_read_frame()) == -EBADMSG)
			gdb_ack('-');
	} while (len >= 0 && gdb_stale_copy(len, unacked));
	if (len >= 0) {
		req_len = len;
		req_hash = gdb_packet_hash(gdb_buf, (size_t)len);
		gdb_session_event((size_t)len);
	}
	gdb_ack('+');
	return len;
}

/*
 * Whatever gdb sent after its packet, it sent before it saw our reply: a
 * '+' or '-' waiting now is stale. A gdb that waited too long for an ack
 * sends its packet again (and, waiting for the reply, a '-'); answering
 * every copy would shift each later reply by one packet. So stale bytes
 * are dropped, and true means a copy, or gdb's next packet, has begun:
 * the reply is dropped for it.
 */
static bool gdb_reply_overtaken(void)
{
	int c, n;

	/* Bounded: a line that never stops sending noise still gets replies. */
	for (n = 0; n < KGDB_PACKET_SIZE; n++) {
		c = kgdb_io_read_char();
		if (c == KGDB_NO_CHAR)
			break;
		if (c == '+' && acks_owed)
			acks_owed--;
		if (c == '$') {
			rx_started = true;
			return true;
		}
	}
	return false;
}

/*
 * An O packet cut short ends here, with a checksum gdb rejects (in no-ack
 * mode it does not look: it shows what text there was).
 */
static void gdb_close_cut_frame(void)
{
	if (!READ_ONCE(o_open))
		return;
	WRITE_ONCE(o_open, false);
	gdb_putc('#', NULL);
	gdb_putc('0', NULL);
	gdb_putc('0', NULL);
}

/*
 * Send a reply and, unless in no-ack mode, resend it until gdb acks it;
 * the stop reply gdb waits for after a resume also after silence, and
 * the last reply only until silence.
 */
static void gdb_stream_put(const char *s, size_t len, enum gdb_reply kind)
{
	unsigned long silence_us = kind == GDB_REPLY_STOP ? GDB_RESEND_US :
				   kind == GDB_REPLY_LAST ? GDB_LAST_ACK_US : 0;
	int c;

	gdb_close_cut_frame();
	if (gdb_reply_overtaken())
		return;
	for (;;) {
		gdb_frame_emit(s, len, gdb_putc, NULL);
		gdb_flush();
		if (gdb_noack)
			return;
		c = gdb_await_ack(silence_us);
		if (c == KGDB_NO_CHAR && kind == GDB_REPLY_LAST)
			return;
		if (c == KGDB_NO_CHAR)
			silence_us = MIN(2 * silence_us, GDB_RESEND_MAX_US);
		if (c == '-' || c == KGDB_NO_CHAR)
			continue;
		/* gdb went on to its next packet, or sent its request again. */
		rx_started = rx_unacked = c == '$';
		return;
	}
}

/* ---------------------------------------------------------------- either */

int gdb_get_packet(void)
{
	int len;

	if (!packet_transport())
		return gdb_stream_get();
	len = kgdb_io_ops->get_packet(gdb_buf, KGDB_PACKET_SIZE);
	if (len >= 0) {
		gdb_buf[len] = '\0';
		gdb_session_event((size_t)len);
	}
	return len;
}

static void gdb_send_reply(const char *s, size_t len, enum gdb_reply kind)
{
	if (packet_transport())
		kgdb_io_ops->put_packet(s, len, kind == GDB_REPLY_STOP ? KGDB_PACKET_STOP :
					KGDB_PACKET_REPLY);
	else
		gdb_stream_put(s, len, kind);
}

#ifdef CONFIG_KGDB_CONSOLE
/* A byte of an O packet, unless the debugger closed the packet meanwhile. */
static void o_putc(u8 c, void *ctx)
{
	if (READ_ONCE(o_open))
		gdb_putc(c, ctx);
}

/* Console text to gdb while the target runs: O packets, never waiting for acks. */
void gdbstub_console_write(const char *s, size_t len)
{
	char o[1 + 2 * GDB_NOTICE_TEXT];
	size_t n, i;

	while (len) {
		n = MIN(len, (size_t)GDB_NOTICE_TEXT);
		o[0] = 'O';
		for (i = 0; i < n; i++) {
			o[1 + 2 * i] = hex_asc[(u8)s[i] >> 4];
			o[2 + 2 * i] = hex_asc[(u8)s[i] & 0xf];
		}
		if (packet_transport()) {
			kgdb_io_ops->put_packet(o, 1 + 2 * n, KGDB_PACKET_NOTICE);
		} else {
			gdb_close_cut_frame();
			WRITE_ONCE(o_open, true);
			gdb_frame_emit(o, 1 + 2 * n, o_putc, NULL);
			WRITE_ONCE(o_open, false);
			gdb_flush();
			if (!gdb_noack)
				acks_owed++;
		}
		s += n;
		len -= n;
	}
}
#endif

#ifdef CONFIG_KGDB_AGENT
/* Bytes looked at per hit: a line that never stops sending noise still runs on. */
#define GDB_BREAK_SCAN	64

/*
 * What gdb sent while the target ran past breakpoint hits: Ctrl-C, or a
 * '$' (a new gdb's first packet, then read as begun). Acks of O packets
 * and noise are dropped, as a frame read would. A packet transport's
 * break-in comes through its own poll.
 */
bool gdbstub_break_pending(void)
{
	int c, n;

	if (packet_transport())
		return false;
	for (n = 0; n < GDB_BREAK_SCAN && (c = kgdb_io_read_char()) != KGDB_NO_CHAR; n++) {
		if (c == GDB_BREAK_CHAR)
			return true;
		if (c == '$') {
			rx_started = true;
			return true;
		}
	}
	return false;
}
#endif

/* ---------------------------------------------------------------- transmit */

void tx_begin(void)
{
	tx_len = 0;
	tx_overflow = false;
}

size_t tx_room(void)
{
	return KGDB_PACKET_SIZE - tx_len;
}

/* Room in the reply before it reaches @next, the next byte it has to read. */
static size_t room_before(const u8 *next)
{
	size_t off = (size_t)(next - (const u8 *)gdb_buf);

	if (next < (const u8 *)gdb_buf || off > KGDB_PACKET_SIZE)
		return tx_room();
	return off > tx_len ? off - tx_len : 0;
}

__noinline void tx_char(char c)
{
	if (tx_len < KGDB_PACKET_SIZE)
		gdb_buf[tx_len++] = c;
	else
		tx_overflow = true;
}

/* Replace a character already queued (a reply's type, once its length is known). */
void tx_patch(size_t pos, char c)
{
	if (pos < tx_len)
		gdb_buf[pos] = c;
}

__noinline void tx_str(const char *s)
{
	while (*s)
		tx_char(*s++);
}

void tx_hex(unsigned long v)
{
	int shift = sizeof(v) * 8 - 4;

	while (shift > 0 && !(v >> shift))
		shift -= 4;
	for (; shift >= 0; shift -= 4)
		tx_char(hex_asc[(v >> shift) & 0xf]);
}

/* room_before() answers for the room: no tx_char() checks per byte. */
void tx_hexbytes(const u8 *buf, size_t len)
{
	for (; len && room_before(buf + 1) >= 2; len--, buf++) {
		gdb_buf[tx_len++] = hex_asc[*buf >> 4];
		gdb_buf[tx_len++] = hex_asc[*buf & 0xf];
	}
	if (len)
		tx_overflow = true;
}

#ifdef CONFIG_KGDB_XML
static bool must_escape(u8 c)
{
	return c == '#' || c == '$' || c == GDB_ESCAPE || c == GDB_RLE;
}

/* As many bytes of @buf as fit, escaped; returns how many went in. */
size_t tx_binary(const u8 *buf, size_t len)
{
	bool esc;
	size_t n;

	for (n = 0; n < len; n++) {
		esc = must_escape(buf[n]);
		if (room_before(buf + n + 1) < 1u + esc)
			break;
		if (esc)
			gdb_buf[tx_len++] = GDB_ESCAPE;
		gdb_buf[tx_len++] = (char)(esc ? buf[n] ^ GDB_ESCAPE_XOR : buf[n]);
	}
	return n;
}
#endif

/* Out of line: each of its callers would otherwise carry a copy. */
static __noinline void tx_send(enum gdb_reply kind)
{
	/* Handlers size their replies; a reply that still did not fit is a bug
	 * that gdb must not see as data. */
	if (tx_overflow)
		tx_err(-E2BIG);
	else
		gdb_send_reply(gdb_buf, tx_len, kind);
}

void tx_end(void)
{
	tx_send(GDB_REPLY);
}

void tx_end_awaited(void)
{
	tx_send(GDB_REPLY_STOP);
}

void tx_reply_last(const char *s)
{
	tx_begin();
	tx_str(s);
	tx_send(GDB_REPLY_LAST);
}

void tx_reply(const char *s)
{
	tx_begin();
	tx_str(s);
	tx_end();
}

__noinline void tx_err(int err)
{
	u8 e = (u8)(err < 0 ? -err : err);

	tx_begin();
	tx_char('E');
	tx_hexbytes(&e, 1);
	tx_end();
}
