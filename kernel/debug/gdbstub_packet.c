// SPDX-License-Identifier: MIT
/*
 * GDB remote protocol framing: packets ($data#cs), acknowledgements, the
 * no-ack mode, run-length encoding of replies, and the receive/transmit
 * helpers every packet handler uses, so that bounds checks live here only.
 */

#include <kernel/errno.h>
#include <kernel/jiffies.h>
#include <kernel/string.h>
#include "kgdb_internal.h"

#define GDB_ESCAPE	'}'
#define GDB_ESCAPE_XOR	0x20
#define GDB_RLE		'*'
#define GDB_RLE_BIAS	29	/* a count character means (c - 29) more copies */
#define GDB_RLE_MAX	(126 - GDB_RLE_BIAS)

/*
 * gdb waits for the stop reply after a resume with no timeout: if the line
 * loses its '$', gdb waits for good, and so does the stub for the ack. So
 * that reply alone is sent again after this much silence, and after twice
 * as much each time it is still not acked, up to a cap. For any other
 * reply gdb's own timeout (remotetimeout, 2 s by default) NAKs first; and
 * a copy sent before gdb's timeout could land where gdb waits for a
 * checksum digit that was lost, which gdb 13 fails the command on.
 */
#define GDB_POLL_US		10
#define GDB_RESEND_US		10000000UL
/*
 * A datagram arrives whole or not at all, and gdb always asks something
 * right after a stop: silence that long after a stop reply means it was lost.
 */
#define GDB_RESEND_DGRAM_US	2000000UL
#define GDB_RESEND_MAX_US	60000000UL
/*
 * Over an unreliable transport, gdb sends a request again when neither
 * our ack nor our reply reached it, after its remotetimeout (2 s by
 * default). A copy of the request that comes while the reply still waits
 * for its ack, and later than this, is such a resend; sooner, it is gdb's
 * next packet, one that happens to be the same (a second step).
 */
#define GDB_RETRANSMIT_MIN_US	500000UL

char gdb_rx_buf[KGDB_PACKET_SIZE + 1];
static char tx_buf[KGDB_PACKET_SIZE];
static size_t tx_len;
static bool tx_overflow;
/* A '$' arrived while we waited for an ack: the next packet has begun. */
static bool rx_started;
/* ... and it came late, so it may be gdb sending the last request again. */
static bool rx_maybe_resent;
/*
 * The O packets sent while the target ran that gdb has not acked yet: a
 * '+' gdb sends late for one of them is not the ack of a reply (over a
 * datagram transport that reply may be the one that got lost). gdb acks
 * all of them before it sends its next packet.
 */
static unsigned long acks_owed;
/* The last request, by length and hash (unreliable transports). */
static int last_req_len = -1;
static u32 last_req_hash;

static u8 gdb_getc(void)
{
	int c;

	while ((c = kgdb_io_ops->read_char()) == KGDB_NO_CHAR)
		;
	return (u8)c;
}

/* The next character, or KGDB_NO_CHAR after @us of silence. */
static int gdb_getc_within(unsigned long us)
{
	unsigned long waited;
	int c;

	for (waited = 0; (c = kgdb_io_ops->read_char()) == KGDB_NO_CHAR &&
	     waited < us; waited += GDB_POLL_US)
		udelay(GDB_POLL_US);
	return c;
}

static void gdb_putc(u8 c)
{
	kgdb_io_ops->write_char(c);
}

static void gdb_flush(void)
{
	if (kgdb_io_ops->flush)
		kgdb_io_ops->flush();
}

static bool rx_is(size_t len, const char *name, size_t n)
{
	return len >= n && !memcmp(gdb_rx_buf, name, n);
}

/*
 * The stub cannot see a client connect or go away, only the packets, so a
 * client's acknowledgement mode is inferred from them. A client sends
 * QStartNoAckMode only from ack mode: that packet is always acked, and its
 * OK too. A new client starts in ack mode; gdb's first packet is
 * qSupported, so qSupported brings the acks back (after a client that
 * died in no-ack mode), except right after QStartNoAckMode: LLDB asks for
 * no-ack mode first and then sends qSupported without expecting an ack,
 * nor acking the reply (not even the OK to its detach).
 */
static void gdb_ack_mode_for(size_t len)
{
	static bool noack_just_asked;
	bool asks = len == 15 && rx_is(len, "QStartNoAckMode", 15);

	if (asks || (rx_is(len, "qSupported", 10) && !noack_just_asked))
		gdb_session.noack = false;
	noack_just_asked = asks;
}

/*
 * Framing: read one "$data#cs" into gdb_rx_buf, NUL-terminated. Returns
 * its length, -E2BIG if it did not fit (the rest is read and dropped) or
 * -EBADMSG if its checksum is wrong. Bytes outside frames (acks, 0x03,
 * line noise) are skipped; a '$' inside one starts it over: gdb gave up on
 * a truncated packet and sent it again.
 */
static int gdb_read_frame(void)
{
	size_t len = 0;
	bool overflow = false;
	u8 sum = 0, c;
	int hi, lo;

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
			gdb_rx_buf[len++] = (char)c;
			sum += c;
		} else {
			overflow = true;
			sum += c;
		}
	}
	hi = hex_to_bin((char)gdb_getc());
	lo = hex_to_bin((char)gdb_getc());
	if (hi < 0 || lo < 0 || (u8)(hi << 4 | lo) != sum)
		return -EBADMSG;
	gdb_rx_buf[len] = '\0';
	return overflow ? -E2BIG : (int)len;
}

/*
 * An unreliable transport's '+' waits for the reply, so that the two
 * arrive together or not at all; the transport flushes it itself when the
 * target resumes instead.
 */
static void gdb_ack(u8 c)
{
	if (gdb_session.noack)
		return;
	gdb_putc(c);
	if (c == '-' || !kgdb_io_ops->unreliable)
		gdb_flush();
}

/* FNV-1a: tells a resent request from another one of the same length. */
static u32 gdb_hash(const char *p, size_t len)
{
	u32 h = 2166136261u;

	while (len--)
		h = (h ^ (u8)*p++) * 16777619u;
	return h;
}

static void gdb_send_reply(const char *s, size_t len, bool awaited);

/* The request just read is the last one again, sent because our reply was lost. */
static bool gdb_request_resent(int len)
{
	bool maybe = rx_maybe_resent;

	rx_maybe_resent = false;
	if (!kgdb_io_ops->unreliable || len < 0)
		return false;
	if (maybe && len == last_req_len &&
	    gdb_hash(gdb_rx_buf, (size_t)len) == last_req_hash)
		return true;
	last_req_len = len;
	last_req_hash = gdb_hash(gdb_rx_buf, (size_t)len);
	return false;
}

/*
 * Receive one packet into gdb_rx_buf: the ack policy around the framing.
 * A damaged packet is NAKed, so that gdb sends it again, or in no-ack mode
 * dropped; a whole one is acked (a too long one too: its handler answers
 * with an error). A request gdb resent because our reply was lost gets
 * that reply again (still in the transmit buffer) and does not run twice.
 */
int gdb_get_packet(void)
{
	int len;

	for (;;) {
		while ((len = gdb_read_frame()) == -EBADMSG)
			gdb_ack('-');
		if (!gdb_request_resent(len))
			break;
		gdb_ack('+');
		gdb_send_reply(tx_buf, tx_len, false);
	}
	if (len >= 0)
		gdb_ack_mode_for((size_t)len);
	gdb_ack('+');
	return len;
}

static void put_hex_byte(u8 b, u8 *sum)
{
	gdb_putc(hex_asc[b >> 4]);
	gdb_putc(hex_asc[b & 0xf]);
	*sum += hex_asc[b >> 4];
	*sum += hex_asc[b & 0xf];
}

/* Send one packet's payload, run-length encoded where that saves bytes. */
static void gdb_send_rle(const char *s, size_t len)
{
	size_t i = 0, run;
	u8 sum = 0;

	gdb_putc('$');
	while (i < len) {
		gdb_putc((u8)s[i]);
		sum += (u8)s[i];
		for (run = 0; i + 1 + run < len && run < GDB_RLE_MAX &&
		     s[i + 1 + run] == s[i]; run++)
			;
		/* Counts of 6 and 7 would be '#' and '$'. */
		if (run == 6 || run == 7)
			run = 5;
		if (run >= 3) {
			gdb_putc(GDB_RLE);
			gdb_putc((u8)(run + GDB_RLE_BIAS));
			sum += GDB_RLE + run + GDB_RLE_BIAS;
			i += run;
		}
		i++;
	}
	gdb_putc('#');
	gdb_putc(hex_asc[sum >> 4]);
	gdb_putc(hex_asc[sum & 0xf]);
	gdb_flush();
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
		c = kgdb_io_ops->read_char();
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
 * Send a reply and, unless in no-ack mode, resend it until gdb acks it;
 * an @awaited one (the stop reply gdb waits for) also after silence.
 */
static void gdb_send_reply(const char *s, size_t len, bool awaited)
{
	unsigned long silence_us = !awaited ? 0 : kgdb_io_ops->unreliable ?
				   GDB_RESEND_DGRAM_US : GDB_RESEND_US;
	bool late = !kgdb_io_ops->unreliable;
	int c;

	if (gdb_reply_overtaken())
		return;
	for (;;) {
		gdb_send_rle(s, len);
		if (gdb_session.noack)
			return;
		c = late ? KGDB_NO_CHAR : gdb_await_ack(GDB_RETRANSMIT_MIN_US);
		if (c == KGDB_NO_CHAR) {
			late = true;
			c = gdb_await_ack(silence_us);
		}
		if (c == KGDB_NO_CHAR)
			silence_us = MIN(2 * silence_us, GDB_RESEND_MAX_US);
		if (c == '-' || c == KGDB_NO_CHAR)
			continue;
		/* gdb went on to its next packet: take that as the ack. */
		rx_started = c == '$';
		rx_maybe_resent = rx_started && late && kgdb_io_ops->unreliable;
		return;
	}
}

/* Console text to gdb while the target runs: "O" + hex, never waiting for acks. */
void gdbstub_console_write(const char *s, size_t len)
{
	size_t n, i;
	u8 sum;

	while (len) {
		n = MIN(len, (size_t)(KGDB_PACKET_SIZE - 1) / 2);
		sum = 'O';
		gdb_putc('$');
		gdb_putc('O');
		for (i = 0; i < n; i++)
			put_hex_byte((u8)s[i], &sum);
		gdb_putc('#');
		gdb_putc(hex_asc[sum >> 4]);
		gdb_putc(hex_asc[sum & 0xf]);
		gdb_flush();
		if (!gdb_session.noack)
			acks_owed++;
		s += n;
		len -= n;
	}
}

/* ---------------------------------------------------------------- receive */

void rx_init(struct gdb_rx *rx, const char *p, size_t len)
{
	rx->p = p;
	rx->end = p + len;
}

bool rx_eof(const struct gdb_rx *rx)
{
	return rx->p >= rx->end;
}

int rx_char(struct gdb_rx *rx)
{
	return rx_eof(rx) ? -1 : (u8)*rx->p++;
}

/* Consume @c if it is next. */
bool rx_lit(struct gdb_rx *rx, char c)
{
	if (rx_eof(rx) || *rx->p != c)
		return false;
	rx->p++;
	return true;
}

/* A hex number of at least one digit that fits in a uintptr_t. */
bool rx_hex(struct gdb_rx *rx, uintptr_t *v)
{
	uintptr_t n = 0;
	int d, digits = 0;

	while (!rx_eof(rx) && (d = hex_to_bin(*rx->p)) >= 0) {
		if (n >> (sizeof(n) * 8 - 4))
			return false;
		n = n << 4 | (uintptr_t)d;
		rx->p++;
		digits++;
	}
	*v = n;
	return digits > 0;
}

/* A thread id: hex, or -1 for all threads. */
bool rx_tid(struct gdb_rx *rx, long *tid)
{
	uintptr_t v;

	if (rx_lit(rx, '-')) {
		if (!rx_lit(rx, '1'))
			return false;
		*tid = KGDB_TID_ALL;
		return true;
	}
	if (!rx_hex(rx, &v) || v > (uintptr_t)KGDB_TID_CPU_BASE + NR_CPUS)
		return false;
	*tid = (long)v;
	return true;
}

/* Up to @max bytes from pairs of hex digits; returns how many were read. */
size_t rx_hexbytes(struct gdb_rx *rx, u8 *dst, size_t max)
{
	size_t n = 0;
	int hi, lo;

	while (n < max && rx->end - rx->p >= 2) {
		hi = hex_to_bin(rx->p[0]);
		lo = hex_to_bin(rx->p[1]);
		if (hi < 0 || lo < 0)
			break;
		dst[n++] = (u8)(hi << 4 | lo);
		rx->p += 2;
	}
	return n;
}

/* Binary data with '}' escapes, to the end of the packet; -1 if malformed. */
long rx_binary(struct gdb_rx *rx, u8 *dst, size_t max)
{
	size_t n = 0;
	int c;

	while ((c = rx_char(rx)) >= 0) {
		if (c == GDB_ESCAPE) {
			c = rx_char(rx);
			if (c < 0)
				return -1;
			c ^= GDB_ESCAPE_XOR;
		}
		if (n == max)
			return -1;
		dst[n++] = (u8)c;
	}
	return (long)n;
}

/* ---------------------------------------------------------------- transmit */

void tx_begin(void)
{
	tx_len = 0;
	tx_overflow = false;
}

size_t tx_room(void)
{
	return sizeof(tx_buf) - tx_len;
}

void tx_char(char c)
{
	if (tx_len < sizeof(tx_buf))
		tx_buf[tx_len++] = c;
	else
		tx_overflow = true;
}

/* Replace a character already queued (a reply's type, once its length is known). */
void tx_patch(size_t pos, char c)
{
	if (pos < tx_len)
		tx_buf[pos] = c;
}

void tx_str(const char *s)
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

void tx_hexbytes(const u8 *buf, size_t len)
{
	while (len--) {
		tx_char(hex_asc[*buf >> 4]);
		tx_char(hex_asc[*buf++ & 0xf]);
	}
}

static bool must_escape(u8 c)
{
	return c == '#' || c == '$' || c == GDB_ESCAPE || c == GDB_RLE;
}

/* As many bytes of @buf as fit, escaped; returns how many went in. */
size_t tx_binary(const u8 *buf, size_t len)
{
	size_t n;

	for (n = 0; n < len; n++) {
		if (tx_room() < (must_escape(buf[n]) ? 2u : 1u))
			break;
		if (must_escape(buf[n])) {
			tx_char(GDB_ESCAPE);
			tx_char((char)(buf[n] ^ GDB_ESCAPE_XOR));
		} else {
			tx_char((char)buf[n]);
		}
	}
	return n;
}

static void tx_send(bool awaited)
{
	/* Handlers size their replies; a reply that still did not fit is a bug
	 * that gdb must not see as data. */
	if (tx_overflow)
		tx_err(-E2BIG);
	else
		gdb_send_reply(tx_buf, tx_len, awaited);
}

void tx_end(void)
{
	tx_send(false);
}

void tx_end_awaited(void)
{
	tx_send(true);
}

void tx_reply(const char *s)
{
	tx_begin();
	tx_str(s);
	tx_end();
}

void tx_err(int err)
{
	u8 e = (u8)(err < 0 ? -err : err);

	tx_begin();
	tx_char('E');
	tx_hexbytes(&e, 1);
	tx_end();
}
