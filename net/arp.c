// SPDX-License-Identifier: MIT
/*
 * ARP for Ethernet and IPv4 (RFC 826), just what one local address and
 * one peer need: answer who-has for local_ip, learn the peer's MAC from
 * anything it says about itself, and ask for it or announce ourselves.
 */
#include <kernel/byteorder.h>
#include <kernel/string.h>
#include "netpoll_internal.h"

static const u8 zero_mac[ETH_ALEN];

static void learn_peer(struct netpoll *np, const u8 *mac)
{
	memcpy(np->remote_mac, mac, ETH_ALEN);
	np->remote_mac_known = true;
}

void arp_rx(struct netpoll *np, const u8 *arp, size_t len)
{
	const u8 *sha = arp + ARP_SHA;
	u32 spa, tpa;
	u16 op;
	bool used = false;

	if (len < ARP_LEN) {
		np->count.rx_bad++;
		return;
	}
	if (get_be16(arp + ARP_HTYPE) != ARP_HTYPE_ETHER ||
	    get_be16(arp + ARP_PTYPE) != ETH_P_IP ||
	    arp[ARP_HLEN] != ETH_ALEN || arp[ARP_PLEN] != 4) {
		np->count.rx_other++;
		return;
	}
	op = get_be16(arp + ARP_OP);
	if (op != ARP_OP_REQUEST && op != ARP_OP_REPLY) {
		np->count.rx_other++;
		return;
	}
	/* A group address is never a host's own: not learnt, not answered. */
	if (sha[0] & 1) {
		np->count.rx_bad++;
		return;
	}
	spa = get_be32(arp + ARP_SPA);
	tpa = get_be32(arp + ARP_TPA);

	/* Requests and gratuitous announcements teach as much as replies. */
	if (np->remote_ip && spa == np->remote_ip) {
		learn_peer(np, sha);
		used = true;
	}
	if (op == ARP_OP_REQUEST && np->local_ip && tpa == np->local_ip &&
	    spa != np->local_ip) {
		arp_send(np, ARP_OP_REPLY, sha, sha, spa);
		used = true;
	}
	if (used)
		np->count.rx_arp++;
	else
		np->count.rx_other++;
}

int arp_send(struct netpoll *np, u16 op, const u8 *dst, const u8 *tha, u32 tpa)
{
	u8 *arp = eth_start(np, dst, ETH_P_ARP);

	put_be16(arp + ARP_HTYPE, ARP_HTYPE_ETHER);
	put_be16(arp + ARP_PTYPE, ETH_P_IP);
	arp[ARP_HLEN] = ETH_ALEN;
	arp[ARP_PLEN] = 4;
	put_be16(arp + ARP_OP, op);
	memcpy(arp + ARP_SHA, np->dev->mac, ETH_ALEN);
	put_be32(arp + ARP_SPA, np->local_ip);
	memcpy(arp + ARP_THA, tha ? tha : zero_mac, ETH_ALEN);
	put_be32(arp + ARP_TPA, tpa);
	return eth_xmit(np, ARP_LEN);
}
