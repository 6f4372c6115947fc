// SPDX-License-Identifier: MIT
/*
 * netpoll's IPv4 (RFC 791): receive checks every header field a length
 * or an offset comes from before using it, then hands UDP to local_ip to
 * udp.c, whole or through reassembly (ip_frag.c); send writes the
 * header of each datagram or fragment.
 */
#include <kernel/byteorder.h>
#include "netpoll_internal.h"

void ip_rx(struct netpoll *np, const u8 *src_mac, const u8 *pkt, size_t len)
{
	const u8 *data;
	size_t hlen, tot_len;
	u32 src, dst;
	u16 frag;

	if (len < IP_HLEN || pkt[IP_VER_IHL] >> 4 != 4) {
		np->count.rx_bad++;
		return;
	}
	hlen = (size_t)(pkt[IP_VER_IHL] & 0xf) * 4;
	tot_len = get_be16(pkt + IP_TOT_LEN);
	/* The frame may carry padding after the datagram: trust tot_len,
	 * but only once it is known to lie inside the frame. */
	if (hlen < IP_HLEN || hlen > tot_len || tot_len > len ||
	    csum_fold(csum_add(0, pkt, hlen))) {
		np->count.rx_bad++;
		return;
	}
	src = get_be32(pkt + IP_SRC);
	dst = get_be32(pkt + IP_DST);
	if (dst != np->local_ip || pkt[IP_PROTO] != IPPROTO_UDP) {
		np->count.rx_other++;
		return;
	}
	frag = get_be16(pkt + IP_FRAG);
	data = pkt + hlen;
	len = tot_len - hlen;
	if (frag & (IP_MF | IP_OFFSET)) {
		data = ip_frag_add(np, src, get_be16(pkt + IP_ID), IPPROTO_UDP,
				   frag, data, len, &len);
		if (!data)
			return;
	}
	udp_rx(np, src, dst, src_mac, data, len);
}

u16 ip_next_id(void)
{
	static u16 id;

	return id++;
}

void ip_header(u8 *p, u32 src, u32 dst, u16 id, u16 frag, size_t payload)
{
	p[IP_VER_IHL] = 0x45;
	p[1] = 0;			/* DSCP, ECN */
	put_be16(p + IP_TOT_LEN, (u16)(IP_HLEN + payload));
	put_be16(p + IP_ID, id);
	put_be16(p + IP_FRAG, frag);
	p[IP_TTL] = IP_DEFAULT_TTL;
	p[IP_PROTO] = IPPROTO_UDP;
	put_be16(p + IP_CSUM, 0);
	put_be32(p + IP_SRC, src);
	put_be32(p + IP_DST, dst);
	put_be16(p + IP_CSUM, csum_fold(csum_add(0, p, IP_HLEN)));
}
