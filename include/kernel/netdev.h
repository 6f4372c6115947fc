/* SPDX-License-Identifier: MIT */
/*
 * Network devices for polled users (net/netpoll.c): a driver registers
 * each NIC it finds; a user finds one by name and moves whole Ethernet
 * frames with interrupts off, never sleeping.
 */
#ifndef _KERNEL_NETDEV_H
#define _KERNEL_NETDEV_H

#include <kernel/types.h>

#define ETH_ALEN	6
#define ETH_HLEN	14
#define ETH_DATA_LEN	1500
#define ETH_FRAME_LEN	(ETH_HLEN + ETH_DATA_LEN)
#define NETDEV_NAME_LEN	8

struct net_device;

struct net_device_ops {
	/*
	 * Copy the oldest received frame (Ethernet header on, no FCS) into
	 * @buf and give its buffer back to the device. Returns its length,
	 * 0 when none is waiting, or -EMSGSIZE (frame dropped) when it is
	 * longer than @len. Any context, interrupts on or off.
	 */
	int (*poll_rx)(struct net_device *dev, void *buf, size_t len);
	/*
	 * Send one frame of at most ETH_FRAME_LEN bytes, Ethernet header
	 * included; the frame is copied, so @frame may be reused at once.
	 * Waits (polling) for room in the transmit ring. 0 or -errno.
	 */
	int (*xmit)(struct net_device *dev, const void *frame, size_t len);
	/*
	 * Optional: call @fn from the NIC's interrupt (interrupts off) when
	 * frames have arrived, so that a polled user hears of them at once;
	 * NULL stops it. The frames stay for poll_rx(). 0, or -ENODEV when
	 * the NIC has no interrupt this kernel can take. Normal context.
	 */
	int (*set_rx_notify)(struct net_device *dev, void (*fn)(struct net_device *dev));
};

struct net_device {
	char name[NETDEV_NAME_LEN];	/* "eth0", given by netdev_register() */
	u8 mac[ETH_ALEN];
	const struct net_device_ops *ops;
	void *priv;			/* the driver's */
	struct net_device *next;
};

/* Name @dev "eth<n>" in the order registered and make it findable. */
void netdev_register(struct net_device *dev);
/* By name ("eth0"), or the first registered when @name is NULL or "". */
struct net_device *netdev_find(const char *name);

#endif
