// SPDX-License-Identifier: MIT
/*
 * GDB's register packets: g and G (all of them), p and P (one), for the
 * thread Hg picked, or from the trace frame gdb looks at.
 *
 * __noinline marks a helper that several callers would otherwise each
 * carry a copy of: bytes the debugger's footprint keeps (make bench).
 */

#include <kernel/errno.h>
#include "rsp.h"

/* More registers than gdb's layout for any arch has. */
#define GDB_MAX_REGS		512


/*
 * The thread gdb's Hg picked, whose registers 'g'/'p' read: a CPU's (its
 * trap frame) or a sleeping task's.
 */
static __noinline int reg_thread(struct kgdb_thread *th)
{
	if (!gdb_thread_lookup(gdb_session.g_tid, gdb_stop->cpu, th))
		return -ESRCH;
	if (th->cpu >= 0 && !kgdb_cpus[th->cpu].regs)
		return -ESRCH;	/* the CPU did not answer the roundup */
	return 0;
}

/* ... and that 'G'/'P' may write: a sleeping task's are not ours to set. */
static int reg_thread_writable(struct kgdb_thread *th)
{
	int err = reg_thread(th);

	return !err && th->cpu < 0 ? -EPERM : err;
}

/* One register's digits: the trace frame's (xx for what it lacks) while gdb looks at one. */
static void tx_reg(const struct kgdb_thread *th, unsigned int regno, u8 *val)
{
	size_t i, size = kgdb_reg_size(regno);

	if (!gdb_trace_frame_selected()) {
		kgdb_reg_read(th, regno, val);
	} else if (!gdb_trace_reg(regno, val)) {
		for (i = 0; i < 2 * size; i++)
			tx_char('x');
		return;
	}
	tx_hexbytes(val, size);
}

/* As many whole registers as fit: gdb reads the rest with 'p'. */
bool h_read_regs(struct gdb_args *a)
{
	u8 val[KGDB_REG_MAX_BYTES];
	struct kgdb_thread th;
	int err = reg_thread(&th);
	unsigned int regno;

	if (err) {
		tx_err(err);
		return false;
	}
	tx_begin();
	for (regno = 0; regno < arch_kgdb_ops.num_regs &&
	     tx_room() >= 2 * kgdb_reg_size(regno); regno++)
		tx_reg(&th, regno, val);
	tx_end();
	return false;
}

#ifdef CONFIG_KGDB_FAST_TRANSFERS
/* Whole registers from the first, as many as 'g' gave (gdb sends those). */
bool h_write_regs(struct gdb_args *a)
{
	u8 val[KGDB_REG_MAX_BYTES];
	struct kgdb_thread th;
	int err = reg_thread_writable(&th);
	unsigned int regno, n;
	struct gdb_rx rx = a->rest;
	size_t size;

	/* Check it all before writing anything. */
	for (n = 0; !err && !rx_eof(&rx); n++) {
		size = n < arch_kgdb_ops.num_regs ? kgdb_reg_size(n) : 0;
		if (!size || rx_hexbytes(&rx, val, size) != size)
			err = -EINVAL;
	}
	if (!err && !n)
		err = -EINVAL;
	if (err) {
		tx_err(err);
		return false;
	}
	for (regno = 0; regno < n; regno++) {
		rx_hexbytes(&a->rest, val, kgdb_reg_size(regno));
		kgdb_reg_write(&th, regno, val);
	}
	tx_reply("OK");
	return false;
}
#endif

/*
 * One register; one past the table that gdb's layout for the arch has
 * (a port may serve fewer: CONFIG_KGDB_FULL_REGS) is unavailable, "xx".
 */
bool h_read_reg(struct gdb_args *a)
{
	uintptr_t regno = a->num[0];
	u8 val[KGDB_REG_MAX_BYTES];
	struct kgdb_thread th;
	int err = regno < arch_kgdb_ops.num_regs ? reg_thread(&th) : -EINVAL;

	if (regno >= arch_kgdb_ops.num_regs && regno < GDB_MAX_REGS) {
		tx_reply("xx");
		return false;
	}
	if (err) {
		tx_err(err);
		return false;
	}
	tx_begin();
	tx_reg(&th, (unsigned int)regno, val);
	tx_end();
	return false;
}

bool h_write_reg(struct gdb_args *a)
{
	uintptr_t regno = a->num[0];
	u8 val[KGDB_REG_MAX_BYTES];
	struct kgdb_thread th;
	int err = regno < arch_kgdb_ops.num_regs ? reg_thread_writable(&th) : -EINVAL;
	size_t size;

	if (!err) {
		size = kgdb_reg_size((unsigned int)regno);
		if (rx_hexbytes(&a->rest, val, size) != size || !rx_eof(&a->rest))
			err = -EINVAL;
	}
	if (err) {
		tx_err(err);
		return false;
	}
	kgdb_reg_write(&th, (unsigned int)regno, val);
	tx_reply("OK");
	return false;
}
