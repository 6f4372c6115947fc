/* SPDX-License-Identifier: MIT */
/*
 * netpoll: UDP over IPv4 over Ethernet for polled users (kgdboe), with
 * interrupts off and no allocation. One struct netpoll is one local UDP
 * port on one device, talking to one peer.
 *
 * Receive: netpoll_poll() takes every frame the device holds and runs
 * netpoll_rx_frame() on it: ARP requests for our address are answered and
 * ARP replies from the peer's address teach us its MAC; IPv4 (header
 * checksum checked, fragments reassembled one datagram at a time) carrying
 * UDP (checksum checked when not 0) to our port is handed to ->rx. All
 * else is dropped and counted.
 *
 * Send: netpoll_send_udp() to the peer, IPv4 fragments when the datagram
 * is larger than one frame, UDP checksum computed.
 *
 * The frame and reassembly buffers are static: one struct netpoll is
 * live at a time, and ->rx must not call netpoll_poll() again.
 */
#ifndef _NET_NETPOLL_H
#define _NET_NETPOLL_H

#include <kernel/netdev.h>
#include <kernel/types.h>

/* Largest UDP payload sent or reassembled (a 16 KiB GDB packet and framing). */
#define NETPOLL_MAX_UDP		(16384 + 64)

struct netpoll;

struct netpoll_counters {
	unsigned long rx_frames;	/* frames taken from the device */
	unsigned long rx_udp;		/* datagrams handed to ->rx */
	unsigned long rx_arp;		/* ARP frames answered or learnt from */
	unsigned long rx_bad;		/* malformed: bad length, checksum, header */
	unsigned long rx_other;		/* not for us: other address, port, protocol */
	unsigned long rx_frag_dropped;	/* incomplete datagrams given up for a newer one */
	unsigned long tx_frames;
	unsigned long tx_errors;
};

struct netpoll {
	struct net_device *dev;
	u32 local_ip;			/* host byte order */
	u16 local_port;
	u32 remote_ip;			/* 0: not configured */
	u16 remote_port;		/* 0: not configured */
	u8 remote_mac[ETH_ALEN];
	bool remote_mac_known;
	/*
	 * A whole UDP datagram to local_port from any source; the user
	 * decides whom to answer. @src_mac is the frame's sender.
	 */
	void (*rx)(struct netpoll *np, u32 src_ip, u16 src_port,
		   const u8 *src_mac, const u8 *data, size_t len);
	struct netpoll_counters count;
	void *priv;			/* the user's */
};

/*
 * Parse the netconsole syntax
 *   [src-port]@[local-ip]/[dev],[dst-port]@<peer-ip>/[peer-mac]
 * into @np (dev by name: netdev_find()), with defaults for what is left
 * out: src-port 6443, local-ip 10.0.2.15, dev the first NIC, dst-port
 * 6443 when a peer-ip is given. The part after ',' may be left out
 * entirely ("6443@10.0.2.15/eth0" or "" or "@/"): then no peer is
 * configured (remote_ip 0, remote_port 0); so may the part before it
 * (",@10.0.2.2"), and the '/' after a peer-ip without a MAC. Strict:
 * ports 1..65535 in decimal, dotted quads other than 0.0.0.0, a MAC as
 * aa:bb:cc:dd:ee:ff (not a group address). Returns 0, -EINVAL (syntax)
 * or -ENODEV (no such device). Only dev, the addresses, the ports and
 * the peer's MAC are written, and only on success.
 */
int netpoll_parse_config(struct netpoll *np, const char *config);
/* Print @np's configuration in the same syntax into @buf (truncated to @len). */
void netpoll_format_config(const struct netpoll *np, char *buf, size_t len);

/*
 * Make @np live: announce our address (a gratuitous ARP) and, when a peer
 * is configured and its MAC is not, ask for it (ARP request). 0 or -errno.
 */
int netpoll_setup(struct netpoll *np);

/* Receive and dispatch every frame the device holds. */
void netpoll_poll(struct netpoll *np);
/* One received frame: the receive path without the device (the fuzzer's door). */
void netpoll_rx_frame(struct netpoll *np, const u8 *frame, size_t len);

/*
 * Send @len bytes (at most NETPOLL_MAX_UDP, else -EMSGSIZE) in one UDP
 * datagram from local_port to remote_ip:remote_port, at remote_mac
 * (-EHOSTUNREACH while it, the address or the port is not known).
 * 0, or the device's error (counted in tx_errors).
 */
int netpoll_send_udp(struct netpoll *np, const u8 *data, size_t len);

#endif
