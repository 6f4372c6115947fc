// SPDX-License-Identifier: MIT
/*
 * netpoll's UDP (RFC 768): deliver datagrams to local_port, and send
 * them to the peer, cut into IPv4 fragments when one frame cannot hold
 * them (a 16 KiB GDB packet is a dozen frames).
 */
#include <kernel/byteorder.h>
#include <kernel/errno.h>
#include <kernel/string.h>
#include "netpoll_internal.h"

void udp_rx(struct netpoll *np, u32 src_ip, u32 dst_ip, const u8 *src_mac,
	    const u8 *dgram, size_t len)
{
	size_t ulen;

	if (len < UDP_HLEN) {
		np->count.rx_bad++;
		return;
	}
	/* What follows the UDP length inside the IP payload is padding. */
	ulen = get_be16(dgram + UDP_LEN);
	if (ulen < UDP_HLEN || ulen > len) {
		np->count.rx_bad++;
		return;
	}
	/* 0: the sender computed none. */
	if (get_be16(dgram + UDP_CSUM) &&
	    csum_fold(csum_add(csum_pseudo(src_ip, dst_ip, IPPROTO_UDP, (u16)ulen),
			       dgram, ulen))) {
		np->count.rx_bad++;
		return;
	}
	if (get_be16(dgram + UDP_DPORT) != np->local_port) {
		np->count.rx_other++;
		return;
	}
	np->count.rx_udp++;
	if (np->rx)
		np->rx(np, src_ip, get_be16(dgram + UDP_SPORT), src_mac,
		       dgram + UDP_HLEN, ulen - UDP_HLEN);
}

/* Copy bytes [@off, @off + @n) of the datagram @hdr + @data to @dst. */
static void copy_dgram(u8 *dst, const u8 *hdr, const u8 *data, size_t off, size_t n)
{
	if (off < UDP_HLEN) {
		size_t h = MIN(n, UDP_HLEN - off);

		memcpy(dst, hdr + off, h);
		dst += h;
		off += h;
		n -= h;
	}
	if (n)
		memcpy(dst, data + (off - UDP_HLEN), n);
}

int netpoll_send_udp(struct netpoll *np, const u8 *data, size_t len)
{
	size_t total = UDP_HLEN + len;
	u8 hdr[UDP_HLEN];
	size_t off;
	u16 csum, id;

	if (len > NETPOLL_MAX_UDP)
		return -EMSGSIZE;
	if (!np->dev)
		return -ENODEV;
	if (!np->remote_ip || !np->remote_port || !np->remote_mac_known)
		return -EHOSTUNREACH;

	put_be16(hdr + UDP_SPORT, np->local_port);
	put_be16(hdr + UDP_DPORT, np->remote_port);
	put_be16(hdr + UDP_LEN, (u16)total);
	put_be16(hdr + UDP_CSUM, 0);
	csum = csum_fold(csum_add(csum_add(csum_pseudo(np->local_ip, np->remote_ip,
							IPPROTO_UDP, (u16)total),
					   hdr, UDP_HLEN), data, len));
	/* 0 on the wire means "no checksum"; 0xffff is the same sum. */
	put_be16(hdr + UDP_CSUM, csum ? csum : 0xffff);

	/* Fragments carry IP_FRAG_PAYLOAD bytes each, the last the rest. */
	id = ip_next_id();
	for (off = 0; off < total; off += IP_FRAG_PAYLOAD) {
		size_t n = MIN(total - off, (size_t)IP_FRAG_PAYLOAD);
		u16 frag = (u16)(off / 8) | (off + n < total ? IP_MF : 0);
		u8 *ip = eth_start(np, np->remote_mac, ETH_P_IP);
		int ret;

		ip_header(ip, np->local_ip, np->remote_ip, id, frag, n);
		copy_dgram(ip + IP_HLEN, hdr, data, off, n);
		ret = eth_xmit(np, IP_HLEN + n);
		if (ret)
			return ret;
	}
	return 0;
}
