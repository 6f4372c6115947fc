// SPDX-License-Identifier: MIT
/*
 * netpoll's life cycle: bring a configured struct netpoll up (tell the
 * network who we are, ask who the peer is) and poll the device for what
 * it has received. Interrupts may be off; nothing here sleeps.
 */
#include <kernel/errno.h>
#include "netpoll_internal.h"

/* A flood must not hold the CPU (or the debugger's loop) forever. */
#define POLL_BUDGET	64

/* A full frame and room for VLAN tags, so that tagged frames count as
 * not ours (rx_other) rather than malformed. */
static u8 rx_frame[ETH_FRAME_LEN + 22];

int netpoll_setup(struct netpoll *np)
{
	int ret;

	if (!np->dev)
		return -ENODEV;
	if (!np->dev->ops || !np->dev->ops->xmit || !np->dev->ops->poll_rx ||
	    !np->local_ip)
		return -EINVAL;
	/* A new user does not inherit half a datagram from the last one. */
	ip_frag_reset();
	/* Gratuitous ARP: a request for our own address, to everyone. */
	ret = arp_send(np, ARP_OP_REQUEST, eth_broadcast, NULL, np->local_ip);
	if (ret)
		return ret;
	if (np->remote_ip && !np->remote_mac_known)
		ret = arp_send(np, ARP_OP_REQUEST, eth_broadcast, NULL, np->remote_ip);
	return ret;
}

void netpoll_poll(struct netpoll *np)
{
	int i;

	for (i = 0; i < POLL_BUDGET; i++) {
		int n = np->dev->ops->poll_rx(np->dev, rx_frame, sizeof(rx_frame));

		if (n == -EMSGSIZE || n > (int)sizeof(rx_frame)) {
			/* Too long for us, and already given back. */
			np->count.rx_frames++;
			np->count.rx_bad++;
			continue;
		}
		if (n <= 0)
			break;
		netpoll_rx_frame(np, rx_frame, (size_t)n);
	}
}
