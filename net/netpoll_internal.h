/* SPDX-License-Identifier: MIT */
/*
 * What the netpoll files in net/ share: wire constants, header layouts
 * as byte offsets (frames are parsed with get_be16()/get_be32(), so no
 * alignment or byte order is assumed), and each layer's entry points.
 */
#ifndef _NET_NETPOLL_INTERNAL_H
#define _NET_NETPOLL_INTERNAL_H

#include <kernel/compiler.h>
#include <net/netpoll.h>

#define ETH_ZLEN		60	/* shortest frame on the wire, FCS excluded */
#define ETH_P_IP		0x0800
#define ETH_P_ARP		0x0806

/* Ethernet header */
#define ETH_DST			0
#define ETH_SRC			6
#define ETH_TYPE		12

/* ARP for Ethernet and IPv4 */
#define ARP_LEN			28
#define ARP_HTYPE		0
#define ARP_PTYPE		2
#define ARP_HLEN		4
#define ARP_PLEN		5
#define ARP_OP			6
#define ARP_SHA			8
#define ARP_SPA			14
#define ARP_THA			18
#define ARP_TPA			24
#define ARP_HTYPE_ETHER		1
#define ARP_OP_REQUEST		1
#define ARP_OP_REPLY		2

/* IPv4 header */
#define IP_HLEN			20	/* without options */
#define IP_VER_IHL		0
#define IP_TOT_LEN		2
#define IP_ID			4
#define IP_FRAG			6
#define IP_TTL			8
#define IP_PROTO		9
#define IP_CSUM			10
#define IP_SRC			12
#define IP_DST			16
#define IP_MF			0x2000
#define IP_OFFSET		0x1fff	/* in 8-byte units */
#define IP_DEFAULT_TTL		64
#define IPPROTO_UDP		17

/* UDP header */
#define UDP_HLEN		8
#define UDP_SPORT		0
#define UDP_DPORT		2
#define UDP_LEN			4
#define UDP_CSUM		6

/* IP payload per fragment: the MTU less the header, a multiple of 8. */
#define IP_FRAG_PAYLOAD		(ETH_DATA_LEN - IP_HLEN)

/* Largest UDP datagram (header included) the reassembly buffer holds. */
#define IP_REASM_MAX		(NETPOLL_MAX_UDP + UDP_HLEN)

/*
 * checksum.c: the Internet checksum (RFC 1071). csum_add() returns the
 * running ones' complement sum of 16-bit big-endian words, already
 * folded to 16 bits, so sums chain; every chunk but the last must be of
 * even length. csum_fold() gives the value for the checksum field, and
 * is 0 over data that carries a correct checksum.
 */
u32 csum_add(u32 sum, const void *data, size_t len);
u16 csum_fold(u32 sum);
/* The sum of the IPv4 pseudo-header TCP and UDP checksums cover. */
u32 csum_pseudo(u32 src, u32 dst, u8 proto, u16 len);

/* eth.c */
extern const u8 eth_broadcast[ETH_ALEN];
/* The one transmit frame buffer; returns where the payload goes. */
u8 *eth_start(struct netpoll *np, const u8 *dst, u16 type);
/* Send the frame eth_start() began, @len bytes after the Ethernet header. */
int eth_xmit(struct netpoll *np, size_t len);

/* arp.c */
void arp_rx(struct netpoll *np, const u8 *arp, size_t len);
int arp_send(struct netpoll *np, u16 op, const u8 *dst, const u8 *tha, u32 tpa);

/* ipv4.c */
void ip_rx(struct netpoll *np, const u8 *src_mac, const u8 *pkt, size_t len);
u16 ip_next_id(void);
/* Write a 20-byte header for @payload bytes, checksum included. */
void ip_header(u8 *p, u32 src, u32 dst, u16 id, u16 frag, size_t payload);

/*
 * ip_frag.c: add one fragment of a UDP datagram; returns the whole IP
 * payload (and its length in *@out_len) once every piece is in, else NULL.
 */
const u8 *ip_frag_add(struct netpoll *np, u32 src, u16 id, u8 proto, u16 frag,
		      const u8 *data, size_t len, size_t *out_len);
void ip_frag_reset(void);

/* udp.c */
void udp_rx(struct netpoll *np, u32 src_ip, u32 dst_ip, const u8 *src_mac,
	    const u8 *dgram, size_t len);

#endif
