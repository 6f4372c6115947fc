// SPDX-License-Identifier: MIT
/*
 * The software breakpoint table: one entry per address, with who wants it
 * (its owners: gdb's Z0, a dprintf that outlives gdb's session, kdb's bp,
 * a running trace's tracepoint), and whether its instruction is in
 * memory. An entry is planted while any owner wants it; each owner's
 * removal takes only its own bit. Breakpoints are in memory only while
 * the kernel runs; the core takes them all out as it stops, so that
 * memory reads show the original code.
 *
 * __noinline marks a helper that several callers would otherwise each
 * carry a copy of: bytes the debugger's footprint keeps (make bench).
 */

#include <kernel/errno.h>
#include <kernel/string.h>
#include "debug_internal.h"

/* @value, @len bytes, as it lies in memory. */
static void insn_bytes(u8 *insn, u32 value, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len; i++)
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		insn[i] = (u8)(value >> (8 * (len - 1 - i)));
#else
		insn[i] = (u8)(value >> (8 * i));
#endif
}

/* The arch's breakpoint instruction as it lies in memory. */
__noinline void kgdb_bp_insn(u8 *insn)
{
	insn_bytes(insn, arch_kgdb_ops.bp_insn, arch_kgdb_ops.bp_len);
}

static long plant(uintptr_t addr)
{
	u8 insn[KGDB_MAX_BP_LEN];

	kgdb_bp_insn(insn);
	return kgdb_mem_write(addr, insn, arch_kgdb_ops.bp_len);
}

/*
 * SET: an owner wants it, memory unchanged (while the debugger is in control).
 * ACTIVE: the breakpoint instruction is in memory (while the kernel runs).
 * REMOVED: its last owner let go; kept so that a CPU that hit it just
 * before can tell its trap was ours and restart the instruction. A new
 * breakpoint takes the entry removed longest ago (gdb's own software
 * step removes one at every step).
 */
enum bp_state { BP_FREE, BP_SET, BP_ACTIVE, BP_REMOVED };

struct kgdb_bp {
	uintptr_t addr;
	enum bp_state state;
	u8 owners;		/* KGDB_BP_GDB, ...: 0 once REMOVED */
	bool xol;		/* its out-of-line slot holds its instruction */
	u16 removed;		/* when REMOVED: the removal's number (it wraps) */
	u8 saved[KGDB_MAX_BP_LEN];
};

static struct kgdb_bp kgdb_bps[CONFIG_KGDB_MAX_BREAKPOINTS];
static u16 removals;		/* numbers the removals */

static __noinline struct kgdb_bp *bp_find(uintptr_t addr)
{
	struct kgdb_bp *bp;

	for (bp = kgdb_bps; bp < kgdb_bps + ARRAY_SIZE(kgdb_bps); bp++)
		if (bp->state != BP_FREE && bp->addr == addr)
			return bp;
	return NULL;
}

static struct kgdb_bp *bp_alloc(void)
{
	struct kgdb_bp *bp, *removed = NULL;

	for (bp = kgdb_bps; bp < kgdb_bps + ARRAY_SIZE(kgdb_bps); bp++) {
		if (bp->state == BP_FREE)
			return bp;
		if (bp->state == BP_REMOVED &&
		    (!removed || (u16)(removals - bp->removed) > (u16)(removals - removed->removed)))
			removed = bp;
	}
	return removed;
}

static void bp_removed(struct kgdb_bp *bp)
{
	bp->state = BP_REMOVED;
	bp->owners = 0;
	bp->removed = ++removals;
}

/* @owners let go of @bp (while stopped); with none left it is out. */
static void bp_disown(struct kgdb_bp *bp, unsigned int owners)
{
	if (bp->state != BP_SET)
		return;
	bp->owners &= (u8)~owners;
	if (!bp->owners)
		bp_removed(bp);
}

int kgdb_bp_own(uintptr_t addr, unsigned int owner)
{
	struct kgdb_bp *bp = bp_find(addr);
	unsigned int len = arch_kgdb_ops.bp_len;
	u8 orig[KGDB_MAX_BP_LEN];
	long err;

	if (bp && bp->state == BP_SET) {
		bp->owners |= (u8)owner;
		return 0;
	}
	if (!bp)
		bp = bp_alloc();
	if (!bp)
		return -ENOSPC;
	/* Prove now that the address takes a breakpoint, so the owner hears of it. */
	if (kgdb_mem_read(orig, addr, len))
		return -EFAULT;
	err = plant(addr);
	if (err)
		return (int)err;
	kgdb_mem_write(addr, orig, len);
	*bp = (struct kgdb_bp){ .addr = addr, .state = BP_SET, .owners = (u8)owner };
	return 0;
}

/* Not set is fine: gdb sent z0 again (it missed our ack), as for Z. */
void kgdb_bp_disown(uintptr_t addr, unsigned int owners)
{
	struct kgdb_bp *bp = bp_find(addr);

	if (bp)
		bp_disown(bp, owners);
}

void kgdb_bp_disown_all(unsigned int owners)
{
	struct kgdb_bp *bp;

	for (bp = kgdb_bps; bp < kgdb_bps + ARRAY_SIZE(kgdb_bps); bp++)
		bp_disown(bp, owners);
}

unsigned int kgdb_bp_owners(uintptr_t addr)
{
	struct kgdb_bp *bp = bp_find(addr);

	return bp && bp->state != BP_REMOVED ? bp->owners : 0;
}

bool kgdb_bp_nth(unsigned int i, uintptr_t *addr, unsigned int *owners)
{
	const struct kgdb_bp *bp = kgdb_bps + i;

	if (i >= ARRAY_SIZE(kgdb_bps) || bp->state == BP_FREE || bp->state == BP_REMOVED)
		return false;
	*addr = bp->addr;
	*owners = bp->owners;
	return true;
}

/* gdb's (Z0): a dprintf that outlives the session (@persist) keeps it in past detach. */
int kgdb_set_sw_break(uintptr_t addr, bool persist)
{
	int err = kgdb_bp_own(addr, persist ? KGDB_BP_GDB | KGDB_BP_AGENT : KGDB_BP_GDB);

	if (!err && !persist)
		kgdb_bp_disown(addr, KGDB_BP_AGENT);
	return err;
}

int kgdb_remove_sw_break(uintptr_t addr)
{
	kgdb_bp_disown(addr, KGDB_BP_GDB | KGDB_BP_AGENT);
	return 0;
}

void kgdb_remove_all_breaks(bool keep_persistent)
{
	kgdb_bp_disown_all(keep_persistent ? KGDB_BP_GDB : KGDB_BP_GDB | KGDB_BP_AGENT);
	kgdb_remove_all_hw_breaks();
}

enum kgdb_bp_at kgdb_bp_at(uintptr_t addr)
{
	struct kgdb_bp *bp = bp_find(addr);

	return !bp ? KGDB_BP_NONE : bp->state == BP_ACTIVE ? KGDB_BP_PLANTED : KGDB_BP_LIFTED;
}

static bool insn_at(uintptr_t addr, u32 value, unsigned int len)
{
	u8 buf[KGDB_MAX_BP_LEN], insn[KGDB_MAX_BP_LEN];

	insn_bytes(insn, value, len);
	return len && !kgdb_mem_read(buf, addr, len) && !memcmp(buf, insn, len);
}

unsigned int kgdb_bp_insn_at(uintptr_t addr)
{
	const struct kgdb_arch *a = &arch_kgdb_ops;

	if (insn_at(addr, a->bp_insn, a->bp_len))
		return a->bp_len;
	return insn_at(addr, a->bp_insn_alt, a->bp_len_alt) ? a->bp_len_alt : 0;
}

/* Plant every SET breakpoint but the one at @except, saving what it covers. */
void kgdb_bp_plant_all(uintptr_t except)
{
	unsigned int len = arch_kgdb_ops.bp_len;
	struct kgdb_bp *bp;

	/* Slots first: an instruction may reach past another breakpoint's address. */
	for (bp = kgdb_bps; bp < kgdb_bps + ARRAY_SIZE(kgdb_bps); bp++)
		if (bp->state == BP_SET && bp->addr != except)
			bp->xol = kgdb_xol_prepare(bp - kgdb_bps, bp->addr);
	for (bp = kgdb_bps; bp < kgdb_bps + ARRAY_SIZE(kgdb_bps); bp++) {
		if (bp->state != BP_SET || bp->addr == except)
			continue;
		if (kgdb_mem_read(bp->saved, bp->addr, len) || plant(bp->addr))
			bp_removed(bp);
		else
			bp->state = BP_ACTIVE;
	}
}

static void bp_lift(struct kgdb_bp *bp, enum bp_state to)
{
	kgdb_mem_write(bp->addr, bp->saved, arch_kgdb_ops.bp_len);
	if (to == BP_REMOVED)
		bp_removed(bp);
	else
		bp->state = to;
}

void kgdb_bp_lift_all(bool forget)
{
	struct kgdb_bp *bp;

	for (bp = kgdb_bps; bp < kgdb_bps + ARRAY_SIZE(kgdb_bps); bp++)
		if (bp->state == BP_ACTIVE)
			bp_lift(bp, forget ? BP_REMOVED : BP_SET);
}

bool kgdb_bp_lift(uintptr_t addr)
{
	struct kgdb_bp *bp = bp_find(addr);

	if (!bp || bp->state != BP_ACTIVE)
		return false;
	bp_lift(bp, BP_REMOVED);
	return true;
}

#ifdef CONFIG_KGDB_XOL
int kgdb_bp_xol_slot(uintptr_t addr)
{
	struct kgdb_bp *bp = bp_find(addr);

	return bp && bp->state == BP_ACTIVE && bp->xol ? (int)(bp - kgdb_bps) : -1;
}
#endif
