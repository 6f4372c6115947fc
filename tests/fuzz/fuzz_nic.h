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

/*
 * The next frame of an input made of frames, each a 2-byte big-endian
 * length and that many bytes (the last one takes what is left), copied to
 * a buffer of exactly its length (for ASan) that the caller frees.
 * Returns its length; *@frame is NULL once the input is used up.
 */
static size_t fuzz_next_frame(const u8 **data, size_t *size, u8 **frame)
{
	size_t len = *size >= 2 ? (size_t)(*data)[0] << 8 | (*data)[1] : 0;
	size_t hdr = *size >= 2 ? 2 : *size;

	*frame = NULL;
	if (!*size)
		return 0;
	*data += hdr;
	*size -= hdr;
	if (len > *size)
		len = *size;
	*frame = malloc(len ? len : 1);
	memcpy(*frame, *data, len);
	*data += len;
	*size -= len;
	return len;
}

#endif
