// SPDX-License-Identifier: MIT
/*
 * The GDB remote protocol's frame format ($data#cs, run-length encoded),
 * without a line: the frame scanner, the encoder, the session opener and
 * the request hash, which the framing layer (gdbstub_packet.c), packet
 * transports and kdb use.
 *
 * __noinline marks a helper that several callers would otherwise each
 * carry a copy of: bytes the debugger's footprint keeps (make bench).
 */

#include <kernel/string.h>
#include "rsp.h"

#define GDB_RLE_BIAS	29	/* a count character means (c - 29) more copies */
#define GDB_RLE_MAX	(126 - GDB_RLE_BIAS)

/* Whether the checksum digits @hi @lo are @sum. */
bool gdb_sum_matches(u8 sum, u8 hi, u8 lo)
{
	int h = hex_to_bin((char)hi), l = hex_to_bin((char)lo);

	return h >= 0 && l >= 0 && (u8)(h << 4 | l) == sum;
}

/* Packet transports, and kdb, which hands a frame on the line to gdb. */
#if defined(CONFIG_KGDB_PACKET_IO) || defined(CONFIG_KGDB_KDB)
static u8 frame_sum(const u8 *p, size_t len)
{
	u8 sum = 0;

	while (len--)
		sum += *p++;
	return sum;
}

enum kgdb_frame gdb_frame_scan(const u8 *data, size_t len, const u8 **body, size_t *body_len,
			       size_t *end)
{
	size_t start, i;

	for (start = 0; start < len && data[start] != '$'; start++)
		;
	/* A '$' inside a frame starts it over: the client gave up on the first. */
	for (i = start + 1; i < len && data[i] != '#'; i++)
		if (data[i] == '$')
			start = i;
	if (start >= len || i + 2 >= len) {
		*end = start;
		return KGDB_FRAME_NONE;
	}
	*body = data + start + 1;
	*body_len = i - start - 1;
	*end = i + 3;
	return gdb_sum_matches(frame_sum(*body, *body_len), data[i + 1], data[i + 2]) ?
	       KGDB_FRAME_OK : KGDB_FRAME_BAD;
}
#endif

/*
 * A client's first packet: gdb's qSupported, or LLDB's QStartNoAckMode
 * (which LLDB sends before qSupported).
 */
__noinline bool gdb_session_opener(const u8 *body, size_t len)
{
	return (len >= 10 && !memcmp(body, "qSupported", 10)) ||
	       (len == 15 && !memcmp(body, "QStartNoAckMode", 15));
}

/* FNV-1a. */
u32 gdb_packet_hash(const char *p, size_t len)
{
	u32 h = 2166136261u;

	while (len--)
		h = (h ^ (u8)*p++) * 16777619u;
	return h;
}

/* Emit one packet, run-length encoded where that saves bytes. */
void gdb_frame_emit(const char *payload, size_t len, void (*put)(u8 c, void *ctx), void *ctx)
{
	size_t i = 0, run;
	u8 sum = 0;

	put('$', ctx);
	while (i < len) {
		put((u8)payload[i], ctx);
		sum += (u8)payload[i];
		for (run = 0; i + 1 + run < len && run < GDB_RLE_MAX &&
		     payload[i + 1 + run] == payload[i]; run++)
			;
		/* Counts of 6 and 7 would be '#' and '$'. */
		if (run == 6 || run == 7)
			run = 5;
		if (run >= 3) {
			put(GDB_RLE, ctx);
			put((u8)(run + GDB_RLE_BIAS), ctx);
			sum += GDB_RLE + run + GDB_RLE_BIAS;
			i += run;
		}
		i++;
	}
	put('#', ctx);
	put(hex_asc[sum >> 4], ctx);
	put(hex_asc[sum & 0xf], ctx);
}

#ifdef CONFIG_KGDB_PACKET_IO
/* What a packet transport frames with while gdb, or kdb, owns the line. */
const struct kgdb_framing gdb_framing = {
	.scan = gdb_frame_scan,
	.session_opener = gdb_session_opener,
	.hash = gdb_packet_hash,
	.emit = gdb_frame_emit,
};
#endif
