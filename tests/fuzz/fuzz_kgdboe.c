// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness over the whole network receive path: Ethernet frames
 * from a fake NIC, through netpoll (net/) and kgdboe (transports/kgdboe.c,
 * included here for its state) into the debugger's packet layer, on the
 * unit tests' fake machine stopped in the debugger. Each input is a run of
 * frames as in fuzz_netpoll.c (a 2-byte big-endian length, then the
 * frame). When they run out, the session's peer (or 10.0.2.2, if none
 * took the session) says "detach", so every session ends through the real
 * exit path, and whatever the stub sends goes through the real send path.
 */
#include <stdlib.h>
#include <string.h>
#include <kernel/byteorder.h>
#include "fuzz_common.h"
#include "fuzz_machine.h"
#include "fuzz_nic.h"
#include "../../transports/kgdboe.c"

#define MAX_FRAMES	64
#define PEER_IP		0x0a000202	/* 10.0.2.2 */
#define TAIL_PORT	4000

static const u8 *frames[MAX_FRAMES];
static size_t frame_len[MAX_FRAMES], nr_frames, next_frame;
static u8 tail_frame[ETH_HLEN + 20 + 8 + 8];

/* The peer's "+$D#44+" in one datagram, UDP checksum left out (0). */
static size_t make_tail(void)
{
	static const char say[] = "+$D#44+";
	u8 *f = tail_frame, *ip = f + ETH_HLEN, *udp = ip + 20;
	u16 port = kgdboe_owner.ip ? kgdboe_owner.port : TAIL_PORT;
	u32 src = kgdboe_owner.ip ? kgdboe_owner.ip : PEER_IP, sum = 0;
	size_t i, len = 20 + 8 + sizeof(say) - 1;

	memset(f, 0, sizeof(tail_frame));
	memcpy(f, kgdboe_np.dev->mac, ETH_ALEN);
	memcpy(f + ETH_ALEN, "\x52\x55\x0a\x00\x02\x02", ETH_ALEN);
	put_be16(f + 12, 0x0800);
	ip[0] = 0x45;
	put_be16(ip + 2, (u16)len);
	ip[8] = 64;
	ip[9] = 17;
	put_be32(ip + 12, src);
	put_be32(ip + 16, kgdboe_np.local_ip);
	for (i = 0; i < 20; i += 2)
		sum += get_be16(ip + i);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	put_be16(ip + 10, (u16)~sum);
	put_be16(udp, port);
	put_be16(udp + 2, kgdboe_np.local_port);
	put_be16(udp + 4, (u16)(8 + sizeof(say) - 1));
	memcpy(udp + 8, say, sizeof(say) - 1);
	return ETH_HLEN + len;
}

/*
 * The input's frames, then the tail, once the stub has read all it had
 * and found nothing more once: a peer that spoke the moment the stub
 * looked would overtake every reply, and the send path would never run.
 */
static int fuzz_poll_rx(struct net_device *dev, void *buf, size_t len)
{
	static bool found_nothing;
	const u8 *f;
	size_t n;

	if (next_frame < nr_frames) {
		f = frames[next_frame];
		n = frame_len[next_frame++];
	} else {
		if (rx_used())
			return 0;
		found_nothing = !found_nothing;
		if (found_nothing)
			return 0;
		f = tail_frame;
		n = make_tail();
	}
	if (n > len)
		return -EMSGSIZE;
	memcpy(buf, f, n);
	return (int)n;
}

void tick_poll_register(struct tick_poll *p)
{
}

void tick_poll_unregister(struct tick_poll *p)
{
}

/* Split the input into frames, each in a buffer of exactly its length. */
static void split_frames(const u8 *data, size_t size)
{
	u8 *frame;
	size_t len;

	for (nr_frames = 0; nr_frames < MAX_FRAMES; nr_frames++) {
		len = fuzz_next_frame(&data, &size, &frame);
		if (!frame)
			break;
		frames[nr_frames] = frame;
		frame_len[nr_frames] = len;
	}
	next_frame = 0;
}

static bool frames_left(void)
{
	return next_frame < nr_frames;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static bool started;
	size_t i;

	if (fuzz_asks_reboot(data, size))
		return 0;
	fuzz_machine_reset();
	if (!started) {
		if (kgdboe_configure("6443@10.0.2.15/eth0"))
			abort();
		started = true;
	}
	/* Nothing of the last input's session carries over. */
	kgdboe_forget();
	kgdboe_session_end();
	split_frames(data, size);
	fuzz_sessions(frames_left);
	for (i = 0; i < nr_frames; i++)
		free((void *)frames[i]);
	return 0;
}
