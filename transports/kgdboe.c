// SPDX-License-Identifier: MIT
/*
 * kgdboe: the debugger over UDP, on a polled NIC through netpoll. Chosen
 * with kgdboe=[src-port]@[local-ip]/[dev],[dst-port]@<peer-ip>/[peer-mac]
 * at boot (the netconsole syntax; plain "kgdboe" takes every default), or
 * at run time from the shell (kgdboe <config> | kgdboe on | kgdboe off).
 *
 * Each flush is one datagram (two for a reply over 8 KiB), so a reply and
 * the ack before it travel together; datagrams get lost, so the transport
 * is marked unreliable and the core keeps acks on and answers a resent
 * request again.
 *
 * Only one peer is answered: the configured one, or else the first that
 * sends a whole GDB packet, until it detaches (a new gdb from the same
 * address may take over: the old one may have died). Datagrams from
 * anyone else are dropped and counted.
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
#include <kernel/smp.h>
#include <kernel/string.h>
#include <kernel/tick_poll.h>
#include <net/netpoll.h>

#define KGDBOE_CONFIG_LEN	64
/* A power of two, so that the free-running indexes may wrap. */
#define KGDBOE_RX_SIZE		65536
/*
 * gdb reads its UDP socket BUFSIZ (8 KiB) at a time and loses the rest of
 * a longer datagram, so a longer reply goes out in more than one.
 */
#define KGDBOE_DATAGRAM_MAX	8192
#define KGDBOE_LOCK_WAIT_US	1000000UL
#define GDB_INTERRUPT		0x03

/* gdb's packets come in one datagram each. */
_Static_assert(CONFIG_KGDB_PACKET_SIZE + 8 <= NETPOLL_MAX_UDP,
	       "kgdboe: KGDB_PACKET_SIZE larger than a datagram netpoll can carry");

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

static u8 rx_ring[KGDBOE_RX_SIZE];
static size_t rx_head, rx_tail;			/* free-running */
static u8 tx_buf[KGDBOE_DATAGRAM_MAX];
static size_t tx_len;
static bool break_in_pending;

static struct {
	unsigned long rx_datagrams;	/* from the peer, queued for the debugger */
	unsigned long rx_foreign;	/* from anyone else: dropped */
	unsigned long rx_overflow;	/* from the peer, no room: dropped */
	unsigned long tx_datagrams;
	unsigned long tx_no_peer;	/* flushes with nobody to send to */
	unsigned long lock_stolen;	/* the NIC's user never came back */
	unsigned long nic_interrupts;	/* polls the NIC's interrupt asked for */
} kgdboe_count;

/*
 * Who uses the NIC: the tick, a CPU writing console text to gdb, or the
 * debugger's master (from pre_exception to post_exception). Recursive for
 * the master, whose flushes come inside its own hold.
 */
static int nic_owner = -1;
static unsigned int nic_depth;

static bool nic_trylock(unsigned long wait_us)
{
	int cpu = (int)smp_processor_id(), free;
	unsigned long waited = 0;

	/* Only the master nests (its flushes); a tick inside a console write must not. */
	if (__atomic_load_n(&nic_owner, __ATOMIC_ACQUIRE) == cpu && kgdb_active()) {
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

/* ------------------------------------------------------------ receive */

static size_t rx_used(void)
{
	return rx_head - rx_tail;
}

/*
 * The body of the first whole "$...#xx" with the right checksum in @data,
 * or NULL.
 */
static const u8 *gdb_packet(const u8 *data, size_t len, size_t *body_len)
{
	size_t i, start;
	int hi, lo;
	u8 sum;

	for (start = 0; start < len; start++) {
		if (data[start] != '$')
			continue;
		sum = 0;
		for (i = start + 1; i < len && data[i] != '#' && data[i] != '$'; i++)
			sum += data[i];
		if (i + 2 >= len || data[i] != '#')
			continue;
		hi = hex_to_bin((char)data[i + 1]);
		lo = hex_to_bin((char)data[i + 2]);
		if (hi >= 0 && lo >= 0 && (u8)(hi << 4 | lo) == sum) {
			*body_len = i - start - 1;
			return data + start + 1;
		}
	}
	return NULL;
}

static bool starts_with(const u8 *body, size_t len, const char *s)
{
	size_t n = strlen(s);

	return len >= n && !memcmp(body, s, n);
}

static bool contains(const u8 *data, size_t len, u8 c)
{
	for (; len; len--)
		if (*data++ == c)
			return true;
	return false;
}

static bool only_acks(const u8 *data, size_t len)
{
	for (; len; len--, data++)
		if (*data != '+' && *data != '-')
			return false;
	return true;
}

/*
 * Whether the sender may talk to the debugger. The first whole packet
 * from an allowed peer starts a session; the session's peer is the only
 * one heard until it ends, except that a new client on the same host (a
 * gdb restarted after its predecessor died) takes over with its first
 * packet.
 */
static bool kgdboe_accept(u32 ip, u16 port, const u8 *mac, const u8 *data, size_t len)
{
	const u8 *body;
	size_t body_len;

	if (kgdboe_owner.ip && ip == kgdboe_owner.ip && port == kgdboe_owner.port)
		return true;
	if (kgdboe_allowed.ip && ip != kgdboe_allowed.ip)
		return false;
	if (kgdboe_allowed.port && port != kgdboe_allowed.port)
		return false;
	body = gdb_packet(data, len, &body_len);
	if (!body)
		return false;
	if (kgdboe_owner.ip && (ip != kgdboe_owner.ip ||
				(!starts_with(body, body_len, "qSupported") &&
				 !starts_with(body, body_len, "QStartNoAckMode"))))
		return false;
	kgdboe_owner = (struct kgdboe_peer){ .ip = ip, .port = port };
	kgdboe_np.remote_ip = ip;
	kgdboe_np.remote_port = port;
	memcpy(kgdboe_np.remote_mac, mac, ETH_ALEN);
	kgdboe_np.remote_mac_known = true;
	return true;
}

static void kgdboe_rx(struct netpoll *np, u32 ip, u16 port, const u8 *mac,
		      const u8 *data, size_t len)
{
	size_t i;

	if (!kgdboe_accept(ip, port, mac, data, len)) {
		/* gdb's last ack after its detach is no stranger's. */
		if (!only_acks(data, len))
			kgdboe_count.rx_foreign++;
		return;
	}
	if (!kgdb_active()) {
		/* Running: only an interrupt or a packet matters, not stale acks. */
		if (!contains(data, len, GDB_INTERRUPT) && !contains(data, len, '$'))
			return;
		break_in_pending = true;
	}
	if (KGDBOE_RX_SIZE - rx_used() < len) {
		kgdboe_count.rx_overflow++;
		return;
	}
	for (i = 0; i < len; i++)
		rx_ring[rx_head++ % KGDBOE_RX_SIZE] = data[i];
	kgdboe_count.rx_datagrams++;
}

static int kgdboe_read_char(void)
{
	if (!rx_used())
		netpoll_poll(&kgdboe_np);
	if (!rx_used())
		return KGDB_NO_CHAR;
	return rx_ring[rx_tail++ % KGDBOE_RX_SIZE];
}

/* ------------------------------------------------------------ transmit */

static void kgdboe_send(void)
{
	if (!tx_len)
		return;
	if (!kgdboe_np.remote_ip || !kgdboe_np.remote_port)
		kgdboe_count.tx_no_peer++;
	else if (!netpoll_send_udp(&kgdboe_np, tx_buf, tx_len))
		kgdboe_count.tx_datagrams++;
	tx_len = 0;
}

/*
 * The master holds the NIC for its whole session; console text to gdb
 * (kgdbcon, any CPU, the kernel running) takes it byte by byte, so that
 * the tick may send what is there between two bytes. Text that cannot
 * have it within a second is dropped rather than hang the kernel.
 */
static void kgdboe_flush(void)
{
	if (!nic_trylock(KGDBOE_LOCK_WAIT_US))
		return;
	kgdboe_send();
	nic_unlock();
}

static void kgdboe_write_char(u8 c)
{
	if (!nic_trylock(KGDBOE_LOCK_WAIT_US))
		return;
	if (tx_len == sizeof(tx_buf))
		kgdboe_send();
	tx_buf[tx_len++] = c;
	nic_unlock();
}

/* ------------------------------------------------------------ debugger hooks */

static void kgdboe_pre_exception(void)
{
	if (nic_trylock(KGDBOE_LOCK_WAIT_US))
		return;
	/* Its user was stopped inside (a breakpoint in the driver): go on. */
	kgdboe_count.lock_stolen++;
	__atomic_store_n(&nic_owner, (int)smp_processor_id(), __ATOMIC_RELEASE);
	nic_depth = 1;
}

/* A packet still unread when the debugger leaves (a new gdb's first). */
static bool rx_holds_packet(void)
{
	size_t i;

	for (i = rx_tail; i != rx_head; i++)
		if (rx_ring[i % KGDBOE_RX_SIZE] == '$')
			return true;
	return false;
}

static void kgdboe_post_exception(void)
{
	/* The next tick breaks in again for it. */
	if (rx_holds_packet())
		break_in_pending = true;
	/* The ack of a resume waits here for its stop reply, or the next tick. */
	nic_unlock();
}

static void kgdboe_session_end(void)
{
	/* Bytes still unread are a new client's, who took over meanwhile. */
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
	.read_char = kgdboe_read_char,
	.write_char = kgdboe_write_char,
	.flush = kgdboe_flush,
	.init = kgdboe_init,
	.pre_exception = kgdboe_pre_exception,
	.post_exception = kgdboe_post_exception,
	.session_end = kgdboe_session_end,
	.unreliable = true,
};

/*
 * While the kernel runs, from the NIC's interrupt and every tick: the
 * NIC's receive, and what waits to go out (the ack of a resume).
 */
static void kgdboe_poll(void)
{
	if (!READ_ONCE(kgdboe_on) || kgdb_active() || !nic_trylock(0))
		return;
	netpoll_poll(&kgdboe_np);
	kgdboe_send();
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

/* Make @config the transport; on any error nothing changes. */
static int kgdboe_configure(const char *config)
{
	struct netpoll np = { 0 };
	int err = -EINVAL;

	if (strlen(config) < KGDBOE_CONFIG_LEN)
		err = netpoll_parse_config(&np, config);
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
	rx_head = rx_tail = tx_len = 0;
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
	pprintf(out, "  tx: %lu datagrams, %lu with no peer\n",
		kgdboe_count.tx_datagrams, kgdboe_count.tx_no_peer);
	pprintf(out, "  net: %lu frames in, %lu udp, %lu arp, %lu bad, %lu other, "
		"%lu fragments dropped; %lu frames out, %lu errors\n",
		n->rx_frames, n->rx_udp, n->rx_arp, n->rx_bad, n->rx_other,
		n->rx_frag_dropped, n->tx_frames, n->tx_errors);
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
