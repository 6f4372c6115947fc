// SPDX-License-Identifier: MIT
/*
 * net/: netpoll's receive and send paths on a fake NIC (fake_netdev.c).
 * Frames are built and checked here with a checksum of the test's own,
 * so the code under test is not its own judge.
 */
#include "host_test.h"
#include "fake_netdev.h"
#include <stdlib.h>
#include <kernel/byteorder.h>
#include <kernel/compiler.h>
#include <net/netpoll.h>

#define IP(a, b, c, d)	((u32)(a) << 24 | (b) << 16 | (c) << 8 | (d))
#define LOCAL_IP	IP(10, 0, 2, 15)
#define PEER_IP		IP(10, 0, 2, 2)
#define LOCAL_PORT	6443
#define PEER_PORT	5000

static const u8 peer_mac[ETH_ALEN] = { 0x52, 0x55, 0x0a, 0x00, 0x02, 0x02 };
static const u8 bcast[ETH_ALEN] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
static const u8 zero6[ETH_ALEN];

static struct netpoll np;

/* What ->rx was given. */
static struct {
	int calls;
	u32 src_ip;
	u16 src_port;
	u8 src_mac[ETH_ALEN];
	u8 data[NETPOLL_MAX_UDP];
	size_t len;
} got;

static void record_rx(struct netpoll *n, u32 src_ip, u16 src_port,
		      const u8 *src_mac, const u8 *data, size_t len)
{
	assert_ptr_equal(n, &np);
	assert_true(len <= NETPOLL_MAX_UDP);
	got.calls++;
	got.src_ip = src_ip;
	got.src_port = src_port;
	memcpy(got.src_mac, src_mac, ETH_ALEN);
	memcpy(got.data, data, len);
	got.len = len;
}

/* A peer with a known MAC; setup's ARP frames are not the tests' business. */
static int setup(void **state)
{
	fake_netdev_reset();
	memset(&np, 0, sizeof(np));
	memset(&got, 0, sizeof(got));
	assert_int_equal(netpoll_parse_config(&np, "@/,5000@10.0.2.2/52:55:0a:00:02:02"), 0);
	np.rx = record_rx;
	assert_int_equal(netpoll_setup(&np), 0);
	fake_ntx = 0;
	memset(&np.count, 0, sizeof(np.count));
	return 0;
}

/* ---- the test's own checksum and frame builders */
static u32 sum_words(u32 sum, const u8 *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		sum += i % 2 ? p[i] : (u32)p[i] << 8;
	return sum;
}

static u16 fold(u32 sum)
{
	while (sum > 0xffff)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)~sum;
}

static u32 pseudo(u32 src, u32 dst, size_t len)
{
	u8 ph[12];

	put_be32(ph, src);
	put_be32(ph + 4, dst);
	ph[8] = 0;
	ph[9] = 17;
	put_be16(ph + 10, (u16)len);
	return sum_words(0, ph, sizeof(ph));
}

static size_t eth_hdr(u8 *f, const u8 *dst, const u8 *src, u16 type)
{
	memcpy(f, dst, ETH_ALEN);
	memcpy(f + 6, src, ETH_ALEN);
	put_be16(f + 12, type);
	return ETH_HLEN;
}

/* An IPv4 frame from the peer to us with @plen bytes of payload. */
static size_t ip_frame(u8 *f, u32 src, u32 dst, u16 id, u16 frag, u8 proto,
		       const u8 *payload, size_t plen)
{
	u8 *ip = f + eth_hdr(f, fake_eth0.mac, peer_mac, 0x0800);

	ip[0] = 0x45;
	ip[1] = 0;
	put_be16(ip + 2, (u16)(20 + plen));
	put_be16(ip + 4, id);
	put_be16(ip + 6, frag);
	ip[8] = 64;
	ip[9] = proto;
	put_be16(ip + 10, 0);
	put_be32(ip + 12, src);
	put_be32(ip + 16, dst);
	put_be16(ip + 10, fold(sum_words(0, ip, 20)));
	memcpy(ip + 20, payload, plen);
	return ETH_HLEN + 20 + plen;
}

/* A UDP datagram (header and @len bytes) in @d; returns its length. */
static size_t udp_dgram(u8 *d, u32 src, u32 dst, u16 sport, u16 dport,
			const void *data, size_t len, bool csum)
{
	size_t n = 8 + len;
	u16 c;

	put_be16(d, sport);
	put_be16(d + 2, dport);
	put_be16(d + 4, (u16)n);
	put_be16(d + 6, 0);
	memcpy(d + 8, data, len);
	if (csum) {
		c = fold(sum_words(pseudo(src, dst, n), d, n));
		put_be16(d + 6, c ? c : 0xffff);
	}
	return n;
}

static size_t udp_frame(u8 *f, u16 dport, const char *text, bool csum)
{
	u8 d[1500];
	size_t n = udp_dgram(d, PEER_IP, LOCAL_IP, PEER_PORT, dport, text,
			     strlen(text), csum);

	return ip_frame(f, PEER_IP, LOCAL_IP, 1, 0, 17, d, n);
}

static size_t arp_frame(u8 *f, const u8 *eth_dst, u16 op, const u8 *sha, u32 spa,
			const u8 *tha, u32 tpa)
{
	u8 *a = f + eth_hdr(f, eth_dst, sha, 0x0806);

	put_be16(a, 1);
	put_be16(a + 2, 0x0800);
	a[4] = 6;
	a[5] = 4;
	put_be16(a + 6, op);
	memcpy(a + 8, sha, ETH_ALEN);
	put_be32(a + 14, spa);
	memcpy(a + 18, tha, ETH_ALEN);
	put_be32(a + 24, tpa);
	return ETH_HLEN + 28;
}

/* Feed a frame in a buffer of exactly its length, so ASan sees over-reads. */
static void rx(const u8 *f, size_t len)
{
	u8 *copy = malloc(len ? len : 1);

	memcpy(copy, f, len);
	netpoll_rx_frame(&np, copy, len);
	free(copy);
}

#define COUNT(field, n)	assert_int_equal(np.count.field, n)

/* ---- ARP */
static void check_arp(const struct fake_frame *t, const u8 *dst, u16 op,
		      u32 spa, const u8 *tha, u32 tpa)
{
	const u8 *a = t->data + ETH_HLEN;

	assert_int_equal(t->len, 60);
	assert_memory_equal(t->data, dst, ETH_ALEN);
	assert_memory_equal(t->data + 6, fake_eth0.mac, ETH_ALEN);
	assert_int_equal(get_be16(t->data + 12), 0x0806);
	assert_int_equal(get_be16(a), 1);
	assert_int_equal(get_be16(a + 2), 0x0800);
	assert_int_equal(a[4], 6);
	assert_int_equal(a[5], 4);
	assert_int_equal(get_be16(a + 6), op);
	assert_memory_equal(a + 8, fake_eth0.mac, ETH_ALEN);
	assert_int_equal(get_be32(a + 14), spa);
	assert_memory_equal(a + 18, tha, ETH_ALEN);
	assert_int_equal(get_be32(a + 24), tpa);
}

static void test_setup_arp(void **state)
{
	/* Known peer: only the gratuitous ARP. */
	fake_ntx = 0;
	assert_int_equal(netpoll_setup(&np), 0);
	assert_int_equal(fake_ntx, 1);
	check_arp(&fake_tx[0], bcast, 1, LOCAL_IP, zero6, LOCAL_IP);

	/* Unknown peer: then a who-has for it. */
	fake_ntx = 0;
	np.remote_mac_known = false;
	assert_int_equal(netpoll_setup(&np), 0);
	assert_int_equal(fake_ntx, 2);
	check_arp(&fake_tx[0], bcast, 1, LOCAL_IP, zero6, LOCAL_IP);
	check_arp(&fake_tx[1], bcast, 1, LOCAL_IP, zero6, PEER_IP);
	COUNT(tx_frames, 3);

	/* No peer: nothing to ask. */
	fake_ntx = 0;
	np.remote_ip = 0;
	assert_int_equal(netpoll_setup(&np), 0);
	assert_int_equal(fake_ntx, 1);

	fake_xmit_ret = -EIO;
	assert_int_equal(netpoll_setup(&np), -EIO);
	COUNT(tx_errors, 1);
	np.dev = NULL;
	assert_int_equal(netpoll_setup(&np), -ENODEV);
}

static void test_arp_reply(void **state)
{
	static const u8 other_mac[ETH_ALEN] = { 0x02, 0, 0, 0, 0, 9 };
	u8 f[64];

	/* Asked by a host that is not the peer: answered, nothing learnt. */
	rx(f, arp_frame(f, bcast, 1, other_mac, IP(10, 0, 2, 3), zero6, LOCAL_IP));
	assert_int_equal(fake_ntx, 1);
	check_arp(&fake_tx[0], other_mac, 2, LOCAL_IP, other_mac, IP(10, 0, 2, 3));
	assert_memory_equal(np.remote_mac, peer_mac, ETH_ALEN);
	COUNT(rx_arp, 1);

	/* Asked for another address: not ours to answer. */
	rx(f, arp_frame(f, bcast, 1, other_mac, IP(10, 0, 2, 3), zero6, IP(10, 0, 2, 16)));
	assert_int_equal(fake_ntx, 1);
	COUNT(rx_other, 1);

	/* Padded to 60 bytes, as on a wire: the same answer. */
	memset(f, 0xee, sizeof(f));
	arp_frame(f, fake_eth0.mac, 1, other_mac, IP(10, 0, 2, 3), zero6, LOCAL_IP);
	rx(f, 60);
	assert_int_equal(fake_ntx, 2);
	COUNT(rx_arp, 2);
	COUNT(rx_frames, 3);
}

static void test_arp_learn(void **state)
{
	static const u8 new_mac[ETH_ALEN] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	static const u8 group[ETH_ALEN] = { 0x01, 0x00, 0x5e, 0, 0, 1 };
	u8 f[64];

	np.remote_mac_known = false;
	memset(np.remote_mac, 0, ETH_ALEN);

	/* A reply from someone else teaches nothing. */
	rx(f, arp_frame(f, fake_eth0.mac, 2, new_mac, IP(10, 0, 2, 3), fake_eth0.mac, LOCAL_IP));
	assert_false(np.remote_mac_known);
	COUNT(rx_other, 1);

	/* A group address is never learnt. */
	rx(f, arp_frame(f, fake_eth0.mac, 2, group, PEER_IP, fake_eth0.mac, LOCAL_IP));
	assert_false(np.remote_mac_known);
	COUNT(rx_bad, 1);

	/* The peer's reply. */
	rx(f, arp_frame(f, fake_eth0.mac, 2, peer_mac, PEER_IP, fake_eth0.mac, LOCAL_IP));
	assert_true(np.remote_mac_known);
	assert_memory_equal(np.remote_mac, peer_mac, ETH_ALEN);
	COUNT(rx_arp, 1);

	/* Its request for us (it moved to another NIC): learnt and answered. */
	rx(f, arp_frame(f, bcast, 1, new_mac, PEER_IP, zero6, LOCAL_IP));
	assert_memory_equal(np.remote_mac, new_mac, ETH_ALEN);
	assert_int_equal(fake_ntx, 1);
	check_arp(&fake_tx[0], new_mac, 2, LOCAL_IP, new_mac, PEER_IP);
	COUNT(rx_arp, 2);

	/* Not Ethernet/IPv4, or not a request or reply: not ours. */
	arp_frame(f, bcast, 1, peer_mac, PEER_IP, zero6, LOCAL_IP);
	f[ETH_HLEN + 1] = 6;
	rx(f, 42);
	arp_frame(f, bcast, 3, peer_mac, PEER_IP, zero6, LOCAL_IP);
	rx(f, 42);
	COUNT(rx_other, 3);
	assert_int_equal(fake_ntx, 1);
}

/* ---- IPv4 and UDP receive */
static void test_deliver(void **state)
{
	u8 f[128];
	size_t n = udp_frame(f, LOCAL_PORT, "$?#3f", true);

	rx(f, n);
	assert_int_equal(got.calls, 1);
	assert_int_equal(got.src_ip, PEER_IP);
	assert_int_equal(got.src_port, PEER_PORT);
	assert_memory_equal(got.src_mac, peer_mac, ETH_ALEN);
	assert_int_equal(got.len, 5);
	assert_memory_equal(got.data, "$?#3f", 5);
	COUNT(rx_udp, 1);

	/* Padded to 60 bytes with junk: IP's length rules, not the frame's. */
	assert_true(n < 60);
	memset(f + n, 0xaa, 60 - n);
	rx(f, 60);
	assert_int_equal(got.calls, 2);
	assert_int_equal(got.len, 5);

	/* No checksum at all (0) is accepted. */
	rx(f, udp_frame(f, LOCAL_PORT, "nocsum", false));
	assert_int_equal(got.calls, 3);
	assert_memory_equal(got.data, "nocsum", 6);

	/* Broadcast destination MAC, still to our IP. */
	n = udp_frame(f, LOCAL_PORT, "b", true);
	memcpy(f, bcast, ETH_ALEN);
	rx(f, n);
	assert_int_equal(got.calls, 4);

	/* Without ->rx: counted, nothing called. */
	np.rx = NULL;
	rx(f, n);
	COUNT(rx_udp, 5);
	COUNT(rx_bad, 0);
	COUNT(rx_other, 0);
}

static void test_ip_options(void **state)
{
	u8 f[128], d[64];
	size_t n = udp_dgram(d, PEER_IP, LOCAL_IP, PEER_PORT, LOCAL_PORT, "opt", 3, true);
	u8 *ip = f + ETH_HLEN;

	/* IHL 7: 8 bytes of options (NOPs) between header and UDP. */
	ip_frame(f, PEER_IP, LOCAL_IP, 1, 0, 17, d, n);
	memmove(ip + 28, ip + 20, n);
	memset(ip + 20, 1, 8);
	ip[0] = 0x47;
	put_be16(ip + 2, (u16)(28 + n));
	put_be16(ip + 10, 0);
	put_be16(ip + 10, fold(sum_words(0, ip, 28)));
	rx(f, ETH_HLEN + 28 + n);
	assert_int_equal(got.calls, 1);
	assert_memory_equal(got.data, "opt", 3);
}

static void test_bad_checksums(void **state)
{
	u8 f[128];
	size_t n = udp_frame(f, LOCAL_PORT, "hello", true);

	f[ETH_HLEN + 10] ^= 0x40;		/* IP header checksum */
	rx(f, n);
	COUNT(rx_bad, 1);
	f[ETH_HLEN + 10] ^= 0x40;
	f[ETH_HLEN + 8] = 63;			/* TTL: covered by the checksum */
	rx(f, n);
	COUNT(rx_bad, 2);

	n = udp_frame(f, LOCAL_PORT, "hello", true);
	f[ETH_HLEN + 20 + 6] ^= 1;		/* UDP checksum */
	rx(f, n);
	COUNT(rx_bad, 3);
	n = udp_frame(f, LOCAL_PORT, "hello", true);
	f[n - 1] ^= 0x80;			/* payload */
	rx(f, n);
	COUNT(rx_bad, 4);
	assert_int_equal(got.calls, 0);
	COUNT(rx_udp, 0);
}

/* Rewrite a header field of a valid frame, keeping the IP checksum right. */
static void ip_set(u8 *f, size_t off, u8 v)
{
	u8 *ip = f + ETH_HLEN;

	ip[off] = v;
	put_be16(ip + 10, 0);
	put_be16(ip + 10, fold(sum_words(0, ip, (size_t)(ip[0] & 0xf) * 4)));
}

static void test_drops(void **state)
{
	u8 f[128];
	size_t n;

	rx(f, udp_frame(f, LOCAL_PORT + 1, "port", true));
	COUNT(rx_other, 1);
	n = udp_frame(f, LOCAL_PORT, "ip", true);
	ip_set(f, 19, 16);			/* to 10.0.2.16 */
	rx(f, n);
	COUNT(rx_other, 2);
	n = udp_frame(f, LOCAL_PORT, "tcp", false);
	ip_set(f, 9, 6);
	rx(f, n);
	COUNT(rx_other, 3);
	n = udp_frame(f, LOCAL_PORT, "mac", true);
	f[5] ^= 1;				/* someone else's MAC */
	rx(f, n);
	COUNT(rx_other, 4);
	n = udp_frame(f, LOCAL_PORT, "ipv6", true);
	put_be16(f + 12, 0x86dd);
	rx(f, n);
	COUNT(rx_other, 5);

	n = udp_frame(f, LOCAL_PORT, "version", true);
	ip_set(f, 0, 0x65);
	rx(f, n);
	n = udp_frame(f, LOCAL_PORT, "ihl", true);
	ip_set(f, 0, 0x44);
	rx(f, n);
	n = udp_frame(f, LOCAL_PORT, "ihl past total", true);
	ip_set(f, 0, 0x4f);
	rx(f, n);
	n = udp_frame(f, LOCAL_PORT, "total", true);
	ip_set(f, 3, (u8)(n - ETH_HLEN + 1));	/* one byte past the frame */
	rx(f, n);
	n = udp_frame(f, LOCAL_PORT, "total", true);
	ip_set(f, 3, 19);			/* shorter than the header */
	rx(f, n);
	n = udp_frame(f, LOCAL_PORT, "total", true);
	ip_set(f, 3, 27);			/* shorter than UDP's header */
	rx(f, n);
	COUNT(rx_bad, 6);

	n = udp_frame(f, LOCAL_PORT, "udp len", false);
	put_be16(f + ETH_HLEN + 24, (u16)(n - ETH_HLEN - 20 + 1));
	rx(f, n);
	put_be16(f + ETH_HLEN + 24, 7);
	rx(f, n);
	COUNT(rx_bad, 8);

	/* A UDP length short of the IP payload: the rest is padding. */
	put_be16(f + ETH_HLEN + 24, 8 + 3);
	rx(f, n);
	assert_int_equal(got.calls, 1);
	assert_int_equal(got.len, 3);
	assert_memory_equal(got.data, "udp", 3);
	COUNT(rx_frames, 14);
}

/* Every prefix of a good frame, 0..60 bytes: dropped, counted, no over-read. */
static void test_truncated(void **state)
{
	u8 f[128], a[64];
	size_t n = udp_frame(f, LOCAL_PORT, "0123456789012345678901234567890", true);
	size_t len;

	assert_true(n > 60);
	arp_frame(a, bcast, 1, peer_mac, PEER_IP, zero6, LOCAL_IP);
	for (len = 0; len <= 60; len++) {
		rx(f, len);
		if (len < 42)
			rx(a, len);
	}
	assert_int_equal(got.calls, 0);
	assert_int_equal(fake_ntx, 0);
	COUNT(rx_frames, 61 + 42);
	COUNT(rx_bad, 61 + 42);
	rx(a, 42);
	assert_int_equal(fake_ntx, 1);
}

/* ---- send */
static void check_ip(const u8 *f, size_t plen, u16 frag)
{
	const u8 *ip = f + ETH_HLEN;

	assert_memory_equal(f, peer_mac, ETH_ALEN);
	assert_memory_equal(f + 6, fake_eth0.mac, ETH_ALEN);
	assert_int_equal(get_be16(f + 12), 0x0800);
	assert_int_equal(ip[0], 0x45);
	assert_int_equal(get_be16(ip + 2), 20 + plen);
	assert_int_equal(get_be16(ip + 6), frag);	/* DF clear */
	assert_int_equal(ip[8], 64);
	assert_int_equal(ip[9], 17);
	assert_int_equal(fold(sum_words(0, ip, 20)), 0);
	assert_int_equal(get_be32(ip + 12), LOCAL_IP);
	assert_int_equal(get_be32(ip + 16), PEER_IP);
}

static void test_send_small(void **state)
{
	const u8 *ip, *udp;
	u16 id;

	assert_int_equal(netpoll_send_udp(&np, (const u8 *)"$OK#9a", 6), 0);
	assert_int_equal(fake_ntx, 1);
	assert_int_equal(fake_tx[0].len, 60);		/* 48 bytes, padded */
	check_ip(fake_tx[0].data, 14, 0);
	ip = fake_tx[0].data + ETH_HLEN;
	udp = ip + 20;
	assert_int_equal(get_be16(udp), LOCAL_PORT);
	assert_int_equal(get_be16(udp + 2), PEER_PORT);
	assert_int_equal(get_be16(udp + 4), 14);
	assert_int_not_equal(get_be16(udp + 6), 0);
	assert_int_equal(fold(sum_words(pseudo(LOCAL_IP, PEER_IP, 14), udp, 14)), 0);
	assert_memory_equal(udp + 8, "$OK#9a", 6);

	/* The next datagram has the next id. */
	id = get_be16(ip + 4);
	assert_int_equal(netpoll_send_udp(&np, NULL, 0), 0);
	assert_int_equal(fake_ntx, 2);
	check_ip(fake_tx[1].data, 8, 0);
	assert_int_equal(get_be16(fake_tx[1].data + ETH_HLEN + 4), (u16)(id + 1));
	COUNT(tx_frames, 2);
}

static void test_send_zero_checksum(void **state)
{
	u8 w[2] = { 0, 0 };
	u16 c;

	/* The checksum of 00 00 is ~S; sending ~S instead makes the sum 0xffff,
	 * whose checksum 0 must go out as 0xffff. */
	assert_int_equal(netpoll_send_udp(&np, w, 2), 0);
	c = get_be16(fake_tx[0].data + ETH_HLEN + 20 + 6);
	put_be16(w, c);
	assert_int_equal(netpoll_send_udp(&np, w, 2), 0);
	assert_int_equal(get_be16(fake_tx[1].data + ETH_HLEN + 20 + 6), 0xffff);
	assert_int_equal(fold(sum_words(pseudo(LOCAL_IP, PEER_IP, 10),
					fake_tx[1].data + ETH_HLEN + 20, 10)), 0);

	/* And it is accepted on the way in: mirrored (the sums do not
	 * change), to a local port that is the peer's. */
	memcpy(fake_tx[1].data, fake_eth0.mac, ETH_ALEN);
	put_be32(fake_tx[1].data + ETH_HLEN + 16, LOCAL_IP);
	put_be32(fake_tx[1].data + ETH_HLEN + 12, PEER_IP);
	np.local_port = PEER_PORT;
	rx(fake_tx[1].data, fake_tx[1].len);
	assert_int_equal(got.calls, 1);
	assert_memory_equal(got.data, w, 2);
}

static void test_send_errors(void **state)
{
	static u8 big[NETPOLL_MAX_UDP + 1];

	assert_int_equal(netpoll_send_udp(&np, big, sizeof(big)), -EMSGSIZE);
	np.remote_mac_known = false;
	assert_int_equal(netpoll_send_udp(&np, big, 1), -EHOSTUNREACH);
	np.remote_mac_known = true;
	np.remote_port = 0;
	assert_int_equal(netpoll_send_udp(&np, big, 1), -EHOSTUNREACH);
	np.remote_port = PEER_PORT;
	fake_xmit_ret = -EIO;
	assert_int_equal(netpoll_send_udp(&np, big, 4000), -EIO);
	COUNT(tx_errors, 1);		/* stopped at the first fragment */
	COUNT(tx_frames, 0);
	assert_int_equal(fake_ntx, 0);
}

/* A 16 KiB datagram goes out in fragments and, mirrored, comes back whole. */
static void test_fragments_round_trip(void **state)
{
	static u8 data[16384], dgram[16384 + 8];
	const size_t total = sizeof(dgram);
	static const int order[] = { 7, 0, 11, 3, 9, 3, 1, 10, 5, 2, 8, 6, 4 };
	size_t i, off = 0;
	u16 id;

	for (i = 0; i < sizeof(data); i++)
		data[i] = (u8)(i * 7 + (i >> 8));
	np.remote_port = LOCAL_PORT;	/* so the mirror image is for us */
	assert_int_equal(netpoll_send_udp(&np, data, sizeof(data)), 0);
	assert_int_equal(fake_ntx, 12);	/* 11 * 1480 + 112 */
	id = get_be16(fake_tx[0].data + ETH_HLEN + 4);
	for (i = 0; i < 12; i++) {
		const u8 *f = fake_tx[i].data;
		size_t n = i < 11 ? 1480 : total - 11 * 1480;

		assert_int_equal(fake_tx[i].len, ETH_HLEN + 20 + n);
		check_ip(f, n, (u16)(off / 8 | (i < 11 ? 0x2000 : 0)));
		assert_int_equal(get_be16(f + ETH_HLEN + 4), id);
		memcpy(dgram + off, f + ETH_HLEN + 20, n);
		off += n;
	}
	assert_int_equal(get_be16(dgram + 4), total);
	assert_int_equal(fold(sum_words(pseudo(LOCAL_IP, PEER_IP, total), dgram, total)), 0);
	assert_memory_equal(dgram + 8, data, sizeof(data));

	/* Addresses swapped (no checksum changes), fed back shuffled with a
	 * duplicate: one delivery, the original bytes. */
	for (i = 0; i < 12; i++) {
		u8 *f = fake_tx[i].data;

		memcpy(f, fake_eth0.mac, ETH_ALEN);
		memcpy(f + 6, peer_mac, ETH_ALEN);
		put_be32(f + ETH_HLEN + 12, PEER_IP);
		put_be32(f + ETH_HLEN + 16, LOCAL_IP);
	}
	for (i = 0; i < ARRAY_SIZE(order); i++) {
		assert_int_equal(got.calls, 0);
		rx(fake_tx[order[i]].data, fake_tx[order[i]].len);
	}
	assert_int_equal(got.calls, 1);
	assert_int_equal(got.src_ip, PEER_IP);
	assert_int_equal(got.src_port, LOCAL_PORT);
	assert_int_equal(got.len, sizeof(data));
	assert_memory_equal(got.data, data, sizeof(data));
	COUNT(rx_udp, 1);
	COUNT(rx_bad, 0);
	COUNT(rx_frag_dropped, 0);

	/* Once more, the same id: a new datagram, not a duplicate of the last. */
	for (i = 0; i < 12; i++)
		rx(fake_tx[11 - i].data, fake_tx[11 - i].len);
	assert_int_equal(got.calls, 2);
}

/* A UDP datagram of @len payload bytes from the peer, in @dgram. */
static size_t peer_dgram(u8 *dgram, const u8 *data, size_t len)
{
	return udp_dgram(dgram, PEER_IP, LOCAL_IP, PEER_PORT, LOCAL_PORT, data, len, true);
}

/* Bytes [@off, @off + @len) of @dgram as a fragment, @more or the last. */
static void frag(const u8 *dgram, u16 id, size_t off, size_t len, bool more)
{
	u8 f[1600];

	rx(f, ip_frame(f, PEER_IP, LOCAL_IP, id, (u16)(off / 8 | (more ? 0x2000 : 0)),
		       17, dgram + off, len));
}

static void test_fragment_overlap(void **state)
{
	static u8 data[100], dgram[108];
	size_t i;

	for (i = 0; i < sizeof(data); i++)
		data[i] = (u8)(i + 1);
	peer_dgram(dgram, data, sizeof(data));

	/* 0-40, 24-64 (overlapping), 64-104 twice, 8-16 again, then the end. */
	frag(dgram, 5, 0, 40, true);
	frag(dgram, 5, 24, 40, true);
	frag(dgram, 5, 64, 40, true);
	frag(dgram, 5, 64, 40, true);
	frag(dgram, 5, 8, 8, true);
	assert_int_equal(got.calls, 0);
	frag(dgram, 5, 104, 4, false);
	assert_int_equal(got.calls, 1);
	assert_int_equal(got.len, sizeof(data));
	assert_memory_equal(got.data, data, sizeof(data));

	/* The last fragment first, a gap, then the gap filled. */
	frag(dgram, 6, 96, 12, false);
	frag(dgram, 6, 0, 48, true);
	assert_int_equal(got.calls, 1);
	frag(dgram, 6, 48, 48, true);
	assert_int_equal(got.calls, 2);
	assert_memory_equal(got.data, data, sizeof(data));
	COUNT(rx_bad, 0);
	COUNT(rx_frag_dropped, 0);
}

static void test_fragment_bad(void **state)
{
	static u8 data[100], dgram[128];	/* room to read past the end */

	peer_dgram(dgram, data, sizeof(data));

	/* Not the last, yet not whole blocks; or empty. */
	frag(dgram, 7, 0, 44, true);
	frag(dgram, 7, 0, 0, true);
	COUNT(rx_bad, 2);

	/* Past the end the last fragment set, or a second, different end. */
	frag(dgram, 7, 96, 12, false);
	frag(dgram, 7, 96, 16, true);
	frag(dgram, 7, 96, 4, false);
	COUNT(rx_bad, 4);
	/* An end before data already in. */
	frag(dgram, 8, 96, 8, true);
	frag(dgram, 8, 0, 8, false);
	COUNT(rx_bad, 5);
	COUNT(rx_frag_dropped, 1);		/* id 7, replaced by id 8 */
	assert_int_equal(got.calls, 0);
}

static void test_fragment_overflow(void **state)
{
	static u8 big[NETPOLL_MAX_UDP + 16];
	u8 f[128];
	size_t last = (NETPOLL_MAX_UDP + 8) / 8 * 8;

	/* Offset 8191 (65528 bytes): far past the buffer. */
	rx(f, ip_frame(f, PEER_IP, LOCAL_IP, 9, 0x1fff, 17, big, 8));
	/* Ending one byte past it, as the last or a middle fragment. */
	frag(big, 9, last, 1, false);
	frag(big, 9, last - 8, 16, true);
	COUNT(rx_bad, 3);
	/* Ending exactly at it: kept (the datagram is incomplete). */
	frag(big, 9, last - 8, 8, false);
	COUNT(rx_bad, 3);
	assert_int_equal(got.calls, 0);
}

static void test_fragment_replace(void **state)
{
	static u8 a[3000], b[3000], da[3008], db[3008];
	u8 f[1600];
	size_t i;

	for (i = 0; i < sizeof(a); i++) {
		a[i] = (u8)i;
		b[i] = (u8)~i;
	}
	peer_dgram(da, a, sizeof(a));
	peer_dgram(db, b, sizeof(b));

	frag(da, 1, 0, 1480, true);
	frag(db, 2, 0, 1480, true);		/* a is given up */
	frag(da, 1, 1480, 1480, true);		/* a again: b is given up */
	frag(da, 1, 2960, 48, false);
	COUNT(rx_frag_dropped, 2);
	assert_int_equal(got.calls, 0);		/* a's first piece is gone */
	frag(da, 1, 0, 1480, true);
	assert_int_equal(got.calls, 1);
	assert_memory_equal(got.data, a, sizeof(a));

	/* Another source with the same id is another datagram. */
	frag(db, 2, 0, 1480, true);
	rx(f, ip_frame(f, IP(10, 0, 2, 3), LOCAL_IP, 2, 1480 / 8 | 0x2000, 17,
		       db + 1480, 1480));
	COUNT(rx_frag_dropped, 3);
	assert_int_equal(got.calls, 1);
}

/* ---- netpoll_poll */
static void test_poll(void **state)
{
	int i;

	fake_rx[0].len = udp_frame(fake_rx[0].data, LOCAL_PORT, "one", true);
	fake_rx[1].err = -EMSGSIZE;
	fake_rx[2].len = udp_frame(fake_rx[2].data, LOCAL_PORT, "two", true);
	fake_nrx = 3;
	netpoll_poll(&np);
	assert_int_equal(got.calls, 2);
	assert_memory_equal(got.data, "two", 3);
	COUNT(rx_frames, 3);
	COUNT(rx_bad, 1);

	/* A flood: at most 64 frames a call. */
	memset(&np.count, 0, sizeof(np.count));
	for (i = 0; i < 100; i++)
		fake_rx[i] = fake_rx[0];
	fake_nrx = 100;
	fake_rx_next = 0;
	netpoll_poll(&np);
	COUNT(rx_frames, 64);
	netpoll_poll(&np);
	COUNT(rx_frames, 100);
	netpoll_poll(&np);
	COUNT(rx_frames, 100);

	/* A device error ends the call. */
	fake_rx[0].err = -EIO;
	fake_rx[1] = fake_rx[2];
	fake_nrx = 2;
	fake_rx_next = 0;
	netpoll_poll(&np);
	COUNT(rx_frames, 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_setup_arp, setup),
		cmocka_unit_test_setup(test_arp_reply, setup),
		cmocka_unit_test_setup(test_arp_learn, setup),
		cmocka_unit_test_setup(test_deliver, setup),
		cmocka_unit_test_setup(test_ip_options, setup),
		cmocka_unit_test_setup(test_bad_checksums, setup),
		cmocka_unit_test_setup(test_drops, setup),
		cmocka_unit_test_setup(test_truncated, setup),
		cmocka_unit_test_setup(test_send_small, setup),
		cmocka_unit_test_setup(test_send_zero_checksum, setup),
		cmocka_unit_test_setup(test_send_errors, setup),
		cmocka_unit_test_setup(test_fragments_round_trip, setup),
		cmocka_unit_test_setup(test_fragment_overlap, setup),
		cmocka_unit_test_setup(test_fragment_bad, setup),
		cmocka_unit_test_setup(test_fragment_overflow, setup),
		cmocka_unit_test_setup(test_fragment_replace, setup),
		cmocka_unit_test_setup(test_poll, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
