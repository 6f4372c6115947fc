// SPDX-License-Identifier: MIT
/*
 * kgdboe: the debugger over UDP, on a polled NIC through netpoll. Chosen
 * with kgdboe=[src-port]@[local-ip]/[dev],[dst-port]@<peer-ip>/[peer-mac]
 * at boot (the netconsole syntax; plain "kgdboe" takes every default), or
 * at run time from the shell (kgdboe <config> | kgdboe on | kgdboe off).
 *
 * A packet transport (struct kgdb_io): datagrams arrive whole or not at
 * all, so the core hands it whole GDB packets and it keeps them whole
 * itself, with gdb's own means: each request is acked in the datagram
 * that carries its reply (so the two arrive together or not at all), a
 * request gdb sends again because that datagram was lost gets the same
 * reply again instead of running twice (and a copy gdb sent before that
 * datagram reached it gets none), and the stop reply gdb waits for
 * after a resume goes out again while gdb stays silent.
 *
 * Only one peer is answered: the configured one, or else the first that
 * sends a whole GDB packet, until it detaches (a new gdb from the same
 * address may take over with its first packet: the old one may have
 * died). Datagrams from anyone else are dropped and counted.
 *
 * While the kernel runs, the NIC's interrupt (where it has one) and every
 * tick poll it: gdb's interrupt byte or a packet from the peer breaks in.
 * The debugger and those polls never use the NIC at once: the master
 * waits for one to finish before it rounds the other CPUs up.
 */
#include <kgdb.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/jiffies.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/shell.h>
#include <kernel/slab.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <kernel/tick_poll.h>
#include <net/netpoll.h>

#define KGDBOE_CONFIG_LEN	64
/* Packets waiting for the debugger; a power of two, so that the indexes may wrap. */
#define KGDBOE_RX_SIZE		65536
/* The last reply as it went out: '+', the frame and its checksum. */
#define KGDBOE_REPLY_SIZE	(CONFIG_KGDB_PACKET_SIZE + 8)
#define KGDBOE_RX_TOO_LONG	0x7fff	/* a record for a packet that did not fit */
#define KGDBOE_RX_UNACKED	0x8000	/* ... for one sent before gdb acked our reply */
/*
 * gdb reads its UDP socket BUFSIZ (8 KiB) at a time and loses the rest of
 * a longer datagram, so a longer reply goes out in more than one (the
 * unit test sets a smaller size).
 */
#ifndef KGDBOE_DATAGRAM_MAX
#define KGDBOE_DATAGRAM_MAX	8192
#endif
/* Acks and console text (O packets) go out through this much. */
#define KGDBOE_NOTICE_BUF	1024
#define KGDBOE_LOCK_WAIT_US	1000000UL
#define KGDBOE_POLL_US		10
/* Silence after a reply spun through (gdb's ack and next request come
 * sooner in a busy exchange); past it the master naps (kgdb_io_pause()). */
#define KGDBOE_SPIN_US		1000
/*
 * gdb always asks something right after a stop, and acks monitor output
 * at once: silence that long after a stop reply, or after output it has
 * not acked, means it was lost (twice as long each time, up to the cap).
 */
#define KGDBOE_RESEND_US	2000000UL
#define KGDBOE_RESEND_MAX_US	60000000UL
/*
 * gdb sends a request again when neither our ack nor our reply reached it,
 * after its remotetimeout (2 s by default): a copy that comes later than
 * this after our reply. gdb acks a reply it got sooner than this.
 */
#define KGDBOE_COPY_MIN_US	500000UL
#define GDB_INTERRUPT		0x03

/* gdb's packets come in one datagram each. */
_Static_assert(CONFIG_KGDB_PACKET_SIZE + 8 <= NETPOLL_MAX_UDP,
	       "kgdboe: KGDB_PACKET_SIZE larger than a datagram netpoll can carry");
_Static_assert(CONFIG_KGDB_PACKET_SIZE < KGDBOE_RX_TOO_LONG,
	       "kgdboe: a packet's length must leave its record's flag free");

struct kgdboe_peer {
	u32 ip;
	u16 port;		/* 0: any */
};

static char kgdboe_config[KGDBOE_CONFIG_LEN];
static bool kgdboe_requested;	/* on the command line, plain or with a config */
static bool kgdboe_on;
static bool kgdboe_nic_irq;	/* the NIC tells us of frames; else the tick alone */
static struct netpoll kgdboe_np;
static struct kgdboe_peer kgdboe_allowed;	/* from the config (ip 0: anyone) */
static struct kgdboe_peer kgdboe_owner;		/* the session's peer (ip 0: none) */

/*
 * The peer's packets, whole: a two-byte length (little-endian) with
 * KGDBOE_RX_UNACKED, then the payload. It, reply[] and tx_buf[] are
 * taken from the heap as kgdboe first starts: a kernel without kgdboe=
 * does not carry them.
 */
static u8 *rx_ring;
static size_t rx_head, rx_tail;			/* free-running */
static bool break_in_pending;
static bool nak_owed;		/* a damaged packet came: gdb gets a '-' */
static bool resend_wanted;	/* gdb NAKed the last reply */

/* What keeps the peer's packets whole (debugger context, but @ack_owed). */
static struct {
	bool ack_owed;		/* the last packet received is not acked yet */
	u32 req_hash;		/* the last request, to tell a copy of it */
	int req_len;		/* ... -1: none */
	bool answered;		/* the last reply answers the last request */
	bool acked;		/* ... and gdb acked it */
	bool stop;		/* ... it is a stop reply */
	unsigned long quiet_us;	/* how long since it went out */
	unsigned long resend_us;	/* a stop reply goes out again after this */
	unsigned long notices;	/* O packets gdb has not acked yet */
} rel;
/* The last reply as it went out ('+' and the frame), for a peer that lost it. */
static u8 *reply;
static size_t reply_len;
static u8 *tx_buf;
static size_t tx_len;

static struct {
	unsigned long rx_datagrams;	/* from the peer, queued for the debugger */
	unsigned long rx_foreign;	/* from anyone else: dropped */
	unsigned long rx_overflow;	/* from the peer, no room: dropped */
	unsigned long tx_datagrams;
	unsigned long tx_no_peer;	/* sends with nobody to send to */
	unsigned long resent;		/* replies sent again for a peer that lost them */
	unsigned long lock_stolen;	/* the NIC's user never came back */
	unsigned long nic_interrupts;	/* polls the NIC's interrupt asked for */
	unsigned long resume_copies;	/* a resume's copies that came as the kernel ran */
} kgdboe_count;

/*
 * Who uses the NIC: the tick, a CPU writing console text to gdb, or the
 * debugger's master (from pre_exception to post_exception). Recursive for
 * the master, whose sends come inside its own hold.
 */
static int nic_owner = -1;
static unsigned int nic_depth;
/*
 * A CPU serves gdb (from pre_exception to post_exception). Not while a
 * CPU gdb continued alone runs, which keeps the debugger but not the
 * line: the tick sends the resume's ack and hears gdb's interrupt then.
 */
static bool kgdboe_serving;

static bool nic_trylock(unsigned long wait_us)
{
	int cpu = (int)smp_processor_id(), free;
	unsigned long waited = 0;

	/* Only the master nests (its sends); a tick inside a console write must not. */
	if (__atomic_load_n(&nic_owner, __ATOMIC_ACQUIRE) == cpu && READ_ONCE(kgdboe_serving)) {
		nic_depth++;
		return true;
	}
	for (;;) {
		free = -1;
		if (__atomic_compare_exchange_n(&nic_owner, &free, cpu, false,
						__ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
			nic_depth = 1;
			return true;
		}
		if (waited >= wait_us)
			return false;
		udelay(10);
		waited += 10;
	}
}

static void nic_unlock(void)
{
	if (--nic_depth == 0)
		__atomic_store_n(&nic_owner, -1, __ATOMIC_RELEASE);
}

static size_t rx_used(void)
{
	return rx_head - rx_tail;
}

/* ------------------------------------------------------------ transmit */

/* @len bytes to the peer, in datagrams gdb reads whole. The NIC is ours. */
static void kgdboe_send(const u8 *data, size_t len)
{
	size_t n;

	for (; len; data += n, len -= n) {
		n = MIN(len, (size_t)KGDBOE_DATAGRAM_MAX);
		if (!kgdboe_np.remote_ip || !kgdboe_np.remote_port)
			kgdboe_count.tx_no_peer++;
		else if (!netpoll_send_udp(&kgdboe_np, data, n))
			kgdboe_count.tx_datagrams++;
	}
}

static void tx_flush(void)
{
	kgdboe_send(tx_buf, tx_len);
	tx_len = 0;
}

static void tx_put(u8 c, void *ctx)
{
	if (tx_len == KGDBOE_NOTICE_BUF)
		tx_flush();
	tx_buf[tx_len++] = c;
}

static void reply_put(u8 c, void *ctx)
{
	if (reply_len < KGDBOE_REPLY_SIZE)
		reply[reply_len++] = c;
}

/* The ack of a packet that had no reply (a resume), on its own. */
static void send_owed_ack(void)
{
	if (!rel.ack_owed)
		return;
	rel.ack_owed = false;
	tx_put('+', NULL);
	tx_flush();
}

static void resend_reply(void)
{
	kgdboe_count.resent++;
	rel.quiet_us = 0;
	kgdboe_send(reply, reply_len);
}

/* ------------------------------------------------------------ receive */

static void rx_queue(const u8 *body, size_t len, bool unacked)
{
	size_t i, rec = len <= CONFIG_KGDB_PACKET_SIZE ? len : KGDBOE_RX_TOO_LONG;
	size_t flags = unacked ? KGDBOE_RX_UNACKED : 0;

	if (KGDBOE_RX_SIZE - rx_used() < 2 + (rec == len ? len : 0)) {
		kgdboe_count.rx_overflow++;
		return;
	}
	rx_ring[rx_head++ % KGDBOE_RX_SIZE] = (u8)rec;
	rx_ring[rx_head++ % KGDBOE_RX_SIZE] = (u8)((rec | flags) >> 8);
	for (i = 0; rec == len && i < len; i++)
		rx_ring[rx_head++ % KGDBOE_RX_SIZE] = body[i];
}

/* The oldest packet into @buf: its length, or -E2BIG; and how it came. */
static int rx_dequeue(char *buf, size_t size, bool *unacked)
{
	size_t len = rx_ring[rx_tail++ % KGDBOE_RX_SIZE], i;

	len |= (size_t)rx_ring[rx_tail++ % KGDBOE_RX_SIZE] << 8;
	*unacked = len & KGDBOE_RX_UNACKED;
	len &= ~(size_t)KGDBOE_RX_UNACKED;
	if (len == KGDBOE_RX_TOO_LONG)
		return -E2BIG;
	for (i = 0; i < len; i++) {
		if (i < size)
			buf[i] = (char)rx_ring[rx_tail % KGDBOE_RX_SIZE];
		rx_tail++;
	}
	return len <= size ? (int)len : -E2BIG;
}

/* A byte outside frames: an ack, a NAK, or gdb's interrupt. */
static void rx_signal(u8 c)
{
	if (!READ_ONCE(kgdboe_serving)) {
		/* Running: only an interrupt matters, not stale acks. */
		if (c == GDB_INTERRUPT)
			break_in_pending = true;
		return;
	}
	if (c == '+' && rel.notices)
		rel.notices--;
	else if (c == '+')
		rel.acked = true;
	else if (c == '-' && reply_len && !rel.acked)
		resend_wanted = true;
}

/*
 * Whether the sender may talk to the debugger. The first whole packet
 * from an allowed peer starts a session; the session's peer is the only
 * one heard until it ends, except that a new client on the same host (a
 * gdb restarted after its predecessor died) takes over with the first
 * packet of its session.
 */
static bool kgdboe_accept(u32 ip, u16 port, const u8 *mac, const u8 *data, size_t len)
{
	const struct kgdb_framing *fr = kgdb_line_framing();
	const u8 *body;
	size_t body_len, end;

	if (kgdboe_owner.ip && ip == kgdboe_owner.ip && port == kgdboe_owner.port)
		return true;
	if (kgdboe_allowed.ip && ip != kgdboe_allowed.ip)
		return false;
	if (kgdboe_allowed.port && port != kgdboe_allowed.port)
		return false;
	if (fr->scan(data, len, &body, &body_len, &end) != KGDB_FRAME_OK)
		return false;
	if (kgdboe_owner.ip && (ip != kgdboe_owner.ip || !fr->session_opener(body, body_len)))
		return false;
	kgdboe_owner = (struct kgdboe_peer){ .ip = ip, .port = port };
	kgdboe_np.remote_ip = ip;
	kgdboe_np.remote_port = port;
	memcpy(kgdboe_np.remote_mac, mac, ETH_ALEN);
	kgdboe_np.remote_mac_known = true;
	return true;
}

/*
 * While the kernel runs after a resume, whose request nothing answered
 * yet, gdb sends nothing new until the stop reply: a packet the same as
 * that request is a copy, sent because our ack missed gdb's timeout (the
 * machine stalled). It gets the ack again; taken as new, it would stop
 * the kernel for nothing and resume it a second time, and a copy that
 * the master then took after a stop would run past that stop.
 */
static bool resume_copy(const u8 *body, size_t len, bool new_peer)
{
	return !READ_ONCE(kgdboe_serving) && !new_peer && !rel.answered &&
	       rel.req_len == (int)len &&
	       kgdb_line_framing()->hash((const char *)body, len) == rel.req_hash;
}

/*
 * A datagram: its whole packets are queued for the debugger (and break
 * in while the kernel runs); a damaged or unfinished one is NAKed.
 */
static void kgdboe_rx(struct netpoll *np, u32 ip, u16 port, const u8 *mac,
		      const u8 *data, size_t len)
{
	bool new_peer = ip != kgdboe_owner.ip || port != kgdboe_owner.port;
	const struct kgdb_framing *fr = kgdb_line_framing();
	enum kgdb_frame f;
	const u8 *body;
	size_t body_len, end, i;

	if (!kgdboe_accept(ip, port, mac, data, len)) {
		/* gdb's last ack after its detach is no stranger's. */
		for (i = 0; i < len && (data[i] == '+' || data[i] == '-'); i++)
			;
		if (i < len)
			kgdboe_count.rx_foreign++;
		return;
	}
	kgdboe_count.rx_datagrams++;
	while (len) {
		f = fr->scan(data, len, &body, &body_len, &end);
		for (i = 0; i < (f == KGDB_FRAME_NONE ? end : (size_t)(body - 1 - data)); i++)
			rx_signal(data[i]);
		if (f == KGDB_FRAME_NONE && end == len)
			break;
		if (f == KGDB_FRAME_OK && resume_copy(body, body_len, new_peer)) {
			kgdboe_count.resume_copies++;
			rel.ack_owed = true;
		} else {
			/*
			 * Sent before gdb had our reply to its last request
			 * (none yet, or not acked): perhaps a copy of it.
			 */
			if (f == KGDB_FRAME_OK)
				rx_queue(body, body_len, READ_ONCE(kgdboe_serving) && !new_peer &&
					 (!rel.answered || !rel.acked));
			else
				nak_owed = true;
			if (!READ_ONCE(kgdboe_serving))
				break_in_pending = true;
		}
		if (f == KGDB_FRAME_NONE)
			break;
		data += end;
		len -= end;
	}
}

/*
 * One turn of the debugger's wait: what the NIC holds, the NAK owed for a
 * damaged packet, and the last reply again if gdb NAKed it or, where gdb
 * waits for it without a timeout of its own (@silence_resends), if gdb
 * has said nothing for a while.
 */
static void kgdboe_wait_turn(bool silence_resends)
{
	netpoll_poll(&kgdboe_np);
	if (nak_owed) {
		nak_owed = false;
		tx_put('-', NULL);
		tx_flush();
	}
	if (resend_wanted) {
		resend_wanted = false;
		resend_reply();
	}
	if (silence_resends && !rel.acked && rel.quiet_us >= rel.resend_us) {
		resend_reply();
		rel.resend_us = MIN(2 * rel.resend_us, KGDBOE_RESEND_MAX_US);
	}
	if (rel.quiet_us < KGDBOE_SPIN_US) {
		udelay(KGDBOE_POLL_US);
		rel.quiet_us += KGDBOE_POLL_US;
	} else {
		rel.quiet_us += kgdb_io_pause(rel.quiet_us);
	}
}

enum kgdboe_copy { NOT_A_COPY, COPY_SEEN, COPY_LOST };

/*
 * A packet the same as the last request, which gdb sent before it acked
 * our reply to that request (@unacked), is one of: a copy gdb sent after
 * its remotetimeout because the datagram with our ack and reply was lost;
 * a copy it sent before that datagram reached it (the machine stalled,
 * and its NIC then took what was queued one datagram at a time), which
 * gdb acks next; or, its ack lost, gdb's next packet, the same one (a
 * second step) and soon after our reply. gdb's ack tells, given the time
 * a copy takes to come; a session opener gdb never sends twice in a row.
 */
static enum kgdboe_copy copy_kind(const char *buf, int len, bool unacked)
{
	unsigned long since_reply = rel.quiet_us;
	unsigned long until = MAX(since_reply + KGDBOE_POLL_US, KGDBOE_COPY_MIN_US);
	const struct kgdb_framing *fr = kgdb_line_framing();

	if (!unacked || !rel.answered || len != rel.req_len ||
	    fr->hash(buf, (size_t)len) != rel.req_hash)
		return NOT_A_COPY;
	while (!rel.acked && !rx_used() && rel.quiet_us < until)
		kgdboe_wait_turn(false);
	if (rel.acked)
		return COPY_SEEN;
	if (since_reply >= KGDBOE_COPY_MIN_US || fr->session_opener((const u8 *)buf, (size_t)len))
		return COPY_LOST;
	return NOT_A_COPY;
}

static int kgdboe_get_packet(char *buf, size_t size)
{
	enum kgdboe_copy copy;
	bool unacked;
	int len;

	for (;;) {
		if (rx_used()) {
			len = rx_dequeue(buf, size, &unacked);
			copy = len >= 0 ? copy_kind(buf, len, unacked) : NOT_A_COPY;
			/* A copy gets our reply again only if gdb did not get it. */
			if (copy == COPY_LOST)
				resend_reply();
			if (copy != NOT_A_COPY)
				continue;
			rel.notices = 0;	/* gdb acked them all before this packet */
			rel.ack_owed = true;
			rel.answered = false;
			rel.req_len = len;
			rel.req_hash = len >= 0 ? kgdb_line_framing()->hash(buf, (size_t)len) : 0;
			return len;
		}
		kgdboe_wait_turn(rel.stop);
	}
}

/*
 * Console text from any CPU while the kernel runs, which takes the NIC
 * for the packet: text that cannot have it within a second is dropped
 * rather than hang the kernel. Replies come from the master, which holds
 * the NIC for its whole session. A request that gets more than one reply
 * (monitor output, then OK) has each acked before the next goes out.
 */
static void kgdboe_put_packet(const char *payload, size_t len, enum kgdb_packet_kind kind)
{
	if (kind == KGDB_PACKET_NOTICE) {
		if (!nic_trylock(KGDBOE_LOCK_WAIT_US))
			return;
		if (rel.ack_owed)
			tx_put('+', NULL);
		rel.ack_owed = false;
		kgdb_line_framing()->emit(payload, len, tx_put, NULL);
		tx_flush();
		rel.notices++;
		nic_unlock();
		return;
	}
	while (rel.answered && !rel.acked && !rx_used())
		kgdboe_wait_turn(true);
	/*
	 * gdb sent its request again meanwhile: the copy gets the reply. Not
	 * a resume's: run again, it would step or continue twice, and gdb
	 * would wait for good for the stop it missed. Its copy is one.
	 */
	netpoll_poll(&kgdboe_np);
	if (kind != KGDB_PACKET_STOP && rx_used())
		return;
	/*
	 * A stop reply carries its resume's ack again, though a tick or an O
	 * packet sent it: gdb drops a packet that comes while it waits for
	 * its ack, and a lost ack would cost it this reply, and then the
	 * copy of its resume that it sends after its ack (a new resume, to
	 * us) the stop. gdb skips a '+' it does not wait for.
	 */
	reply_len = 0;
	if (rel.ack_owed || kind == KGDB_PACKET_STOP)
		reply_put('+', NULL);
	rel.ack_owed = false;
	kgdb_line_framing()->emit(payload, len, reply_put, NULL);
	rel.answered = true;
	rel.acked = false;
	rel.stop = kind == KGDB_PACKET_STOP;
	rel.quiet_us = 0;
	rel.resend_us = KGDBOE_RESEND_US;
	kgdboe_send(reply, reply_len);
}

/* ------------------------------------------------------------ debugger hooks */

static void kgdboe_pre_exception(void)
{
	/* First: a send of this CPU's that the trap interrupted is nested in. */
	WRITE_ONCE(kgdboe_serving, true);
	if (nic_trylock(KGDBOE_LOCK_WAIT_US))
		return;
	/* Its user was stopped inside (a breakpoint in the driver): go on. */
	kgdboe_count.lock_stolen++;
	__atomic_store_n(&nic_owner, (int)smp_processor_id(), __ATOMIC_RELEASE);
	nic_depth = 1;
}

static void kgdboe_post_exception(void)
{
	/* A packet still unread (a new gdb's first): the next tick breaks in for it. */
	if (rx_used())
		break_in_pending = true;
	/* The ack of a resume waits here for its stop reply, or the next tick. */
	nic_unlock();
	WRITE_ONCE(kgdboe_serving, false);
}

/* Nothing of an earlier peer's packets is left (a new configuration). */
static void kgdboe_forget(void)
{
	rx_head = rx_tail = tx_len = reply_len = 0;
	nak_owed = resend_wanted = break_in_pending = false;
	memset(&rel, 0, sizeof(rel));
	rel.req_len = -1;
}

static void kgdboe_session_end(void)
{
	/* Packets still unread are a new client's, who took over meanwhile. */
	if (rx_used())
		return;
	kgdboe_owner = (struct kgdboe_peer){ 0 };
	kgdboe_np.remote_ip = kgdboe_allowed.ip;
	kgdboe_np.remote_port = kgdboe_allowed.port;
	kgdboe_np.remote_mac_known = false;
}

static int kgdboe_init(void)
{
	return netpoll_setup(&kgdboe_np);
}

static struct kgdb_io kgdboe_io = {
	.name = "kgdboe",
	.get_packet = kgdboe_get_packet,
	.put_packet = kgdboe_put_packet,
	.init = kgdboe_init,
	.pre_exception = kgdboe_pre_exception,
	.post_exception = kgdboe_post_exception,
	.session_end = kgdboe_session_end,
};

/*
 * While the kernel runs, from the NIC's interrupt and every tick: the
 * NIC's receive, and what waits to go out (the ack of a resume).
 */
static void kgdboe_poll(void)
{
	if (!READ_ONCE(kgdboe_on) || READ_ONCE(kgdboe_serving) || !nic_trylock(0))
		return;
	netpoll_poll(&kgdboe_np);
	send_owed_ack();
	nic_unlock();
	if (break_in_pending) {
		break_in_pending = false;
		kgdb_interrupt();
	}
}

static struct tick_poll kgdboe_tick_poll = { .fn = kgdboe_poll };

static void kgdboe_nic_interrupt(struct net_device *dev)
{
	kgdboe_count.nic_interrupts++;
	kgdboe_poll();
}

/* Hear of frames from the NIC's interrupt where it has one. */
static void kgdboe_listen(bool on)
{
	const struct net_device_ops *ops = kgdboe_np.dev->ops;

	if (!ops->set_rx_notify || (!on && !kgdboe_nic_irq))
		return;
	kgdboe_nic_irq = !ops->set_rx_notify(kgdboe_np.dev, on ? kgdboe_nic_interrupt : NULL) &&
			 on;
}

/* ------------------------------------------------------------ configuration */

static void kgdboe_detach(void)
{
	if (!kgdboe_on)
		return;
	WRITE_ONCE(kgdboe_on, false);
	kgdboe_listen(false);
	tick_poll_unregister(&kgdboe_tick_poll);
	kgdb_unregister_io_module(&kgdboe_io);
	kgdboe_config[0] = '\0';
}

static const char *kgdboe_strerror(int err)
{
	switch (err) {
	case -EINVAL:
		return "expected [src-port]@[local-ip]/[dev],[dst-port]@<peer-ip>/[peer-mac]";
	case -ENODEV:
		return "no such network device";
	case -EBUSY:
		return "another debugger transport is registered";
	case -ENOMEM:
		return "no memory for its buffers";
	default:
		return "error";
	}
}

/* The peer the config allows: a dst-port only when one was written. */
static struct kgdboe_peer kgdboe_allowed_peer(const struct netpoll *np, const char *config)
{
	const char *comma = strchr(config, ',');
	struct kgdboe_peer p = { .ip = np->remote_ip };

	if (comma && comma[1] != '@')
		p.port = np->remote_port;
	return p;
}

/* Once, in normal context (the debugger never allocates); kept for good. */
static int kgdboe_alloc(void)
{
	if (!rx_ring)
		rx_ring = kmalloc(KGDBOE_RX_SIZE);
	if (!reply)
		reply = kmalloc(KGDBOE_REPLY_SIZE);
	if (!tx_buf)
		tx_buf = kmalloc(KGDBOE_NOTICE_BUF);
	return rx_ring && reply && tx_buf ? 0 : -ENOMEM;
}

/* Make @config the transport; on any error nothing changes. */
static int kgdboe_configure(const char *config)
{
	struct netpoll np = { 0 };
	int err = -EINVAL;

	if (strlen(config) < KGDBOE_CONFIG_LEN)
		err = netpoll_parse_config(&np, config);
	if (!err)
		err = kgdboe_alloc();
	if (err) {
		pr_err("kgdboe: %s: %s\n", config, kgdboe_strerror(err));
		return err;
	}
	kgdboe_detach();
	np.rx = kgdboe_rx;
	kgdboe_np = np;
	kgdboe_allowed = kgdboe_allowed_peer(&np, config);
	kgdboe_np.remote_port = kgdboe_allowed.port;
	kgdboe_owner = (struct kgdboe_peer){ 0 };
	kgdboe_forget();
	err = kgdb_register_io_module(&kgdboe_io);
	if (err) {
		pr_err("kgdboe: %s: %s\n", config, kgdboe_strerror(err));
		return err;
	}
	WRITE_ONCE(kgdboe_on, true);
	tick_poll_register(&kgdboe_tick_poll);
	kgdboe_listen(true);
	netpoll_format_config(&kgdboe_np, kgdboe_config, sizeof(kgdboe_config));
	pr_info("kgdboe: debugger on %s, udp port %u\n", kgdboe_np.dev->name,
		kgdboe_np.local_port);
	return 0;
}

static int kgdboe_param(const char *val)
{
	if (val && strlen(val) >= KGDBOE_CONFIG_LEN)
		return -EINVAL;
	strlcpy(kgdboe_config, val ? val : "", sizeof(kgdboe_config));
	kgdboe_requested = true;
	return 0;
}
boot_param("kgdboe", kgdboe_param);

/* After the NIC drivers registered their devices. */
static int kgdboe_late_init(void)
{
	char config[KGDBOE_CONFIG_LEN];

	if (!kgdboe_requested)
		return 0;
	strlcpy(config, kgdboe_config, sizeof(config));
	if (kgdboe_configure(config))
		return 0;	/* reported; the kernel boots on without a debugger */
	kgdb_initial_breakpoint();
	return 0;
}
late_initcall(kgdboe_late_init);

static void kgdboe_show(struct printer *out)
{
	const struct netpoll_counters *n = &kgdboe_np.count;

	if (!kgdboe_on) {
		pprintf(out, "kgdboe: off\n");
		return;
	}
	pprintf(out, "kgdboe: %s\n", kgdboe_config);
	if (kgdboe_nic_irq)
		pprintf(out, "  heard by: the NIC's interrupt (%lu so far) and the tick\n",
			kgdboe_count.nic_interrupts);
	else
		pprintf(out, "  heard by: the tick\n");
	if (kgdboe_owner.ip)
		pprintf(out, "  session: %u.%u.%u.%u:%u\n", kgdboe_owner.ip >> 24,
			(kgdboe_owner.ip >> 16) & 0xff, (kgdboe_owner.ip >> 8) & 0xff,
			kgdboe_owner.ip & 0xff, kgdboe_owner.port);
	else
		pprintf(out, "  session: none\n");
	pprintf(out, "  rx: %lu datagrams, %lu from others dropped, %lu overflowed\n",
		kgdboe_count.rx_datagrams, kgdboe_count.rx_foreign, kgdboe_count.rx_overflow);
	pprintf(out, "  tx: %lu datagrams, %lu with no peer, %lu replies sent again\n",
		kgdboe_count.tx_datagrams, kgdboe_count.tx_no_peer, kgdboe_count.resent);
	pprintf(out, "  net: %lu frames in, %lu udp, %lu arp, %lu bad, %lu other, "
		"%lu fragments dropped; %lu frames out, %lu errors\n",
		n->rx_frames, n->rx_udp, n->rx_arp, n->rx_bad, n->rx_other,
		n->rx_frag_dropped, n->tx_frames, n->tx_errors);
	if (kgdboe_count.resume_copies)
		pprintf(out, "  resumes gdb sent again as the kernel ran: %lu (acked again)\n",
			kgdboe_count.resume_copies);
	if (kgdboe_count.lock_stolen)
		pprintf(out, "  nic taken over %lu times\n", kgdboe_count.lock_stolen);
}

static int cmd_kgdboe(struct printer *out, int argc, char **argv)
{
	if (argc == 1) {
		kgdboe_show(out);
		return 0;
	}
	if (argc != 2) {
		pprintf(out, "usage: kgdboe [<config> | on | off]\n");
		return -EINVAL;
	}
	if (!strcmp(argv[1], "off")) {
		kgdboe_detach();
		pprintf(out, "kgdboe: off\n");
		return 0;
	}
	if (kgdboe_configure(strcmp(argv[1], "on") ? argv[1] : ""))
		return -EINVAL;
	pprintf(out, "kgdboe: %s\n", kgdboe_config);
	return 0;
}
SHELL_COMMAND(kgdboe, "kgdboe [<config> | on | off]: show or set the debugger's UDP port",
	      cmd_kgdboe);
