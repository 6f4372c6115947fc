/* SPDX-License-Identifier: MIT */
/*
 * A fake NIC, eth0, for the network harnesses: what it sends is checked
 * for size and read through (for ASan); what it receives comes from
 * fuzz_poll_rx(), which the harness defines.
 */
#ifndef _TESTS_FUZZ_NIC_H
#define _TESTS_FUZZ_NIC_H

#include <stdlib.h>
#include <string.h>
#include <kernel/netdev.h>

static int fuzz_poll_rx(struct net_device *dev, void *buf, size_t len);

static int fuzz_xmit(struct net_device *dev, const void *frame, size_t len)
{
	const volatile u8 *p = frame;
	size_t i;

	if (len < 60 || len > ETH_FRAME_LEN)
		abort();
	for (i = 0; i < len; i++)
		(void)p[i];
	return 0;
}

static const struct net_device_ops fuzz_ops = {
	.poll_rx = fuzz_poll_rx,
	.xmit = fuzz_xmit,
};

static struct net_device fuzz_dev = {
	.name = "eth0",
	.mac = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 },
	.ops = &fuzz_ops,
};

struct net_device *netdev_find(const char *name)
{
	return !name || !*name || !strcmp(name, fuzz_dev.name) ? &fuzz_dev : NULL;
}

#endif
