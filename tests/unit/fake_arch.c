// SPDX-License-Identifier: MIT
/*
 * The fake architecture's struct kgdb_arch: x86-like breakpoints (one
 * byte, PC reported past it), 12 registers of two sizes, a target
 * description with characters that must be escaped, four hardware slots
 * that lack read watchpoints. Built with -DFAKE_ARCH_SOFTSTEP it steps in
 * software (next_pcs) instead of with a trap flag; with -DFAKE_ARCH_MINIMAL it fills in
 * only the mandatory hooks, as a minimal port would.
 */

#include <pthread.h>
#include <string.h>
#include <time.h>
#include <kernel/errno.h>
#include "fake.h"

struct kgdb_hw_slot fake_hw[NR_CPUS][KGDB_HW_SLOTS];
int fake_hw_fired = -1;
unsigned int fake_hw_installs;
unsigned int fake_icache_flushes;

unsigned int fake_missed_kicks;

void fake_roundup(void);

static const u8 fake_reg_sizes[FAKE_NUM_REGS] = { 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 4 };

static void put64(u8 *p, u64 v)
{
	memcpy(p, &v, 8);	/* little-endian host: target byte order */
}

static u64 get64(const u8 *p)
{
	u64 v;

	memcpy(&v, p, 8);
	return v;
}

static void fake_regs_to_gdb(u8 *gdb, const struct pt_regs *regs, unsigned int cpu)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		put64(gdb + 8 * i, regs->r[i]);
	put64(gdb + 64, regs->pc);
	put64(gdb + 72, regs->sp);
	put64(gdb + 80, regs->fp);
	memcpy(gdb + 88, &regs->flags, 4);
}

static void fake_gdb_to_regs(struct pt_regs *regs, const u8 *gdb, unsigned int cpu)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		regs->r[i] = get64(gdb + 8 * i);
	regs->pc = get64(gdb + 64);
	regs->sp = get64(gdb + 72);
	regs->fp = get64(gdb + 80);
	memcpy(&regs->flags, gdb + 88, 4);
}

static uintptr_t fake_get_pc(const struct pt_regs *regs)
{
	return regs->pc;
}

static void fake_set_pc(struct pt_regs *regs, uintptr_t pc)
{
	regs->pc = pc;
}

#ifndef FAKE_ARCH_MINIMAL
static void fake_task_to_gdb(u8 *gdb, const struct task *t)
{
	put64(gdb + 64, t->ctx.pc);
	put64(gdb + 72, t->ctx.sp);
	put64(gdb + 80, t->ctx.fp);
}

#ifdef FAKE_ARCH_SOFTSTEP
/*
 * A software step: the next instruction, and where r7 points when it is
 * set (a branch); r6 == FAKE_NO_STEP marks one that cannot be stepped,
 * FAKE_EMULATED one the arch carries out itself.
 */
static int fake_next_pcs(struct pt_regs *regs, uintptr_t *pcs)
{
	if (regs->r[6] == FAKE_NO_STEP)
		return -EINVAL;
	if (regs->r[6] == FAKE_EMULATED) {
		regs->pc += FAKE_INSN_LEN;
		return 0;
	}
	pcs[0] = regs->pc + FAKE_INSN_LEN;
	pcs[1] = regs->r[7];
	return regs->r[7] ? 2 : 1;
}
#else
static void fake_single_step(struct pt_regs *regs, bool on)
{
	regs->flags = on ? regs->flags | FAKE_TF : regs->flags & ~FAKE_TF;
}
#endif

static void fake_flush_icache(uintptr_t addr, size_t len)
{
	fake_icache_flushes++;
}

static unsigned int fake_hw_slots(enum kgdb_bptype type, unsigned int *first)
{
	*first = 0;
	return type == KGDB_WATCH_READ ? 0 : FAKE_HW_SLOTS;
}

/* One slot takes a whole request of 1, 2, 4 or 8 bytes. */
static long fake_hw_piece(enum kgdb_bptype type, uintptr_t addr, size_t left)
{
	return left == 1 || left == 2 || left == 4 || left == 8 ? (long)left : -EINVAL;
}

/* The calling CPU's debug registers: what it was last given, or nothing. */
static void fake_hw_install(const struct kgdb_hw_slot *slots)
{
	struct kgdb_hw_slot *regs = fake_hw[fake_this_cpu];

	if (slots)
		memcpy(regs, slots, sizeof(fake_hw[0]));
	else
		memset(regs, 0, sizeof(fake_hw[0]));
	__atomic_fetch_add(&fake_hw_installs, 1, __ATOMIC_RELAXED);
}

static int fake_hw_hit(struct pt_regs *regs, long err, const struct kgdb_hw_slot *slots,
		       uintptr_t *addr)
{
	if (fake_hw_fired < 0)
		return -1;
	if (!slots[fake_hw_fired].used)
		return KGDB_HW_STALE;	/* fired, but not a slot this CPU has now */
	*addr = slots[fake_hw_fired].addr;
	return fake_hw_fired;
}

/*
 * Held CPUs sleep until kicked, as on an arch with a low-power wait. A
 * release the core forgot to kick shows up as a sleep that outlives its
 * release by the timeout, counted in fake_missed_kicks.
 */
static pthread_mutex_t kick_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t kick_cond = PTHREAD_COND_INITIALIZER;
static bool kicked[NR_CPUS];

static void fake_hold_wait(const bool *release)
{
	unsigned int cpu = fake_this_cpu;
	struct timespec deadline;

	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += 1;
	pthread_mutex_lock(&kick_lock);
	while (!kicked[cpu] && !__atomic_load_n(release, __ATOMIC_ACQUIRE)) {
		if (pthread_cond_timedwait(&kick_cond, &kick_lock, &deadline)) {
			if (__atomic_load_n(release, __ATOMIC_ACQUIRE))
				fake_missed_kicks++;
			break;
		}
	}
	kicked[cpu] = false;
	pthread_mutex_unlock(&kick_lock);
}

/* The wake-up, and the NMI the core then expects (fake_send_nmi()). */
static void fake_hold_kick(unsigned int cpu)
{
	fake_send_nmi(cpu);
	pthread_mutex_lock(&kick_lock);
	kicked[cpu] = true;
	pthread_cond_broadcast(&kick_cond);
	pthread_mutex_unlock(&kick_lock);
}

static const struct kgdb_xml fake_xml[] = {
	{ "target.xml", "<target><architecture>fake</architecture>"
			"<xi:include href=\"regs.xml\"/></target>" },
	{ "regs.xml", "<feature name=\"x\"><!-- #$}* need escaping --></feature>" },
	{ NULL, NULL },
};
#endif

const struct kgdb_arch arch_kgdb_ops = {
	.bp_insn = { 0xcc },
	.bp_len = 1,
	.bp_pc_offset = 1,
	.num_regs = FAKE_NUM_REGS,
	.reg_sizes = fake_reg_sizes,
	.pc_regno = 8,
	.sp_regno = 9,
	.fp_regno = 10,
	.regs_to_gdb = fake_regs_to_gdb,
	.gdb_to_regs = fake_gdb_to_regs,
	.get_pc = fake_get_pc,
	.set_pc = fake_set_pc,
	.roundup_cpus = fake_roundup,
#ifndef FAKE_ARCH_MINIMAL
	.xml = fake_xml,
	.task_to_gdb = fake_task_to_gdb,
#ifdef FAKE_ARCH_SOFTSTEP
	.next_pcs = fake_next_pcs,
#else
	.single_step = fake_single_step,
#endif
	.hold_wait = fake_hold_wait,
	.hold_kick = fake_hold_kick,
	.flush_icache = fake_flush_icache,
	.hw_slots = fake_hw_slots,
	.hw_piece = fake_hw_piece,
	.hw_install = fake_hw_install,
	.hw_hit = fake_hw_hit,
#endif
};
