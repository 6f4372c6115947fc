// SPDX-License-Identifier: MIT
/* The fake NIC of fake_netdev.h: records transmits, replays receives. */
#include "host_test.h"
#include "fake_netdev.h"

struct fake_frame fake_tx[FAKE_TX_MAX];
int fake_ntx;
int fake_xmit_ret;
struct fake_frame fake_rx[FAKE_RX_MAX];
int fake_nrx, fake_rx_next;
int fake_netdev_count = 2;

static int fake_poll_rx(struct net_device *dev, void *buf, size_t len)
{
	struct fake_frame *f;

	if (fake_rx_next == fake_nrx)
		return 0;
	f = &fake_rx[fake_rx_next++];
	if (f->err)
		return f->err;
	if (f->len > len)
		return -EMSGSIZE;
	memcpy(buf, f->data, f->len);
	return (int)f->len;
}

static int fake_xmit(struct net_device *dev, const void *frame, size_t len)
{
	assert_true(len <= ETH_FRAME_LEN);
	assert_true(len >= 60);
	assert_true(fake_ntx < FAKE_TX_MAX);
	if (fake_xmit_ret)
		return fake_xmit_ret;
	memcpy(fake_tx[fake_ntx].data, frame, len);
	fake_tx[fake_ntx].len = len;
	fake_ntx++;
	return 0;
}

static const struct net_device_ops fake_ops = {
	.poll_rx = fake_poll_rx,
	.xmit = fake_xmit,
};

struct net_device fake_eth0 = {
	.name = "eth0",
	.mac = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 },
	.ops = &fake_ops,
};

struct net_device fake_eth1 = {
	.name = "eth1",
	.mac = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x57 },
	.ops = &fake_ops,
};

struct net_device *netdev_find(const char *name)
{
	struct net_device *devs[] = { &fake_eth0, &fake_eth1 };
	int i;

	for (i = 0; i < fake_netdev_count; i++)
		if (!name || !*name || !strcmp(name, devs[i]->name))
			return devs[i];
	return NULL;
}

void fake_netdev_reset(void)
{
	fake_ntx = 0;
	fake_xmit_ret = 0;
	fake_nrx = 0;
	fake_rx_next = 0;
	fake_netdev_count = 2;
}
