// SPDX-License-Identifier: MIT
/*
 * netpoll's Ethernet layer: the receive path's front door (frames to our
 * MAC or to broadcast, IPv4 or ARP) and the one transmit buffer every
 * frame we send is built in. Static, so that sending never allocates:
 * netpoll serves one user at a time, with interrupts off.
 */
#include <kernel/byteorder.h>
#include <kernel/string.h>
#include "netpoll_internal.h"

const u8 eth_broadcast[ETH_ALEN] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

static u8 tx_frame[ETH_FRAME_LEN];

void netpoll_rx_frame(struct netpoll *np, const u8 *frame, size_t len)
{
	const u8 *dst = frame + ETH_DST;

	np->count.rx_frames++;
	if (len < ETH_HLEN) {
		np->count.rx_bad++;
		return;
	}
	if (memcmp(dst, np->dev->mac, ETH_ALEN) &&
	    memcmp(dst, eth_broadcast, ETH_ALEN)) {
		np->count.rx_other++;
		return;
	}
	switch (get_be16(frame + ETH_TYPE)) {
	case ETH_P_IP:
		ip_rx(np, frame + ETH_SRC, frame + ETH_HLEN, len - ETH_HLEN);
		break;
	case ETH_P_ARP:
		arp_rx(np, frame + ETH_HLEN, len - ETH_HLEN);
		break;
	default:
		np->count.rx_other++;
		break;
	}
}

u8 *eth_start(struct netpoll *np, const u8 *dst, u16 type)
{
	memcpy(tx_frame + ETH_DST, dst, ETH_ALEN);
	memcpy(tx_frame + ETH_SRC, np->dev->mac, ETH_ALEN);
	put_be16(tx_frame + ETH_TYPE, type);
	return tx_frame + ETH_HLEN;
}

int eth_xmit(struct netpoll *np, size_t len)
{
	size_t n = ETH_HLEN + len;
	int ret;

	/* Padded to the minimum, as a wire would want it. */
	if (n < ETH_ZLEN) {
		memset(tx_frame + n, 0, ETH_ZLEN - n);
		n = ETH_ZLEN;
	}
	ret = np->dev->ops->xmit(np->dev, tx_frame, n);
	if (ret) {
		np->count.tx_errors++;
		return ret;
	}
	np->count.tx_frames++;
	return 0;
}
