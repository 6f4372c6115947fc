// SPDX-License-Identifier: MIT
/*
 * GDB's memory packets: m and M (hex), x and X (binary), on the kernel's
 * memory, or read from the trace frame gdb looks at.
 */

#include <kernel/errno.h>
#include "rsp.h"

/*
 * Read up to @len bytes at @addr (at most KGDB_PACKET_SIZE - 8), stopping
 * at the first unreadable byte, into the end of the packet buffer (8-byte
 * aligned: device registers are copied in words), where the reply, built
 * from the buffer's start, reaches each byte only after it was sent.
 * Returns where they are, and how many in *@n (or -errno).
 */
static const u8 *read_mem(uintptr_t addr, size_t len, long *n)
{
	u8 *dst = (u8 *)gdb_buf + ((KGDB_PACKET_SIZE - len) & ~(size_t)7);
	size_t i;

	*n = -EFAULT;
	if (addr + len < addr)
		return dst;
	if (gdb_trace_frame_selected()) {
		*n = gdb_trace_mem(dst, addr, len);
		return dst;
	}
	if (kgdb_mem_read(dst, addr, len) == 0) {
		*n = (long)len;
		return dst;
	}
	for (i = 0; i < len; i++)
		if (kgdb_mem_read(dst + i, addr + i, 1))
			break;
	if (i)
		*n = (long)i;
	return dst;
}

bool h_read_mem(struct gdb_args *a)
{
	long n;
	const u8 *mem = read_mem(a->num[0], MIN(a->num[1], (KGDB_PACKET_SIZE - 8) / 2), &n);

	if (n < 0) {
		tx_err((int)n);
		return false;
	}
	tx_begin();
	tx_hexbytes(mem, (size_t)n);
	tx_end();
	return false;
}

#ifdef CONFIG_KGDB_FAST_TRANSFERS
/*
 * As many of the bytes as fit once escaped: gdb asks again for the rest.
 * An eighth of the buffer is left for escapes (code has about one byte in
 * sixty that needs one), which the reply takes as it catches up.
 */
bool h_read_bin(struct gdb_args *a)
{
	long n;
	const u8 *mem = read_mem(a->num[0], MIN(a->num[1], KGDB_PACKET_SIZE - KGDB_PACKET_SIZE / 8),
				 &n);

	if (n < 0) {
		tx_err((int)n);
		return false;
	}
	tx_begin();
	tx_char('b');
	tx_binary(mem, (size_t)n);
	tx_end();
	return false;
}
#endif

/* The bytes to write were decoded into the start of the packet buffer. */
static void write_mem(uintptr_t addr, size_t len, size_t got)
{
	long err = got != len ? -EINVAL : addr + len < addr ? -EFAULT :
		   kgdb_mem_write(addr, gdb_buf, len);

	if (err)
		tx_err((int)err);
	else
		tx_reply("OK");
}

/* Decoding shrinks the data: each byte lands before what is still to read. */
bool h_write_mem(struct gdb_args *a)
{
	size_t len = a->num[1];
	size_t got = len > KGDB_PACKET_SIZE ? 0 : rx_hexbytes(&a->rest, (u8 *)gdb_buf, len);

	write_mem(a->num[0], len, rx_eof(&a->rest) ? got : len + 1);
	return false;
}

#ifdef CONFIG_KGDB_FAST_TRANSFERS
bool h_write_bin(struct gdb_args *a)
{
	long got = rx_binary(&a->rest, (u8 *)gdb_buf, MIN(a->num[1], KGDB_PACKET_SIZE));

	write_mem(a->num[0], a->num[1], got < 0 ? a->num[1] + 1 : (size_t)got);
	return false;
}
#endif
