// SPDX-License-Identifier: MIT
/*
 * IPv4 reassembly for netpoll: one datagram at a time, keyed by (source,
 * id, protocol), in a static buffer as large as the largest datagram we
 * accept. A bitmap of the 8-byte blocks already filled makes duplicates,
 * overlaps and any arrival order harmless (the first copy of a block
 * wins). There is no timer: a fragment of another datagram replaces an
 * incomplete one, which is what a polled debugger talking to one peer
 * wants (that peer retransmits).
 */
#include <kernel/string.h>
#include "netpoll_internal.h"

#define BLOCKS		((IP_REASM_MAX + 7) / 8)

static struct {
	bool busy;
	u32 src;
	u16 id;
	u8 proto;
	size_t total;			/* 0 until the last fragment is in */
	size_t end;			/* end of the highest fragment so far */
	size_t filled;			/* blocks in */
	u8 map[(BLOCKS + 7) / 8];
	u8 buf[IP_REASM_MAX];
} rs;

static bool test_and_set_block(size_t b)
{
	u8 bit = (u8)(1 << (b % 8));

	if (rs.map[b / 8] & bit)
		return true;
	rs.map[b / 8] |= bit;
	return false;
}

/*
 * Once the last fragment has told the length, nothing may pass it; and
 * the last may not end before data already in.
 */
static bool fits(bool more, size_t end)
{
	if (more)
		return !rs.total || end <= rs.total;
	return (!rs.total || end == rs.total) && end >= rs.end;
}

void ip_frag_reset(void)
{
	rs.busy = false;
}

const u8 *ip_frag_add(struct netpoll *np, u32 src, u16 id, u8 proto, u16 frag,
		      const u8 *data, size_t len, size_t *out_len)
{
	size_t off = (size_t)(frag & IP_OFFSET) * 8;
	size_t end = off + len;
	bool more = frag & IP_MF;
	size_t b;

	/* Every fragment but the last holds whole blocks. */
	if ((more && (!len || len % 8)) || end > IP_REASM_MAX) {
		np->count.rx_bad++;
		return NULL;
	}
	if (!rs.busy || rs.src != src || rs.id != id || rs.proto != proto) {
		if (rs.busy)
			np->count.rx_frag_dropped++;
		rs.busy = true;
		rs.src = src;
		rs.id = id;
		rs.proto = proto;
		rs.total = 0;
		rs.end = 0;
		rs.filled = 0;
		memset(rs.map, 0, sizeof(rs.map));
	}
	if (!fits(more, end)) {
		np->count.rx_bad++;
		return NULL;
	}
	if (!more)
		rs.total = end;
	for (b = off / 8; b * 8 < end; b++) {
		if (test_and_set_block(b))
			continue;
		memcpy(rs.buf + b * 8, data + (b * 8 - off), MIN(end - b * 8, (size_t)8));
		rs.filled++;
	}
	rs.end = MAX(rs.end, end);
	if (!rs.total || rs.filled != (rs.total + 7) / 8)
		return NULL;
	rs.busy = false;
	*out_len = rs.total;
	return rs.buf;
}
