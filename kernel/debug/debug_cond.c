// SPDX-License-Identifier: MIT
/*
 * Breakpoint conditions and commands that run in the kernel (gdb's
 * target-side conditions and agent dprintf): the expressions a front end
 * installed for a software breakpoint, and what a hit on it does. The
 * core asks at a hit, as master with the other CPUs held and every
 * breakpoint out of memory, so the expressions run with no lock, no
 * allocation, and no breakpoint of gdb's to hit inside the debugger's
 * own code.
 *
 * Expressions are kept back to back in one arena, each as a 16-bit length
 * then its bytecode, a breakpoint's conditions before its commands. They
 * change only while the target is stopped, so the arena is compacted then.
 * An address keeps its counts while gdb takes its breakpoint out and puts
 * it back (it does at every stop), until the session ends.
 */

#include <kernel/errno.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include "agent.h"
#include "debug_internal.h"

#ifndef CONFIG_KGDB_AGENT_SPACE
#define CONFIG_KGDB_AGENT_SPACE	8192
#endif

struct bp_agent {
	uintptr_t addr;
	bool used;		/* the address is known: its counts are kept */
	bool persist;		/* its commands outlive the session */
	u8 nconds, ncmds;
	u32 off, len;		/* its expressions' bytes in the arena */
	struct kgdb_bp_counts counts;
};

/*
 * The entries [bp_agents, bp_agents_end) and the arena, taken from the
 * heap as the debugger starts (kgdb_agent_boot()), the arena's size by
 * kgdb.agent_space=. Without the memory there are none: every breakpoint
 * with expressions is refused, and gdb evaluates its conditions itself.
 */
static struct bp_agent *bp_agents, *bp_agents_end;
static u8 *arena;
static size_t arena_size = CONFIG_KGDB_AGENT_SPACE, arena_used;

static int agent_space_setup(const char *val)
{
	unsigned long n;

	if (!val || kstrtoul(val, 0, &n) || n < 1024 || n > 65536)
		return -EINVAL;
	arena_size = n;
	return 0;
}
boot_param("kgdb.agent_space", agent_space_setup);

/* In normal context, once: no allocation ever happens in the debugger. */
int kgdb_agent_boot(void)
{
	size_t entries = CONFIG_KGDB_MAX_BREAKPOINTS * sizeof(struct bp_agent);

	bp_agents = kmalloc(entries + arena_size);
	if (!bp_agents) {
		pr_err("kgdb: no memory for conditions in the kernel (%lu bytes): gdb evaluates them\n",
		       (unsigned long)(entries + arena_size));
		bp_agents_end = NULL;
		arena = NULL;
		arena_size = 0;
		return -ENOMEM;
	}
	memset(bp_agents, 0, entries);
	bp_agents_end = bp_agents + CONFIG_KGDB_MAX_BREAKPOINTS;
	arena = (u8 *)bp_agents_end;
	return 0;
}

static struct bp_agent *agent_find(uintptr_t addr)
{
	struct bp_agent *a;

	for (a = bp_agents; a < bp_agents_end; a++)
		if (a->used && a->addr == addr)
			return a;
	return NULL;
}

/*
 * Give @a's arena bytes back, moving the expressions after them down. How
 * many it had stays, for `monitor bpstat` while gdb has them out.
 */
static void agent_drop_code(struct bp_agent *a)
{
	struct bp_agent *b;

	memmove(arena + a->off, arena + a->off + a->len, arena_used - a->off - a->len);
	arena_used -= a->len;
	for (b = bp_agents; b < bp_agents_end; b++)
		if (b->used && b->off > a->off)
			b->off -= a->len;
	a->off = a->len = 0;
	a->persist = false;
}

static void agent_free(struct bp_agent *a)
{
	agent_drop_code(a);
	memset(a, 0, sizeof(*a));
}

static size_t list_bytes(const struct kgdb_ax_list *l)
{
	size_t n = 0;
	unsigned int i;

	for (i = 0; i < l->n; i++)
		n += 2 + l->len[i];
	return n;
}

static int list_verify(const struct kgdb_ax_list *l, unsigned int allow)
{
	unsigned int i;

	if (l->n > KGDB_AX_MAX_EXPRS)
		return -E2BIG;
	for (i = 0; i < l->n; i++)
		if (kgdb_ax_verify(l->code[i], l->len[i], allow))
			return -EINVAL;
	return 0;
}

static void list_store(const struct kgdb_ax_list *l)
{
	unsigned int i;

	for (i = 0; i < l->n; i++) {
		memcpy(arena + arena_used, &l->len[i], 2);
		memcpy(arena + arena_used + 2, l->code[i], l->len[i]);
		arena_used += 2 + l->len[i];
	}
}

/* A free entry, else one that only keeps counts; NULL if none. */
static struct bp_agent *agent_alloc(void)
{
	struct bp_agent *a, *counts_only = NULL;

	for (a = bp_agents; a < bp_agents_end; a++) {
		if (!a->used)
			return a;
		if (!a->len && !counts_only)
			counts_only = a;
	}
	return counts_only;
}

int kgdb_bp_set_agent(uintptr_t addr, const struct kgdb_ax_list *conds,
		      const struct kgdb_ax_list *cmds, bool persist)
{
	struct bp_agent *a = agent_find(addr);
	size_t need = list_bytes(conds) + list_bytes(cmds);
	int err;

	/* Checked whole before anything changes: a refused Z leaves the old lists. */
	err = list_verify(conds, 0);
	if (!err)
		err = list_verify(cmds, KGDB_AX_ALLOW_PRINTF);
	if (err)
		return err;
	if (need > arena_size - arena_used + (a ? a->len : 0))
		return -ENOSPC;
	if (a)
		agent_drop_code(a);
	if (!need) {
		if (a)
			a->nconds = a->ncmds = 0;
		return 0;
	}
	if (!a) {
		a = agent_alloc();
		if (!a)
			return -ENOSPC;
		agent_free(a);
		a->addr = addr;
		a->used = true;
	}
	a->persist = persist && cmds->n;
	a->nconds = (u8)conds->n;
	a->ncmds = (u8)cmds->n;
	a->off = (u32)arena_used;
	a->len = (u32)need;
	list_store(conds);
	list_store(cmds);
	return 0;
}

void kgdb_bp_clear_agent(uintptr_t addr)
{
	struct bp_agent *a = agent_find(addr);

	if (a)
		agent_drop_code(a);
}

void kgdb_bp_agent_reset(bool keep_persistent)
{
	struct bp_agent *a;

	for (a = bp_agents; a < bp_agents_end; a++)
		if (a->used && !(keep_persistent && a->persist))
			agent_free(a);
}

/* A hit being served: the breakpoint, and where its dprintf text goes besides the log. */
struct hit {
	struct bp_agent *a;
	void (*to_client)(const char *s, size_t len);
};

/* A dprintf's text: to the kernel log (unless printk stays busy), and to the client. */
static void agent_print(void *priv, const char *s, size_t len)
{
	struct hit *h = priv;

	if (!printk_bounded(s, len))
		h->a->counts.unlogged++;
	if (h->to_client)
		h->to_client(s, len);
}

/*
 * Run @n expressions from *@p on, moving *@p past them; true if one gave
 * nonzero or (counted as an error) could not be evaluated.
 */
static bool run_list(struct bp_agent *a, const u8 **p, unsigned int n, const struct kgdb_ax_ctx *ctx)
{
	bool any = false;
	s64 v;
	u16 len;

	while (n--) {
		memcpy(&len, *p, 2);
		if (kgdb_ax_eval(*p + 2, len, ctx, &v)) {
			a->counts.errors++;
			v = 1;
		}
		*p += 2 + len;
		any |= v != 0;
	}
	return any;
}

bool kgdb_bp_runs_agent(uintptr_t addr)
{
	struct bp_agent *a = agent_find(addr);

	return a && a->len;
}

bool kgdb_bp_prints(uintptr_t addr)
{
	struct bp_agent *a = agent_find(addr);

	return a && a->len && a->ncmds;
}

/*
 * Conditions OR'ed; one that cannot be evaluated holds, as if the
 * breakpoint had none. Commands run only where the conditions hold, and
 * a breakpoint with commands (a dprintf) never stops.
 */
bool kgdb_bp_hit_stops(unsigned int cpu, uintptr_t addr,
		       void (*to_client)(const char *s, size_t len))
{
	struct bp_agent *a = agent_find(addr);
	struct kgdb_thread th = { .cpu = (int)cpu };
	struct hit hit = { a, to_client };
	struct kgdb_ax_ctx ctx = { .th = &th, .print = agent_print, .priv = &hit };
	const u8 *p;

	if (!a || !a->len)
		return true;
	p = arena + a->off;
	if (a->nconds && !run_list(a, &p, a->nconds, &ctx)) {
		a->counts.false_hits++;
		return false;
	}
	a->counts.hits++;
	if (!a->ncmds)
		return true;
	run_list(a, &p, a->ncmds, &ctx);
	return false;
}

void kgdb_bp_missed(uintptr_t addr)
{
	struct bp_agent *a = agent_find(addr);

	if (a)
		a->counts.missed++;
}

#ifdef CONFIG_KGDB_MONITOR
/* Who has the breakpoint at an address planted, as words; "-" for nobody. */
static void owners_print(struct printer *out, unsigned int owners)
{
	static const char *const names[] = { "gdb", "dprintf", "kdb", "trace" };
	const char *sep = " ";
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (owners & (1U << i)) {
			pprintf(out, "%s%s", sep, names[i]);
			sep = ",";
		}
	}
	pprintf(out, "%s\n", owners ? "" : " -");
}

static void bpstat_row(struct printer *out, uintptr_t addr, const struct bp_agent *a)
{
	pprintf(out, "0x%-16lx %5u %5u %10lu %10lu %8lu %8lu %8lu", (unsigned long)addr,
		a->nconds, a->ncmds, a->counts.hits, a->counts.false_hits, a->counts.missed,
		a->counts.errors, a->counts.unlogged);
	owners_print(out, kgdb_bp_owners(addr));
}

/*
 * One row per address with expressions or counts, then one per breakpoint
 * planted without them (kdb's, a tracepoint's): who has each planted.
 */
static int mon_bpstat(struct printer *out, int argc, char **argv)
{
	static const struct bp_agent none;
	const struct bp_agent *a;
	unsigned int i, owners;
	uintptr_t addr;

	pprintf(out, "%-18s %5s %5s %10s %10s %8s %8s %8s %s\n", "address", "conds", "cmds",
		"hits", "false", "missed", "errors", "unlogged", "owners");
	for (a = bp_agents; a < bp_agents_end; a++)
		if (a->used)
			bpstat_row(out, a->addr, a);
	for (i = 0; i < CONFIG_KGDB_MAX_BREAKPOINTS; i++)
		if (kgdb_bp_nth(i, &addr, &owners) && !agent_find(addr))
			bpstat_row(out, addr, &none);
	return 0;
}
KGDB_MONITOR_REPORT(bpstat, "breakpoints evaluated in the kernel: hits, false, missed",
		    mon_bpstat);
#endif
