/* SPDX-License-Identifier: MIT */
/*
 * A fake NIC for the netpoll host tests: it records every frame sent and
 * hands out a scripted queue of received ones; netdev_find() knows eth0
 * and eth1 (or nothing, when fake_netdev_count says so).
 */
#ifndef _FAKE_NETDEV_H
#define _FAKE_NETDEV_H

#include <kernel/netdev.h>

#define FAKE_TX_MAX	32
#define FAKE_RX_MAX	128

struct fake_frame {
	u8 data[2048];
	size_t len;
	int err;			/* poll_rx() returns it instead, if set */
};

extern struct net_device fake_eth0, fake_eth1;
extern int fake_netdev_count;		/* devices netdev_find() sees: 0..2 */

extern struct fake_frame fake_tx[FAKE_TX_MAX];
extern int fake_ntx;
extern int fake_xmit_ret;		/* what xmit returns */

/* Queued for poll_rx(). */
extern struct fake_frame fake_rx[FAKE_RX_MAX];
extern int fake_nrx, fake_rx_next;

void fake_netdev_reset(void);

#endif
