// SPDX-License-Identifier: MIT
/*
 * kdb's register commands: rd shows the registers of the CPU or task kdb
 * looks at, rm sets one of a stopped CPU's. The registers are the arch's
 * table, gdb's, by the names it gives them (CONFIG_KGDB_FULL_REGS); their
 * bytes come in gdb's order, which is the target's.
 */

#include <kernel/errno.h>
#include <kernel/sched.h>
#include <kernel/string.h>
#include "kdb.h"

#ifndef CONFIG_KGDB_FULL_REGS
#error "kdb's rd and rm name registers: they need CONFIG_KGDB_FULL_REGS"
#endif

#define RM_USAGE	"<reg> <contents>"

/* Where the @i-th most significant of a register's @size bytes is. */
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define MSB(i, size)	(i)
#else
#define MSB(i, size)	((size) - 1 - (i))
#endif

/* A register of up to 8 bytes as a number ... */
static u64 reg_value(const u8 *val, size_t size)
{
	u64 v = 0;
	size_t i;

	for (i = 0; i < size; i++)
		v = v << 8 | val[MSB(i, size)];
	return v;
}

/* ... and a number as its bytes. */
static void reg_bytes(u8 *val, size_t size, u64 v)
{
	size_t i;

	for (i = size; i--; v >>= 8)
		val[MSB(i, size)] = (u8)v;
}

static int rm_usage(struct printer *out, const char *name)
{
	pprintf(out, "Usage: %s %s\n", name, RM_USAGE);
	return -EINVAL;
}

static void rd_one(struct printer *out, unsigned int regno)
{
	size_t size = kgdb_reg_size(regno);
	u8 val[sizeof(u64)];

	kgdb_reg_read(&kdb.thread, regno, val);
	pprintf(out, "%s = 0x%0*llx\n", arch_kgdb_ops.regs[regno].name, (int)(2 * size),
		(unsigned long long)reg_value(val, size));
}

/* Vector and x87 registers, wider than 8 bytes, are left out. */
static int kdb_rd(struct printer *out, int argc, char **argv)
{
	unsigned int i;

	if (argc != 1) {
		pprintf(out, "Usage: %s\n", argv[0]);
		return -EINVAL;
	}
	for (i = 0; i < arch_kgdb_ops.num_regs && !kdb_interrupted(); i++)
		if (kgdb_reg_size(i) <= sizeof(u64))
			rd_one(out, i);
	return 0;
}

/* rm [%]reg contents: the register as it is now is printed back. */
static int kdb_rm(struct printer *out, int argc, char **argv)
{
	const char *name;
	unsigned int regno;
	u8 val[sizeof(u64)];
	uintptr_t v;
	size_t size;

	if (argc != 3)
		return rm_usage(out, argv[0]);
	if (kdb.thread.cpu < 0) {
		pprintf(out, "%s: pid %d sleeps: only a stopped CPU's registers can be set\n",
			argv[0], kdb.thread.task->pid);
		return -EINVAL;
	}
	name = argv[1][0] == '%' ? argv[1] + 1 : argv[1];
	for (regno = 0; regno < arch_kgdb_ops.num_regs; regno++)
		if (!strcmp(arch_kgdb_ops.regs[regno].name, name))
			break;
	if (regno == arch_kgdb_ops.num_regs) {
		pprintf(out, "Unknown register '%s'\n", name);
		return -EINVAL;
	}
	size = kgdb_reg_size(regno);
	if (size > sizeof(u64)) {
		pprintf(out, "%s: %s is %zu bytes wide: only up to 8 can be set\n", argv[0], name,
			size);
		return -EINVAL;
	}
	if (kdb_parse_addr(argv[2], &v))
		return rm_usage(out, argv[0]);
	if (size < sizeof(u64) && (u64)v >> (8 * size)) {
		pprintf(out, "%s: 0x%lx does not fit %s, %zu bytes wide\n", argv[0],
			(unsigned long)v, name, size);
		return -EINVAL;
	}
	reg_bytes(val, size, v);
	kgdb_reg_write(&kdb.thread, regno, val);
	rd_one(out, regno);
	return 0;
}

/* They look at kdb's CPU or task: not gdb's monitor commands. */
KGDB_COMMAND(rd, "", "Display registers", kdb_rd, KGDB_CMD_REG_READ, KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(rm, RM_USAGE, "Modify a register", kdb_rm, KGDB_CMD_REG_WRITE, KGDB_CMD_KDB_ONLY);
