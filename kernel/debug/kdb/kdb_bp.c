// SPDX-License-Identifier: MIT
/*
 * kdb's breakpoints: bp, bl, bc, be, bd, numbered as Linux's kdb numbers
 * them. Each is kdb's share (KGDB_BP_KDB) of the core's breakpoint at its
 * address, which gdb's sessions and z0 leave alone; whether it is enabled
 * is whether the core has it, so bl shows what is planted.
 */

#include <kernel/errno.h>
#include <kernel/string.h>
#include "kdb.h"

#define KDB_MAX_BPS	16

static struct {
	uintptr_t addr;
	bool used;
} bps[KDB_MAX_BPS];

static bool bp_enabled(unsigned int n)
{
	return kgdb_bp_owners(bps[n].addr) & KGDB_BP_KDB;
}

static void bp_print(struct printer *out, unsigned int n)
{
	pprintf(out, "Instruction(i) BP #%u at 0x%lx", n, (unsigned long)bps[n].addr);
	kdb_print_symbol(out, bps[n].addr);
	pprintf(out, "\n    is %s\n", bp_enabled(n) ? "enabled" : "disabled");
}

/* bp <addr>: a breakpoint; bp alone, as bl, lists them. */
static int kdb_bp(struct printer *out, int argc, char **argv)
{
	unsigned int n, free_slot = KDB_MAX_BPS;
	uintptr_t addr;
	int err;

	if (argc < 2 || !strcmp(argv[0], "bl")) {
		for (n = 0; n < KDB_MAX_BPS; n++)
			if (bps[n].used)
				bp_print(out, n);
		return 0;
	}
	if (argc > 2 || kdb_parse_addr(argv[1], &addr)) {
		pprintf(out, "usage: bp <address>\n");
		return -EINVAL;
	}
	for (n = 0; n < KDB_MAX_BPS; n++) {
		if (bps[n].used && bps[n].addr == addr) {
			pprintf(out, "Duplicate breakpoint address 0x%lx\n", (unsigned long)addr);
			return -EEXIST;
		}
		if (!bps[n].used && free_slot == KDB_MAX_BPS)
			free_slot = n;
	}
	if (free_slot == KDB_MAX_BPS) {
		pprintf(out, "Too many breakpoints\n");
		return -ENOSPC;
	}
	err = kgdb_bp_own(addr, KGDB_BP_KDB);
	if (err) {
		pprintf(out, "bp: cannot set a breakpoint at 0x%lx (%d)\n", (unsigned long)addr, err);
		return err;
	}
	bps[free_slot].addr = addr;
	bps[free_slot].used = true;
	bp_print(out, free_slot);
	return 0;
}

/* The breakpoints "n" or "*" names, as a mask; 0 with a message if none. */
static unsigned int bp_which(struct printer *out, int argc, char **argv)
{
	unsigned long n;
	unsigned int mask = 0, i;

	if (argc != 2) {
		pprintf(out, "usage: %s <bpnum>|*\n", argv[0]);
		return 0;
	}
	if (!strcmp(argv[1], "*")) {
		for (i = 0; i < KDB_MAX_BPS; i++)
			if (bps[i].used)
				mask |= 1U << i;
		return mask;
	}
	if (kdb_parse_ulong(argv[1], &n) || n >= KDB_MAX_BPS || !bps[n].used) {
		pprintf(out, "Invalid breakpoint number %s\n", argv[1]);
		return 0;
	}
	return 1U << n;
}

/* bc, bd, be: clear, disable, enable. */
static int bp_change(struct printer *out, int argc, char **argv)
{
	unsigned int mask = bp_which(out, argc, argv), i;
	char op = argv[0][1];

	if (!mask)
		return -EINVAL;
	for (i = 0; i < KDB_MAX_BPS; i++) {
		if (!(mask & (1U << i)))
			continue;
		if (op == 'e')
			kgdb_bp_own(bps[i].addr, KGDB_BP_KDB);
		else
			kgdb_bp_disown(bps[i].addr, KGDB_BP_KDB);
		if (op == 'c')
			bps[i].used = false;
		pprintf(out, "Breakpoint %u at 0x%lx %s\n", i, (unsigned long)bps[i].addr,
			op == 'c' ? "cleared" : bp_enabled(i) ? "enabled" : "disabled");
	}
	return 0;
}

#define BP_PERM		(KGDB_CMD_FLOW_CTRL | KGDB_CMD_MEM_WRITE)
KGDB_COMMAND(bp, "<address>", "set a breakpoint", kdb_bp, BP_PERM, KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(bl, "", "list breakpoints", kdb_bp, KGDB_CMD_FLOW_CTRL | KGDB_CMD_INSPECT,
	     KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(bc, "<bpnum>|*", "clear a breakpoint", bp_change, BP_PERM, KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(bd, "<bpnum>|*", "disable a breakpoint", bp_change, BP_PERM, KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(be, "<bpnum>|*", "enable a breakpoint", bp_change, BP_PERM, KGDB_CMD_KDB_ONLY);
