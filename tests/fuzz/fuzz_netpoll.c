// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness over netpoll's receive path (net/): each input is a
 * run of frames, each one a 2-byte big-endian length and that many bytes
 * (the last one takes what is left), fed to netpoll_rx_frame() in order,
 * so that reassembly and ARP learning carry from one frame to the next.
 * Every frame sits in a buffer of exactly its length, for ASan to see any
 * read past it. The ->rx callback reads all it is given and echoes it to
 * the peer when it can, which runs the send path on what came in.
 */
#include <stdlib.h>
#include <string.h>
#include <net/netpoll.h>
#include "fuzz_nic.h"

static int fuzz_poll_rx(struct net_device *dev, void *buf, size_t len)
{
	return 0;
}

static void fuzz_rx(struct netpoll *np, u32 src_ip, u16 src_port,
		    const u8 *src_mac, const u8 *data, size_t len)
{
	const volatile u8 *p = data;
	size_t i;

	if (len > NETPOLL_MAX_UDP)
		abort();
	for (i = 0; i < len; i++)
		(void)p[i];
	for (i = 0; i < ETH_ALEN; i++)
		(void)((const volatile u8 *)src_mac)[i];
	netpoll_send_udp(np, data, len);
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static struct netpoll np;

	/* The same start for every input: nothing carries over. */
	memset(&np, 0, sizeof(np));
	if (netpoll_parse_config(&np, "6443@10.0.2.15/eth0,6443@10.0.2.2/"))
		abort();
	np.rx = fuzz_rx;
	if (netpoll_setup(&np))
		abort();

	for (;;) {
		u8 *frame;
		size_t len = fuzz_next_frame(&data, &size, &frame);

		if (!frame)
			break;
		netpoll_rx_frame(&np, frame, len);
		free(frame);
	}
	return 0;
}
